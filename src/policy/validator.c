/* Static validation of a snippet: parse with CPython's own parser (so the
 * checked tree is exactly what the executor compiles), then walk the AST in
 * C and apply the policy.
 *
 * This is one layer of several: it refuses the obvious and the well-known
 * escapes early with a useful message; the executor's restricted builtins
 * and the kernel sandbox must hold even when it is fooled. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "policy/validator.h"
#include "rules_gen.h"
#include "util/pyembed.h"
#include "util/utf8.h"

/* Node types and interned attribute names, looked up once.  Written by the
 * first validation (py_cache_init, on whichever thread runs it), read-only
 * after.  Only touched with the GIL held, which is what serialises the first
 * initialisation. */
static struct {
  bool ready;
  PyObject *ast, *name, *attribute, *import, *import_from, *constant, *load,
      *function_def, *async_function_def, *class_def, *lambda, *list_comp,
      *set_comp, *generator_exp, *dict_comp, *arg, *keyword, *except_handler,
      *match_as, *match_star, *match_mapping, *match_class, *match_value,
      *global, *nonlocal, *compare, *joined_str, *assign, *ann_assign,
      *aug_assign, *call, *tuple, *list, *starred, *type_ignore,
      *comprehension, *named_expr, *set, *subscript, *for_, *formatted_value,
      *in, *not_in, *bin_op, *bit_or, *unary_op, *u_sub, *u_add, *expr, *dict;
  PyObject *s_fields, *s_lineno, *s_col_offset, *s_end_lineno,
      *s_end_col_offset, *s_id, *s_ctx, *s_attr, *s_value, *s_names,
      *s_name, *s_asname, *s_module, *s_level, *s_kwd_attrs, *s_msg,
      *s_offset, *s_end_offset, *s_arg, *s_args, *s_rest, *s_tag,
      *s_type_comment, *s_body, *s_func, *s_keywords, *s_elts, *s_left,
      *s_comparators, *s_values, *s_targets, *s_target, *s_annotation,
      *s_generators, *s_iter, *s_simple, *s_returns, *s_slice, *s_op,
      *s_operand, *s_ops, *s_right;
  /* The dunder names the interpreter gives a meaning to (see
   * meaningful_init): a str set, computed once from this interpreter. */
  PyObject *meaningful;
} py;

/* `from M import *` would bring refused names in as plain names, where the
 * attribute checks cannot see them (string.Formatter, typing.get_type_hints,
 * contextlib.chdir), or names whose calls are checked where they are named
 * (operator.attrgetter, functools.update_wrapper,
 * dataclasses.make_dataclass). */
static const char *const star_refused[] = {
  "operator", "string", "typing", "functools", "contextlib", "dataclasses",
};

/* Functions that read or write attributes by names they are given as data:
 * each is accepted only called, right where it is named, in a form whose
 * names the validator can check (see check_call); any other use of the
 * name (f = attrgetter, partial(wraps, f), an import under another name)
 * is refused. */
static const char *const checked_calls[] = {
  "wraps", "attrgetter", "methodcaller", "update_wrapper", "make_dataclass",
};

struct pos {
  int line, col, end_line, end_col;
};

/* A function (def, lambda, comprehension) or class scope being walked, and
 * what it binds, collected on first need (see name_is_local). */
struct frame {
  struct frame *up;
  PyObject *node;  /* borrowed from the tree */
  bool is_class;
  bool collected;
  PyObject *bound, *globals, *nonlocals; /* sets of str, or NULL */
};

struct walk {
  const struct ts_policy *pol;
  const char *code;
  size_t len;
  size_t *lines; /* byte offset of each line start, built on first need */
  size_t nlines;
  struct ts_validation *out;
  size_t cap;
  bool stop;     /* violation cap reached */
  bool too_deep; /* reported once */
  int failed;    /* errno of an internal failure, 0 if none */
  PyObject *ok_call; /* the func of a checked call of an allowed form */
  struct frame *frame; /* innermost function or class scope; NULL: module */
  PyObject *root;      /* the module, borrowed */
  PyObject *done;      /* nodes already checked by a parent: skipped */
  PyObject *ok_reads;  /* X.__annotations__ nodes read where the dict
                          cannot be changed or handed on */
  /* What every name of the module is bound by, anywhere (see
   * collect_bindings): name -> BIND_* bits, built on first need. */
  PyObject *bindings;
  PyObject *fields;     /* make_dataclass(..., name): name -> literal or None */
  bool bindings_ready;
  bool bindings_unknown; /* too deep or a star import: assume anything */
  const char *type_text; /* the string annotation being checked, or NULL */
  bool future_annotations; /* from __future__ import annotations */
};

/* The dunder names the interpreter gives a meaning to, as the runtime
 * computes them (_meaningful_dunders() in runner.py): every dunder in dir()
 * of the core types, and the module, import and class-creation names that
 * no dir() lists.  Added here: the hooks the validator refuses to define
 * that no dir() lists either (__setstate__, __del__), and the two names
 * dataclasses reads from a class namespace (its field records, whose names
 * become the source it exec()s), and numpy's array protocols.  A dunder string outside this set
 * ("__date__" as a JSON key) means nothing to Python and is accepted. */
static const char *const meaningful_extra[] = {
  "__builtins__", "__globals__", "__import__", "__loader__", "__spec__",
  "__path__", "__file__", "__cached__", "__package__", "__build_class__",
  "__closure__", "__code__", "__defaults__", "__kwdefaults__", "__func__",
  "__self__", "__wrapped__", "__match_args__", "__subclasshook__",
  "__instancecheck__", "__subclasscheck__", "__prepare__", "__mro_entries__",
  "__orig_bases__", "__set_name__", "__class_getitem__", "__init_subclass__",
  "__getattr__", "__traceback__", "__dict__", "__weakref__", "__objclass__",
  "__abstractmethods__",
  "__setstate__", "__del__", "__dataclass_fields__", "__dataclass_params__",
  /* numpy's protocols: an object with __array_interface__ (or
   * __array_struct__) is read as memory at the address it gives */
  "__array__", "__array_interface__", "__array_struct__", "__array_priority__",
  "__array_ufunc__", "__array_function__", "__array_wrap__", "__array_finalize__",
  "__array_prepare__", "__dlpack__", "__dlpack_device__",
};

static bool is_dunder(const char *s);

static int set_add_str(PyObject *set, const char *s) {
  PyObject *o = PyUnicode_InternFromString(s);
  int rc = o ? PySet_Add(set, o) : -1;

  Py_XDECREF(o);
  return rc;
}

/* A new set of str, or NULL with an exception. */
static PyObject *meaningful_init(void) {
  PyTypeObject *types[] = {
    &PyBaseObject_Type, &PyType_Type, &PyFunction_Type, &PyModule_Type,
    &PyCode_Type, &PyFrame_Type, &PyGen_Type, &PyCoro_Type,
    &PyTraceBack_Type, &PyMethod_Type, &PyCFunction_Type,
    (PyTypeObject *)PyExc_BaseException, &PyProperty_Type,
    &PyClassMethod_Type, &PyStaticMethod_Type, &PySuper_Type, &PyDict_Type,
    &PyLong_Type, &PyUnicode_Type, &PyTuple_Type, &PyList_Type,
  };
  PyObject *set = PySet_New(NULL);

  if (!set)
    return NULL;
  for (size_t i = 0; i < TS_ARRAY_LEN(types); i++) {
    PyObject *names = PyObject_Dir((PyObject *)types[i]);

    if (!names || !PyList_Check(names)) {
      Py_XDECREF(names);
      goto fail;
    }
    for (Py_ssize_t j = 0; j < PyList_GET_SIZE(names); j++) {
      PyObject *n = PyList_GET_ITEM(names, j);
      const char *u = PyUnicode_Check(n) ? PyUnicode_AsUTF8(n) : NULL;

      if (u && is_dunder(u) && PySet_Add(set, n) < 0) {
        Py_DECREF(names);
        goto fail;
      }
      PyErr_Clear();
    }
    Py_DECREF(names);
  }
  for (size_t i = 0; i < TS_ARRAY_LEN(meaningful_extra); i++)
    if (set_add_str(set, meaningful_extra[i]) < 0)
      goto fail;
  return set;

fail:
  if (!PyErr_Occurred())
    PyErr_SetString(PyExc_RuntimeError, "dir() failed");
  Py_DECREF(set);
  return NULL;
}

static int py_cache_init(void) {
  struct {
    PyObject **slot;
    const char *name;
  } types[] = {
    {&py.ast, "AST"}, {&py.name, "Name"}, {&py.attribute, "Attribute"},
    {&py.import, "Import"}, {&py.import_from, "ImportFrom"},
    {&py.constant, "Constant"}, {&py.load, "Load"},
    {&py.function_def, "FunctionDef"},
    {&py.async_function_def, "AsyncFunctionDef"},
    {&py.class_def, "ClassDef"}, {&py.lambda, "Lambda"},
    {&py.list_comp, "ListComp"}, {&py.set_comp, "SetComp"},
    {&py.generator_exp, "GeneratorExp"}, {&py.dict_comp, "DictComp"},
    {&py.arg, "arg"}, {&py.keyword, "keyword"},
    {&py.except_handler, "ExceptHandler"}, {&py.match_as, "MatchAs"},
    {&py.match_star, "MatchStar"}, {&py.match_mapping, "MatchMapping"},
    {&py.match_class, "MatchClass"}, {&py.match_value, "MatchValue"},
    {&py.global, "Global"}, {&py.nonlocal, "Nonlocal"},
    {&py.compare, "Compare"}, {&py.joined_str, "JoinedStr"},
    {&py.assign, "Assign"}, {&py.ann_assign, "AnnAssign"},
    {&py.aug_assign, "AugAssign"}, {&py.call, "Call"}, {&py.tuple, "Tuple"},
    {&py.list, "List"}, {&py.starred, "Starred"},
    {&py.type_ignore, "TypeIgnore"}, {&py.comprehension, "comprehension"},
    {&py.named_expr, "NamedExpr"}, {&py.set, "Set"},
    {&py.subscript, "Subscript"}, {&py.for_, "For"},
    {&py.formatted_value, "FormattedValue"}, {&py.in, "In"},
    {&py.not_in, "NotIn"}, {&py.bin_op, "BinOp"}, {&py.bit_or, "BitOr"},
    {&py.unary_op, "UnaryOp"}, {&py.u_sub, "USub"}, {&py.u_add, "UAdd"},
    {&py.expr, "Expr"}, {&py.dict, "Dict"},
  }, strings[] = {
    {&py.s_fields, "_fields"}, {&py.s_lineno, "lineno"},
    {&py.s_col_offset, "col_offset"}, {&py.s_end_lineno, "end_lineno"},
    {&py.s_end_col_offset, "end_col_offset"}, {&py.s_id, "id"},
    {&py.s_ctx, "ctx"}, {&py.s_attr, "attr"}, {&py.s_value, "value"},
    {&py.s_names, "names"}, {&py.s_name, "name"}, {&py.s_asname, "asname"},
    {&py.s_module, "module"}, {&py.s_level, "level"},
    {&py.s_kwd_attrs, "kwd_attrs"}, {&py.s_msg, "msg"},
    {&py.s_offset, "offset"}, {&py.s_end_offset, "end_offset"},
    {&py.s_arg, "arg"}, {&py.s_args, "args"}, {&py.s_rest, "rest"},
    {&py.s_tag, "tag"}, {&py.s_type_comment, "type_comment"},
    {&py.s_body, "body"}, {&py.s_func, "func"},
    {&py.s_keywords, "keywords"}, {&py.s_elts, "elts"},
    {&py.s_left, "left"}, {&py.s_comparators, "comparators"},
    {&py.s_values, "values"}, {&py.s_targets, "targets"},
    {&py.s_target, "target"}, {&py.s_annotation, "annotation"},
    {&py.s_generators, "generators"}, {&py.s_iter, "iter"},
    {&py.s_simple, "simple"}, {&py.s_returns, "returns"},
    {&py.s_slice, "slice"}, {&py.s_op, "op"}, {&py.s_operand, "operand"},
    {&py.s_ops, "ops"}, {&py.s_right, "right"},
  };
  PyObject *mod;

  if (py.ready)
    return 0;
  if (!(mod = PyImport_ImportModule("_ast")))
    return -1;
  for (size_t i = 0; i < TS_ARRAY_LEN(types); i++)
    if (!(*types[i].slot = PyObject_GetAttrString(mod, types[i].name)))
      goto fail;
  for (size_t i = 0; i < TS_ARRAY_LEN(strings); i++)
    if (!(*strings[i].slot = PyUnicode_InternFromString(strings[i].name)))
      goto fail;
  if (!(py.meaningful = meaningful_init()))
    goto fail;
  Py_DECREF(mod);
  py.ready = true;
  return 0;

fail:
  Py_DECREF(mod);
  for (size_t i = 0; i < TS_ARRAY_LEN(types); i++)
    Py_CLEAR(*types[i].slot);
  for (size_t i = 0; i < TS_ARRAY_LEN(strings); i++)
    Py_CLEAR(*strings[i].slot);
  Py_CLEAR(py.meaningful);
  return -1;
}

/* ---- positions ---------------------------------------------------------- */

/* CPython ends lines at \n, \r\n and a lone \r: index them the same way. */
static int build_lines(struct walk *w) {
  size_t cap = 64;

  if (w->lines)
    return 0;
  if (!(w->lines = malloc(cap * sizeof *w->lines)))
    goto nomem;
  w->lines[0] = 0;
  w->nlines = 1;
  for (size_t i = 0; i < w->len; i++) {
    char c = w->code[i];
    if (c != '\n' && c != '\r')
      continue;
    if (c == '\r' && i + 1 < w->len && w->code[i + 1] == '\n')
      i++;
    if (w->nlines == cap) {
      size_t *n = realloc(w->lines, 2 * cap * sizeof *n);
      if (!n)
        goto nomem;
      w->lines = n;
      cap *= 2;
    }
    w->lines[w->nlines++] = i + 1;
  }
  return 0;

nomem:
  free(w->lines);
  w->lines = NULL;
  w->failed = ENOMEM;
  return -1;
}

/* Bytes of line `line` (1-based, in range), without its terminator. */
static size_t line_bytes(const struct walk *w, size_t line, size_t *start) {
  size_t s = w->lines[line - 1], e = s;

  while (e < w->len && w->code[e] != '\n' && w->code[e] != '\r')
    e++;
  *start = s;
  return e - s;
}

static int count_cp(const char *s, size_t n) {
  int cp = 0;

  for (size_t i = 0; i < n && cp < INT_MAX; i++)
    cp += ((unsigned char)s[i] & 0xC0) != 0x80;
  return cp;
}

static int clamp_line(const struct walk *w, long line) {
  if (line < 1)
    return 1;
  if ((size_t)line > w->nlines)
    return w->nlines > INT_MAX ? INT_MAX : (int)w->nlines;
  return (int)line;
}

/* Column (1-based code points) of byte offset `off` into `line`. */
static int byte_col(const struct walk *w, int line, long off) {
  size_t start, n = line_bytes(w, (size_t)line, &start);

  if (off < 0)
    off = 0;
  if ((size_t)off > n)
    off = (long)n;
  return 1 + count_cp(w->code + start, (size_t)off);
}

/* Keeps a character column inside the line (one past its end at most). */
static int clamp_col(const struct walk *w, int line, long col) {
  size_t start, n = line_bytes(w, (size_t)line, &start);
  int max = count_cp(w->code + start, n) + 1;

  return col < 1 ? 1 : col > max ? max : (int)col;
}

static void order_end(struct pos *p) {
  if (p->end_line < p->line || (p->end_line == p->line && p->end_col < p->col)) {
    p->end_line = p->line;
    p->end_col = p->col;
  }
}

static struct pos offset_pos(struct walk *w, size_t off) {
  struct pos p = {1, 1, 1, 1};
  size_t lo = 0, hi;

  if (build_lines(w) < 0)
    return p;
  hi = w->nlines;
  while (hi - lo > 1) { /* last line starting at or before off */
    size_t mid = lo + (hi - lo) / 2;
    if (w->lines[mid] <= off)
      lo = mid;
    else
      hi = mid;
  }
  p.line = p.end_line = clamp_line(w, (long)lo + 1);
  p.col = 1 + count_cp(w->code + w->lines[lo], off - w->lines[lo]);
  p.end_col = p.col + 1;
  return p;
}

/* An int attribute, or `dflt` when missing, None or not an int. */
static long get_long(PyObject *o, PyObject *attr, long dflt) {
  PyObject *v = PyObject_GetAttr(o, attr);
  long r = dflt;

  if (!v) {
    PyErr_Clear();
    return dflt;
  }
  if (PyLong_Check(v)) {
    r = PyLong_AsLong(v);
    if (r == -1 && PyErr_Occurred()) {
      PyErr_Clear();
      r = dflt;
    }
  }
  Py_DECREF(v);
  return r;
}

/* Python gives col_offset in UTF-8 bytes; report code points. */
static struct pos node_pos(struct walk *w, PyObject *node) {
  struct pos p = {1, 1, 1, 1};
  long line, end_line;

  if (!node || build_lines(w) < 0)
    return p;
  line = get_long(node, py.s_lineno, 1);
  end_line = get_long(node, py.s_end_lineno, line);
  p.line = clamp_line(w, line);
  p.col = byte_col(w, p.line, get_long(node, py.s_col_offset, 0));
  p.end_line = clamp_line(w, end_line);
  p.end_col = byte_col(w, p.end_line, get_long(node, py.s_end_col_offset, -1));
  order_end(&p);
  return p;
}

/* ---- collecting violations ---------------------------------------------- */

static int add(struct walk *w, const char *rule, const char *name,
               struct pos p, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static int add(struct walk *w, const char *rule, const char *name,
               struct pos p, const char *fmt, ...) {
  struct ts_validation *out = w->out;
  struct ts_violation *v;
  va_list ap;
  int r;

  if (w->stop)
    return 0;
  if (out->n == w->cap) {
    size_t cap = w->cap ? 2 * w->cap : 8;
    struct ts_violation *nv = realloc(out->v, cap * sizeof *nv);
    if (!nv)
      goto nomem;
    out->v = nv;
    w->cap = cap;
  }
  v = &out->v[out->n];
  memset(v, 0, sizeof *v);
  if (out->n == TS_VALIDATE_MAX_VIOLATIONS) {
    /* Past the cap: one summary entry where the next one would have been. */
    w->stop = true;
    (void)snprintf(v->rule, sizeof v->rule, "too-many-violations");
    r = asprintf(&v->message, "more than %d violations; the rest are not reported",
                 TS_VALIDATE_MAX_VIOLATIONS);
    name = NULL;
  } else {
    (void)snprintf(v->rule, sizeof v->rule, "%s", rule); /* the rule names are short */
    va_start(ap, fmt);
    r = vasprintf(&v->message, fmt, ap);
    va_end(ap);
  }
  if (r < 0) {
    v->message = NULL;
    goto nomem;
  }
  if (name && !(v->name = strdup(name))) {
    free(v->message);
    goto nomem;
  }
  v->line = p.line;
  v->col = p.col;
  v->end_line = p.end_line;
  v->end_col = p.end_col;
  out->n++;
  return 0;

nomem:
  w->failed = ENOMEM;
  w->stop = true;
  return -1;
}

/* ---- rules --------------------------------------------------------------- */

/* The kind of namespace a name is bound in: what a dunder binding may be
 * depends on it. */
enum scope { SC_MODULE, SC_CLASS, SC_FUNCTION };

/* What an identifier in the tree does.  Every identifier field of Python
 * 3.11's grammar maps to one of these (Name.id and Attribute.attr by their
 * context, alias names in the import checks, the others in ident_kind); a
 * string field this file does not know, of a newer grammar say, is checked
 * as a read: whatever it means, a dunder or a refused builtin's name there
 * is refused. */
enum ident {
  ID_READ,    /* a name looked up: Name(Load) */
  ID_ATTR,    /* an attribute looked up by this name: case C(attr=p) */
  ID_BIND,    /* Name(Store/Del): assignment, del, for/with/comprehension
                 and walrus targets */
  ID_CAPTURE, /* import ... as, except ... as, match captures */
  ID_DEF,     /* the name of a def */
  ID_CLASS,   /* the name of a class */
  ID_PARAM,   /* a parameter of a def or lambda, *args and **kwargs too */
  ID_DECL,    /* global and nonlocal */
  ID_KEYWORD, /* f(name=...), class C(name=...) */
  ID_SKIP,    /* not an identifier: type comments, type: ignore tags */
};

static bool in_list(const char *s, const char *const *list, size_t n) {
  for (size_t i = 0; i < n; i++)
    if (strcmp(s, list[i]) == 0)
      return true;
  return false;
}

static bool is_dunder(const char *s) {
  size_t n = strlen(s);
  return n > 4 && s[0] == '_' && s[1] == '_' && s[n - 2] == '_' &&
         s[n - 1] == '_';
}

/* A string that can name a special method or a namespace entry the
 * interpreter looks at: ^__[A-Za-z0-9_]*[A-Za-z0-9][A-Za-z0-9_]*__$.
 * Those names are ASCII and strings are not NFKC-normalised, so no other
 * spelling reaches them. */
static bool is_dunder_string(const char *s, size_t n) {
  bool inner = false;

  if (n < 5 || s[0] != '_' || s[1] != '_' || s[n - 2] != '_' || s[n - 1] != '_')
    return false;
  for (size_t i = 2; i < n - 2; i++) {
    char c = s[i];
    if (c == '_')
      continue;
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')))
      return false;
    inner = true;
  }
  return inner;
}

static bool dunder_readable(const struct ts_policy *pol, const char *s) {
  return ts_strset_has(&pol->allowed_dunders, s) ||
         ts_strset_has(&pol->readable_dunders, s);
}

/* The UTF-8 of a str attribute of `o` into *s (borrowed from *holder, which
 * the caller releases).  Returns false when absent or not a str. */
static bool get_str(PyObject *o, PyObject *attr, PyObject **holder,
                    const char **s) {
  *holder = PyObject_GetAttr(o, attr);
  *s = NULL;
  if (*holder && PyUnicode_Check(*holder))
    *s = PyUnicode_AsUTF8(*holder);
  if (!*s)
    PyErr_Clear();
  return *s != NULL;
}

/* A field of a node (new reference), or NULL without an exception when it
 * is absent or None. */
static PyObject *get_field(PyObject *node, PyObject *name) {
  PyObject *v = PyObject_GetAttr(node, name);

  if (!v) {
    PyErr_Clear();
    return NULL;
  }
  if (v == Py_None) {
    Py_DECREF(v);
    return NULL;
  }
  return v;
}

static bool is_type(PyObject *o, PyObject *type) {
  return o && Py_TYPE(o) == (PyTypeObject *)type;
}

/* Field names are interned by the ast module as ours are; compare the text
 * anyway so that a classification never depends on it. */
static bool same_str(PyObject *a, PyObject *b) {
  return a == b || (PyUnicode_Check(a) && PyUnicode_Compare(a, b) == 0);
}

static bool is_name(PyObject *node, const char *id) {
  PyObject *h;
  const char *s;
  bool r;

  if (!is_type(node, py.name))
    return false;
  r = get_str(node, py.s_id, &h, &s) && strcmp(s, id) == 0;
  Py_XDECREF(h);
  return r;
}

static bool is_attribute(PyObject *node, const char *attr) {
  PyObject *h;
  const char *s;
  bool r;

  if (!is_type(node, py.attribute))
    return false;
  r = get_str(node, py.s_attr, &h, &s) && strcmp(s, attr) == 0;
  Py_XDECREF(h);
  return r;
}

/* ---- where an identifier is written ------------------------------------ */

static bool ident_byte(unsigned char c) {
  return c == '_' || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
         (c >= '0' && c <= '9') || c >= 0x80;
}

/* Byte offset of (line, byte column), clamped into the source. */
static size_t line_offset(struct walk *w, long line, long col) {
  size_t start, n = line_bytes(w, (size_t)clamp_line(w, line), &start);

  if (col < 0)
    col = 0;
  if ((size_t)col > n)
    col = (long)n;
  return start + (size_t)col;
}

/* Most identifiers have no node of their own (a def's name, a global's
 * names, an except's name, a keyword's name...): report the first
 * identifier token inside `node` that spells `name`, or the whole node when
 * the source spells it differently (NFKC). */
static struct pos ident_pos(struct walk *w, PyObject *node, const char *name) {
  struct pos p = node_pos(w, node);
  size_t n = strlen(name), i, end;
  long line;

  if (!w->lines)
    return p;
  line = get_long(node, py.s_lineno, 1);
  i = line_offset(w, line, get_long(node, py.s_col_offset, 0));
  end = line_offset(w, get_long(node, py.s_end_lineno, line),
                    get_long(node, py.s_end_col_offset, LONG_MAX));
  while (i < end) {
    size_t j = i;

    if (!ident_byte((unsigned char)w->code[i])) {
      i++;
      continue;
    }
    while (j < end && ident_byte((unsigned char)w->code[j]))
      j++;
    if (j - i == n && memcmp(w->code + i, name, n) == 0) {
      struct pos q = offset_pos(w, i);
      q.end_col = q.col + count_cp(w->code + i, n);
      return q;
    }
    i = j;
  }
  return p;
}

static struct pos site_pos(struct walk *w, PyObject *node, const char *name,
                           bool scan) {
  return scan ? ident_pos(w, node, name) : node_pos(w, node);
}

/* ---- function scopes ----------------------------------------------------- */

/* A read of a refused builtin's name is refused because it may be the
 * builtin.  Inside a function it cannot be when the name is a local of that
 * function or a closure variable of an enclosing one: those are compiled to
 * fast or cell loads that raise when unbound and never fall back to the
 * builtins (exec and locals(), which could blur this, are refused).  So
 * `def f(input): return input.strip()` passes and `def f(x=input)`, a
 * `global input`, a class body or the module level do not.
 *
 * What is collected is a subset of what CPython's symbol table calls local:
 * a binding missed here only refuses more.  Not counted: walrus targets in
 * a nested comprehension, annotations without a value, names bound inside
 * nested scopes' defaults or decorators. */

static int collect(struct walk *w, struct frame *f, PyObject *node, int depth);

static int set_add(struct walk *w, PyObject **set, PyObject *name) {
  if (!*set && !(*set = PySet_New(NULL)))
    goto fail;
  if (PyUnicode_Check(name) && PySet_Add(*set, name) < 0)
    goto fail;
  return 0;

fail:
  PyErr_Clear();
  w->failed = ENOMEM;
  w->stop = true;
  return -1;
}

/* Adds a str field (or a list of them) of `node` to *set. */
static int add_field(struct walk *w, PyObject **set, PyObject *node,
                     PyObject *field) {
  PyObject *v = get_field(node, field);
  int rc = 0;

  if (v && PyList_Check(v)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v) && rc == 0; i++)
      rc = set_add(w, set, PyList_GET_ITEM(v, i));
  } else if (v) {
    rc = set_add(w, set, v);
  }
  Py_XDECREF(v);
  return rc;
}

static int collect_value(struct walk *w, struct frame *f, PyObject *v,
                         int depth) {
  if (PyList_Check(v)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v); i++) {
      PyObject *item = PyList_GET_ITEM(v, i);
      if (PyObject_TypeCheck(item, (PyTypeObject *)py.ast) &&
          collect(w, f, item, depth) < 0)
        return -1;
    }
    return 0;
  }
  if (PyObject_TypeCheck(v, (PyTypeObject *)py.ast))
    return collect(w, f, v, depth);
  return 0;
}

static int collect_field(struct walk *w, struct frame *f, PyObject *node,
                         PyObject *field, int depth) {
  PyObject *v = get_field(node, field);
  int rc = v ? collect_value(w, f, v, depth) : 0;

  Py_XDECREF(v);
  return rc;
}

/* The names `node` binds in the scope being collected. */
static int collect(struct walk *w, struct frame *f, PyObject *node, int depth) {
  PyTypeObject *t = Py_TYPE(node);
  PyObject *fields;
  int rc = 0;

  /* Too deep to tell: forget everything, so that nothing is local. */
  if (depth > TS_VALIDATE_MAX_DEPTH)
    return -1;
  if (t == (PyTypeObject *)py.name) {
    PyObject *ctx = get_field(node, py.s_ctx);
    if (ctx && !is_type(ctx, py.load))
      rc = add_field(w, &f->bound, node, py.s_id);
    Py_XDECREF(ctx);
    return rc;
  }
  /* Nested scopes bind their name here and nothing else. */
  if (t == (PyTypeObject *)py.function_def ||
      t == (PyTypeObject *)py.async_function_def ||
      t == (PyTypeObject *)py.class_def)
    return add_field(w, &f->bound, node, py.s_name);
  if (t == (PyTypeObject *)py.lambda || t == (PyTypeObject *)py.list_comp ||
      t == (PyTypeObject *)py.set_comp || t == (PyTypeObject *)py.dict_comp ||
      t == (PyTypeObject *)py.generator_exp)
    return 0;
  if (t == (PyTypeObject *)py.global)
    return add_field(w, &f->globals, node, py.s_names);
  if (t == (PyTypeObject *)py.nonlocal)
    return add_field(w, &f->nonlocals, node, py.s_names);
  if (t == (PyTypeObject *)py.import || t == (PyTypeObject *)py.import_from) {
    PyObject *names = get_field(node, py.s_names);

    for (Py_ssize_t i = 0; names && PyList_Check(names) &&
                           i < PyList_GET_SIZE(names) && rc == 0; i++) {
      PyObject *alias = PyList_GET_ITEM(names, i);
      PyObject *as = get_field(alias, py.s_asname);
      PyObject *name = as ? NULL : get_field(alias, py.s_name);
      PyObject *top = NULL;

      /* `import a.b` binds `a`; `from m import *` is refused in a def */
      if (name && PyUnicode_Check(name) && t == (PyTypeObject *)py.import) {
        Py_ssize_t dot = PyUnicode_FindChar(name, '.', 0,
                                            PyUnicode_GET_LENGTH(name), 1);
        top = dot >= 0 ? PyUnicode_Substring(name, 0, dot) : NULL;
        if (dot < -1)
          PyErr_Clear();
      }
      if (as || name)
        rc = set_add(w, &f->bound, as ? as : top ? top : name);
      Py_XDECREF(top);
      Py_XDECREF(name);
      Py_XDECREF(as);
    }
    Py_XDECREF(names);
    return rc;
  }
  if (t == (PyTypeObject *)py.except_handler || t == (PyTypeObject *)py.match_as ||
      t == (PyTypeObject *)py.match_star)
    rc = add_field(w, &f->bound, node, py.s_name);
  else if (t == (PyTypeObject *)py.match_mapping)
    rc = add_field(w, &f->bound, node, py.s_rest);
  else if (t == (PyTypeObject *)py.ann_assign) {
    /* `x: int` alone binds nothing that can be read; with a value (and
     * a plain name) it is an assignment */
    PyObject *value = get_field(node, py.s_value);
    if (value && get_long(node, py.s_simple, 0) == 1)
      rc = collect_field(w, f, node, py.s_target, depth + 1);
    if (rc == 0 && value)
      rc = collect_value(w, f, value, depth + 1);
    Py_XDECREF(value);
    return rc;
  }
  if (rc < 0)
    return -1;
  fields = PyObject_GetAttr((PyObject *)t, py.s_fields);
  if (!fields || !PyTuple_Check(fields)) {
    Py_XDECREF(fields);
    PyErr_Clear();
    return 0;
  }
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields) && rc == 0; i++)
    rc = collect_field(w, f, node, PyTuple_GET_ITEM(fields, i), depth + 1);
  Py_DECREF(fields);
  return rc;
}

/* What the scope of `f` binds: the parameters and body of a def or lambda,
 * the targets of a comprehension. */
static void collect_frame(struct walk *w, struct frame *f, int depth) {
  PyObject *args, *gens;
  int rc = 0;

  f->collected = true;
  if (f->is_class)
    return;
  if (is_type(f->node, py.list_comp) || is_type(f->node, py.set_comp) ||
      is_type(f->node, py.dict_comp) || is_type(f->node, py.generator_exp)) {
    gens = get_field(f->node, py.s_generators);
    for (Py_ssize_t i = 0; gens && PyList_Check(gens) &&
                           i < PyList_GET_SIZE(gens) && rc == 0; i++)
      rc = collect_field(w, f, PyList_GET_ITEM(gens, i), py.s_target, depth);
    Py_XDECREF(gens);
  } else {
    /* arguments: every arg node in it is a parameter; its defaults and
     * annotations are the enclosing scope's and bind nothing here */
    if ((args = get_field(f->node, py.s_args))) {
      PyObject *fields = PyObject_GetAttr((PyObject *)Py_TYPE(args), py.s_fields);
      for (Py_ssize_t i = 0; fields && PyTuple_Check(fields) &&
                             i < PyTuple_GET_SIZE(fields) && rc == 0; i++) {
        PyObject *v = get_field(args, PyTuple_GET_ITEM(fields, i));
        if (v && PyList_Check(v)) {
          for (Py_ssize_t j = 0; j < PyList_GET_SIZE(v) && rc == 0; j++)
            if (is_type(PyList_GET_ITEM(v, j), py.arg))
              rc = add_field(w, &f->bound, PyList_GET_ITEM(v, j), py.s_arg);
        } else if (is_type(v, py.arg)) {
          rc = add_field(w, &f->bound, v, py.s_arg);
        }
        Py_XDECREF(v);
      }
      if (!fields)
        PyErr_Clear();
      Py_XDECREF(fields);
      Py_DECREF(args);
    }
    if (rc == 0)
      rc = collect_field(w, f, f->node, py.s_body, depth);
  }
  if (rc < 0) { /* unknown: nothing is local */
    Py_CLEAR(f->bound);
    Py_CLEAR(f->nonlocals);
  }
}

static bool in_set(PyObject *set, PyObject *name) {
  int r = set ? PySet_Contains(set, name) : 0;

  if (r < 0)
    PyErr_Clear();
  return r == 1;
}

/* True when a read of `id` in the current scope can only be a local or a
 * closure variable.  Class scopes read through the class namespace, then
 * the globals and the builtins, and are invisible to nested functions. */
static bool name_is_local(struct walk *w, const char *id) {
  PyObject *name;
  bool local = false;

  if (!w->frame || w->frame->is_class)
    return false;
  if (!(name = PyUnicode_FromString(id))) {
    PyErr_Clear();
    return false;
  }
  for (struct frame *f = w->frame; f; f = f->up) {
    if (f->is_class)
      continue;
    if (!f->collected)
      collect_frame(w, f, 0);
    if (in_set(f->globals, name))
      break;
    if (in_set(f->nonlocals, name))
      continue; /* bound in an enclosing function, or a SyntaxError */
    if (in_set(f->bound, name)) {
      local = true;
      break;
    }
  }
  Py_DECREF(name);
  return local;
}

static void frame_clear(struct frame *f) {
  Py_CLEAR(f->bound);
  Py_CLEAR(f->globals);
  Py_CLEAR(f->nonlocals);
}

/* ---- what every name is bound by ---------------------------------------- */

/* Some checks need to know that a name means what it usually does: that
 * `print` in print(C.__annotations__) is the builtin, that `Literal` is
 * typing's.  Names are looked at across the whole module, every scope at
 * once: a name bound anywhere by anything else does not qualify. */
enum {
  BIND_OTHER = 1,      /* any binding but the ones below */
  BIND_TYPING = 2,     /* import typing [as n] */
  BIND_FROM_TYPING = 4, /* from typing import X [as n] */
  BIND_SELF_IMPORT = 8  /* import n, import n.sub (binding n) */
};

/* For `from typing import X as n`: which X each n names. */
static int note_binding(struct walk *w, PyObject *name, int bits,
                        PyObject *typing_name) {
  PyObject *old, *v;
  long have = 0;

  if (!name || !PyUnicode_Check(name))
    return 0;
  /* a second typing import under the same name, of another X, is other */
  if ((old = PyDict_GetItemWithError(w->bindings, name)))
    have = PyLong_AsLong(PyTuple_GET_ITEM(old, 0));
  else if (PyErr_Occurred())
    return -1;
  if (old && (bits & BIND_FROM_TYPING) && (have & BIND_FROM_TYPING) &&
      PyTuple_GET_ITEM(old, 1) != Py_None && typing_name &&
      PyUnicode_Compare(PyTuple_GET_ITEM(old, 1), typing_name) != 0)
    bits = BIND_OTHER;
  if (!(v = Py_BuildValue("(lO)", have | bits,
                          typing_name ? typing_name : Py_None)))
    return -1;
  if (PyDict_SetItem(w->bindings, name, v) < 0) {
    Py_DECREF(v);
    return -1;
  }
  Py_DECREF(v);
  return 0;
}

static int note_field(struct walk *w, PyObject *node, PyObject *field) {
  PyObject *v = get_field(node, field);
  int rc = 0;

  if (v && PyList_Check(v)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v) && rc == 0; i++)
      rc = note_binding(w, PyList_GET_ITEM(v, i), BIND_OTHER, NULL);
  } else if (v) {
    rc = note_binding(w, v, BIND_OTHER, NULL);
  }
  Py_XDECREF(v);
  return rc;
}

static int note_import(struct walk *w, PyObject *node, bool from) {
  PyObject *names = get_field(node, py.s_names), *hm = NULL;
  const char *mod = NULL;
  bool typing = false;
  int rc = 0;

  if (from) {
    if (!get_str(node, py.s_module, &hm, &mod))
      mod = NULL;
    typing = mod && strcmp(mod, "typing") == 0 && get_long(node, py.s_level, 0) == 0;
  }
  for (Py_ssize_t i = 0; names && PyList_Check(names) &&
                         i < PyList_GET_SIZE(names) && rc == 0; i++) {
    PyObject *alias = PyList_GET_ITEM(names, i);
    PyObject *name = get_field(alias, py.s_name), *as = get_field(alias, py.s_asname);
    PyObject *top = NULL;
    const char *n = name && PyUnicode_Check(name) ? PyUnicode_AsUTF8(name) : NULL;

    PyErr_Clear();
    if (from && n && strcmp(n, "*") == 0) {
      w->bindings_unknown = true; /* binds names nobody wrote here */
    } else if (from) {
      rc = note_binding(w, as ? as : name, typing ? BIND_FROM_TYPING : BIND_OTHER,
                        typing ? name : NULL);
    } else if (n && !as && strchr(n, '.')) {
      if (!(top = PyUnicode_FromStringAndSize(n, (Py_ssize_t)strcspn(n, "."))))
        rc = -1;
      else
        rc = note_binding(w, top, BIND_SELF_IMPORT, NULL);
    } else if (n) {
      rc = note_binding(w, as ? as : name,
                        strcmp(n, "typing") == 0 ? BIND_TYPING
                        : as                     ? BIND_OTHER
                                                 : BIND_SELF_IMPORT,
                        NULL);
    }
    Py_XDECREF(top);
    Py_XDECREF(name);
    Py_XDECREF(as);
  }
  Py_XDECREF(names);
  Py_XDECREF(hm);
  return rc;
}

static int collect_bindings(struct walk *w, PyObject *node, int depth) {
  PyTypeObject *t = Py_TYPE(node);
  PyObject *fields;
  int rc = 0;

  if (depth > TS_VALIDATE_MAX_DEPTH) {
    w->bindings_unknown = true;
    return 0;
  }
  if (t == (PyTypeObject *)py.name) {
    PyObject *ctx = get_field(node, py.s_ctx);
    if (!is_type(ctx, py.load))
      rc = note_field(w, node, py.s_id);
    Py_XDECREF(ctx);
    return rc;
  }
  if (t == (PyTypeObject *)py.import || t == (PyTypeObject *)py.import_from)
    return note_import(w, node, t == (PyTypeObject *)py.import_from);
  if (t == (PyTypeObject *)py.function_def ||
      t == (PyTypeObject *)py.async_function_def ||
      t == (PyTypeObject *)py.class_def || t == (PyTypeObject *)py.except_handler ||
      t == (PyTypeObject *)py.match_as || t == (PyTypeObject *)py.match_star)
    rc = note_field(w, node, py.s_name);
  else if (t == (PyTypeObject *)py.arg)
    rc = note_field(w, node, py.s_arg);
  else if (t == (PyTypeObject *)py.match_mapping)
    rc = note_field(w, node, py.s_rest);
  if (rc < 0)
    return -1;
  fields = PyObject_GetAttr((PyObject *)t, py.s_fields);
  if (!fields || !PyTuple_Check(fields)) {
    Py_XDECREF(fields);
    PyErr_Clear();
    return 0;
  }
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields) && rc == 0; i++) {
    PyObject *v = get_field(node, PyTuple_GET_ITEM(fields, i));

    if (v && PyList_Check(v)) {
      for (Py_ssize_t j = 0; j < PyList_GET_SIZE(v) && rc == 0; j++)
        if (PyObject_TypeCheck(PyList_GET_ITEM(v, j), (PyTypeObject *)py.ast))
          rc = collect_bindings(w, PyList_GET_ITEM(v, j), depth + 1);
    } else if (v && PyObject_TypeCheck(v, (PyTypeObject *)py.ast)) {
      rc = collect_bindings(w, v, depth + 1);
    }
    Py_XDECREF(v);
  }
  Py_DECREF(fields);
  return rc;
}

/* The BIND_* bits of `name` (0: never bound), and in *what the typing name
 * a from-typing import binds it to; -1 when unknown. */
static long binding_of(struct walk *w, const char *name, const char **what) {
  PyObject *k, *v;
  long bits;

  if (what)
    *what = NULL;
  if (!w->bindings_ready) {
    w->bindings_ready = true;
    if (!(w->bindings = PyDict_New()) || collect_bindings(w, w->root, 0) < 0) {
      PyErr_Clear();
      w->bindings_unknown = true;
    }
  }
  if (w->bindings_unknown || !w->bindings)
    return -1;
  if (!(k = PyUnicode_FromString(name))) {
    PyErr_Clear();
    return -1;
  }
  v = PyDict_GetItemWithError(w->bindings, k);
  Py_DECREF(k);
  if (!v) {
    PyErr_Clear();
    return 0;
  }
  bits = PyLong_AsLong(PyTuple_GET_ITEM(v, 0));
  if (what && PyTuple_GET_ITEM(v, 1) != Py_None)
    *what = PyUnicode_AsUTF8(PyTuple_GET_ITEM(v, 1));
  PyErr_Clear();
  return bits;
}

/* True when `name` is the builtin wherever it is read: nothing binds it. */
static bool builtin_intact(struct walk *w, const char *name) {
  return binding_of(w, name, NULL) == 0;
}

/* Whether `e` certainly denotes a name of typing: `X` bound only by `from
 * typing import X` (or `... import X as e`), or `m.X` with `m` bound only
 * by `import typing [as m]`.  Its typing name goes into buf. */
static bool typing_name(struct walk *w, PyObject *e, char *buf, size_t size) {
  PyObject *h = NULL, *v;
  const char *s, *what = NULL;
  bool found = false;

  if (is_type(e, py.name) && get_str(e, py.s_id, &h, &s)) {
    if (binding_of(w, s, &what) == BIND_FROM_TYPING && what)
      found = snprintf(buf, size, "%s", what) < (int)size;
  } else if (is_type(e, py.attribute) && (v = get_field(e, py.s_value))) {
    PyObject *hv = NULL;
    const char *m;

    if (is_type(v, py.name) && get_str(v, py.s_id, &hv, &m) &&
        binding_of(w, m, NULL) == BIND_TYPING && get_str(e, py.s_attr, &h, &s))
      found = snprintf(buf, size, "%s", s) < (int)size;
    Py_XDECREF(hv);
    Py_DECREF(v);
  }
  Py_XDECREF(h);
  return found;
}

/* ---- the checks ---------------------------------------------------------- */

static bool is_checked_call(const char *s) {
  return in_list(s, checked_calls, TS_ARRAY_LEN(checked_calls));
}

/* enum's _sunder_ names (_value_, _name_, _missing_, _generate_next_value_,
 * _ignore_, _order_, ...) are its public API: ^_[a-z][a-z0-9_]*[a-z0-9]_$.
 * Enum._convert_, which reads a module named by a string, is a refused
 * attribute of the policy. */
static bool is_sunder(const char *s) {
  size_t n = strlen(s);

  if (n < 4 || s[0] != '_' || s[n - 1] != '_' || !(s[1] >= 'a' && s[1] <= 'z'))
    return false;
  if (!((s[n - 2] >= 'a' && s[n - 2] <= 'z') || (s[n - 2] >= '0' && s[n - 2] <= '9')))
    return false;
  for (size_t i = 2; i < n - 1; i++)
    if (!((s[i] >= 'a' && s[i] <= 'z') || (s[i] >= '0' && s[i] <= '9') || s[i] == '_'))
      return false;
  return true;
}

static bool is_private(const char *attr) {
  return attr[0] == '_' &&
         !in_list(attr, ts_rule_public_underscore, TS_ARRAY_LEN(ts_rule_public_underscore)) &&
         !is_sunder(attr);
}

/* Each of checked_calls named anywhere but as the function of a call of
 * the accepted form (check_call). */
static int checked_call_violation(struct walk *w, PyObject *node,
                                  const char *name, bool scan) {
  const char *why;

  if (strcmp(name, "wraps") == 0)
    why = "'wraps' is allowed only as @wraps(func): its assigned and updated "
          "arguments read attributes by names taken from data";
  else if (strcmp(name, "attrgetter") == 0)
    why = "'attrgetter' is allowed only called with constant attribute names "
          "(attrgetter('a', 'b.c')): it reads attributes by the names it is "
          "given";
  else if (strcmp(name, "methodcaller") == 0)
    why = "'methodcaller' is allowed only called with a constant method name "
          "first (methodcaller('m', ...)): it calls a method by the name it "
          "is given";
  else if (strcmp(name, "update_wrapper") == 0)
    why = "'update_wrapper' is allowed only as update_wrapper(wrapper, "
          "wrapped): its assigned and updated arguments read attributes by "
          "names taken from data";
  else
    why = "'make_dataclass' is allowed only with literal field names "
          "(make_dataclass('C', ['a', ('b', int)]), or a name bound once to "
          "such a literal and only read) and no namespace=: the names become "
          "attributes and the source code it exec()s";
  return add(w, "banned-name", name, site_pos(w, node, name, scan), "%s", why);
}

static int check_read(struct walk *w, PyObject *node, const char *id,
                      bool scan) {
  const struct ts_policy *pol = w->pol;

  if (ts_strset_has(&pol->banned_names, id) &&
      (is_dunder(id) || !name_is_local(w, id)))
    return add(w, "banned-name", id, site_pos(w, node, id, scan),
               "'%s' is not allowed: it can run code, open files or reach the "
               "interpreter%s", id,
               strcmp(id, "open") == 0 ? " (a request with \"files\" or \"capabilities\": "
                                         "[\"files\"] may open files in its working directory)"
                                       : "");
  if (is_dunder(id) && !dunder_readable(pol, id))
    return add(w, "dunder", id, site_pos(w, node, id, scan),
               "use of '%s' is not allowed: dunder names reach interpreter "
               "internals", id);
  if (is_checked_call(id) && node != w->ok_call)
    return checked_call_violation(w, node, id, scan);
  return 0;
}

/* A dunder attribute outside the readable sets that the policy lets code
 * read (a Load) all the same: the read-only data, and __annotations__ where
 * the dict cannot be changed or handed on.  Not __dict__, even on self:
 * `def d(self): return self.__dict__` is a getattr by a computed name on
 * any object (d(type)['__subclasses__'], a module's globals). */
static bool dunder_read_ok(struct walk *w, PyObject *node, const char *attr) {
  if (!ts_strset_has(&w->pol->read_only_dunders, attr))
    return false;
  return strcmp(attr, "__annotations__") != 0 || in_set(w->ok_reads, node);
}

/* `value` is the object the attribute is read from (NULL for match-class
 * keyword patterns, __match_args__ strings and the names a checked call
 * reads, where it is not written).  `load`: an attribute load in the
 * source, where the checked calls' names must be called; `read`: the
 * attribute is read (a Load, a class pattern, a name given to attrgetter),
 * not set or deleted. */
/* A name the standard policy's view of a module holds that is refused
 * elsewhere (rules.txt: view-refused-elsewhere, "sys.exit"): on that
 * module's name, or imported from it. */
static bool view_member(const struct ts_policy *pol, PyObject *value, const char *mod,
                        const char *attr) {
  if (!pol->standard)
    return false;
  for (size_t i = 0; i < TS_ARRAY_LEN(ts_rule_view_refused_elsewhere); i++) {
    const char *pair = ts_rule_view_refused_elsewhere[i], *dot = strrchr(pair, '.');
    size_t ml = (size_t)(dot - pair);
    PyObject *h;
    const char *id;
    bool same;

    if (strcmp(attr, dot + 1) != 0)
      continue;
    if (mod) {
      same = strlen(mod) == ml && strncmp(mod, pair, ml) == 0;
    } else {
      if (!is_type(value, py.name) || !get_str(value, py.s_id, &h, &id))
        continue;
      same = strlen(id) == ml && strncmp(id, pair, ml) == 0;
      Py_XDECREF(h);
    }
    if (same)
      return true;
  }
  return false;
}

/* The standard policy's own views of a module (rules.txt: view.sys,
 * view.os, ...): the names each holds, or NULL for a module whose view is
 * its public attributes. */
static const struct ts_rule *view_of(const char *mod) {
  char section[64];

  (void)snprintf(section, sizeof section, "view.%s", mod);
  for (size_t i = 0; i < TS_ARRAY_LEN(ts_rules); i++)
    if (strcmp(ts_rules[i].section, section) == 0)
      return &ts_rules[i];
  return NULL;
}

/* `attr` of the view of `mod`, refused when the view does not hold it,
 * with the names it does.  Returns 1 when it refused, 0 when it did not
 * (or `mod` has no view of its own), -1 on failure. */
static int check_view_member(struct walk *w, struct pos p, const char *mod, const char *attr) {
  const struct ts_rule *view = w->pol->standard ? view_of(mod) : NULL;
  char have[512];
  size_t o = 0;

  if (!view || ts_policy_operator_allowed(w->pol, mod))
    return 0;
  for (size_t i = 0; i < view->n; i++)
    if (strcmp(view->names[i], attr) == 0)
      return 0;
  for (size_t i = 0; i < view->n && o < sizeof have - 8; i++)
    o += (size_t)snprintf(have + o, sizeof have - o, "%s%s", i ? ", " : "", view->names[i]);
  if (o >= sizeof have - 8)
    (void)snprintf(have + sizeof have - 8, 8, "...");
  return add(w, "view-member", attr, p,
             "'%s.%s' is not in the sandbox's view of %s, which holds: %s", mod, attr, mod,
             have) < 0 ? -1 : 1;
}

/* Under the standard policy, `sys.settrace` where `sys` is bound only by
 * `import sys`: a name its view does not hold is refused here rather than
 * as an AttributeError at run time. */
static int check_view_attr(struct walk *w, PyObject *node, const char *attr, PyObject *value,
                           bool scan) {
  PyObject *h;
  const char *mod;
  int rc = 0;

  if (!w->pol->standard || !is_type(value, py.name) || !get_str(value, py.s_id, &h, &mod))
    return 0;
  if (view_of(mod) && binding_of(w, mod, NULL) == BIND_SELF_IMPORT)
    rc = check_view_member(w, site_pos(w, node, attr, scan), mod, attr);
  Py_XDECREF(h);
  return rc;
}

static int check_attr(struct walk *w, PyObject *node, const char *attr,
                      PyObject *value, bool load, bool read, bool scan) {
  const struct ts_policy *pol = w->pol;

  /* Attributes named exactly like a refused builtin are refused on any
   * object, user objects included (obj.open(), x.eval): the object may be
   * the builtins module reached some unforeseen way.  re.compile is the one
   * common false positive and `re` cannot be rebound to builtins without
   * already holding it. */
  int rc = check_view_attr(w, node, attr, value, scan);

  if (rc != 0)
    return rc < 0 ? -1 : 0;
  if (view_member(pol, value, NULL, attr))
    return 0;
  if (ts_strset_has(&pol->banned_names, attr) &&
      !(strcmp(attr, "compile") == 0 && is_name(value, "re")))
    return add(w, "banned-name", attr, site_pos(w, node, attr, scan),
               "attribute '%s' is not allowed: it is named like a refused "
               "builtin", attr);
  if (ts_strset_has(&pol->banned_attributes, attr))
    return add(w, "internal-attribute", attr, site_pos(w, node, attr, scan),
               "attribute '%s' is not allowed: it reaches interpreter "
               "internals, hidden code evaluation or a refused module", attr);
  if (is_dunder(attr)) {
    if (is_name(value, "type") &&
        (strcmp(attr, "__new__") == 0 || strcmp(attr, "__call__") == 0))
      return add(w, "dunder", attr, site_pos(w, node, attr, scan),
                 "'type.%s' is not allowed: like type(name, bases, dict) it "
                 "builds a class from a dict whose keys become attribute "
                 "names; use a class statement", attr);
    if (dunder_readable(pol, attr) || (read && dunder_read_ok(w, node, attr)))
      return 0;
    if (read && strcmp(attr, "__annotations__") == 0 &&
        ts_strset_has(&pol->read_only_dunders, attr))
      return add(w, "dunder", attr, site_pos(w, node, attr, scan),
                 "'__annotations__' may be read only where the dict cannot "
                 "be changed or handed on (print(), len(), sorted(), dict(), "
                 "list(), an f-string, for, in, [key], .items(), .keys(), "
                 ".values(), .get(), .copy()): dataclasses paste its keys "
                 "into the source they exec()");
    if (!read && ts_strset_has(&pol->read_only_dunders, attr))
      return add(w, "dunder", attr, site_pos(w, node, attr, scan),
                 "'%s' may be read but not set or deleted", attr);
    return add(w, "dunder", attr, site_pos(w, node, attr, scan),
               "access to '%s' is not allowed: dunder attributes reach "
               "interpreter internals", attr);
  }
  /* Advisory: `s = self; s._x` is refused and `self = random; self._os`
   * passes.  It stops the well-known module escapes (random._os); the
   * executor and the kernel layers hold either way. */
  if (is_private(attr) && !is_name(value, "self") && !is_name(value, "cls"))
    return add(w, "private-attribute", attr, site_pos(w, node, attr, scan),
               "access to private attribute '%s' is not allowed", attr);
  /* read in any way: loaded, a class-pattern keyword, a __match_args__ or
   * attrgetter name (only a store or delete is not a read) */
  if ((load || read || !value) && is_checked_call(attr) && node != w->ok_call)
    return checked_call_violation(w, node, attr, scan);
  return 0;
}

/* The names __slots__ and __match_args__ hold are attribute names: `case
 * C(p)` reads getattr(subject, C.__match_args__[0]), on any object whose
 * type an ABC registers, so a computed __match_args__ is a getattr.  Only a
 * literal is accepted, and each of its names is checked like an attribute
 * (a slot like a binding).  *consumed tells the caller that the value needs
 * no other check. */
static int check_names_literal(struct walk *w, PyObject *target,
                               const char *id, PyObject *value,
                               bool *consumed) {
  bool slots = strcmp(id, "__slots__") == 0;
  PyObject *elts = NULL;
  Py_ssize_t n;
  int rc = 0;

  if (value && (is_type(value, py.tuple) || is_type(value, py.list)))
    elts = get_field(value, py.s_elts);
  if (elts && !PyList_Check(elts))
    Py_CLEAR(elts);
  if (!elts && !(slots && is_type(value, py.constant)))
    return add(w, "dunder", id, node_pos(w, target),
               "'%s' must be assigned a literal tuple of attribute names: "
               "its strings are looked up as attributes at run time", id);
  n = elts ? PyList_GET_SIZE(elts) : 1;
  for (Py_ssize_t i = 0; i < n && rc == 0; i++) {
    PyObject *e = elts ? PyList_GET_ITEM(elts, i) : value, *v;
    const char *s = NULL;

    v = is_type(e, py.constant) ? get_field(e, py.s_value) : NULL;
    if (v && PyUnicode_Check(v) && PyUnicode_IsIdentifier(v) == 1)
      s = PyUnicode_AsUTF8(v);
    PyErr_Clear();
    if (!s)
      rc = add(w, "dunder", id, node_pos(w, e),
               "'%s' must be assigned a literal tuple of attribute names: "
               "its strings are looked up as attributes at run time", id);
    else if (!slots)
      rc = check_attr(w, e, s, NULL, false, false, false);
    else if (is_dunder(s) && strcmp(s, "__dict__") != 0 &&
             strcmp(s, "__weakref__") != 0)
      rc = add(w, "dunder", s, node_pos(w, e),
               "a slot named '%s' is not allowed: dunder names cannot be "
               "bound", s);
    Py_XDECREF(v);
  }
  Py_XDECREF(elts);
  if (consumed)
    *consumed = true; /* a bad element is reported above, once */
  return rc;
}

/* Binding a dunder name is refused: a module-level __builtins__ replaces the
 * builtins of every function defined after it, a def __getattr__ or
 * __init_subclass__ installs a hook the interpreter calls on its own, a
 * parameter or capture named __class__ shadows what super() relies on.
 * Binding the name of a refused builtin (def open(), input = ..., a
 * parameter named input) is fine: the danger is reading the real builtin,
 * and every read is checked where it is. */
static int check_binding(struct walk *w, PyObject *node, const char *id,
                         enum ident kind, enum scope sc, PyObject *value,
                         bool *consumed, bool scan) {
  const char *what;

  if (strcmp(id, "_evaluate") == 0 && sc == SC_CLASS)
    return add(w, "internal-attribute", id, site_pos(w, node, id, scan),
               "defining '_evaluate' in a class is not allowed: typing calls "
               "a ForwardRef's _evaluate with the module's globals (through "
               "get_type_hints, which functools.singledispatch's register() "
               "calls)");
  if (!is_dunder(id))
    return 0;
  if (sc == SC_CLASS && (kind == ID_BIND || kind == ID_DEF)) {
    /* methods, __radd__ = __add__, __hash__ = None */
    if (ts_strset_has(&w->pol->allowed_dunders, id))
      return 0;
    if (kind == ID_BIND && strcmp(id, "__doc__") == 0)
      return 0;
    if (kind == ID_BIND &&
        (strcmp(id, "__slots__") == 0 || strcmp(id, "__match_args__") == 0))
      return check_names_literal(w, node, id, value, consumed);
    if (kind == ID_DEF)
      return add(w, "dunder", id, site_pos(w, node, id, scan),
                 "defining '%s' is not allowed: it is a hook the interpreter "
                 "calls on its own; a class may define only ordinary "
                 "operator, container and context-manager methods (__init__, "
                 "__repr__, __eq__, __len__, __iter__, __getitem__, "
                 "__enter__, ...)", id);
  }
  if (sc == SC_MODULE && kind == ID_BIND &&
      (strcmp(id, "__all__") == 0 || strcmp(id, "__doc__") == 0))
    return 0;
  switch (kind) {
  case ID_DEF: what = "a function named"; break;
  case ID_CLASS: what = "a class named"; break;
  case ID_PARAM: what = "a parameter named"; break;
  case ID_DECL: what = "declaring global or nonlocal"; break;
  case ID_CAPTURE: what = "binding (import as, except as, match capture)"; break;
  default: what = "assigning"; break;
  }
  return add(w, "dunder", id, site_pos(w, node, id, scan),
             "%s '%s' is not allowed: dunder names cannot be bound (a "
             "class body may define the allowed methods)", what, id);
}

/* A keyword's name becomes a dict key (dict(__getattr__=f)) or a class
 * keyword: the same set as a dunder string. */
static int check_keyword(struct walk *w, PyObject *node, const char *id) {
  if (is_dunder(id) && !dunder_readable(w->pol, id))
    return add(w, "dunder", id, ident_pos(w, node, id),
               "keyword argument '%s' is not allowed: it becomes a dict key "
               "or a class-namespace name at run time", id);
  return 0;
}

/* A dunder name in a string becomes an attribute or namespace name at run
 * time: type('X', (), {'__getattr__': f}), a metaclass or Enum called with
 * such a dict, hasattr(x, '__globals__'), g['__builtins__'].  A string made
 * at run time escapes this, so it only turns the obvious away; the runtime
 * must hold.  Only the dunder names the interpreter (or dataclasses) gives a
 * meaning to are refused (py.meaningful): '__date__' as a JSON key means
 * nothing.  Comparing with one (x == '__x__', case '__x__':) names nothing
 * and is not checked (the caller skips those). */
static int check_dunder_string(struct walk *w, PyObject *node, PyObject *v) {
  Py_ssize_t n;
  const char *s;
  int in;

  if (!(s = PyUnicode_AsUTF8AndSize(v, &n))) {
    PyErr_Clear();
    return 0;
  }
  if (!is_dunder_string(s, (size_t)n) || strcmp(s, "__main__") == 0 ||
      dunder_readable(w->pol, s))
    return 0;
  if ((in = PySet_Contains(py.meaningful, v)) < 0)
    PyErr_Clear();
  if (in == 0)
    return 0;
  return add(w, "dunder", s, node_pos(w, node),
             "string '%s' is not allowed: a dunder name in a string becomes "
             "an attribute or class-namespace name at run time (comparing "
             "with it is fine)", s);
}

static int check_constant(struct walk *w, PyObject *node) {
  PyObject *v = get_field(node, py.s_value);
  int rc = 0;

  if (v && PyUnicode_Check(v))
    rc = check_dunder_string(w, node, v);
  /* the one non-dunder hook name a class namespace may not hold (see
   * check_binding): ABCMeta('R', (ForwardRef,), {'_evaluate': f}) */
  if (rc == 0 && v && PyUnicode_Check(v) &&
      PyUnicode_CompareWithASCIIString(v, "_evaluate") == 0)
    rc = add(w, "internal-attribute", "_evaluate", node_pos(w, node),
             "string '_evaluate' is not allowed: as a class-namespace name it "
             "is the hook typing calls with the module's globals");
  Py_XDECREF(v);
  return rc;
}

/* Adds `node` to *set (created on first need). */
static int node_set_add(struct walk *w, PyObject **set, PyObject *node) {
  if ((!*set && !(*set = PySet_New(NULL))) || PySet_Add(*set, node) < 0) {
    PyErr_Clear();
    w->failed = ENOMEM;
    w->stop = true;
    return -1;
  }
  return 0;
}

/* Marks a node as checked: the walk skips it. */
static int mark_done(struct walk *w, PyObject *node) {
  return node_set_add(w, &w->done, node);
}

/* ---- annotations: what typing may evaluate ------------------------------- */

/* typing.get_type_hints (called by functools.singledispatch's register(),
 * on a function or any object with __annotations__) evaluates every string
 * it finds in annotations, and in the typing and builtin generics they
 * hold, with eval() in the module's globals: a string annotation is code.
 * So every annotation (arguments, return, AnnAssign) must be a plain type
 * expression (names, dotted names, subscripts, `|`, tuples and lists of
 * them, constants), and every string in it, parsed, must be one too, its
 * names checked as if read at module level with the real builtins (no
 * dunder, no refused name, no private, refused or dunder attribute).  The
 * strings of Literal[...] and of Annotated's metadata are data, not types,
 * when Literal and Annotated are certainly typing's.  Under `from
 * __future__ import annotations` the annotation itself is such a string.
 * A string made at run time that ends up in an annotation (`T = s; def
 * f(x: T)`) escapes this; the runtime refuses typing's eval. */

static int check_type_expr(struct walk *w, PyObject *report, PyObject *e,
                           bool names, int depth);

/* At most 60 bytes of s, cut at a code point, for a message. */
static void clip(char *buf, size_t size, const char *s) {
  size_t n = strlen(s), max = size - 1 < 60 ? size - 1 : 60;

  if (n > max) {
    n = max;
    while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)
      n--;
  }
  memcpy(buf, s, n);
  buf[n] = '\0';
}

static int not_plain(struct walk *w, PyObject *report, const char *text) {
  char buf[64];

  if (!text)
    text = w->type_text;
  if (text) {
    clip(buf, sizeof buf, text);
    return add(w, "banned-name", buf, node_pos(w, report),
               "string annotation '%s' is not a plain type expression "
               "(names, dotted names, subscripts, '|', None): typing "
               "evaluates it with eval() (functools.singledispatch's "
               "register() does)", buf);
  }
  return add(w, "banned-name", NULL, node_pos(w, report),
             "an annotation must be a plain type expression (names, dotted "
             "names, subscripts, '|', None): typing evaluates string "
             "annotations, and what an annotation's value names, with "
             "eval()");
}

/* A name or attribute part of an annotation that typing evaluates. */
static int type_name_check(struct walk *w, PyObject *report, const char *name,
                           bool attr) {
  const struct ts_policy *pol = w->pol;
  const char *why = NULL;

  if (is_dunder(name))
    return add(w, "dunder", name, node_pos(w, report),
               "'%s' is not allowed in an annotation typing evaluates: "
               "dunder names reach interpreter internals", name);
  if (ts_strset_has(&pol->banned_names, name) || is_checked_call(name))
    why = "a refused name";
  else if (attr && ts_strset_has(&pol->banned_attributes, name))
    why = "a refused attribute";
  else if (attr && is_private(name))
    why = "a private attribute";
  if (!why)
    return 0;
  return add(w, "banned-name", name, node_pos(w, report),
             "'%s' is not allowed in an annotation typing evaluates: it is %s "
             "(typing evaluates string annotations with eval() in the "
             "module's globals, where the builtins are the real ones)",
             name, why);
}

/* A string typing may evaluate: parsed, it must be a plain type
 * expression.  `report` is the string's node in the snippet. */
static int check_type_string(struct walk *w, PyObject *report, PyObject *str,
                             int depth) {
  PyCompilerFlags flags = _PyCompilerFlags_INIT;
  PyObject *tree, *body;
  Py_ssize_t n;
  const char *s = PyUnicode_AsUTF8AndSize(str, &n), *outer;
  int rc;

  if (!s) {
    PyErr_Clear();
    return not_plain(w, report, "?");
  }
  if (depth > TS_VALIDATE_MAX_DEPTH || strlen(s) != (size_t)n)
    return not_plain(w, report, s);
  flags.cf_flags = PyCF_ONLY_AST | TS_PY_COMPILE_FLAGS;
  if (!(tree = Py_CompileStringExFlags(s, "<annotation>", Py_eval_input, &flags, -1))) {
    PyErr_Clear();
    return not_plain(w, report, s);
  }
  body = get_field(tree, py.s_body);
  outer = w->type_text;
  w->type_text = s;
  rc = body ? check_type_expr(w, report, body, true, depth + 1)
            : not_plain(w, report, s);
  w->type_text = outer;
  Py_XDECREF(body);
  Py_DECREF(tree);
  return rc;
}

/* A string in a position where it is data, not a type (Literal's values,
 * Annotated's metadata): only the dunder-string rule. */
static int check_data_string(struct walk *w, PyObject *report, PyObject *c,
                             bool names) {
  PyObject *v = get_field(c, py.s_value);
  int rc = 0;

  if (v && PyUnicode_Check(v))
    rc = check_dunder_string(w, report ? report : c, v);
  Py_XDECREF(v);
  if (rc == 0 && !names)
    rc = mark_done(w, c);
  return rc;
}

/* The slice of Literal[...] (ntypes 0) or Annotated[T, ...] (ntypes 1). */
static int check_type_args(struct walk *w, PyObject *report, PyObject *slice,
                           bool names, int depth, Py_ssize_t ntypes) {
  PyObject *elts = is_type(slice, py.tuple) ? get_field(slice, py.s_elts) : NULL;
  Py_ssize_t n = elts && PyList_Check(elts) ? PyList_GET_SIZE(elts) : 1;
  int rc = 0;

  for (Py_ssize_t i = 0; i < n && rc == 0; i++) {
    PyObject *e = elts && PyList_Check(elts) ? PyList_GET_ITEM(elts, i) : slice;

    /* a type; or data, but evaluated with the string, so plain too */
    if (i < ntypes || (names && !is_type(e, py.constant)))
      rc = check_type_expr(w, report, e, names, depth + 1);
    else if (is_type(e, py.constant))
      rc = check_data_string(w, report, e, names);
  }
  Py_XDECREF(elts);
  return rc;
}

/* `names`: check the names and attributes too (in a string, or under the
 * future import); otherwise the walk checks them as the reads they are and
 * only the shape and the strings are checked here.  `report`: the node to
 * report at (a string's), or NULL for each node itself. */
static int check_type_expr(struct walk *w, PyObject *report, PyObject *e,
                           bool names, int depth) {
  PyTypeObject *t = Py_TYPE(e);
  PyObject *rep = report ? report : e, *a = NULL, *b = NULL, *h = NULL;
  const char *s;
  int rc = 0;

  if (w->stop)
    return 0;
  if (depth > TS_VALIDATE_MAX_DEPTH)
    return not_plain(w, rep, NULL);
  if (t == (PyTypeObject *)py.name) {
    if (names && get_str(e, py.s_id, &h, &s))
      rc = type_name_check(w, rep, s, false);
  } else if (t == (PyTypeObject *)py.attribute) {
    if ((a = get_field(e, py.s_value)))
      rc = check_type_expr(w, report, a, names, depth + 1);
    if (rc == 0 && names && get_str(e, py.s_attr, &h, &s))
      rc = type_name_check(w, rep, s, true);
  } else if (t == (PyTypeObject *)py.subscript) {
    char tn[32];
    bool typing = false;

    if ((a = get_field(e, py.s_value))) {
      rc = check_type_expr(w, report, a, names, depth + 1);
      typing = typing_name(w, a, tn, sizeof tn);
    }
    if (rc == 0 && (b = get_field(e, py.s_slice))) {
      if (typing && strcmp(tn, "Literal") == 0)
        rc = check_type_args(w, report, b, names, depth + 1, 0);
      else if (typing && strcmp(tn, "Annotated") == 0)
        rc = check_type_args(w, report, b, names, depth + 1, 1);
      else
        rc = check_type_expr(w, report, b, names, depth + 1);
    }
  } else if (t == (PyTypeObject *)py.tuple || t == (PyTypeObject *)py.list) {
    if ((a = get_field(e, py.s_elts)) && PyList_Check(a))
      for (Py_ssize_t i = 0; i < PyList_GET_SIZE(a) && rc == 0; i++)
        rc = check_type_expr(w, report, PyList_GET_ITEM(a, i), names, depth + 1);
  } else if (t == (PyTypeObject *)py.bin_op) {
    b = get_field(e, py.s_op);
    if (!is_type(b, py.bit_or))
      rc = not_plain(w, rep, NULL);
    Py_CLEAR(b);
    if (rc == 0 && (a = get_field(e, py.s_left)))
      rc = check_type_expr(w, report, a, names, depth + 1);
    if (rc == 0 && (b = get_field(e, py.s_right)))
      rc = check_type_expr(w, report, b, names, depth + 1);
  } else if (t == (PyTypeObject *)py.constant) {
    if ((a = get_field(e, py.s_value)) && PyUnicode_Check(a)) {
      rc = check_type_string(w, rep, a, depth + 1);
      if (rc == 0 && !names)
        rc = mark_done(w, e); /* checked: no dunder-string report too */
    }
  } else if (t == (PyTypeObject *)py.unary_op) {
    a = get_field(e, py.s_op);
    b = get_field(e, py.s_operand);
    if (!(is_type(a, py.u_sub) || is_type(a, py.u_add)) || !is_type(b, py.constant))
      rc = not_plain(w, rep, NULL);
  } else {
    rc = not_plain(w, rep, NULL);
  }
  Py_XDECREF(a);
  Py_XDECREF(b);
  Py_XDECREF(h);
  return rc;
}

static int walk(struct walk *w, PyObject *node, int depth, enum scope sc);

/* An annotation of an argument, a return or an AnnAssign. */
static int walk_annotation(struct walk *w, PyObject *ann, int depth,
                           enum scope sc) {
  int rc;

  if (w->future_annotations) /* never evaluated but as a string */
    return check_type_expr(w, NULL, ann, true, depth);
  rc = check_type_expr(w, NULL, ann, false, depth);
  if (rc == 0)
    rc = walk(w, ann, depth, sc);
  return rc;
}

/* Builtin generics, whose string arguments typing turns into ForwardRefs
 * when it evaluates an annotation holding them (list['Node']). */
static const char *const builtin_generics[] = {
  "list", "dict", "set", "frozenset", "tuple", "type",
};

/* A subscript of a typing name (but Literal and Annotated) or of an
 * unshadowed builtin generic, anywhere (an alias, NodeList =
 * List['Node'], is an annotation's value later): its strings are types. */
static int check_generic_slice(struct walk *w, PyObject *node, int depth) {
  PyObject *value = get_field(node, py.s_value), *slice, *h = NULL;
  char tn[32];
  const char *s;
  bool generic = false;
  int rc = 0;

  if (!value)
    return 0;
  if (typing_name(w, value, tn, sizeof tn))
    generic = strcmp(tn, "Literal") != 0 && strcmp(tn, "Annotated") != 0;
  else if (is_type(value, py.name) && get_str(value, py.s_id, &h, &s))
    generic = in_list(s, builtin_generics, TS_ARRAY_LEN(builtin_generics)) &&
              builtin_intact(w, s);
  Py_XDECREF(h);
  Py_DECREF(value);
  if (generic && (slice = get_field(node, py.s_slice))) {
    PyObject *elts = (is_type(slice, py.tuple) || is_type(slice, py.list))
                         ? get_field(slice, py.s_elts) : NULL;
    Py_ssize_t n = elts && PyList_Check(elts) ? PyList_GET_SIZE(elts) : 1;

    for (Py_ssize_t i = 0; i < n && rc == 0; i++) {
      PyObject *e = elts && PyList_Check(elts) ? PyList_GET_ITEM(elts, i) : slice;
      PyObject *v = is_type(e, py.constant) ? get_field(e, py.s_value) : NULL;

      if (v && PyUnicode_Check(v)) {
        rc = check_type_string(w, e, v, depth + 1);
        if (rc == 0)
          rc = mark_done(w, e);
      }
      Py_XDECREF(v);
    }
    Py_XDECREF(elts);
    Py_DECREF(slice);
  }
  return rc;
}

/* ---- reads of __annotations__ that cannot change it --------------------- */

/* X.__annotations__ is a dict whose keys dataclasses paste into the source
 * they exec() (class annotations) and whose strings typing evaluates: it
 * may be read only where it is consumed on the spot, never bound to a name,
 * passed to a function of the snippet's, stored into or called a mutating
 * method of. */
static const char *const annotation_consumers[] = {
  "print", "repr", "str", "ascii", "len", "bool", "sorted", "list", "tuple",
  "set", "frozenset", "dict", "iter", "enumerate", "reversed", "any", "all",
};
static const char *const annotation_methods[] = {
  "items", "keys", "values", "get", "copy",
};

static int ok_read(struct walk *w, PyObject *e) {
  PyObject *ctx;
  bool load;

  if (!is_attribute(e, "__annotations__"))
    return 0;
  ctx = get_field(e, py.s_ctx);
  load = is_type(ctx, py.load);
  Py_XDECREF(ctx);
  return load ? node_set_add(w, &w->ok_reads, e) : 0;
}

/* Marks the X.__annotations__ children of `node` that it consumes. */
static int mark_reads(struct walk *w, PyTypeObject *t, PyObject *node) {
  PyObject *a = NULL, *b = NULL, *h = NULL;
  const char *s;
  int rc = 0;

  if (t == (PyTypeObject *)py.call) {
    a = get_field(node, py.s_func);
    if (is_type(a, py.name) && get_str(a, py.s_id, &h, &s) &&
        in_list(s, annotation_consumers, TS_ARRAY_LEN(annotation_consumers)) &&
        builtin_intact(w, s) && (b = get_field(node, py.s_args)) && PyList_Check(b))
      for (Py_ssize_t i = 0; i < PyList_GET_SIZE(b) && rc == 0; i++)
        rc = ok_read(w, PyList_GET_ITEM(b, i));
  } else if (t == (PyTypeObject *)py.subscript) {
    a = get_field(node, py.s_ctx);
    if (is_type(a, py.load) && (b = get_field(node, py.s_value)))
      rc = ok_read(w, b);
  } else if (t == (PyTypeObject *)py.compare) {
    a = get_field(node, py.s_ops);
    b = get_field(node, py.s_comparators);
    for (Py_ssize_t i = 0; a && b && PyList_Check(a) && PyList_Check(b) &&
                           i < PyList_GET_SIZE(a) && i < PyList_GET_SIZE(b) && rc == 0; i++)
      if (is_type(PyList_GET_ITEM(a, i), py.in) || is_type(PyList_GET_ITEM(a, i), py.not_in))
        rc = ok_read(w, PyList_GET_ITEM(b, i));
  } else if (t == (PyTypeObject *)py.for_ || t == (PyTypeObject *)py.comprehension) {
    if ((a = get_field(node, py.s_iter)))
      rc = ok_read(w, a);
  } else if (t == (PyTypeObject *)py.formatted_value) {
    if ((a = get_field(node, py.s_value)))
      rc = ok_read(w, a);
  } else if (t == (PyTypeObject *)py.attribute) {
    a = get_field(node, py.s_ctx);
    if (is_type(a, py.load) && get_str(node, py.s_attr, &h, &s) &&
        in_list(s, annotation_methods, TS_ARRAY_LEN(annotation_methods)) &&
        (b = get_field(node, py.s_value)))
      rc = ok_read(w, b);
  }
  Py_XDECREF(a);
  Py_XDECREF(b);
  Py_XDECREF(h);
  return rc;
}

/* Returns 1 when `mod` is refused (and reported), 0 when allowed. */
static int check_module(struct walk *w, PyObject *node, const char *mod) {
  if (ts_policy_module_banned(w->pol, mod)) {
    if (add(w, "import-banned", mod, node_pos(w, node),
            "import of '%s' is not allowed: it reaches the operating system, "
            "the interpreter or the network", mod) < 0)
      return -1;
    return 1;
  }
  if (!ts_policy_module_allowed(w->pol, mod)) {
    if (add(w, "import-not-allowed", mod, node_pos(w, node),
            "module '%s' is not in the allowed list", mod) < 0)
      return -1;
    return 1;
  }
  return 0;
}

/* `import a.b.c` binds `a`, `import a.b as c` binds `c`. */
static int check_import(struct walk *w, PyObject *node, enum scope sc) {
  PyObject *names = PyObject_GetAttr(node, py.s_names);
  int rc = 0;

  if (!names || !PyList_Check(names)) {
    Py_XDECREF(names);
    PyErr_Clear();
    return 0;
  }
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(names) && rc >= 0; i++) {
    PyObject *alias = PyList_GET_ITEM(names, i), *h, *ha = NULL;
    const char *mod, *as;
    char *top;

    if (get_str(alias, py.s_name, &h, &mod)) {
      rc = check_module(w, alias, mod);
      if (rc >= 0 && get_str(alias, py.s_asname, &ha, &as)) {
        rc = check_binding(w, alias, as, ID_CAPTURE, sc, NULL, NULL, true);
      } else if (rc >= 0) {
        if (!(top = strndup(mod, strcspn(mod, ".")))) {
          w->failed = ENOMEM;
          rc = -1;
        } else {
          rc = check_binding(w, alias, top, ID_CAPTURE, sc, NULL, NULL, true);
          free(top);
        }
      }
      Py_XDECREF(ha);
    }
    Py_XDECREF(h);
  }
  Py_DECREF(names);
  return rc < 0 ? -1 : 0;
}

static int check_import_alias(struct walk *w, PyObject *alias,
                              const char *mod, const char *name,
                              const char *as, enum scope sc) {
  const struct ts_policy *pol = w->pol;
  char *sub;
  int rc = 0;

  if (strcmp(name, "*") == 0) {
    if (in_list(mod, star_refused, TS_ARRAY_LEN(star_refused)))
      return add(w, "import-star", mod, node_pos(w, alias),
                 "'from %s import *' is not allowed: it would bring in "
                 "refused names; import the names you need", mod);
    return 0;
  }
  if ((rc = check_view_member(w, ident_pos(w, alias, name), mod, name)) != 0)
    return rc < 0 ? -1 : 0;
  if (name[0] == '_' || (!view_member(pol, NULL, mod, name) &&
                          (ts_strset_has(&pol->banned_names, name) ||
                           ts_strset_has(&pol->banned_attributes, name))))
    return add(w, "banned-name", name, ident_pos(w, alias, name),
               "'%s' cannot be imported from '%s'", name, mod);
  /* under another name the check of its calls would not see it */
  if (is_checked_call(name) && as && strcmp(as, name) != 0)
    return checked_call_violation(w, alias, name, true);
  if (as && check_binding(w, alias, as, ID_CAPTURE, sc, NULL, NULL, true) < 0)
    return -1;
  /* `name` may be a submodule: refuse one that is banned by name. */
  if (asprintf(&sub, "%s.%s", mod, name) < 0) {
    w->failed = ENOMEM;
    return -1;
  }
  if (ts_strset_has(&pol->banned_modules, sub))
    rc = check_module(w, alias, sub) < 0 ? -1 : 0;
  free(sub);
  return rc;
}

static int check_import_from(struct walk *w, PyObject *node, enum scope sc) {
  long level = get_long(node, py.s_level, 0);
  PyObject *hmod, *names = NULL;
  const char *mod;
  int rc = 0;

  if (!get_str(node, py.s_module, &hmod, &mod))
    mod = NULL;
  if (level > 0) {
    char dots[33], *rel;
    size_t nd = level > 32 ? 32 : (size_t)level;

    memset(dots, '.', nd);
    dots[nd] = '\0';
    if (asprintf(&rel, "%s%s", dots, mod ? mod : "") < 0) {
      w->failed = ENOMEM;
      rc = -1;
      goto out;
    }
    rc = add(w, "import-relative", rel, node_pos(w, node),
             "relative import '%s' is not allowed: a snippet is not part of "
             "a package", rel);
    free(rel);
    goto out;
  }
  if (!mod || (rc = check_module(w, node, mod)) != 0)
    goto out;
  names = PyObject_GetAttr(node, py.s_names);
  if (!names || !PyList_Check(names)) {
    PyErr_Clear();
    goto out;
  }
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(names) && rc >= 0; i++) {
    PyObject *alias = PyList_GET_ITEM(names, i), *h, *ha;
    const char *name, *as;

    if (!get_str(alias, py.s_asname, &ha, &as))
      as = NULL;
    if (get_str(alias, py.s_name, &h, &name))
      rc = check_import_alias(w, alias, mod, name, as, sc);
    Py_XDECREF(h);
    Py_XDECREF(ha);
  }

out:
  Py_XDECREF(names);
  Py_XDECREF(hmod);
  return rc < 0 ? -1 : 0;
}

/* ---- the walk ------------------------------------------------------------ */

static int walk(struct walk *w, PyObject *node, int depth, enum scope sc);

/* Which identifier a string field of a node holds (Name, Attribute, the
 * imports and Constant are handled before the generic walk reaches their
 * fields). */
static enum ident ident_kind(PyTypeObject *t, PyObject *field) {
  if (same_str(field, py.s_type_comment) ||
      (t == (PyTypeObject *)py.type_ignore && same_str(field, py.s_tag)))
    return ID_SKIP;
  if (same_str(field, py.s_name)) {
    if (t == (PyTypeObject *)py.function_def ||
        t == (PyTypeObject *)py.async_function_def)
      return ID_DEF;
    if (t == (PyTypeObject *)py.class_def)
      return ID_CLASS;
    if (t == (PyTypeObject *)py.except_handler ||
        t == (PyTypeObject *)py.match_as || t == (PyTypeObject *)py.match_star)
      return ID_CAPTURE;
  }
  if (t == (PyTypeObject *)py.arg && same_str(field, py.s_arg))
    return ID_PARAM;
  if (t == (PyTypeObject *)py.keyword && same_str(field, py.s_arg))
    return ID_KEYWORD;
  if (t == (PyTypeObject *)py.match_mapping && same_str(field, py.s_rest))
    return ID_CAPTURE;
  if ((t == (PyTypeObject *)py.global || t == (PyTypeObject *)py.nonlocal) &&
      same_str(field, py.s_names))
    return ID_DECL;
  if (t == (PyTypeObject *)py.match_class && same_str(field, py.s_kwd_attrs))
    return ID_ATTR;
  return ID_READ;
}

static bool is_comprehension(PyTypeObject *t) {
  return t == (PyTypeObject *)py.list_comp || t == (PyTypeObject *)py.set_comp ||
         t == (PyTypeObject *)py.dict_comp || t == (PyTypeObject *)py.generator_exp;
}

static bool is_scope_node(PyTypeObject *t) {
  return t == (PyTypeObject *)py.function_def ||
         t == (PyTypeObject *)py.async_function_def ||
         t == (PyTypeObject *)py.lambda || t == (PyTypeObject *)py.class_def ||
         is_comprehension(t);
}

/* Whether `field` of a scope node is evaluated in the new scope.  A def's
 * name, decorators, parameter defaults and annotations and a class's bases
 * and keywords are evaluated where the statement is (`def f(x=input)` reads
 * the enclosing `input`); a comprehension's generators are split by
 * walk_generators. */
static bool field_inner(PyTypeObject *t, PyObject *field) {
  if (is_comprehension(t))
    return !same_str(field, py.s_generators);
  return same_str(field, py.s_body);
}

static int check_ident(struct walk *w, PyObject *node, enum ident kind,
                       PyObject *str, enum scope sc) {
  const char *s = PyUnicode_AsUTF8(str);

  if (!s) {
    PyErr_Clear();
    return 0;
  }
  switch (kind) {
  case ID_SKIP: return 0;
  case ID_READ: return check_read(w, node, s, true);
  case ID_ATTR: return check_attr(w, node, s, NULL, false, true, true);
  case ID_KEYWORD: return check_keyword(w, node, s);
  default: return check_binding(w, node, s, kind, sc, NULL, NULL, true);
  }
}

/* An operand of a comparison: its constants, and those of a tuple, list or
 * set literal (k in ('__init__', '__x__')), are compared, not names. */
static int walk_compared(struct walk *w, PyObject *v, int depth, enum scope sc) {
  PyObject *elts;
  int rc = 0;

  if (is_type(v, py.constant))
    return 0;
  if (!is_type(v, py.tuple) && !is_type(v, py.list) && !is_type(v, py.set))
    return walk(w, v, depth, sc);
  if (depth > TS_VALIDATE_MAX_DEPTH)
    return walk(w, v, depth, sc); /* reports too-complex */
  if ((elts = get_field(v, py.s_elts)) && PyList_Check(elts))
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(elts) && rc == 0; i++)
      if (PyObject_TypeCheck(PyList_GET_ITEM(elts, i), (PyTypeObject *)py.ast))
        rc = walk_compared(w, PyList_GET_ITEM(elts, i), depth + 1, sc);
  Py_XDECREF(elts);
  return rc;
}

/* `skip_constants`: the constants are compared (x == '__main__', case 'x':)
 * or are the literal text of an f-string, not names. */
static int walk_child(struct walk *w, PyTypeObject *t, PyObject *node,
                      PyObject *field, PyObject *v, int depth, enum scope sc,
                      bool skip_constants) {
  if (PyUnicode_Check(v))
    return check_ident(w, node, ident_kind(t, field), v, sc);
  if (PyList_Check(v)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v) && !w->stop; i++) {
      PyObject *item = PyList_GET_ITEM(v, i);
      int rc = 0;

      if (PyUnicode_Check(item))
        rc = check_ident(w, node, ident_kind(t, field), item, sc);
      else if (skip_constants && PyObject_TypeCheck(item, (PyTypeObject *)py.ast))
        rc = walk_compared(w, item, depth, sc);
      else if (PyObject_TypeCheck(item, (PyTypeObject *)py.ast))
        rc = walk(w, item, depth, sc);
      if (rc < 0)
        return -1;
    }
    return 0;
  }
  if (skip_constants && PyObject_TypeCheck(v, (PyTypeObject *)py.ast))
    return walk_compared(w, v, depth, sc);
  if (PyObject_TypeCheck(v, (PyTypeObject *)py.ast))
    return walk(w, v, depth, sc);
  return 0;
}

/* The first iterable of a comprehension is evaluated in the enclosing
 * scope, everything else in the comprehension's own. */
static int walk_generators(struct walk *w, PyObject *gens, int depth,
                           struct frame *f, enum scope sc) {
  int rc = 0;

  if (!PyList_Check(gens))
    return 0;
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(gens) && rc == 0 && !w->stop; i++) {
    PyObject *g = PyList_GET_ITEM(gens, i);
    PyTypeObject *t = Py_TYPE(g);
    PyObject *fields;

    if (!is_type(g, py.comprehension)) {
      w->frame = f;
      rc = walk(w, g, depth, SC_FUNCTION);
      w->frame = f->up;
      continue;
    }
    if (mark_reads(w, t, g) < 0)
      return -1;
    if (!(fields = PyObject_GetAttr((PyObject *)t, py.s_fields)) ||
        !PyTuple_Check(fields)) {
      Py_XDECREF(fields);
      PyErr_Clear();
      continue;
    }
    for (Py_ssize_t j = 0; j < PyTuple_GET_SIZE(fields) && rc == 0; j++) {
      PyObject *fld = PyTuple_GET_ITEM(fields, j);
      PyObject *v = PyObject_GetAttr(g, fld);
      bool outer = i == 0 && same_str(fld, py.s_iter);

      if (!v) {
        PyErr_Clear();
        continue;
      }
      w->frame = outer ? f->up : f;
      rc = walk_child(w, t, g, fld, v, depth + 1, outer ? sc : SC_FUNCTION,
                      false);
      w->frame = f->up;
      Py_DECREF(v);
    }
    Py_DECREF(fields);
  }
  return rc;
}

/* An assignment target: a plain name is bound with the assigned value in
 * view (for __slots__ and __match_args__); an augmented assignment reads
 * the name first. */
static int assign_target(struct walk *w, PyObject *target, PyObject *value,
                         bool aug, bool *consumed, int depth, enum scope sc) {
  PyObject *h;
  const char *s;
  int rc = 0;

  if (!is_type(target, py.name))
    return walk(w, target, depth, sc);
  if (get_str(target, py.s_id, &h, &s)) {
    size_t before = w->out->n;

    if (aug)
      rc = check_read(w, target, s, false);
    /* one report for `__builtins__ += x` */
    if (rc == 0 && w->out->n == before)
      rc = check_binding(w, target, s, ID_BIND, sc, aug ? NULL : value,
                         consumed, false);
  }
  Py_XDECREF(h);
  return rc;
}

static int walk_assign(struct walk *w, PyObject *node, int depth,
                       enum scope sc) {
  bool aug = is_type(node, py.aug_assign), consumed = false;
  PyObject *value = get_field(node, py.s_value), *targets, *ann;
  int rc = 0;

  if (is_type(node, py.assign)) {
    targets = get_field(node, py.s_targets);
    for (Py_ssize_t i = 0; targets && PyList_Check(targets) &&
                           i < PyList_GET_SIZE(targets) && rc == 0; i++)
      rc = assign_target(w, PyList_GET_ITEM(targets, i), value, aug,
                         &consumed, depth + 1, sc);
  } else if ((targets = get_field(node, py.s_target))) {
    rc = assign_target(w, targets, value, aug, &consumed, depth + 1, sc);
  }
  Py_XDECREF(targets);
  if (rc == 0 && is_type(node, py.ann_assign) &&
      (ann = get_field(node, py.s_annotation))) {
    char tn[32];

    rc = walk_annotation(w, ann, depth + 1, sc);
    /* X: TypeAlias = 'list[Node]': the value is an annotation to be */
    if (rc == 0 && value && typing_name(w, ann, tn, sizeof tn) &&
        strcmp(tn, "TypeAlias") == 0)
      rc = check_type_expr(w, NULL, value, false, depth + 1);
    Py_DECREF(ann);
  }
  if (rc == 0 && value && !consumed)
    rc = walk(w, value, depth + 1, sc);
  Py_XDECREF(value);
  return rc;
}

/* ---- calls that read attributes by name --------------------------------- */

static bool is_str_constant(PyObject *e) {
  PyObject *v = is_type(e, py.constant) ? get_field(e, py.s_value) : NULL;
  bool r = v && PyUnicode_Check(v);

  Py_XDECREF(v);
  return r;
}

/* The attribute names of a constant given to attrgetter ('a.b.c', each
 * part) or methodcaller: each is checked like an attribute read from an
 * unknown object. */
static int check_name_constant(struct walk *w, PyObject *c, bool dotted) {
  PyObject *v = get_field(c, py.s_value);
  Py_ssize_t n;
  const char *s = v && PyUnicode_Check(v) ? PyUnicode_AsUTF8AndSize(v, &n) : NULL;
  int rc = 0;

  if (!s) {
    PyErr_Clear();
    Py_XDECREF(v);
    return 0;
  }
  if (strlen(s) != (size_t)n) {
    Py_DECREF(v);
    return add(w, "banned-name", "?", node_pos(w, c), "not an attribute name");
  }
  for (const char *p = s, *end = s + n; rc == 0 && p <= end;) {
    size_t len = dotted ? strcspn(p, ".") : (size_t)(end - p);
    PyObject *part = PyUnicode_FromStringAndSize(p, (Py_ssize_t)len);
    const char *u = part ? PyUnicode_AsUTF8(part) : NULL;
    char buf[64];

    if (u && PyUnicode_IsIdentifier(part) != 1) {
      clip(buf, sizeof buf, s);
      rc = add(w, "banned-name", buf, node_pos(w, c),
               "'%s' is not an attribute name (or dotted names)", buf);
    } else if (!u) {
      PyErr_Clear();
      rc = add(w, "banned-name", "?", node_pos(w, c), "not an attribute name");
    } else {
      rc = check_attr(w, c, u, NULL, true, true, false);
    }
    Py_XDECREF(part);
    p += len + 1;
  }
  Py_DECREF(v);
  return rc < 0 ? -1 : mark_done(w, c);
}

/* A make_dataclass field name: it becomes an attribute, a name in the
 * source dataclasses exec()s, and an entry of __match_args__ (read by
 * getattr in `case C(x)`): an identifier, no dunder, and what an attribute
 * read may be (no private, no refused name). */
static int check_field_name(struct walk *w, PyObject *c) {
  PyObject *v = get_field(c, py.s_value);
  const char *s = v && PyUnicode_Check(v) ? PyUnicode_AsUTF8(v) : NULL;
  char buf[64];
  int rc;

  PyErr_Clear();
  if (!s || PyUnicode_IsIdentifier(v) != 1) {
    clip(buf, sizeof buf, s ? s : "?");
    rc = add(w, "banned-name", buf, node_pos(w, c),
             "field name '%s' is not an identifier", buf);
  } else if (is_dunder(s)) {
    rc = add(w, "dunder", s, node_pos(w, c),
             "a field named '%s' is not allowed: dunder names cannot be bound", s);
  } else {
    rc = check_attr(w, c, s, NULL, true, true, false);
  }
  Py_XDECREF(v);
  return rc < 0 ? -1 : mark_done(w, c);
}

/* make_dataclass's fields: a list or tuple literal of 'name', ('name',
 * type) or ('name', type, field(...)).  Sets *ok when it has that shape. */
static int check_fields_literal(struct walk *w, PyObject *lit, bool *ok,
                                int depth) {
  PyObject *elts = (is_type(lit, py.list) || is_type(lit, py.tuple))
                       ? get_field(lit, py.s_elts) : NULL;
  int rc = 0;

  *ok = elts && PyList_Check(elts);
  for (Py_ssize_t i = 0; *ok && i < PyList_GET_SIZE(elts) && rc == 0; i++) {
    PyObject *e = PyList_GET_ITEM(elts, i), *parts = NULL;

    if (is_str_constant(e)) {
      rc = check_field_name(w, e);
    } else if (is_type(e, py.tuple) && (parts = get_field(e, py.s_elts)) &&
               PyList_Check(parts) && PyList_GET_SIZE(parts) >= 2 &&
               PyList_GET_SIZE(parts) <= 3 &&
               is_str_constant(PyList_GET_ITEM(parts, 0))) {
      rc = check_field_name(w, PyList_GET_ITEM(parts, 0));
      /* the type is an annotation of the class made */
      if (rc == 0)
        rc = check_type_expr(w, NULL, PyList_GET_ITEM(parts, 1), false, depth + 1);
    } else {
      *ok = false;
    }
    Py_XDECREF(parts);
  }
  Py_XDECREF(elts);
  return rc;
}

/* Where the one name make_dataclass was given (`cols` in
 * make_dataclass('C', cols)) is bound and read, anywhere in the module. */
struct name_uses {
  const char *id;
  PyObject *value; /* the value of its one binding, borrowed */
  bool unsafe;
};

/* Whether a positional argument of `call` (at `field`) goes to a builtin
 * that only reads it (print, len, sorted, list, ...). */
static bool consumed_by_builtin(struct walk *w, PyObject *call, PyObject *field) {
  PyObject *func, *h = NULL;
  const char *s;
  bool r;

  if (!is_type(call, py.call) || !same_str(field, py.s_args))
    return false;
  func = get_field(call, py.s_func);
  r = is_type(func, py.name) && get_str(func, py.s_id, &h, &s) &&
      in_list(s, annotation_consumers, TS_ARRAY_LEN(annotation_consumers)) &&
      builtin_intact(w, s);
  Py_XDECREF(h);
  Py_XDECREF(func);
  return r;
}

/* Whether `node` is the fields argument of a make_dataclass call. */
static bool is_fields_arg(PyObject *node, PyObject *parent, PyObject *field) {
  PyObject *func, *args;
  bool r = false;

  if (!is_type(parent, py.call) || !same_str(field, py.s_args))
    return false;
  func = get_field(parent, py.s_func);
  args = get_field(parent, py.s_args);
  r = (is_name(func, "make_dataclass") || is_attribute(func, "make_dataclass")) &&
      args && PyList_Check(args) && PyList_GET_SIZE(args) == 2 &&
      PyList_GET_ITEM(args, 1) == node;
  Py_XDECREF(func);
  Py_XDECREF(args);
  return r;
}

static bool str_field_is(PyObject *node, PyObject *field, const char *id) {
  PyObject *v = get_field(node, field);
  bool r = false;

  if (v && PyUnicode_Check(v)) {
    const char *s = PyUnicode_AsUTF8(v);
    r = s && strcmp(s, id) == 0;
  } else if (v && PyList_Check(v)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v) && !r; i++) {
      const char *s = PyUnicode_Check(PyList_GET_ITEM(v, i))
                          ? PyUnicode_AsUTF8(PyList_GET_ITEM(v, i)) : NULL;
      r = s && strcmp(s, id) == 0;
    }
  }
  PyErr_Clear();
  Py_XDECREF(v);
  return r;
}

static void scan_uses(struct walk *w, struct name_uses *u, PyObject *node,
                      PyObject *parent, PyObject *field, int depth) {
  PyTypeObject *t = Py_TYPE(node);
  PyObject *fields;

  if (u->unsafe)
    return;
  if (depth > TS_VALIDATE_MAX_DEPTH) {
    u->unsafe = true;
    return;
  }
  if (t == (PyTypeObject *)py.name) {
    PyObject *ctx, *pctx = NULL, *targets = NULL;
    bool load;

    if (!str_field_is(node, py.s_id, u->id))
      return;
    ctx = get_field(node, py.s_ctx);
    load = is_type(ctx, py.load);
    Py_XDECREF(ctx);
    if (load) {
      /* read: only where the list cannot change or leave */
      if (is_fields_arg(node, parent, field) || consumed_by_builtin(w, parent, field))
        return;
      if ((is_type(parent, py.for_) || is_type(parent, py.comprehension)) &&
          same_str(field, py.s_iter))
        return;
      if (is_type(parent, py.subscript) && same_str(field, py.s_value) &&
          (pctx = get_field(parent, py.s_ctx)) && is_type(pctx, py.load)) {
        Py_DECREF(pctx);
        return;
      }
      Py_XDECREF(pctx);
      u->unsafe = true;
      return;
    }
    /* bound: once, by `name = literal` */
    if (!u->value && same_str(field, py.s_targets) && is_type(parent, py.assign) &&
        (targets = get_field(parent, py.s_targets)) && PyList_Check(targets) &&
        PyList_GET_SIZE(targets) == 1) {
      PyObject *v = get_field(parent, py.s_value);
      u->value = v; /* borrowed: the tree holds it */
      Py_XDECREF(v);
      Py_DECREF(targets);
      return;
    }
    Py_XDECREF(targets);
    u->unsafe = true;
    return;
  }
  /* any other binding of the name, or a global/nonlocal declaration */
  if (((t == (PyTypeObject *)py.function_def ||
        t == (PyTypeObject *)py.async_function_def ||
        t == (PyTypeObject *)py.class_def || t == (PyTypeObject *)py.except_handler ||
        t == (PyTypeObject *)py.match_as || t == (PyTypeObject *)py.match_star) &&
       str_field_is(node, py.s_name, u->id)) ||
      (t == (PyTypeObject *)py.arg && str_field_is(node, py.s_arg, u->id)) ||
      (t == (PyTypeObject *)py.match_mapping && str_field_is(node, py.s_rest, u->id)) ||
      ((t == (PyTypeObject *)py.global || t == (PyTypeObject *)py.nonlocal) &&
       str_field_is(node, py.s_names, u->id))) {
    u->unsafe = true;
    return;
  }
  if (t == (PyTypeObject *)py.import || t == (PyTypeObject *)py.import_from) {
    PyObject *names = get_field(node, py.s_names);

    for (Py_ssize_t i = 0; names && PyList_Check(names) && i < PyList_GET_SIZE(names); i++) {
      PyObject *alias = PyList_GET_ITEM(names, i), *h;
      const char *n;

      if (str_field_is(alias, py.s_asname, u->id))
        u->unsafe = true;
      if (get_str(alias, py.s_name, &h, &n) &&
          (strcmp(n, "*") == 0 || (strncmp(n, u->id, strlen(u->id)) == 0 &&
                                   (n[strlen(u->id)] == '\0' || n[strlen(u->id)] == '.'))))
        u->unsafe = true;
      Py_XDECREF(h);
    }
    Py_XDECREF(names);
    return;
  }
  if (!(fields = PyObject_GetAttr((PyObject *)t, py.s_fields)) || !PyTuple_Check(fields)) {
    Py_XDECREF(fields);
    PyErr_Clear();
    return;
  }
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields) && !u->unsafe; i++) {
    PyObject *fld = PyTuple_GET_ITEM(fields, i), *v = get_field(node, fld);

    if (v && PyList_Check(v)) {
      for (Py_ssize_t j = 0; j < PyList_GET_SIZE(v); j++)
        if (PyObject_TypeCheck(PyList_GET_ITEM(v, j), (PyTypeObject *)py.ast))
          scan_uses(w, u, PyList_GET_ITEM(v, j), node, fld, depth + 1);
    } else if (v && PyObject_TypeCheck(v, (PyTypeObject *)py.ast)) {
      scan_uses(w, u, v, node, fld, depth + 1);
    }
    Py_XDECREF(v);
  }
  Py_DECREF(fields);
}

/* The literal a Name given to make_dataclass certainly holds: it is bound
 * once, by an assignment of a list or tuple literal, and read only where
 * the list can neither change nor leave (make_dataclass, `for`, `[i]`), or
 * NULL.  Each name is looked up once per snippet (w->fields). */
static PyObject *fields_of_name(struct walk *w, PyObject *arg) {
  struct name_uses u = {0};
  PyObject *id = get_field(arg, py.s_id), *lit;

  if (!id || !PyUnicode_Check(id) || !(u.id = PyUnicode_AsUTF8(id))) {
    PyErr_Clear();
    Py_XDECREF(id);
    return NULL;
  }
  if (w->fields && (lit = PyDict_GetItemWithError(w->fields, id))) {
    Py_DECREF(id);
    return lit == Py_None ? NULL : lit;
  }
  PyErr_Clear();
  scan_uses(w, &u, w->root, NULL, NULL, 0);
  lit = !u.unsafe && (is_type(u.value, py.list) || is_type(u.value, py.tuple))
            ? u.value : NULL;
  if ((!w->fields && !(w->fields = PyDict_New())) ||
      PyDict_SetItem(w->fields, id, lit ? lit : Py_None) < 0)
    PyErr_Clear(); /* not cached: looked up again next time */
  Py_DECREF(id);
  return lit;
}

/* The accepted form of each checked call; sets *ok. */
static int check_call_form(struct walk *w, const char *fname, PyObject *args,
                           PyObject *kws, bool *ok, int depth) {
  Py_ssize_t npos = args && PyList_Check(args) ? PyList_GET_SIZE(args) : 0;
  Py_ssize_t nkw = kws && PyList_Check(kws) ? PyList_GET_SIZE(kws) : 0;
  bool starred = false;
  int rc = 0;

  for (Py_ssize_t i = 0; i < npos; i++)
    starred = starred || is_type(PyList_GET_ITEM(args, i), py.starred);
  *ok = false;
  if (strcmp(fname, "wraps") == 0) {
    *ok = npos == 1 && nkw == 0 && !starred;
  } else if (strcmp(fname, "update_wrapper") == 0) {
    *ok = npos == 2 && nkw == 0 && !starred;
  } else if (strcmp(fname, "attrgetter") == 0) {
    *ok = npos >= 1 && nkw == 0;
    for (Py_ssize_t i = 0; i < npos && *ok; i++)
      *ok = is_str_constant(PyList_GET_ITEM(args, i));
    for (Py_ssize_t i = 0; i < npos && *ok && rc == 0; i++)
      rc = check_name_constant(w, PyList_GET_ITEM(args, i), true);
  } else if (strcmp(fname, "methodcaller") == 0) {
    *ok = npos >= 1 && is_str_constant(PyList_GET_ITEM(args, 0));
    if (*ok)
      rc = check_name_constant(w, PyList_GET_ITEM(args, 0), false);
  } else if (strcmp(fname, "make_dataclass") == 0) {
    PyObject *fields, *lit;

    *ok = npos == 2 && !starred;
    for (Py_ssize_t i = 0; i < nkw && *ok; i++) {
      PyObject *kw = PyList_GET_ITEM(kws, i), *h;
      const char *k;

      /* no namespace=, and no **kw that could hold one */
      *ok = get_str(kw, py.s_arg, &h, &k) && strcmp(k, "namespace") != 0;
      Py_XDECREF(h);
    }
    if (*ok) {
      fields = PyList_GET_ITEM(args, 1);
      lit = is_type(fields, py.name) ? fields_of_name(w, fields) : fields;
      if (lit)
        rc = check_fields_literal(w, lit, ok, depth);
      else
        *ok = false;
    }
  }
  return rc;
}

/* typing.NamedTuple('N', [('a', 'T')]) and TypedDict('D', {'a': 'T'}):
 * their field types are annotations of the class made. */
static bool typed_fields_call(struct walk *w, PyObject *func) {
  char tn[32];

  return typing_name(w, func, tn, sizeof tn) &&
         (strcmp(tn, "NamedTuple") == 0 || strcmp(tn, "TypedDict") == 0);
}

static int check_typed_fields(struct walk *w, PyObject *spec, int depth) {
  PyObject *items = NULL;
  int rc = 0;

  if (is_type(spec, py.list) || is_type(spec, py.tuple))
    items = get_field(spec, py.s_elts);
  else if (is_type(spec, py.dict))
    items = get_field(spec, py.s_values);
  for (Py_ssize_t i = 0; items && PyList_Check(items) && i < PyList_GET_SIZE(items) && rc == 0; i++) {
    PyObject *e = PyList_GET_ITEM(items, i), *parts = NULL;

    if (!is_type(spec, py.dict) && is_type(e, py.tuple) &&
        (parts = get_field(e, py.s_elts)) && PyList_Check(parts) && PyList_GET_SIZE(parts) == 2)
      rc = check_type_expr(w, NULL, PyList_GET_ITEM(parts, 1), false, depth + 1);
    else if (is_type(spec, py.dict) && e)
      rc = check_type_expr(w, NULL, e, false, depth + 1);
    Py_XDECREF(parts);
  }
  Py_XDECREF(items);
  return rc;
}

/* type(name, bases, dict) builds a class whose attribute names come from
 * data (a getattr hook, a computed __match_args__); only type(x) is
 * accepted.  The same through a metaclass (abc.ABCMeta(name, bases, d), a
 * user's `class M(type)`) cannot be told from an ordinary call: the dunder
 * string check catches a literal dict, the runtime the rest.  A checked
 * call (checked_calls) of its accepted form marks its function as the
 * one allowed use of the name. */
static int check_call(struct walk *w, PyObject *node, int depth) {
  PyObject *func = get_field(node, py.s_func);
  PyObject *args = get_field(node, py.s_args);
  PyObject *kws = get_field(node, py.s_keywords);
  Py_ssize_t npos = args && PyList_Check(args) ? PyList_GET_SIZE(args) : 0;
  Py_ssize_t nkw = kws && PyList_Check(kws) ? PyList_GET_SIZE(kws) : 0;
  bool simple = npos == 1 && nkw == 0, ok = false;
  PyObject *h = NULL;
  const char *fname = NULL;
  int rc = 0;

  if (simple && is_type(PyList_GET_ITEM(args, 0), py.starred))
    simple = false;
  if (!simple && is_name(func, "type"))
    rc = add(w, "banned-name", "type", node_pos(w, node),
             "type() with more than one argument is not allowed: type(name, "
             "bases, dict) builds a class from a dict whose keys become "
             "attribute names; use a class statement");
  if (is_type(func, py.name))
    (void)get_str(func, py.s_id, &h, &fname);
  else if (is_type(func, py.attribute))
    (void)get_str(func, py.s_attr, &h, &fname);
  if (rc == 0 && fname && is_checked_call(fname))
    rc = check_call_form(w, fname, args, kws, &ok, depth);
  if (rc == 0 && npos >= 2 && typed_fields_call(w, func))
    rc = check_typed_fields(w, PyList_GET_ITEM(args, 1), depth);
  /* The standard policy's getattr and friends: a constant name is checked
   * here like an attribute of the code (getattr(x, '__class__') is a
   * dunder); a computed one by the runtime's view, by the same rule. */
  if (rc == 0 && w->pol->standard && fname && is_type(func, py.name) && npos >= 2 &&
      (strcmp(fname, "getattr") == 0 || strcmp(fname, "setattr") == 0 ||
       strcmp(fname, "delattr") == 0 || strcmp(fname, "hasattr") == 0) &&
      builtin_intact(w, fname) && is_str_constant(PyList_GET_ITEM(args, 1)))
    rc = check_name_constant(w, PyList_GET_ITEM(args, 1), false);
  /* borrowed: the tree outlives the walk, and no other node has this
   * address while it does */
  if (ok)
    w->ok_call = func;
  Py_XDECREF(h);
  Py_XDECREF(func);
  Py_XDECREF(args);
  Py_XDECREF(kws);
  return rc;
}

static int walk(struct walk *w, PyObject *node, int depth, enum scope sc) {
  PyTypeObject *t = Py_TYPE(node);
  PyObject *fields, *h = NULL;
  const char *s;
  struct frame f = {.up = w->frame, .node = node,
                    .is_class = t == (PyTypeObject *)py.class_def};
  bool skip_constants, scope;
  int rc = 0;

  if (w->stop || (w->done && in_set(w->done, node)))
    return 0;
  if (depth > TS_VALIDATE_MAX_DEPTH) {
    if (w->too_deep)
      return 0;
    w->too_deep = true;
    return add(w, "too-complex", NULL, node_pos(w, node),
               "code is too complex: nesting deeper than %d",
               TS_VALIDATE_MAX_DEPTH);
  }

  /* Nodes whose other fields hold nothing to check return early. */
  if (t == (PyTypeObject *)py.name) {
    PyObject *ctx = get_field(node, py.s_ctx);

    if (get_str(node, py.s_id, &h, &s)) {
      /* Load reads, Store and Del bind; an unknown context does both */
      if (!ctx || is_type(ctx, py.load))
        rc = check_read(w, node, s, false);
      if (rc == 0 && !is_type(ctx, py.load))
        rc = check_binding(w, node, s, ID_BIND, sc, NULL, NULL, false);
    }
    Py_XDECREF(ctx);
    Py_XDECREF(h);
    return rc;
  }
  if (t == (PyTypeObject *)py.attribute) {
    PyObject *value, *ctx, *object = NULL;

    if (mark_reads(w, t, node) < 0)
      return -1;
    value = PyObject_GetAttr(node, py.s_value);
    ctx = get_field(node, py.s_ctx);

    /* x.__class__.__name__ (and __qualname__), read, is type(x).__name__
     * spelt the usual way: the class goes straight to a string and never
     * to a variable, so that one __class__ is not checked; the x is. */
    if (value && (!ctx || is_type(ctx, py.load)) &&
        is_attribute(value, "__class__") &&
        get_str(node, py.s_attr, &h, &s) &&
        (strcmp(s, "__name__") == 0 || strcmp(s, "__qualname__") == 0)) {
      PyObject *vctx = get_field(value, py.s_ctx);
      if (is_type(vctx, py.load))
        object = get_field(value, py.s_value);
      Py_XDECREF(vctx);
    }
    Py_CLEAR(h);
    /* The object first, so that a.__x__.__y__ reports in source order. */
    if (!value)
      PyErr_Clear();
    else if (object)
      rc = walk(w, object, depth + 2, sc);
    else
      rc = walk(w, value, depth + 1, sc);
    Py_XDECREF(object);
    if (rc == 0 && get_str(node, py.s_attr, &h, &s))
      rc = check_attr(w, node, s, value, !ctx || is_type(ctx, py.load),
                      !ctx || is_type(ctx, py.load), false);
    Py_XDECREF(h);
    Py_XDECREF(ctx);
    Py_XDECREF(value);
    return rc;
  }
  if (t == (PyTypeObject *)py.import)
    return check_import(w, node, sc);
  if (t == (PyTypeObject *)py.import_from)
    return check_import_from(w, node, sc);
  if (t == (PyTypeObject *)py.constant)
    return check_constant(w, node);
  if (t == (PyTypeObject *)py.assign || t == (PyTypeObject *)py.ann_assign ||
      t == (PyTypeObject *)py.aug_assign)
    return walk_assign(w, node, depth, sc);
  if (t == (PyTypeObject *)py.call && check_call(w, node, depth) < 0)
    return -1;
  if (mark_reads(w, t, node) < 0)
    return -1;
  if (t == (PyTypeObject *)py.subscript && check_generic_slice(w, node, depth) < 0)
    return -1;

  skip_constants = t == (PyTypeObject *)py.compare ||
                   t == (PyTypeObject *)py.match_value ||
                   t == (PyTypeObject *)py.joined_str;
  fields = PyObject_GetAttr((PyObject *)t, py.s_fields);
  if (!fields || !PyTuple_Check(fields)) {
    Py_XDECREF(fields);
    PyErr_Clear();
    return 0;
  }
  scope = is_scope_node(t);
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields) && !w->stop; i++) {
    PyObject *fld = PyTuple_GET_ITEM(fields, i);
    PyObject *v = PyObject_GetAttr(node, fld);

    if (!v) { /* an optional field left unset */
      PyErr_Clear();
      continue;
    }
    if (scope && is_comprehension(t) && same_str(fld, py.s_generators)) {
      rc = walk_generators(w, v, depth + 1, &f, sc);
    } else if (PyObject_TypeCheck(v, (PyTypeObject *)py.ast) &&
               ((t == (PyTypeObject *)py.arg && same_str(fld, py.s_annotation)) ||
                ((t == (PyTypeObject *)py.function_def ||
                  t == (PyTypeObject *)py.async_function_def) &&
                 same_str(fld, py.s_returns)))) {
      rc = walk_annotation(w, v, depth + 1, sc);
    } else if (scope && field_inner(t, fld)) {
      w->frame = &f;
      rc = walk_child(w, t, node, fld, v, depth + 1,
                      f.is_class ? SC_CLASS : SC_FUNCTION, skip_constants);
      w->frame = f.up;
    } else {
      rc = walk_child(w, t, node, fld, v, depth + 1, sc, skip_constants);
    }
    Py_DECREF(v);
    if (rc < 0)
      break;
  }
  Py_DECREF(fields);
  frame_clear(&f);
  return rc;
}

/* ---- parsing ------------------------------------------------------------- */

/* Turns the pending parser exception into a violation. */
static int parse_error(struct walk *w, ts_err *err) {
  PyObject *type, *value, *tb, *h = NULL;
  struct pos p = {1, 1, 1, 1};
  const char *msg = NULL;
  int rc;

  PyErr_Fetch(&type, &value, &tb);
  PyErr_NormalizeException(&type, &value, &tb);
  if (!type) {
    rc = ts_err_set(err, 0, "parser failed without an exception");
    goto out;
  }
  if (build_lines(w) < 0) {
    rc = -1;
    goto out;
  }
  if (PyErr_GivenExceptionMatches(type, PyExc_SyntaxError)) {
    /* offset is already 1-based code points (unlike the AST's col_offset) */
    p.line = clamp_line(w, get_long(value, py.s_lineno, 1));
    p.col = clamp_col(w, p.line, get_long(value, py.s_offset, 1));
    p.end_line = clamp_line(w, get_long(value, py.s_end_lineno, p.line));
    p.end_col = clamp_col(w, p.end_line, get_long(value, py.s_end_offset, p.col));
    order_end(&p);
    if (!get_str(value, py.s_msg, &h, &msg))
      msg = "invalid syntax";
    rc = add(w, "syntax-error", NULL, p, "%s", msg);
  } else if (PyErr_GivenExceptionMatches(type, PyExc_MemoryError) ||
             PyErr_GivenExceptionMatches(type, PyExc_RecursionError) ||
             PyErr_GivenExceptionMatches(type, PyExc_OverflowError) ||
             PyErr_GivenExceptionMatches(type, PyExc_ValueError)) {
    /* The parser's stack overflow is a MemoryError with no message. */
    h = value ? PyObject_Str(value) : NULL;
    msg = h ? PyUnicode_AsUTF8(h) : NULL;
    if (msg && *msg)
      rc = add(w, "too-complex", NULL, p, "code is too complex to parse: %s", msg);
    else
      rc = add(w, "too-complex", NULL, p, "code is too complex to parse");
  } else {
    rc = ts_err_set(err, 0, "parser failed: %s", ((PyTypeObject *)type)->tp_name);
  }

out:
  Py_XDECREF(h);
  Py_XDECREF(type);
  Py_XDECREF(value);
  Py_XDECREF(tb);
  PyErr_Clear();
  return rc;
}

/* Whether the module starts with `from __future__ import annotations`
 * (future imports come first, after the docstring). */
static bool future_annotations(PyObject *mod) {
  PyObject *body = get_field(mod, py.s_body);
  bool found = false;

  for (Py_ssize_t i = 0; body && PyList_Check(body) && i < PyList_GET_SIZE(body) && !found; i++) {
    PyObject *st = PyList_GET_ITEM(body, i), *h = NULL, *v;
    const char *m;
    bool future;

    if (i == 0 && is_type(st, py.expr)) {
      v = get_field(st, py.s_value);
      future = is_str_constant(v);
      Py_XDECREF(v);
      if (future)
        continue; /* the docstring */
    }
    future = is_type(st, py.import_from) && get_str(st, py.s_module, &h, &m) &&
             strcmp(m, "__future__") == 0;
    Py_XDECREF(h);
    if (!future)
      break;
    if ((v = get_field(st, py.s_names)) && PyList_Check(v))
      for (Py_ssize_t j = 0; j < PyList_GET_SIZE(v) && !found; j++) {
        const char *n;
        if (get_str(PyList_GET_ITEM(v, j), py.s_name, &h, &n))
          found = strcmp(n, "annotations") == 0;
        Py_XDECREF(h);
      }
    Py_XDECREF(v);
  }
  Py_XDECREF(body);
  return found;
}

/* Whether an expression may be folded into a constant by the compiler,
 * which then drops it as a statement: only constants and the operations
 * CPython's AST optimizer folds (unary and binary operators, tuples,
 * subscripts).  Doubt (too deep, a field missing) says yes: the child
 * then takes the slower path that works for any expression. */
static bool may_fold(PyObject *e, int depth) {
  static const struct {
    PyObject **type;
    PyObject **fields[2];
  } ops[] = {
      {&py.unary_op, {&py.s_operand, NULL}},
      {&py.bin_op, {&py.s_left, &py.s_right}},
      {&py.subscript, {&py.s_value, &py.s_slice}},
  };
  bool ok = true;

  if (is_type(e, py.constant) || depth > 50)
    return true;
  if (is_type(e, py.tuple)) {
    PyObject *elts = get_field(e, py.s_elts);
    if (!elts || !PyList_Check(elts)) {
      Py_XDECREF(elts);
      return true;
    }
    for (Py_ssize_t i = 0; ok && i < PyList_GET_SIZE(elts); i++)
      ok = may_fold(PyList_GET_ITEM(elts, i), depth + 1);
    Py_DECREF(elts);
    return ok;
  }
  for (size_t i = 0; i < TS_ARRAY_LEN(ops); i++) {
    if (!is_type(e, *ops[i].type))
      continue;
    for (size_t k = 0; ok && k < 2 && ops[i].fields[k]; k++) {
      PyObject *sub = get_field(e, *ops[i].fields[k]);
      ok = !sub || may_fold(sub, depth + 1);
      Py_XDECREF(sub);
    }
    return ok;
  }
  return false;
}

/* Called with the GIL held. */
static enum ts_last_stmt last_stmt(PyObject *mod) {
  PyObject *body = get_field(mod, py.s_body), *value;
  enum ts_last_stmt last = TS_LAST_OTHER;
  Py_ssize_t n;

  if (body && PyList_Check(body) && (n = PyList_GET_SIZE(body)) > 0 &&
      is_type(PyList_GET_ITEM(body, n - 1), py.expr)) {
    value = get_field(PyList_GET_ITEM(body, n - 1), py.s_value);
    last = value && may_fold(value, 0) ? TS_LAST_CONSTANT : TS_LAST_EXPR;
    Py_XDECREF(value);
  }
  Py_XDECREF(body);
  return last;
}

static int parse_and_walk(struct walk *w, const char *src, ts_err *err) {
  PyCompilerFlags flags = _PyCompilerFlags_INIT;
  PyObject *mod;
  int rc;

  if (py_cache_init() < 0) {
    PyErr_Clear();
    return ts_err_set(err, 0, "cannot load the _ast module");
  }
  flags.cf_flags = PyCF_ONLY_AST | TS_PY_COMPILE_FLAGS;
  mod = Py_CompileStringExFlags(src, "<snippet>", Py_file_input, &flags, -1);
  if (!mod)
    return parse_error(w, err);
  w->root = mod;
  w->future_annotations = future_annotations(mod);
  w->out->last = last_stmt(mod);
  rc = walk(w, mod, 0, SC_MODULE);
  Py_CLEAR(w->done);
  Py_CLEAR(w->ok_reads);
  Py_CLEAR(w->bindings);
  Py_CLEAR(w->fields);
  w->root = NULL;
  Py_DECREF(mod);
  PyErr_Clear();
  return rc;
}

int ts_validate(const struct ts_policy *policy, const char *code, size_t len,
                struct ts_validation *out, ts_err *err) {
  struct walk w = {.pol = policy, .code = code ? code : "", .len = len, .out = out};
  const char *nul;
  size_t bad;
  char *src;
  int rc = 0;

  if (!out)
    return ts_err_set(err, EINVAL, "no output for the validation");
  memset(out, 0, sizeof *out);
  if (!policy || (!code && len))
    return ts_err_set(err, EINVAL, "invalid arguments to ts_validate");

  /* Checked before parsing: CPython refuses both anyway, with less precise
   * positions, and the parser wants a NUL-terminated string. */
  if ((nul = memchr(w.code, '\0', len))) {
    rc = add(&w, "null-byte", NULL, offset_pos(&w, (size_t)(nul - w.code)),
             "source code cannot contain NUL bytes");
    goto done;
  }
  if ((bad = ts_utf8_valid_prefix(w.code, len)) < len) {
    rc = add(&w, "encoding", NULL, offset_pos(&w, bad),
             "source code is not valid UTF-8");
    goto done;
  }
  if (!(src = malloc(len + 1))) {
    w.failed = ENOMEM;
    goto done;
  }
  memcpy(src, w.code, len);
  src[len] = '\0';
  ts_python_enter();
  rc = parse_and_walk(&w, src, err);
  ts_python_leave();
  free(src);

done:
  free(w.lines);
  if (w.failed) {
    ts_validation_free(out);
    return ts_err_set(err, w.failed, "out of memory while validating");
  }
  if (rc < 0) {
    ts_validation_free(out);
    return -1;
  }
  out->valid = out->n == 0;
  return 0;
}

void ts_validation_free(struct ts_validation *v) {
  if (!v)
    return;
  for (size_t i = 0; i < v->n; i++) {
    free(v->v[i].message);
    free(v->v[i].name);
  }
  free(v->v);
  memset(v, 0, sizeof *v);
}

cJSON *ts_validation_to_json(const struct ts_validation *v) {
  cJSON *root = cJSON_CreateObject(), *arr;

  if (!root || !cJSON_AddBoolToObject(root, "valid", v->valid) ||
      !(arr = cJSON_AddArrayToObject(root, "violations")))
    goto fail;
  for (size_t i = 0; i < v->n; i++) {
    const struct ts_violation *x = &v->v[i];
    cJSON *o = cJSON_CreateObject();

    if (!o)
      goto fail;
    cJSON_AddItemToArray(arr, o);
    if (!cJSON_AddStringToObject(o, "rule", x->rule) ||
        !cJSON_AddStringToObject(o, "message", x->message ? x->message : "") ||
        !cJSON_AddNumberToObject(o, "line", x->line) ||
        !cJSON_AddNumberToObject(o, "col", x->col) ||
        !cJSON_AddNumberToObject(o, "end_line", x->end_line) ||
        !cJSON_AddNumberToObject(o, "end_col", x->end_col) ||
        !(x->name ? cJSON_AddStringToObject(o, "name", x->name)
                  : cJSON_AddNullToObject(o, "name")))
      goto fail;
  }
  return root;

fail:
  cJSON_Delete(root);
  return NULL;
}
