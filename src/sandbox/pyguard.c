/* C guards below the runtime Python layer, installed by the zygote once
 * Python and the runner are ready, armed by each child before its snippet
 * runs (runner.py has the Python half):
 *  - type.__new__: every class made from a name, bases and a namespace is
 *    first shown to the runner's class_check;
 *  - type.__setattr__/__delattr__ of a dunder: the runner's attr_check;
 *  - every class that exists once the zygote is ready becomes immutable;
 *  - numpy.ndarray(), where numpy is loaded (the science profile): an
 *    array of Python objects over a buffer the caller gives is refused;
 *  - there too, numpy's instance lookups of __array_interface__ and
 *    __array_struct__ (memory at an address the object gives) answer only
 *    from a descriptor of a class made before the snippet ran.
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

static void guard_getattro(PyTypeObject *t);
static bool interface_guard; /* numpy is loaded: see guarded_getattro */

static PyObject *guarded_type_new(PyTypeObject *meta, PyObject *args, PyObject *kwds) {
  PyObject *t;

  if (class_guard_armed && class_check && PyTuple_Check(args) && PyTuple_GET_SIZE(args) == 3) {
    PyObject *r = PyObject_CallFunctionObjArgs(class_check, (PyObject *)meta,
                                               PyTuple_GET_ITEM(args, 0),
                                               PyTuple_GET_ITEM(args, 1),
                                               PyTuple_GET_ITEM(args, 2), NULL);
    if (!r)
      return NULL;
    Py_DECREF(r);
  }
  t = orig_type_new(meta, args, kwds);
  /* type.__new__(type, x) answers a class that exists: only a class made
   * from a name, bases and a namespace is new. */
  if (t && interface_guard && PyType_Check(t) && PyTuple_Check(args) &&
      PyTuple_GET_SIZE(args) == 3) {
    /* A class made while a snippet runs, by whoever (sympy's Function()
     * copies its caller's keywords into the new class's namespace), has
     * no __array_interface__ or __array_struct__ of any kind: the guard
     * below trusts the descriptors of classes made before. */
    PyObject *dict = ((PyTypeObject *)t)->tp_dict;

    if (class_guard_armed && dict &&
        (PyDict_GetItemString(dict, "__array_interface__") ||
         PyDict_GetItemString(dict, "__array_struct__"))) {
      Py_DECREF(t);
      if (PySys_Audit("tool_sandbox.array_interface", "s",
                      "a class made with an array interface") < 0)
        return NULL;
      PyErr_SetString(PyExc_TypeError, "a class made with an array interface");
      return NULL;
    }
    guard_getattro((PyTypeObject *)t);
  }
  return t;
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

/* numpy looks __array_interface__ and __array_struct__ up on an object,
 * not its class (PyArray_LookupSpecial_OnInstance: PyObject_GetAttr), and
 * then reads memory at the address, offset and strides the answer gives,
 * as any dtype ("|O": object references).  A dict with attribute access
 * (scipy's OptimizeResult), any __getattr__, a C type's own lookup, or an
 * instance attribute a package sets by name can give one.  So in the
 * science zygote the lookup of every type that answers by its own means
 * (a tp_getattro other than the generic one: __getattr__, __getattribute__,
 * C lookups), and of the static types whose instances carry attributes a
 * package may set (functions, modules, SimpleNamespace, partial), goes
 * through guarded_getattro: while a snippet runs, those two names are
 * answered only by a data descriptor of the object's class (PIL's
 * Image.__array_interface__ property, numpy scalars'), which no class gains
 * while a snippet runs (guarded_type_new, whoever makes the class; attr_check
 * after); anything else is refused
 * through the audit hook.  Every other name goes to the type's own lookup,
 * found in getattro_map.  Classes with the generic lookup keep it, and with
 * it CPython's specialized attribute loads: their instances answer from
 * their class or their dict, and neither gains a dunder while a snippet
 * runs. */
static struct {
  PyTypeObject **key;
  getattrofunc *val;
  size_t cap, len;
} getattro_map;

static size_t map_slot(const PyTypeObject *t, size_t cap) {
  return (size_t)(((uintptr_t)t >> 4) * UINT64_C(0x9E3779B97F4A7C15) >> 16) & (cap - 1);
}

static getattrofunc map_get(const PyTypeObject *t) {
  if (!getattro_map.cap)
    return NULL;
  for (size_t i = map_slot(t, getattro_map.cap);; i = (i + 1) & (getattro_map.cap - 1)) {
    if (getattro_map.key[i] == t)
      return getattro_map.val[i];
    if (!getattro_map.key[i])
      return NULL;
  }
}

static int map_put(PyTypeObject *t, getattrofunc f) {
  size_t i;

  if ((getattro_map.len + 1) * 2 > getattro_map.cap) {
    size_t cap = getattro_map.cap ? getattro_map.cap * 2 : 1024;
    PyTypeObject **key = calloc(cap, sizeof(PyTypeObject *));
    getattrofunc *val = calloc(cap, sizeof *val);

    if (!key || !val) {
      free(key);
      free(val);
      return -1;
    }
    for (size_t j = 0; j < getattro_map.cap; j++)
      if (getattro_map.key[j]) {
        for (i = map_slot(getattro_map.key[j], cap); key[i]; i = (i + 1) & (cap - 1))
          ;
        key[i] = getattro_map.key[j];
        val[i] = getattro_map.val[j];
      }
    free(getattro_map.key);
    free(getattro_map.val);
    getattro_map.key = key;
    getattro_map.val = val;
    getattro_map.cap = cap;
  }
  for (i = map_slot(t, getattro_map.cap); getattro_map.key[i] && getattro_map.key[i] != t;
       i = (i + 1) & (getattro_map.cap - 1))
    ;
  if (!getattro_map.key[i])
    getattro_map.len++;
  getattro_map.key[i] = t;
  getattro_map.val[i] = f;
  return 0;
}

/* The lookup t had before the guard: its own, or (inherited with the
 * guard) that of the first class of its MRO that has one. */
static getattrofunc own_getattro(PyTypeObject *t) {
  getattrofunc f = map_get(t);
  PyObject *mro = t->tp_mro;

  if (f)
    return f;
  if (mro && PyTuple_Check(mro))
    for (Py_ssize_t i = 1; i < PyTuple_GET_SIZE(mro); i++)
      if ((f = map_get((PyTypeObject *)PyTuple_GET_ITEM(mro, i))))
        return f;
  return PyObject_GenericGetAttr;
}

static bool array_memory_name(PyObject *name) {
  return PyUnicode_Check(name) && (PyUnicode_CompareWithASCIIString(name, "__array_interface__") == 0 ||
                                   PyUnicode_CompareWithASCIIString(name, "__array_struct__") == 0);
}

static PyObject *guarded_getattro(PyObject *obj, PyObject *name) {
  PyTypeObject *tp = Py_TYPE(obj);
  PyObject *r = own_getattro(tp)(obj, name), *d;

  /* numpy asks every object it converts: an answer it would not get (an
   * AttributeError) passes as it is. */
  if (!r || !class_guard_armed || !array_memory_name(name))
    return r;
  d = _PyType_Lookup(tp, name); /* borrowed */
  if (d && Py_TYPE(d)->tp_descr_set)
    return r;
  Py_DECREF(r);
  if (PySys_Audit("tool_sandbox.array_interface", "s",
                  "an array interface not from a class's descriptor") < 0)
    return NULL;
  PyErr_SetObject(PyExc_AttributeError, name);
  return NULL;
}

/* t's lookup through the guard, unless it is the generic one (see above). */
static void guard_getattro(PyTypeObject *t) {
  getattrofunc f = t->tp_getattro;

  if (!f || f == PyObject_GenericGetAttr)
    return;
  if (f == guarded_getattro) {
    /* inherited: the class it came from knows the original */
    if (!map_get(t))
      (void)map_put(t, own_getattro(t));
    return;
  }
  if (map_put(t, f) == 0)
    t->tp_getattro = guarded_getattro;
}

/* The static types whose instances carry attributes a package may set by
 * name, generic lookup or not (their loads are not specialized anyway). */
static int guard_static_getattro(ts_err *err) {
  static const char *const types[][2] = {{"types", "FunctionType"},
                                         {"types", "ModuleType"},
                                         {"types", "SimpleNamespace"},
                                         {"functools", "partial"}};

  for (size_t i = 0; i < TS_ARRAY_LEN(types); i++) {
    PyObject *m = PyImport_ImportModule(types[i][0]);
    PyObject *t = m ? PyObject_GetAttrString(m, types[i][1]) : NULL;
    PyTypeObject *tp = (PyTypeObject *)t;

    Py_XDECREF(m);
    if (!t || !PyType_Check(t) || !tp->tp_getattro) {
      Py_XDECREF(t);
      return ts_err_set(err, EINVAL, "%s.%s is not a type", types[i][0], types[i][1]);
    }
    if (tp->tp_getattro != guarded_getattro) {
      if (map_put(tp, tp->tp_getattro) < 0) {
        Py_DECREF(t);
        return ts_err_set(err, ENOMEM, "out of memory");
      }
      tp->tp_getattro = guarded_getattro;
    }
    Py_DECREF(t);
  }
  return 0;
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
  interface_guard = true;
  return guard_static_getattro(err);
}

/* After a dunder set on a class (a new __getattr__, say), its lookup and
 * its subclasses' may be new ones: through the guard again. */
static void reguard_tree(PyTypeObject *t, int depth) {
  PyObject *subs;

  guard_getattro(t);
  if (depth > 64 || !(subs = PyObject_CallMethod((PyObject *)t, "__subclasses__", NULL))) {
    PyErr_Clear();
    return;
  }
  for (Py_ssize_t i = 0; PyList_Check(subs) && i < PyList_GET_SIZE(subs); i++)
    reguard_tree((PyTypeObject *)PyList_GET_ITEM(subs, i), depth + 1);
  Py_DECREF(subs);
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
  if (rc == 0 && interface_guard)
    reguard_tree((PyTypeObject *)type, 0); /* a new __getattr__ changed their lookups */
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
      if (interface_guard && (t->tp_flags & Py_TPFLAGS_HEAPTYPE))
        guard_getattro(t);
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

