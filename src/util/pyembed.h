/* Embedding CPython: one isolated interpreter per process. */
#ifndef TS_PYEMBED_H
#define TS_PYEMBED_H

#include "util/common.h"

/* Compile flags shared by the validator and the executor so that what is
 * checked is exactly what runs: coding cookies are ignored (the snippet is
 * already Unicode text, as for exec(str)). */
#define TS_PY_COMPILE_FLAGS (PyCF_IGNORE_COOKIE | PyCF_SOURCE_IS_UTF8)

/* Initialises an isolated interpreter (no site, no environment, no user
 * site, no signal handlers).  `home` may be NULL for the built-in prefix.
 * On return the calling thread does NOT hold the GIL. */
int ts_python_init(const char *home, ts_err *err);

/* "3.11.2" */
const char *ts_python_version(void);

/* Acquire/release the GIL from any thread.  The first call on a thread
 * creates a thread state that lives as long as the thread. */
void ts_python_enter(void);
void ts_python_leave(void);

#endif
