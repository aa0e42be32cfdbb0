/* The validation policy: string sets and the built-in default lists.
 *
 * The default lists are the core of the static check, so every entry that
 * is not obvious says why it is there (or why a tempting one is not). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "policy/policy.h"

#define TS_NAME_MAX 128

/* Pure-computation modules: nothing here reaches files, processes, the
 * network or the interpreter's own machinery through a public attribute
 * that the validator does not refuse (see the module names at the end of
 * default_banned_attributes). */
static const char *const default_allowed_modules[] = {
  "__future__", /* compile-time directives, e.g. `from __future__ import annotations` */
  "abc", "array", "base64", "binascii", "bisect", "calendar", "cmath",
  "collections", "colorsys",
  "contextlib", /* exposes os/sys/chdir as attributes: all three are refused */
  "copy",
  "csv",        /* works on in-memory iterables; there is no open() to feed it files */
  "dataclasses", "datetime", "decimal", "difflib", "enum", "fractions",
  "functools", "graphlib",
  "hashlib", "hmac", /* C digests over bytes only */
  "heapq", "html", "itertools", "json", "keyword", "math", "numbers",
  "operator",   /* attrgetter/methodcaller only with constant names (see the
                   validator) */
  "pprint", "random", "re",
  "secrets",    /* reads os.urandom internally, exposes no os */
  "statistics", "string", "struct", "textwrap",
  "time",       /* sleep is bounded by the executor's wall-clock limit */
  "typing", "unicodedata",
  "warnings",   /* warn() prints to the child's stderr.  warn_explicit,
                   showwarning and formatwarning read a source line of the
                   file their caller names (linecache): the sandbox's root
                   holds only the standard library, public source, and the
                   runtime refuses opens outside it */
  "zlib",
  /* Not here on purpose: io (io.open), uuid (imports os and ctypes),
   * zoneinfo (reads tz files), typing_extensions (not stdlib), fnmatch
   * (pure, but nothing needs it: refused as not allowed, not banned). */
};

/* Refused with a specific message.  Anything that is not allowed is refused
 * anyway; this list only decides which message the user gets. */
static const char *const default_banned_modules[] = {
  /* the operating system and processes */
  "os", "posix", "nt", "posixpath", "ntpath", "genericpath", "subprocess",
  "_posixsubprocess", "pty", "platform", "shutil", "tempfile", "glob",
  "pathlib", "signal", "_signal", "resource", "fcntl", "mmap", "select",
  "selectors", "_winapi", "msvcrt", "winreg", "multiprocessing", "_thread",
  "threading", "atexit", "faulthandler", "webbrowser", "sysconfig",
  /* the interpreter, its importer and its code objects */
  "sys", "builtins", "__main__", "_imp", "importlib", "imp", "zipimport",
  "pkgutil", "runpy", "site", "_frozen_importlib",
  "_frozen_importlib_external", "marshal", "pickle", "_pickle", "shelve",
  "copyreg", "code", "codeop", "inspect", "types", "gc", "ctypes", "_ctypes",
  "cffi", "pdb", "trace", "tracemalloc", "io", "_io", "codecs", "_codecs",
  /* the network */
  "socket", "_socket", "ssl", "_ssl", "http", "urllib", "requests", "ftplib",
  "smtplib", "telnetlib", "asyncio",
};

/* Builtins refused wherever they are named, as a name or as an attribute. */
static const char *const default_banned_names[] = {
  "eval", "exec", "compile", "__import__", "__build_class__", "breakpoint",
  "open", "input", "help", "exit", "quit", "copyright", "credits", "license",
  "getattr", "setattr", "delattr", "globals", "locals", "vars", "memoryview",
  "__loader__", "__spec__",
  /* Not here: operator.attrgetter and methodcaller, functools.update_wrapper
   * and dataclasses.make_dataclass read or write attributes by names taken
   * from data; the validator accepts them only called with constant names
   * it can check (and refuses them anywhere else), like functools.wraps. */
};

static const char *const default_banned_attributes[] = {
  /* generator, coroutine, frame, traceback and code internals */
  "gi_frame", "gi_code", "gi_yieldfrom", "cr_frame", "cr_code", "cr_await",
  "ag_frame", "ag_code", "ag_await", "f_globals", "f_locals", "f_builtins",
  "f_back", "f_code", "f_trace", "f_lasti", "tb_frame", "tb_next",
  "tb_lasti", "co_code", "co_consts", "co_names", "co_varnames",
  "func_globals", "func_code",
  "mro",                 /* walks to object and its subclasses */
  "get_field", "Formatter", /* string.Formatter resolves "{0.attr}" with getattr
                               and hands the object to overridable methods */
  "get_type_hints", "ForwardRef", "_evaluate", /* eval annotation strings.
                               functools.singledispatch's register() calls
                               get_type_hints too: it is allowed, and the
                               validator checks every string annotation
                               instead (a plain type expression only) */
  "register_at_fork", "chdir",
  /* Enum._convert_(name, module, filter) builds an enum from the globals of
   * the module it names (sys.modules[module], builtins included) and writes
   * into them; the other _sunder_ names are enum's public API. */
  "_convert_", "_old_convert_",
  /* AttributeError.obj is the object a failed lookup was made on, and
   * str.format looks attributes up by a name it parses from a string:
   * '{0.gi_frame.f_back.f_globals[_b].x}'.format(g) raises an AttributeError
   * whose .obj is the runner's real builtins module.  Refusing .obj (also
   * on user objects, where it is harmless) closes that getattr. */
  "obj",
  /* modules that allowed modules expose as public attributes
   * (typing.sys, contextlib.os, dataclasses.builtins, enum.bltns, ...) */
  "os", "sys", "builtins", "bltns", "inspect", "types", "posixpath",
  "codecs", "copyreg",
};

/* Dunder methods a class body may define and any code may read.  Each one
 * is only ever called with the object it is defined on and the operands or
 * arguments of the operation, never with an interpreter internal.  Not
 * here on purpose, so refused as definitions and as attributes:
 * - lookup hooks: __getattr__, __getattribute__, __setattr__, __delattr__,
 *   __dir__;
 * - class-creation hooks: __class_getitem__, __set_name__, __prepare__, __mro_entries__, __instancecheck__,
 *   __subclasscheck__, __subclasshook__ (isinstance() in trusted code or in
 *   a match statement would run them with objects of its own);
 * - descriptors: __get__, __set__, __delete__ (property covers ordinary
 *   code; d.__get__(obj) binds anything to anything);
 * - pickling and finalisation: __reduce__, __reduce_ex__, __getstate__,
 *   __setstate__, __del__ (runs whenever the collector decides);
 * - data: __match_args__ (its strings are attribute names: see the
 *   validator), __class__, __dict__, __globals__, __builtins__...
 * __new__ is here: immutable subclasses and singletons need it, and the
 * dangerous use, type.__new__(type, name, bases, ns), is refused by the
 * validator like type(name, bases, ns). */
static const char *const default_allowed_dunders[] = {
  "__init__", "__new__", "__post_init__",
  "__str__", "__repr__", "__format__", "__bytes__", "__eq__", "__ne__",
  "__lt__", "__le__", "__gt__", "__ge__", "__hash__", "__bool__",
  "__len__", "__length_hint__", "__iter__", "__next__", "__reversed__",
  "__contains__", "__getitem__", "__setitem__", "__delitem__",
  "__missing__", "__enter__", "__exit__", "__call__", "__copy__",
  "__deepcopy__",
  "__aenter__", "__aexit__", "__aiter__", "__anext__", "__await__",
  /* called by the interpreter with the new subclass and the keywords of
   * its class statement, both the snippet's own */
  "__init_subclass__",
  "__add__", "__radd__", "__iadd__", "__sub__", "__rsub__", "__isub__",
  "__mul__", "__rmul__", "__imul__", "__truediv__", "__rtruediv__",
  "__itruediv__", "__floordiv__", "__rfloordiv__", "__ifloordiv__",
  "__mod__", "__rmod__", "__imod__", "__pow__", "__rpow__", "__ipow__",
  "__matmul__", "__rmatmul__", "__imatmul__", "__divmod__", "__rdivmod__",
  "__and__", "__rand__", "__iand__", "__or__", "__ror__", "__ior__",
  "__xor__", "__rxor__", "__ixor__", "__lshift__", "__rlshift__",
  "__ilshift__", "__rshift__", "__rrshift__", "__irshift__",
  "__neg__", "__pos__", "__abs__", "__invert__", "__round__", "__trunc__",
  "__floor__", "__ceil__", "__int__", "__float__", "__complex__",
  "__index__",
};

/* Plain data, readable (and settable on an object: wrapper.__doc__ = ...)
 * but never bound as a name or defined.  Not here on purpose:
 * __traceback__ (frames), __dataclass_fields__ (its keys become the field
 * names that dataclasses pastes into the source it exec()s, with the real
 * builtins), __self__, __func__, __defaults__, __kwdefaults__, __closure__,
 * __code__, __globals__, __class__, __dict__ (also on self: a getattr by a
 * computed name on whatever self is, type or a module), __match_args__,
 * and the read-only ones below. */
static const char *const default_readable_dunders[] = {
  "__name__", "__qualname__", "__doc__", "__module__", "__version__",
  "__all__", "__slots__",
  /* Enum and TypedDict introspection: their own members and key names */
  "__members__", "__total__", "__required_keys__", "__optional_keys__",
  /* exception chaining: other exception objects and a flag */
  "__cause__", "__context__", "__suppress_context__", "__notes__",
};

/* Data that may be read (a Load) but never set, deleted, bound, defined or
 * passed as a keyword (as a string, only the names the interpreter gives
 * no meaning to pass: '__args__' does, '__mro__' does not). */
static const char *const default_read_only_dunders[] = {
  /* typing's introspection data: typing.get_args/get_origin return the
   * same, and the ForwardRefs in it evaluate nothing by themselves */
  "__args__", "__parameters__", "__constraints__", "__bound__", "__origin__",
  /* functools.wraps' link to the wrapped function (whose own dangerous
   * dunders stay refused) */
  "__wrapped__",
  /* tuples of classes: a class is harmless without its dunders, and
   * __subclasses__ and mro() stay refused */
  "__mro__", "__bases__", "__base__",
  /* a dict whose keys dataclasses pastes into the source it exec()s: the
   * validator accepts the read only where the dict cannot be changed or
   * handed on (printed, iterated, indexed, .items(), ...) */
  "__annotations__",
};

static void strset_clear(struct ts_strset *s) {
  for (size_t i = 0; i < s->n; i++)
    free(s->items[i]);
  free(s->items);
  s->items = NULL;
  s->n = 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts and removes duplicates in place. */
static void strset_normalise(struct ts_strset *s) {
  size_t j = 0;

  if (s->n == 0)
    return;
  qsort(s->items, s->n, sizeof *s->items, cmp_str);
  for (size_t i = 1; i < s->n; i++) {
    if (strcmp(s->items[i], s->items[j]) == 0)
      free(s->items[i]);
    else
      s->items[++j] = s->items[i];
  }
  s->n = j + 1;
}

static int strset_from_array(struct ts_strset *s, const char *const *names,
                             size_t n, ts_err *err) {
  s->items = calloc(n ? n : 1, sizeof *s->items);
  s->n = 0;
  if (!s->items)
    return ts_err_set(err, ENOMEM, "out of memory");
  for (size_t i = 0; i < n; i++) {
    if (!(s->items[i] = strdup(names[i]))) {
      strset_clear(s);
      return ts_err_set(err, ENOMEM, "out of memory");
    }
    s->n++;
  }
  strset_normalise(s);
  return 0;
}

/* Binary search for the first `n` bytes of `name` (which has no NUL in
 * them), so that prefixes of a dotted name need no copy. */
static bool strset_has_n(const struct ts_strset *s, const char *name,
                         size_t n) {
  size_t lo = 0, hi = s->n;

  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const char *item = s->items[mid];
    int c = strncmp(item, name, n);

    if (c == 0 && item[n] != '\0')
      c = 1; /* item is longer, so it sorts after name */
    if (c == 0)
      return true;
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return false;
}

bool ts_strset_has(const struct ts_strset *s, const char *name) {
  return s && name && strset_has_n(s, name, strlen(name));
}

static bool valid_name(const char *s, size_t n) {
  if (n == 0 || n > TS_NAME_MAX)
    return false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_' || c == '.'))
      return false;
  }
  return true;
}

static bool is_sep(char c) {
  return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
         c == '\f' || c == '\v';
}

int ts_strset_set_spec(struct ts_strset *s, const char *spec, ts_err *err) {
  struct ts_strset tmp = {0};
  size_t cap = 0;
  bool append = false;
  const char *p = spec ? spec : "";

  while (*p && is_sep(*p) && *p != ',')
    p++;
  if (*p == '+') {
    append = true;
    p++;
  }
  /* Count the tokens first so one allocation holds old and new names. */
  for (const char *q = p; *q;) {
    while (*q && is_sep(*q))
      q++;
    if (!*q)
      break;
    cap++;
    while (*q && !is_sep(*q))
      q++;
  }
  if (append)
    cap += s->n;
  tmp.items = calloc(cap ? cap : 1, sizeof *tmp.items);
  if (!tmp.items)
    return ts_err_set(err, ENOMEM, "out of memory");

  for (size_t i = 0; append && i < s->n; i++) {
    if (!(tmp.items[tmp.n] = strdup(s->items[i])))
      goto nomem;
    tmp.n++;
  }
  while (*p) {
    const char *start;
    size_t n;

    while (*p && is_sep(*p))
      p++;
    if (!*p)
      break;
    start = p;
    while (*p && !is_sep(*p))
      p++;
    n = (size_t)(p - start);
    if (!valid_name(start, n)) {
      ts_err_set(err, EINVAL,
                 "invalid name '%.*s%s' in list: expected 1 to %d of "
                 "[A-Za-z0-9_.]",
                 (int)(n > 64 ? 64 : n), start, n > 64 ? "..." : "",
                 TS_NAME_MAX);
      strset_clear(&tmp);
      return -1;
    }
    if (!(tmp.items[tmp.n] = strndup(start, n)))
      goto nomem;
    tmp.n++;
  }
  strset_normalise(&tmp);
  strset_clear(s);
  *s = tmp;
  return 0;

nomem:
  strset_clear(&tmp);
  return ts_err_set(err, ENOMEM, "out of memory");
}

int ts_policy_init_default(struct ts_policy *p, ts_err *err) {
  struct {
    struct ts_strset *set;
    const char *const *names;
    size_t n;
  } lists[] = {
    {&p->allowed_modules, default_allowed_modules, TS_ARRAY_LEN(default_allowed_modules)},
    {&p->banned_modules, default_banned_modules, TS_ARRAY_LEN(default_banned_modules)},
    {&p->banned_names, default_banned_names, TS_ARRAY_LEN(default_banned_names)},
    {&p->banned_attributes, default_banned_attributes, TS_ARRAY_LEN(default_banned_attributes)},
    {&p->allowed_dunders, default_allowed_dunders, TS_ARRAY_LEN(default_allowed_dunders)},
    {&p->readable_dunders, default_readable_dunders, TS_ARRAY_LEN(default_readable_dunders)},
    {&p->read_only_dunders, default_read_only_dunders, TS_ARRAY_LEN(default_read_only_dunders)},
  };

  memset(p, 0, sizeof *p);
  for (size_t i = 0; i < TS_ARRAY_LEN(lists); i++) {
    if (strset_from_array(lists[i].set, lists[i].names, lists[i].n, err) < 0) {
      ts_policy_free(p);
      return -1;
    }
  }
  return 0;
}

void ts_policy_free(struct ts_policy *p) {
  if (!p)
    return;
  strset_clear(&p->allowed_modules);
  strset_clear(&p->banned_modules);
  strset_clear(&p->banned_names);
  strset_clear(&p->banned_attributes);
  strset_clear(&p->allowed_dunders);
  strset_clear(&p->readable_dunders);
  strset_clear(&p->read_only_dunders);
}

int ts_policy_copy(struct ts_policy *dst, const struct ts_policy *src, ts_err *err) {
  const struct ts_strset *from[] = {&src->allowed_modules, &src->banned_modules,
                                    &src->banned_names, &src->banned_attributes,
                                    &src->allowed_dunders, &src->readable_dunders,
                                    &src->read_only_dunders};
  struct ts_strset *to[] = {&dst->allowed_modules, &dst->banned_modules, &dst->banned_names,
                            &dst->banned_attributes, &dst->allowed_dunders,
                            &dst->readable_dunders, &dst->read_only_dunders};

  memset(dst, 0, sizeof *dst);
  for (size_t i = 0; i < TS_ARRAY_LEN(to); i++) {
    if (strset_from_array(to[i], (const char *const *)from[i]->items, from[i]->n, err) < 0) {
      ts_policy_free(dst);
      return -1;
    }
  }
  return 0;
}

void ts_strset_remove(struct ts_strset *s, const char *name) {
  size_t j = 0;

  for (size_t i = 0; i < s->n; i++) {
    if (strcmp(s->items[i], name) == 0)
      free(s->items[i]);
    else
      s->items[j++] = s->items[i];
  }
  s->n = j;
}

/* True when `dotted` or one of its parents ("a", "a.b", "a.b.c") is in s. */
static bool has_prefix_in(const struct ts_strset *s, const char *dotted) {
  for (const char *d = dotted;; d++) {
    if (*d == '.' || *d == '\0') {
      if (strset_has_n(s, dotted, (size_t)(d - dotted)))
        return true;
      if (*d == '\0')
        return false;
    }
  }
}

bool ts_policy_module_banned(const struct ts_policy *p, const char *dotted) {
  return p && dotted && has_prefix_in(&p->banned_modules, dotted);
}

bool ts_policy_module_allowed(const struct ts_policy *p, const char *dotted) {
  if (!p || !dotted || !*dotted)
    return false;
  if (has_prefix_in(&p->banned_modules, dotted))
    return false;
  return has_prefix_in(&p->allowed_modules, dotted);
}
