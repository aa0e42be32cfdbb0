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

#include "pyembed.h"
#include "validator.h"

/* Node types and interned attribute names, looked up once.  Only touched
 * with the GIL held, which is what serialises the first initialisation. */
static struct {
  bool ready;
  PyObject *ast, *name, *attribute, *import, *import_from, *match_class,
      *constant;
  PyObject *s_fields, *s_lineno, *s_col_offset, *s_end_lineno,
      *s_end_col_offset, *s_id, *s_attr, *s_value, *s_names, *s_name,
      *s_module, *s_level, *s_kwd_attrs, *s_msg, *s_offset, *s_end_offset;
} py;

/* `from M import *` would bring refused names in as plain names, where the
 * attribute checks cannot see them (operator.attrgetter, string.Formatter,
 * typing.get_type_hints, functools.singledispatch, contextlib.chdir). */
static const char *const star_refused[] = {
  "operator", "string", "typing", "functools", "contextlib",
};

/* Underscore names that are documented public API (namedtuple's). */
static const char *const public_underscore[] = {
  "_asdict", "_field_defaults", "_fields", "_make", "_replace",
};

struct pos {
  int line, col, end_line, end_col;
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
};

static int py_cache_init(void) {
  struct {
    PyObject **slot;
    const char *name;
  } types[] = {
    {&py.ast, "AST"}, {&py.name, "Name"}, {&py.attribute, "Attribute"},
    {&py.import, "Import"}, {&py.import_from, "ImportFrom"},
    {&py.match_class, "MatchClass"}, {&py.constant, "Constant"},
  }, strings[] = {
    {&py.s_fields, "_fields"}, {&py.s_lineno, "lineno"},
    {&py.s_col_offset, "col_offset"}, {&py.s_end_lineno, "end_lineno"},
    {&py.s_end_col_offset, "end_col_offset"}, {&py.s_id, "id"},
    {&py.s_attr, "attr"}, {&py.s_value, "value"}, {&py.s_names, "names"},
    {&py.s_name, "name"}, {&py.s_module, "module"}, {&py.s_level, "level"},
    {&py.s_kwd_attrs, "kwd_attrs"}, {&py.s_msg, "msg"},
    {&py.s_offset, "offset"}, {&py.s_end_offset, "end_offset"},
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
  Py_DECREF(mod);
  py.ready = true;
  return 0;

fail:
  Py_DECREF(mod);
  for (size_t i = 0; i < TS_ARRAY_LEN(types); i++)
    Py_CLEAR(*types[i].slot);
  for (size_t i = 0; i < TS_ARRAY_LEN(strings); i++)
    Py_CLEAR(*strings[i].slot);
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

static bool is_name(PyObject *node, const char *id) {
  PyObject *h;
  const char *s;
  bool r;

  if (!node || Py_TYPE(node) != (PyTypeObject *)py.name)
    return false;
  r = get_str(node, py.s_id, &h, &s) && strcmp(s, id) == 0;
  Py_XDECREF(h);
  return r;
}

static int check_name(struct walk *w, PyObject *node, const char *id) {
  const struct ts_policy *pol = w->pol;

  if (ts_strset_has(&pol->banned_names, id))
    return add(w, "banned-name", id, node_pos(w, node),
               "'%s' is not allowed: it can run code, open files or reach the "
               "interpreter", id);
  if (is_dunder(id) && !ts_strset_has(&pol->allowed_dunders, id))
    return add(w, "dunder", id, node_pos(w, node),
               "use of '%s' is not allowed: dunder names reach interpreter "
               "internals", id);
  return 0;
}

/* `value` is the object the attribute is read from (NULL for match-class
 * keyword patterns, where it is a class). */
static int check_attr(struct walk *w, PyObject *node, const char *attr,
                      PyObject *value) {
  const struct ts_policy *pol = w->pol;

  /* Attributes named exactly like a refused builtin are refused on any
   * object, user objects included (obj.open(), x.eval): the object may be
   * the builtins module reached some unforeseen way.  re.compile is the one
   * common false positive and `re` cannot be rebound to builtins without
   * already holding it. */
  if (ts_strset_has(&pol->banned_names, attr) &&
      !(strcmp(attr, "compile") == 0 && is_name(value, "re")))
    return add(w, "banned-name", attr, node_pos(w, node),
               "attribute '%s' is not allowed: it is named like a refused "
               "builtin", attr);
  if (ts_strset_has(&pol->banned_attributes, attr))
    return add(w, "internal-attribute", attr, node_pos(w, node),
               "attribute '%s' is not allowed: it reaches interpreter "
               "internals, hidden code evaluation or a refused module", attr);
  if (is_dunder(attr)) {
    if (ts_strset_has(&pol->allowed_dunders, attr))
      return 0;
    return add(w, "dunder", attr, node_pos(w, node),
               "access to '%s' is not allowed: dunder attributes reach "
               "interpreter internals", attr);
  }
  /* Advisory: `s = self; s._x` is refused and `self = random; self._os`
   * passes.  It stops the well-known module escapes (random._os); the
   * executor and the kernel layers hold either way. */
  if (attr[0] == '_' && !is_name(value, "self") && !is_name(value, "cls") &&
      !in_list(attr, public_underscore, TS_ARRAY_LEN(public_underscore)))
    return add(w, "private-attribute", attr, node_pos(w, node),
               "access to private attribute '%s' is not allowed", attr);
  return 0;
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

static int check_import(struct walk *w, PyObject *node) {
  PyObject *names = PyObject_GetAttr(node, py.s_names);
  int rc = 0;

  if (!names || !PyList_Check(names)) {
    Py_XDECREF(names);
    PyErr_Clear();
    return 0;
  }
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(names) && rc >= 0; i++) {
    PyObject *alias = PyList_GET_ITEM(names, i), *h;
    const char *mod;

    if (get_str(alias, py.s_name, &h, &mod))
      rc = check_module(w, alias, mod);
    Py_XDECREF(h);
  }
  Py_DECREF(names);
  return rc < 0 ? -1 : 0;
}

static int check_import_alias(struct walk *w, PyObject *alias,
                              const char *mod, const char *name) {
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
  if (name[0] == '_' || ts_strset_has(&pol->banned_names, name) ||
      ts_strset_has(&pol->banned_attributes, name))
    return add(w, "banned-name", name, node_pos(w, alias),
               "'%s' cannot be imported from '%s'", name, mod);
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

static int check_import_from(struct walk *w, PyObject *node) {
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
    PyObject *alias = PyList_GET_ITEM(names, i), *h;
    const char *name;

    if (get_str(alias, py.s_name, &h, &name))
      rc = check_import_alias(w, alias, mod, name);
    Py_XDECREF(h);
  }

out:
  Py_XDECREF(names);
  Py_XDECREF(hmod);
  return rc < 0 ? -1 : 0;
}

/* `case C(attr=pattern)` looks `attr` up on the subject. */
static int check_match_class(struct walk *w, PyObject *node) {
  PyObject *attrs = PyObject_GetAttr(node, py.s_kwd_attrs);
  int rc = 0;

  if (!attrs || !PyList_Check(attrs)) {
    Py_XDECREF(attrs);
    PyErr_Clear();
    return 0;
  }
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(attrs) && rc == 0; i++) {
    PyObject *a = PyList_GET_ITEM(attrs, i);
    const char *s = PyUnicode_Check(a) ? PyUnicode_AsUTF8(a) : NULL;
    if (s)
      rc = check_attr(w, node, s, NULL);
    else
      PyErr_Clear();
  }
  Py_DECREF(attrs);
  return rc;
}

/* ---- the walk ------------------------------------------------------------ */

static int walk(struct walk *w, PyObject *node, int depth);

static int walk_value(struct walk *w, PyObject *v, int depth) {
  if (PyList_Check(v)) {
    for (Py_ssize_t i = 0; i < PyList_GET_SIZE(v) && !w->stop; i++) {
      PyObject *item = PyList_GET_ITEM(v, i);
      if (PyObject_TypeCheck(item, (PyTypeObject *)py.ast) &&
          walk(w, item, depth) < 0)
        return -1;
    }
    return 0;
  }
  if (PyObject_TypeCheck(v, (PyTypeObject *)py.ast))
    return walk(w, v, depth);
  return 0;
}

static int walk(struct walk *w, PyObject *node, int depth) {
  PyTypeObject *t = Py_TYPE(node);
  PyObject *fields, *h = NULL;
  const char *s;
  int rc = 0;

  if (w->stop)
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
    if (get_str(node, py.s_id, &h, &s))
      rc = check_name(w, node, s);
    Py_XDECREF(h);
    return rc;
  }
  if (t == (PyTypeObject *)py.attribute) {
    PyObject *value = PyObject_GetAttr(node, py.s_value);

    /* The object first, so that a.__x__.__y__ reports in source order. */
    if (!value)
      PyErr_Clear();
    else
      rc = walk(w, value, depth + 1);
    if (rc == 0 && get_str(node, py.s_attr, &h, &s))
      rc = check_attr(w, node, s, value);
    Py_XDECREF(h);
    Py_XDECREF(value);
    return rc;
  }
  if (t == (PyTypeObject *)py.import)
    return check_import(w, node);
  if (t == (PyTypeObject *)py.import_from)
    return check_import_from(w, node);
  if (t == (PyTypeObject *)py.constant)
    return 0;
  if (t == (PyTypeObject *)py.match_class && check_match_class(w, node) < 0)
    return -1;

  fields = PyObject_GetAttr((PyObject *)t, py.s_fields);
  if (!fields || !PyTuple_Check(fields)) {
    Py_XDECREF(fields);
    PyErr_Clear();
    return 0;
  }
  for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(fields) && !w->stop; i++) {
    PyObject *v = PyObject_GetAttr(node, PyTuple_GET_ITEM(fields, i));

    if (!v) { /* an optional field left unset */
      PyErr_Clear();
      continue;
    }
    rc = walk_value(w, v, depth + 1);
    Py_DECREF(v);
    if (rc < 0)
      break;
  }
  Py_DECREF(fields);
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

/* Called with the GIL held. */
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
  rc = walk(w, mod, 0);
  Py_DECREF(mod);
  PyErr_Clear();
  return rc;
}

/* Offset of the first byte that is not strict UTF-8 (no overlong forms, no
 * surrogates, nothing past U+10FFFF), or n. */
static size_t utf8_invalid(const unsigned char *s, size_t n) {
  size_t i = 0;

  while (i < n) {
    unsigned c = s[i];
    size_t k;
    unsigned lo = 0x80, hi = 0xBF;

    if (c < 0x80) {
      i++;
      continue;
    }
    if (c >= 0xC2 && c <= 0xDF)
      k = 1;
    else if (c >= 0xE0 && c <= 0xEF) {
      k = 2;
      if (c == 0xE0)
        lo = 0xA0;
      else if (c == 0xED)
        hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      k = 3;
      if (c == 0xF0)
        lo = 0x90;
      else if (c == 0xF4)
        hi = 0x8F;
    } else
      return i;
    if (n - i <= k) /* truncated */
      return i;
    if (s[i + 1] < lo || s[i + 1] > hi)
      return i;
    for (size_t j = 2; j <= k; j++)
      if ((s[i + j] & 0xC0) != 0x80)
        return i;
    i += k + 1;
  }
  return n;
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
  if ((bad = utf8_invalid((const unsigned char *)w.code, len)) < len) {
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
