/* C guards below the runtime Python layer.  See pyguard.c. */
#ifndef TS_PYGUARD_H
#define TS_PYGUARD_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdbool.h>

#include "util/common.h"

/* In the zygote, once the runner is built: installs the guards (they stay
 * off until armed) and makes every existing class immutable.  Takes a
 * reference to both callables.  Returns 0 or -1 with *err. */
int ts_pyguard_install(PyObject *class_check, PyObject *attr_check, ts_err *err);
/* In a child, before its snippet runs, for good. */
void ts_pyguard_arm(bool on);

#endif
