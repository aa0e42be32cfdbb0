/* C guards below the runtime Python layer, installed by the zygote once
 * Python and the runner are ready, armed by each child before its snippet
 * runs (runner.py has the Python half):
 *  - type.__new__: every class made from a name, bases and a namespace is
 *    first shown to the runner's class_check;
 *  - type.__setattr__/__delattr__ of a dunder: the runner's attr_check;
 *  - every class that exists once the zygote is ready becomes immutable;
 *  - numpy.ndarray(), where numpy is loaded (the science profile): an
 *    array of Python objects over a buffer the caller gives is refused.
 * Runs in the zygote (install) and in a child (the guards themselves). */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#include <errno.h>
#include <stdbool.h>

#include "sandbox/pyguard.h"

/* The guard on type.__new__ (see init_python): while a snippet runs, every
 * class made from a name, bases and a namespace is first shown to the
 * runner's class_check, which refuses metaclasses, unsafe namespace keys
 * and __match_args__ that would read private attributes.  It sits in C,
 * below every path to type.__new__ (class statements, type() with three
 * arguments, metaclasses calling super().__new__), because a snippet can
 * reach the real `type` in more ways than a Python wrapper can close. */
/* Written once by ts_pyguard_install() in the zygote, before any child;
 * class_guard_armed by ts_pyguard_arm() in a child, before its snippet
 * runs.  Each child has its own copy: nothing here is shared at run time. */
static newfunc orig_type_new;
static PyObject *class_check, *attr_check;
static setattrofunc orig_type_setattro;
static bool class_guard_armed;

static PyObject *guarded_type_new(PyTypeObject *meta, PyObject *args, PyObject *kwds) {
  if (class_guard_armed && class_check && PyTuple_Check(args) && PyTuple_GET_SIZE(args) == 3) {
    PyObject *r = PyObject_CallFunctionObjArgs(class_check, (PyObject *)meta,
                                               PyTuple_GET_ITEM(args, 0),
                                               PyTuple_GET_ITEM(args, 1),
                                               PyTuple_GET_ITEM(args, 2), NULL);
    if (!r)
      return NULL;
    Py_DECREF(r);
  }
  return orig_type_new(meta, args, kwds);
}

static bool is_dunder(PyObject *name) {
  Py_ssize_t n = PyUnicode_GET_LENGTH(name);

  return n > 4 && PyUnicode_READ_CHAR(name, 0) == '_' && PyUnicode_READ_CHAR(name, 1) == '_' &&
         PyUnicode_READ_CHAR(name, n - 1) == '_' && PyUnicode_READ_CHAR(name, n - 2) == '_';
}

/* The guard on numpy.ndarray's constructor: ndarray(shape, dtype, buffer,
 * ...) with a dtype that holds Python objects reads object pointers from
 * the buffer's bytes, so a snippet could forge a reference to any address
 * (and from there reach anything in the process).  numpy refuses that in
 * frombuffer and in views, not here.  Such an array is refused through the
 * audit hook (tool_sandbox.ndarray, in the response's audit trace) while a
 * snippet runs; arrays without a buffer, or of plain numbers, are built as
 * before.  ndarray_type and np_dtype: borrowed from numpy, which stays
 * loaded for good. */
static newfunc orig_ndarray_new;
static PyObject *np_dtype;

static PyObject *arg_of(PyObject *args, PyObject *kwds, Py_ssize_t i, const char *name) {
  PyObject *v = kwds ? PyDict_GetItemString(kwds, name) : NULL; /* borrowed */

  if (!v && PyTuple_Check(args) && PyTuple_GET_SIZE(args) > i)
    v = PyTuple_GET_ITEM(args, i);
  return v && v != Py_None ? v : NULL;
}

static PyObject *guarded_ndarray_new(PyTypeObject *sub, PyObject *args, PyObject *kwds) {
  PyObject *dt, *d, *has, *a2 = NULL, *k2 = NULL, *r;
  int objects;

  if (!class_guard_armed || !arg_of(args, kwds, 2, "buffer") ||
      !(dt = arg_of(args, kwds, 1, "dtype")))
    return orig_ndarray_new(sub, args, kwds);
  /* Converted once, here, and numpy is given the dtype that was checked:
   * an object whose .dtype answers differently the second time cannot
   * pass the check with one and build with the other. */
  d = PyObject_CallOneArg(np_dtype, dt);
  if (!d)
    return NULL;
  has = PyObject_GetAttrString(d, "hasobject");
  objects = has ? PyObject_IsTrue(has) : -1;
  Py_XDECREF(has);
  if (objects != 0 &&
      (objects < 0 ||
       PySys_Audit("tool_sandbox.ndarray", "s", "an array of objects over a buffer") < 0)) {
    Py_DECREF(d);
    return NULL;
  }
  if (kwds && PyDict_GetItemString(kwds, "dtype")) {
    k2 = PyDict_Copy(kwds);
    if (!k2 || PyDict_SetItemString(k2, "dtype", d) < 0)
      goto fail;
  } else {
    /* A new tuple: the caller's may be shared (f(*t) passes t itself). */
    Py_ssize_t n = PyTuple_GET_SIZE(args);
    a2 = PyTuple_New(n);
    if (!a2)
      goto fail;
    for (Py_ssize_t i = 0; i < n; i++) {
      PyObject *v = i == 1 ? d : PyTuple_GET_ITEM(args, i);
      Py_INCREF(v);
      PyTuple_SET_ITEM(a2, i, v);
    }
  }
  r = orig_ndarray_new(sub, a2 ? a2 : args, k2 ? k2 : kwds);
  Py_XDECREF(a2);
  Py_XDECREF(k2);
  Py_DECREF(d);
  return r;
fail:
  Py_XDECREF(a2);
  Py_XDECREF(k2);
  Py_DECREF(d);
  return NULL;
}

/* numpy.ndarray's constructor guarded, when numpy is loaded.  Its heap
 * subclasses made before (without a __new__ of their own they copied
 * array_new) get the guard in freeze_types: CPython's __new__ wrapper
 * refuses a subclass whose constructor differs from its base's. */
static int guard_ndarray(ts_err *err) {
  PyObject *np = PyDict_GetItemString(PyImport_GetModuleDict(), "numpy"); /* borrowed */
  PyObject *nd;

  if (!np || np == Py_None)
    return 0;
  nd = PyObject_GetAttrString(np, "ndarray");
  np_dtype = PyObject_GetAttrString(np, "dtype");
  if (!nd || !np_dtype || !PyType_Check(nd) || !PyType_Check(np_dtype)) {
    Py_XDECREF(nd);
    return ts_err_set(err, EINVAL, "numpy.ndarray or numpy.dtype is not a type");
  }
  orig_ndarray_new = ((PyTypeObject *)nd)->tp_new;
  ((PyTypeObject *)nd)->tp_new = guarded_ndarray_new;
  Py_DECREF(nd);
  return 0;
}

/* The same, for an attribute set on a class after it was made (a stdlib
 * routine's setattr, copy's state restoring): a dunder name goes to the
 * runner's attr_check as a plain str, which refuses it or returns the value
 * to set. */
static int guarded_type_setattro(PyObject *type, PyObject *name, PyObject *value) {
  PyObject *plain, *v;
  int rc;

  if (!class_guard_armed || !attr_check || !PyUnicode_Check(name) || PyUnicode_READY(name) < 0 ||
      !is_dunder(name))
    return orig_type_setattro(type, name, value);
  plain = PyUnicode_Substring(name, 0, PyUnicode_GET_LENGTH(name));
  if (!plain)
    return -1;
  v = PyObject_CallFunctionObjArgs(attr_check, type, plain, value ? value : Py_None, NULL);
  if (!v) {
    Py_DECREF(plain);
    return -1;
  }
  rc = orig_type_setattro(type, plain, value ? v : NULL);
  Py_DECREF(v);
  Py_DECREF(plain);
  return rc;
}

/* type.__setattr__ and type.__delattr__, as Python sees them, are wrapper
 * descriptors that call the C function they were made for, after checking
 * that the object's type really uses it: they must call the guard too, or
 * super().__setattr__ in a metaclass (enum's) would be refused. */
static int guard_type_setattro(ts_err *err) {
  static const char *const names[] = {"__setattr__", "__delattr__"};

  orig_type_setattro = PyType_Type.tp_setattro;
  PyType_Type.tp_setattro = guarded_type_setattro;
  for (size_t i = 0; i < TS_ARRAY_LEN(names); i++) {
    PyObject *d = PyDict_GetItemString(PyType_Type.tp_dict, names[i]);
    if (!d || !PyObject_TypeCheck(d, &PyWrapperDescr_Type) ||
        ((PyWrapperDescrObject *)d)->d_wrapped != (void *)orig_type_setattro)
      return ts_err_set(err, EINVAL, "type.%s is not the wrapper of type's setattro", names[i]);
    ((PyWrapperDescrObject *)d)->d_wrapped = (void *)guarded_type_setattro;
  }
  PyType_Modified(&PyType_Type);
  return 0;
}

/* Whether t is a class of a profile's package (numpy, pandas, matplotlib,
 * ...: a module outside the standard library).  Those classes stay as
 * mutable as their package made them: matplotlib and sympy cache values
 * on their own classes as they work.  The default profile has none. */
static int package_type(PyTypeObject *t, PyObject *stdlib_names) {
  PyObject *mod = t->tp_dict ? PyDict_GetItemString(t->tp_dict, "__module__") : NULL;
  const char *name = mod && PyUnicode_Check(mod) ? PyUnicode_AsUTF8(mod) : NULL;
  PyObject *top;
  int in_stdlib;

  if (!name || !stdlib_names) {
    PyErr_Clear();
    return 0;
  }
  if (strncmp(name, "builtins", 8) == 0 || strncmp(name, "tool_sandbox", 12) == 0 ||
      strcmp(name, "__main__") == 0)
    return 0;
  top = PyUnicode_FromStringAndSize(name, (Py_ssize_t)strcspn(name, "."));
  in_stdlib = top ? PySequence_Contains(stdlib_names, top) : -1;
  Py_XDECREF(top);
  if (in_stdlib < 0) {
    PyErr_Clear();
    return 0;
  }
  return !in_stdlib;
}

/* Every class that exists once the zygote is ready (the standard
 * library's, the runner's) becomes immutable, as the builtin types are: a
 * snippet cannot rebind string.Formatter.get_field or JSONEncoder.encode
 * under the stdlib's (and the runner's) feet.  Classes a snippet makes stay
 * as mutable as Python makes them. */
static int freeze_types(ts_err *err) {
  PyObject *gc = PyImport_ImportModule("gc");
  PyObject *all = NULL, *r;
  PyObject *stdlib_names = PySys_GetObject("stdlib_module_names"); /* borrowed */

  /* The runner froze the heap (gc.freeze, which get_objects() does not
   * list): thaw it for the walk, freeze it again after. */
  r = gc ? PyObject_CallMethod(gc, "unfreeze", NULL) : NULL;
  Py_XDECREF(r);
  if (r)
    all = PyObject_CallMethod(gc, "get_objects", NULL);

  if (!all || !PyList_Check(all)) {
    Py_XDECREF(all);
    Py_XDECREF(gc);
    return ts_err_set(err, 0, "listing the interpreter's objects");
  }
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(all); i++) {
    PyObject *o = PyList_GET_ITEM(all, i);
    if (PyType_Check(o)) {
      PyTypeObject *t = (PyTypeObject *)o;
      /* A metaclass made before the guard, without a __new__ of its own,
       * copied type's tp_new then: it gets the guard too. */
      if (t->tp_new == orig_type_new && PyType_IsSubtype(t, &PyType_Type))
        t->tp_new = guarded_type_new;
      if (orig_ndarray_new && t->tp_new == orig_ndarray_new)
        t->tp_new = guarded_ndarray_new;
      if ((t->tp_flags & Py_TPFLAGS_HEAPTYPE) && !(t->tp_flags & Py_TPFLAGS_IMMUTABLETYPE) &&
          !package_type(t, stdlib_names)) {
        t->tp_flags |= Py_TPFLAGS_IMMUTABLETYPE;
        PyType_Modified(t);
      }
    }
  }
  Py_DECREF(all);
  r = PyObject_CallMethod(gc, "freeze", NULL);
  Py_DECREF(gc);
  if (!r)
    return ts_err_set(err, 0, "freezing the heap");
  Py_DECREF(r);
  return 0;
}

int ts_pyguard_install(PyObject *class_check_fn, PyObject *attr_check_fn, ts_err *err) {
  class_check = class_check_fn;
  attr_check = attr_check_fn;
  Py_INCREF(class_check);
  Py_INCREF(attr_check);
  orig_type_new = PyType_Type.tp_new;
  PyType_Type.tp_new = guarded_type_new;
  if (guard_type_setattro(err) < 0 || guard_ndarray(err) < 0)
    return -1;
  return freeze_types(err);
}

void ts_pyguard_arm(bool on) { class_guard_armed = on; }

