# The Python half of a sandbox child, compiled once in the zygote.
#
# make() returns (run, report, class_check, attr_check, warm):
#   run() compiles the snippet's tree (parsed by the child with the
#     validator's own call), executes it under the runtime layer and returns
#     (exit_code, result_json), the value of its last expression and its
#     display() outputs included (section 7);
#   report() turns an exception (e.g. a SyntaxError from parsing) into the
#     same result JSON;
#   class_check() and attr_check() are called by the zygote's guards on
#     type.__new__ and type.__setattr__ (zygote.c) while a snippet runs;
#   warm() is called by the zygote once, when everything else is ready.
# grant(name), called by the child before run(), gives this job a
# capability: "files" adds an `open` confined to the working directory to
# its builtins, and lets the audit hook pass such opens (and no others).
# This code is trusted; the snippet only ever sees the builtins dict and the
# module views built here.
#
# The runtime layer enforces, independently of the static validator, the
# property README.md states: accepted code cannot obtain the real builtins,
# __import__, a module outside the allowlist, a frame, a code object,
# function globals, or an attribute by a name computed at run time.
#   1. A check of the compiled code itself (what runs, after the parser and
#      the compiler): no attribute, name, keyword, constant or class-pattern
#      keyword that is a dunder outside a small safe set, a private name
#      (but on self/cls) or an interpreter internal.
#   2. Views of the allowed modules: only their public attributes, and no
#      module outside the allowlist (typing.sys, dataclasses.sys, ...).
#   3. Builtins: a whitelist; __import__ admits the allowed modules only;
#      `type` answers type(x) but builds no class from a dict.
#   4. The stdlib functions that read or write an attribute by a name given
#      as a string (operator.attrgetter/methodcaller, string.Formatter,
#      functools.update_wrapper) refuse the names of step 1.
#   5. Class creation (the zygote's guard on type.__new__): no metaclass
#      defined by the snippet, no unsafe dunder key in a class namespace,
#      __match_args__ only of public names.
#   6. A CPython audit hook, armed while the snippet runs (it cannot be
#      removed from Python): frames, code objects, function and code
#      construction, imports outside the allowlist, file opens, compile and
#      exec of snippet-made code, ctypes, sockets, processes and the like are
#      refused, and every refusal goes into the report's audit trace.
import _ast
import _random
import builtins as _b
import dis as _dis
import gc as _gc
import io as _io
import linecache as _lc
import os as _os
import re as _re
import sys as _sys
import types as _types
from _string import formatter_field_name_split as _field_split
from _string import formatter_parser as _format_parser
from binascii import Error as _B64Error
from binascii import a2b_base64 as _unb64
from binascii import b2a_base64 as _b64

_SNIPPET = "<snippet>"

# The Python layer's rules, shared with the validator (src/policy/rules.txt:
# one tuple of names per section).
_RULES = None  # cmake/rules.py puts src/policy/rules.txt here

# The capabilities of this child's job (grant()): empty in the zygote, so
# every child starts without any.
_CAPS = set()


def grant(name):
    """Called by the child (child.c, step 10b) before run(), never by a
    snippet: nothing of this module is reachable from one."""
    _CAPS.add(name)


# The child's own compile of its snippet (child.c, step 11), which a
# session's call makes with the audit hook of the last call still armed:
# the source it is about to compile, set by the child just before and
# cleared just after (expect_compile), lets exactly one "compile" event of
# exactly that source and name through (_Audit.__call__).  Nothing of this
# module is reachable from a snippet, so no snippet can set it.
_EXPECT_COMPILE = [None]

# _split's own compiles (the snippet's source to its tree, the tree to
# code): the very object it is about to compile, once, matched by identity
# (3.11's "compile" event names no file for a tree: (tree, None)), never
# by the frame it comes from, which a C callable of the snippet's could
# share.
_EXPECT_TREE = [None]


def _compile_tree(tree, mode, flags=0):
    _EXPECT_TREE[0] = tree
    try:
        return compile(tree, _SNIPPET, mode, flags, dont_inherit=True)
    finally:
        _EXPECT_TREE[0] = None


def random_state(state=None):
    """random's module-level state, kept across a session's calls: the
    holder reads it before it forks a call (state None), the call puts it
    back after the fork's handlers (child.c), one of which is random's
    reseed.  Never called by a snippet."""
    mod = _sys.modules.get("random")
    inst = vars(mod).get("_inst") if type(mod) is _types.ModuleType else None
    if not isinstance(inst, _random.Random):
        return None
    if state is None:
        return _random.Random.getstate(inst), vars(inst).get("gauss_next")
    _random.Random.setstate(inst, state[0])
    vars(inst)["gauss_next"] = state[1]
    return None


def expect_compile(src):
    """Called by the child around its compile, never by a snippet."""
    _EXPECT_COMPILE[0] = src if type(src) is bytes else None


def _confined_path_why(p):
    """Why the "files" capability's open refuses path p, or None.  The
    working directory is the current one (/tmp, the child's private tmpfs),
    so a plain relative path without '..' stays inside it: the kernel root
    holds nothing else that is writable, and nothing there makes links."""
    if type(p) is not str:
        return "a path that is not a str (file descriptors and path objects are not " \
            "opened); use a relative path"
    if "\0" in p:
        return "a path with a NUL character"
    if p[:1] == "/":
        return "the absolute path %r: files are confined to the working directory; use a " \
            "relative path" % p[:80]
    if ".." in str.split(p, "/"):
        return "the path %r: '..' leaves the working directory" % p[:80]
    return None

# The runner reads frames for itself (whose line, who called): those reads
# raise audit events, which the hook lets through only while this depth is
# above zero, that is inside the two helpers below and nowhere else.  (It
# does not trust this file's frames as such: runner code calls objects of
# the snippet's, which may be C callables that run in the runner's frame.)
_INTERNAL_DEPTH = [0]


def _frame(depth):
    """sys._getframe(depth), counted from the caller."""
    _INTERNAL_DEPTH[0] += 1
    try:
        return _sys._getframe(depth + 1)
    finally:
        _INTERNAL_DEPTH[0] -= 1


def _code(f):
    """f.f_code, or None."""
    if f is None:
        return None
    _INTERNAL_DEPTH[0] += 1
    try:
        return f.f_code
    finally:
        _INTERNAL_DEPTH[0] -= 1


def _tb_frame(tb):
    _INTERNAL_DEPTH[0] += 1
    try:
        return tb.tb_frame
    finally:
        _INTERNAL_DEPTH[0] -= 1


def _filename(f):
    co = _code(f)
    return co.co_filename if co is not None else ""


def _coname(f):
    co = _code(f)
    return co.co_name if co is not None else ""
_MAX_MESSAGE = 8192
_MAX_TRACEBACK = 65536
_AUDIT_MAX = 32        # entries in the audit trace
_AUDIT_DETAIL = 200    # characters of an entry's detail

# The seed's whitelist of builtins, plus the ones ordinary code needs to
# define classes.  eval, exec, open, compile, getattr, setattr, delattr,
# globals, locals, vars, dir, input, exit, quit, breakpoint, help and
# memoryview are absent, __import__ only admits the allowed modules and
# `type` is replaced (below).
_SAFE = (
    "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "bytearray",
    "bytes", "callable", "chr", "classmethod", "complex", "dict", "divmod",
    "enumerate", "filter", "float", "format", "frozenset", "hash", "hex", "id",
    "int", "isinstance", "issubclass", "iter", "len", "list", "map", "max",
    "min", "next", "object", "oct", "ord", "pow", "print", "property", "range",
    "repr", "reversed", "round", "set", "slice", "sorted", "staticmethod",
    "str", "sum", "super", "tuple", "zip", "NotImplemented", "Ellipsis",
    "__build_class__",
)

# Dunder methods a snippet may define, call and read: each is called by the
# interpreter with the object itself, never with a name to look up.
_DUNDER_METHODS = frozenset(_RULES["dunder-methods"] + _RULES["dunder-methods-runtime"])
# Plain data a snippet may read: names, docs, exception chaining.
_DUNDER_DATA = frozenset(_RULES["dunder-readable"] + _RULES["dunder-read-only"] +
                         _RULES["dunder-data-runtime"])
_ATTR_READ = _DUNDER_METHODS | _DUNDER_DATA
_ATTR_WRITE = _DUNDER_METHODS | frozenset((
    "__doc__", "__name__", "__qualname__", "__cause__", "__context__",
    "__suppress_context__", "__notes__",
))
# Names a snippet's code may bind (class bodies bind the first ones
# implicitly) and load.
# Hooks a class may define (the interpreter calls them with plain values:
# a name, an owner class, an item) but a snippet may not read elsewhere.
_HOOKS = frozenset(("__getattr__", "__set_name__", "__class_getitem__", "__get__", "__set__",
                    "__delete__"))
_NAME_STORE = _DUNDER_METHODS | _HOOKS | frozenset((
    "__module__", "__qualname__", "__doc__", "__slots__", "__all__",
    "__classcell__", "__annotations__", "__match_args__",
))
_NAME_LOAD = _DUNDER_METHODS | frozenset((
    "__name__", "__doc__", "__annotations__", "__module__", "__qualname__",
    "__class__", "__debug__", "__slots__", "__match_args__",
))
# What a class namespace may hold when a snippet makes it.
_CLASS_KEYS = _NAME_STORE | frozenset(("__match_args__", "__orig_bases__", "__weakref__",
                                       "__dict__"))
# ... and when the stdlib makes the class for it (namedtuple, enum's
# functional API, dataclass(slots=True), typing's NamedTuple and TypedDict).
_STDLIB_CLASS_KEYS = _CLASS_KEYS | frozenset((
    "__dataclass_fields__", "__dataclass_params__", "__setattr__", "__delattr__",
    "__getstate__", "__setstate__", "__getnewargs__", "__required_keys__",
    "__optional_keys__", "__total__", "__parameters__", "__abstractmethods__",
    "__reduce_ex__", "__reduce__"))
# Interpreter internals reached by plain (non-underscore) names.
_INTERNAL = frozenset(_RULES["internal-attributes"])
# Underscore names that are documented public API (namedtuple's).
_PUBLIC_UNDERSCORE = frozenset(_RULES["public-underscore"])
# namedtuple(rename=True) fields, and enum's documented _sunder_ names
# (_value_, _name_, _missing_, _generate_next_value_, ...).
_INDEXED = _re.compile(r"_\d+\Z|_[a-z][a-z0-9_]*[a-z0-9]_\Z")

# Modules the allowed ones import lazily, from C or at first use
# (datetime.strptime imports _strptime, which imports locale; codecs import
# their encodings.* module on first use).  Never importable by name from a
# snippet: only admitted when the interpreter itself asks for them.
_LAZY_MODULES = frozenset(("_strptime", "locale", "_locale", "encodings", "calendar",
                           "unicodedata", "_pydecimal", "_datetime", "warnings"))


def _is_dunder(s):
    return len(s) > 4 and s[:2] == "__" and s[-2:] == "__"


def _bad_name(name, allowed):
    """Why an attribute-like name is refused, or None."""
    if _is_dunder(name):
        return None if name in allowed else "dunder"
    if name in _INTERNAL or name.startswith("co_") or name in ("format", "format_map"):
        # str.format reads "{0.attr[key]}" fields by name: only called on a
        # constant format string (the code check), never reached by name
        return "internal"
    if name[:1] == "_" and name not in _PUBLIC_UNDERSCORE and not _INDEXED.match(name):
        return "private"
    return None


class SandboxRefused(PermissionError):
    pass


def _text(s, cap):
    s = str(s)
    return s if len(s) <= cap else s[:cap] + "\n[truncated]"


def _report(e):
    """The error part of the report: the exception's type, message, line and
    a traceback of the snippet's own frames.  The traceback is made here,
    not by the traceback module: nothing of the snippet's is called while
    frames are read (only str(e), for the message, outside of that)."""
    entries = []
    tb = e.__traceback__
    while tb is not None and len(entries) < 1000:
        co = _code(_tb_frame(tb))
        if co.co_filename == _SNIPPET:
            entries.append((tb.tb_lineno, co.co_name))
        tb = tb.tb_next
    line = entries[-1][0] if entries else getattr(e, "_ts_line", None)
    if isinstance(e, SyntaxError) and type(e.filename) is str and e.filename == _SNIPPET:
        line = e.lineno if type(e.lineno) is int else None
    try:
        message = _text(e, _MAX_MESSAGE)
    except BaseException:
        message = "<exception str() failed>"
    name = type(e).__name__
    name = name if type(name) is str else "Exception"
    cached = _lc.cache.get(_SNIPPET)
    lines = cached[2] if cached else []
    out = []
    if entries:
        out.append("Traceback (most recent call last):\n")
        for ln, fn in entries:
            out.append('  File "%s", line %d, in %s\n' % (_SNIPPET, ln, fn))
            if 1 <= ln <= len(lines):
                out.append("    %s\n" % lines[ln - 1].strip())
    elif isinstance(e, SyntaxError) and line:
        out.append('  File "%s", line %d\n' % (_SNIPPET, line))
        text = e.text if type(e.text) is str else None
        if text:
            stripped = text.rstrip("\n")
            indent = len(stripped) - len(stripped.lstrip())
            out.append("    %s\n" % stripped.strip())
            if type(e.offset) is int and e.offset > indent:
                out.append("    %s^\n" % (" " * (e.offset - 1 - indent)))
    out.append("%s: %s\n" % (name, message) if message else "%s\n" % name)
    trace = _text("".join(out), _MAX_TRACEBACK)
    return {"error": {"type": name, "message": message, "traceback": trace, "line": line}}


# The report is written with the C string encoder, bound here: the json
# module's classes and functions are the snippet's to change by the time
# the report is made.
from _json import encode_basestring_ascii as _quote  # noqa: E402


class _Raw:
    """JSON text the runner made itself (section 7), put in the report as
    it is."""
    __slots__ = ("text",)

    def __init__(self, text):
        self.text = text


def _clean(s):
    """s (a plain str) with any lone surrogate written as a backslash
    escape: JSON has no way to say one (the server would find the whole
    report malformed)."""
    if not s.isascii():
        try:
            s.encode("utf-8")
        except UnicodeEncodeError:
            s = s.encode("utf-8", "backslashreplace").decode("utf-8")
    return s


def _encode(v):
    t = type(v)
    if v is None:
        return "null"
    if t is str:
        return _quote(_clean(v))
    if t is _Raw:
        return v.text
    if t is bool:
        return "true" if v else "false"
    if t is int:
        return int.__repr__(v)
    if t is list:
        return "[" + ",".join([_encode(x) for x in v]) + "]"
    if t is dict:
        return "{" + ",".join([_quote(k) + ":" + _encode(x) for k, x in dict.items(v)]) + "}"
    return "null"


def _dump(obj):
    try:
        return _encode(obj).encode()
    except BaseException:
        return b'{"error":{"type":"MemoryError","message":"","traceback":"","line":null}}'


# ---- 1. the compiled code ----

_OP = _dis.opmap
_ATTR_OPS = frozenset(_OP[n] for n in ("LOAD_ATTR", "LOAD_METHOD"))
_ATTR_SET_OPS = frozenset(_OP[n] for n in ("STORE_ATTR", "DELETE_ATTR"))
_NAME_LOAD_OPS = frozenset(_OP[n] for n in ("LOAD_NAME",))
_NAME_STORE_OPS = frozenset(_OP[n] for n in ("STORE_NAME", "STORE_GLOBAL", "DELETE_NAME",
                                               "DELETE_GLOBAL"))
_SELF_LOADS = frozenset(_OP[n] for n in ("LOAD_FAST", "LOAD_DEREF", "LOAD_CLOSURE"))
_CONST_OK = frozenset(("__main__",)) | _ATTR_READ | _NAME_STORE


# numpy's protocols: an object with __array_interface__ (or
# __array_struct__) is read as memory at the address it gives.
_ARRAY_PROTOCOL = frozenset((
    "__array__", "__array_interface__", "__array_struct__", "__array_priority__",
    "__array_ufunc__", "__array_function__", "__array_wrap__", "__array_finalize__",
    "__array_prepare__", "__dlpack__", "__dlpack_device__"))


def _meaningful_dunders():
    """The dunder names the interpreter gives a meaning to: those of the
    core types, plus the module, import and class-creation ones.  A string
    constant that is one of these (and not safe) is refused; "__date__" as
    a JSON key means nothing to Python and passes."""
    names = set()
    for t in (object, type, _types.FunctionType, _types.ModuleType, _types.CodeType,
              _types.FrameType, _types.GeneratorType, _types.CoroutineType,
              _types.TracebackType, _types.MethodType, _types.BuiltinFunctionType,
              BaseException, property, classmethod, staticmethod, super, dict, int, str,
              tuple, list):
        names.update(n for n in dir(t) if _is_dunder(n))
    names.update((
        "__builtins__", "__globals__", "__import__", "__loader__", "__spec__", "__path__",
        "__file__", "__cached__", "__package__", "__build_class__", "__closure__",
        "__code__", "__defaults__", "__kwdefaults__", "__func__", "__self__",
        "__wrapped__", "__match_args__", "__subclasshook__", "__instancecheck__",
        "__subclasscheck__", "__prepare__", "__mro_entries__", "__orig_bases__",
        "__set_name__", "__class_getitem__", "__init_subclass__", "__getattr__",
        "__traceback__", "__dict__", "__weakref__", "__objclass__", "__abstractmethods__",
        ) + tuple(_ARRAY_PROTOCOL))
    return frozenset(names)


_MEANINGFUL = _meaningful_dunders()


def _format_fields(s):
    """The attribute and item names of every field of a format string, as
    str.format itself parses them ("{0.__globals__}", "{x[_y].z}"); a string
    that is no valid format yields nothing (str.format refuses it too)."""
    try:
        for _, field, spec, _ in _format_parser(s):
            for f in (field, spec):
                if f:
                    _, rest = _field_split(f)
                    for _, name in rest:
                        if type(name) is str:
                            yield name
                    if f is spec and "{" in spec:
                        yield from _format_fields(spec)
    except (ValueError, TypeError):
        return


def _strings(v, depth=0):
    if type(v) is str:
        yield v
    elif type(v) in (tuple, frozenset) and depth < 20:
        for x in v:
            yield from _strings(x, depth + 1)


def _suspicious(n):
    return n[:1] == "_" or n in _INTERNAL or n[:3] == "co_" or n in ("format", "format_map")


def _line_at(co, offset):
    line = co.co_firstlineno
    for start, end, ln in co.co_lines():
        if start <= offset < end and ln is not None:
            return ln
    return line


def check_code(co):
    """Returns None, or (line, what) for the first refused use in co or the
    code objects nested in it.  It reads the bytecode itself (what runs),
    so every position a name can take in the source is covered: aliases,
    captures, parameters, keywords, class-pattern attributes."""
    todo = [co]
    while todo:
        co = todo.pop()
        for n in co.co_varnames + co.co_cellvars + co.co_freevars:
            if _is_dunder(n) and n != "__class__":
                return co.co_firstlineno, "the name '%s'" % n
        for c in co.co_consts:
            if type(c) is _types.CodeType:
                todo.append(c)
            else:
                for s in _strings(c):
                    if _is_dunder(s) and s in _MEANINGFUL and s not in _CONST_OK:
                        return co.co_firstlineno, "the string '%s'" % s[:60]
                    if "{" in s:
                        for n in _format_fields(s):
                            why = _bad_name(n, _ATTR_READ)
                            if why:
                                return co.co_firstlineno, "the %s attribute '%s' in a " \
                                    "format string" % (why, n[:60])
        names = co.co_names
        code = co.co_code
        # Nothing to look at instruction by instruction: the common case.
        if not any(_suspicious(n) for n in names) and _OP["MATCH_CLASS"] not in code[::2]:
            continue
        bad = _check_ops(co, names, code)
        if bad:
            return _line_at(co, bad[0]), bad[1]
    return None


def _check_ops(co, names, code):
    ext = 0
    prev_op = prev_arg = None
    before_op = before_arg = None  # the op before prev
    aug = None  # self.<name> loaded for an augmented assignment
    for i in range(0, len(code), 2):
        op, arg = code[i], code[i + 1] | ext
        if op == _OP["EXTENDED_ARG"]:
            ext = arg << 8
            continue
        ext = 0
        if op == _OP["CACHE"]:
            continue
        if op in _ATTR_OPS or op in _ATTR_SET_OPS:
            name = names[arg]
            why = _bad_name(name, _ATTR_READ if op in _ATTR_OPS else _ATTR_WRITE)
            if name == "__class__" and op in _ATTR_OPS:
                j = i + 2
                while j < len(code) and code[j] == _OP["CACHE"]:
                    j += 2
                if j < len(code) and code[j] == _OP["LOAD_ATTR"] and \
                        names[code[j + 1]] in ("__name__", "__qualname__"):
                    why = None  # type(self).__name__ spelt the usual way
            if name in ("format", "format_map") and op in _ATTR_OPS:
                # str.format reads "{0.attr[key]}" fields by name: only a
                # constant format string (its fields checked above) may be
                # used, never one built at run time.
                if name == "format_map" or prev_op != _OP["LOAD_CONST"] or \
                        type(co.co_consts[prev_arg]) is not str:
                    return i, "str.%s on a format string built at run time (use an " \
                        "f-string or a constant format string)" % name
                why = None
            if name in ("format", "format_map") and op in _ATTR_SET_OPS:
                why = None  # an attribute of that name on an object of the snippet's
            if why == "private":
                if prev_op in _SELF_LOADS and co._varname_from_oparg(prev_arg) in ("self", "cls"):
                    why = None
                elif prev_op == _OP["COPY"] and before_op in _SELF_LOADS and \
                        co._varname_from_oparg(before_arg) in ("self", "cls"):
                    why, aug = None, name  # self._x += 1: the load
                elif prev_op == _OP["SWAP"] and op == _OP["STORE_ATTR"] and name == aug:
                    why, aug = None, None  # ... and the store
            if why:
                return i, "the %s attribute '%s'" % (why, name)
        elif op == _OP["LOAD_GLOBAL"] or op in _NAME_LOAD_OPS:
            name = names[arg >> 1] if op == _OP["LOAD_GLOBAL"] else names[arg]
            if _is_dunder(name) and name not in _NAME_LOAD:
                return i, "the name '%s'" % name
        elif op in _NAME_STORE_OPS:
            name = names[arg]
            if _is_dunder(name) and name not in _NAME_STORE:
                return i, "binding the name '%s'" % name
        elif op == _OP["IMPORT_FROM"]:
            why = _bad_name(names[arg], frozenset())
            if why:
                return i, "importing the %s name '%s'" % (why, names[arg])
        elif op == _OP["IMPORT_NAME"]:
            name = names[arg]
            if name != "__future__" and any(_is_dunder(p) for p in name.split(".")):
                return i, "importing '%s'" % name
        elif op == _OP["MATCH_CLASS"] and prev_op == _OP["LOAD_CONST"]:
            for s in _strings(co.co_consts[prev_arg]):
                why = _bad_name(s, _ATTR_READ)
                if why:
                    return i, "the %s class-pattern attribute '%s'" % (why, s)
        before_op, before_arg = prev_op, prev_arg
        prev_op, prev_arg = op, arg
    return None


# ---- 2. module views ----

class _View(_types.ModuleType):
    """A module as a snippet sees it: its public attributes, nothing else.
    The real module is in no attribute of it (a method called with a view
    as its `self` would read it)."""


# Public functions a snippet may replace on the real module through its
# view, so that the module's own code calls the replacement: the warnings
# module's documented customisation points.  Nothing else is written
# through: the runner and the stdlib call module functions (json.dumps,
# re.split, ...) after the snippet has run.
_WRITE_THROUGH = {"warnings": ("showwarning", "formatwarning")}


def _write_through_view(name, real, names):
    def __setattr__(self, attr, value):
        if type(attr) is str and attr in names:
            setattr(real, attr, value)
        object.__setattr__(self, attr, value)

    cls = type("module", (_View,), {"__setattr__": __setattr__, "__module__": "builtins"})
    return cls(name, getattr(real, "__doc__", None))


def _catch_warnings(warnings):
    """warnings.catch_warnings keeps the real warnings module in self._module,
    where any method called with it as `self` could read it: this one keeps
    it in a closure, and the state it saves in a list of its own."""
    real_filters_mutated = warnings._filters_mutated

    class catch_warnings:
        __doc__ = warnings.catch_warnings.__doc__

        def __init__(self, *, record=False, action=None, category=Warning, lineno=0,
                     append=False):
            self.record = record
            self.action = (action, category, lineno, append)

        def __enter__(self):
            if type(self) is not catch_warnings:
                raise TypeError("catch_warnings: not a context manager of its own")
            saved = self.__dict__.setdefault("saved", [])
            if type(saved) is not list:
                raise TypeError("catch_warnings: not a context manager of its own")
            list.append(saved, (warnings.filters, warnings.showwarning,
                                warnings._showwarnmsg_impl))
            warnings.filters = warnings.filters[:]
            real_filters_mutated()
            action, category, lineno, append = self.action
            if action is not None:
                warnings.simplefilter(action, category, lineno, append)
            if self.record:
                log = []
                warnings._showwarnmsg_impl = log.append
                warnings.showwarning = warnings._showwarning_orig
                return log
            return None

        def __exit__(self, *exc_info):
            saved = self.__dict__.get("saved") if type(self) is catch_warnings else None
            if type(saved) is not list or not saved:
                raise RuntimeError("Cannot exit catch_warnings without entering first")
            warnings.filters, warnings.showwarning, warnings._showwarnmsg_impl = list.pop(saved)
            real_filters_mutated()

    catch_warnings.__module__ = "warnings"
    catch_warnings.__qualname__ = "catch_warnings"
    return catch_warnings


def _redirect(stream):
    """contextlib.redirect_stdout/stderr look their stream up by the name in
    self._stream, which a subclass may set to any name of sys: these fix it."""
    import contextlib

    class redirect(contextlib.AbstractContextManager):
        def __init__(self, new_target):
            self._new_target = new_target
            self.__dict__["saved"] = []

        def __enter__(self):
            list.append(saved_of(self), getattr(_sys, stream))
            setattr(_sys, stream, self._new_target)
            return self._new_target

        def __exit__(self, *exc_info):
            setattr(_sys, stream, list.pop(saved_of(self)))

    def saved_of(self):
        # a plain list, whatever a foreign self or a subclass put there
        saved = self.__dict__.get("saved") if type(self) is redirect else None
        if type(saved) is not list:
            raise TypeError("%s: not a context manager of its own" % redirect.__name__)
        return saved

    redirect.__name__ = redirect.__qualname__ = "redirect_" + stream
    redirect.__module__ = "contextlib"
    return redirect


_REPLACED = {}  # (module, name) -> the object its view holds instead

# Whether a frame runs (or is called by, through the standard library) a
# profile's package: the science profile trusts its packages' own copies,
# compiles and class making (make() sets it; never in the default profile).
_PKG_TRUST = [lambda f: False]


_AS_STRIDED = """\
def as_strided(x, shape=None, strides=None, subok=False, writeable=True):
    x = _ts_np.array(x, copy=False, subok=subok)
    view = _ts_as_strided(x, shape, strides, subok, writeable)
    _ts_strided_check(x, view)
    return view
"""


def _guard_as_strided():
    """numpy's as_strided, where numpy is loaded (the science profile),
    checked where every caller reaches it: the view it makes must lie in
    the memory of the array it was made from (the array that owns it).
    The name is refused to snippets, but packages call it with shapes and
    strides a snippet chose (sliding_window_view checks its window with the
    snippet's own comparisons, then asked for 2**56 bytes).  A view past
    that memory is refused through the audit hook while a snippet runs.
    The function object itself gets the new code, so that every module
    that imported it calls the check."""
    st = _sys.modules.get("numpy.lib.stride_tricks")
    np = _sys.modules.get("numpy")
    if st is None or np is None:
        return
    fn = st.as_strided
    orig = _types.FunctionType(fn.__code__, fn.__globals__, fn.__name__, fn.__defaults__,
                               fn.__closure__)
    ndarray, byte_bounds = np.ndarray, np.byte_bounds

    def check(x, view):
        owner = x
        while isinstance(owner.base, ndarray):
            owner = owner.base
        lo, hi = byte_bounds(view)
        olo, ohi = byte_bounds(owner)
        if view.size and (lo < olo or hi > ohi):
            _sys.audit("tool_sandbox.as_strided", "a view past the memory of its array")

    g = fn.__globals__
    g["_ts_np"], g["_ts_as_strided"], g["_ts_strided_check"] = np, orig, check
    ns = {}
    exec(compile(_AS_STRIDED, fn.__code__.co_filename, "exec"), g, ns)
    fn.__code__ = ns["as_strided"].__code__


def _refused_objects(names):
    """The ids of the objects a profile refuses by dotted name (a module, or
    a module's attribute), as this process has them, and of the real
    reflective builtins, which a module may re-export (mpmath's exec_):
    the snippet's builtins are other objects."""
    ids = {id(getattr(_b, n)) for n in _REFLECTIVE + ("type", "__import__")}
    ids.add(id(_sys._getframe))
    for name in names:
        mod, _, attr = name.rpartition(".")
        obj = _sys.modules.get(name)
        if obj is None and mod in _sys.modules:
            obj = getattr(_sys.modules[mod], attr, None)
        if obj is not None:
            ids.add(id(obj))
    return ids


def _module_views(allowed_fn, refused=frozenset()):
    """A view of each allowed module: its public attributes, and instead of
    a module, that module's view (or nothing when it is not allowed).  An
    object the profile refuses (refused: ids) is in no view, under any of
    the names modules re-export it as."""
    views = {}
    mods = {n: m for n, m in list(_sys.modules.items())
            if isinstance(m, _types.ModuleType) and allowed_fn(n)}
    for name, mod in mods.items():
        if name in _WRITE_THROUGH:
            views[name] = _write_through_view(name, mod, _WRITE_THROUGH[name])
        else:
            views[name] = _View(name, getattr(mod, "__doc__", None))
    for name, mod in mods.items():
        view = views[name]
        d = dict(vars(mod))
        if "__version__" not in d and "__getattr__" in d:
            # a version the module makes on first use (matplotlib's):
            # made here, in the zygote
            try:
                v = getattr(mod, "__version__", None)
                if type(v) is str:
                    d["__version__"] = v
            except Exception:
                pass
        for k, v in d.items():
            if k[:1] == "_" and k not in ("__all__", "__version__"):
                continue
            if k == "__all__":
                v = tuple(n for n in v if type(n) is str and n[:1] != "_")
            v = _REPLACED.get((name, k), v)
            if id(v) in refused:
                continue
            if isinstance(v, _types.ModuleType):
                vn = getattr(v, "__name__", None)
                if vn in views:
                    setattr(view, k, views[vn])
                continue
            setattr(view, k, v)
    return views


# ---- the standard policy's views (grant("standard")) ----

# What the standard policy adds to the snippet's modules (policy.c:
# standard_modules).  Each is imported here, in the zygote (a child cannot
# map a new extension, and the import of asyncio alone reads 30 modules),
# and reached only through a view made here: a module of its own below, or
# the module's public attributes less the names in _VIEW_DROP.
_STANDARD_MODULES = frozenset(_RULES["standard-modules"])
# Names left out of a module's generic view: they hand out frames, trace
# hooks or the loader of any module by name.  (What they would reach is
# refused by the audit hook as well: this keeps the answer an honest
# AttributeError instead of a refusal deep inside the module.)
_VIEW_DROP = {
    "logging": ("currentframe", "setLoggerClass", "setLogRecordFactory"),
    "threading": ("settrace", "setprofile", "settrace_all_threads", "setprofile_all_threads",
                  "gettrace", "getprofile", "excepthook", "stack_size"),
    "asyncio": ("set_event_loop_policy", "set_child_watcher", "get_child_watcher"),
    "unittest": ("mock",),
    "weakref": (),
    "pathlib": (),
}
# io's in-memory streams: no FileIO (it opens any path or descriptor); open
# is the files capability's confined one (run()).
_IO_MEMBERS = tuple(n for n in _RULES["view.io"] if n != "open")  # open: run()
# sys: constants and the functions that read no frame.  stdout, stderr and
# stdin are the child's own (the view reads and writes them through),
# modules is a read-only map of the views a snippet may import.
# (the view's own: made in _sys_view, not copied from sys)
_SYS_OWN = ("stdout", "stderr", "stdin", "setrecursionlimit", "implementation", "argv",
            "modules", "builtin_module_names")
_SYS_MEMBERS = tuple(n for n in _RULES["view.sys"] if n not in _SYS_OWN)
_SYS_STREAMS = ("stdout", "stderr", "stdin")
_RECURSION_MAX = 100000
# traceback: the formatting functions (their frame reads are trusted as
# those functions' code, _Audit.frame_readers); no walk_stack, walk_tb or
# StackSummary.extract, which hand out frames or read their locals.
_TRACEBACK_MEMBERS = _RULES["view.traceback"]
# types: the classes ordinary code names for isinstance() and the two it
# makes (SimpleNamespace, MappingProxyType); no CodeType, FrameType,
# TracebackType or CellType.
_TYPES_MEMBERS = _RULES["view.types"]
# os: path computation, the working directory's files (the audit hook
# holds them to it, with the files capability) and a few constants.  The
# environment is a fixed one: the child's own names nothing of the host's,
# but a snippet needs none of it.
_OS_OWN = ("path", "environ", "getenv")  # made in _os_view
_OS_MEMBERS = tuple(n for n in _RULES["view.os"] if n not in _OS_OWN)
_OS_ENVIRON = {"HOME": "/tmp", "PATH": "/usr/local/bin:/usr/bin:/bin", "LANG": "C.UTF-8",
               "TMPDIR": "/tmp", "USER": "sandbox"}

# The audit events of the file system the views reach, allowed with the
# files capability on paths inside the working directory (_fs_why): the
# argument positions that are paths, and those that must be None (dir_fd:
# a descriptor would resolve the path elsewhere).
_FS_EVENTS = {
    "os.listdir": ((0,), ()), "os.scandir": ((0,), ()), "os.mkdir": ((0,), (2,)),
    "os.remove": ((0,), (1,)), "os.rmdir": ((0,), (1,)), "os.rename": ((0, 1), (2, 3)),
    "os.utime": ((0,), (3,)), "os.chmod": ((0,), (2,)), "os.truncate": ((0,), ()),
    "glob.glob": ((0,), ()), "glob.glob/2": ((0, 2), (3,)),
    "shutil.copyfile": ((0, 1), ()), "shutil.copymode": ((0, 1), ()),
    "shutil.copystat": ((0, 1), ()), "shutil.copytree": ((0, 1), ()),
    "shutil.rmtree": ((0,), (1,)), "shutil.move": ((0, 1), ()),
    "tempfile.mkstemp": ((0,), ()), "tempfile.mkdtemp": ((0,), ()),
}
# Modules whose own frames open files for the snippet (Path.open, copyfile,
# ElementTree.parse, a FileHandler, NamedTemporaryFile): with the files
# capability, an open there is allowed on a confined path.  None of them
# passes an opener of the caller's.
_FILE_MODULES = ("pathlib", "shutil", "tempfile", "xml.etree.ElementTree", "logging",
                 "logging.handlers")


def _fs_why(event, args):
    """Why a file system event of _FS_EVENTS is refused, or None."""
    paths, nones = _FS_EVENTS[event]
    if "files" not in _CAPS:
        return "the working directory's files need the files capability"
    for i in nones:
        if len(args) > i and args[i] is not None and not (type(args[i]) is int and
                                                          args[i] == -1):
            return "a directory descriptor"
    for i in paths:
        p = args[i] if len(args) > i else None
        if p is None and event in ("os.listdir", "os.scandir") and i == 0:
            continue
        if event == "glob.glob/2" and i == 2 and p is None:
            continue
        why = _confined_path_why(p)
        if why:
            return why
    return None


def _make_view(name, real, members):
    view = _View(name, getattr(real, "__doc__", None))
    for n in members:
        if hasattr(real, n):
            setattr(view, n, getattr(real, n))
    return view


def _io_view():
    return _make_view("io", _io, _IO_MEMBERS)


def _sys_view(views, refuse):
    """sys as a snippet sees it: constants, bounded setrecursionlimit, the
    child's streams read and written through, modules as the views."""
    real_setrecursionlimit = _sys.setrecursionlimit

    class module(_View):
        def __getattr__(self, attr):
            if type(attr) is str and attr in _SYS_STREAMS:
                return getattr(_sys, attr)
            raise AttributeError("the sandbox's sys has no attribute %r" % (attr,))

        def __setattr__(self, attr, value):
            if type(attr) is str and attr in _SYS_STREAMS:
                setattr(_sys, attr, value)
                return
            object.__setattr__(self, attr, value)

    module.__module__ = "builtins"
    view = _make_view("sys", _sys, _SYS_MEMBERS)
    view.__class__ = module

    def setrecursionlimit(limit):
        """setrecursionlimit(limit): at most %d in the sandbox (a larger
        limit is taken as that)."""
        if type(limit) is not int:
            raise TypeError("'%s' object cannot be interpreted as an integer" %
                            type(limit).__name__)
        real_setrecursionlimit(min(limit, _RECURSION_MAX))

    setrecursionlimit.__doc__ = setrecursionlimit.__doc__ % _RECURSION_MAX
    view.setrecursionlimit = setrecursionlimit
    impl = _types.SimpleNamespace(name=_sys.implementation.name,
                                  version=_sys.implementation.version,
                                  cache_tag=_sys.implementation.cache_tag)
    view.implementation = impl
    view.argv = [""]
    view.modules = _types.MappingProxyType(views)
    view.builtin_module_names = ()
    return view, setrecursionlimit.__code__


def _os_view(path_view):
    import os
    view = _make_view("os", os, _OS_MEMBERS)
    view.path = path_view
    view.environ = dict(_OS_ENVIRON)
    env = view.environ

    def getenv(key, default=None):
        """getenv(key, default=None): from the sandbox's environment."""
        return env.get(key, default)

    view.getenv = getenv
    return view


class _NoIOSelector:
    """The event loop's selector in the sandbox: timers only.  A child has
    no sockets, pipes or threads; a loop with nothing to wait for but I/O
    says so instead of hanging to the deadline."""

    def register(self, fileobj, events, data=None):
        raise NotImplementedError("asyncio in the sandbox runs coroutines and timers only: "
                                  "no sockets, pipes or subprocesses")

    modify = register

    def unregister(self, fileobj):
        raise KeyError(fileobj)

    def select(self, timeout=None):
        import time
        if timeout is None:
            raise RuntimeError("the event loop waits for I/O, which the sandbox has none of "
                               "(every task is blocked)")
        if timeout > 0:
            time.sleep(timeout)
        return []

    def close(self):
        pass

    def get_key(self, fileobj):
        raise KeyError(fileobj)

    def get_map(self):
        return {}


def _sandbox_asyncio():
    """An event loop policy whose loops run on _NoIOSelector, with no self
    pipe (a socket pair: the loop's wake-up from other threads and
    signals, neither of which a child has)."""
    import asyncio

    class SandboxEventLoop(asyncio.SelectorEventLoop):
        def __init__(self):
            super().__init__(_NoIOSelector())

        def _make_self_pipe(self):
            self._ssock = self._csock = None

        def _close_self_pipe(self):
            pass

        def _write_to_self(self):
            pass

        def _process_self_data(self, data):
            pass

        def add_signal_handler(self, sig, callback, *args):
            raise RuntimeError("signal handlers are not available in the sandbox")

        def remove_signal_handler(self, sig):
            return False

    class SandboxPolicy(asyncio.DefaultEventLoopPolicy):
        _loop_factory = SandboxEventLoop

    SandboxEventLoop.__module__ = SandboxPolicy.__module__ = "asyncio"
    asyncio.set_event_loop_policy(SandboxPolicy())


def _import_standard():
    """Imports the standard policy's modules, in the zygote.  ssl is kept
    out (asyncio imports it if it can): a child has no sockets, and libssl
    would add about 4 MB to the zygote that every fork copies the page
    tables of."""
    no_ssl = "ssl" not in _sys.modules
    if no_ssl:
        _sys.modules["ssl"] = None
    try:
        for name in sorted(_STANDARD_MODULES):
            try:
                __import__(name)
            except ImportError:
                pass
    finally:
        if no_ssl and _sys.modules.get("ssl", 0) is None:
            del _sys.modules["ssl"]
    if "asyncio" in _sys.modules:
        _sandbox_asyncio()


def _guard_standard(refuse, explain):
    """The standard modules' entry points that take a name as data and
    would resolve it with the real __import__ or getattr, in their own
    frames: checked here, in the zygote, on the real classes (a view of a
    class would leave the real one one __bases__ away).  refuse(where,
    detail, frame) raises SandboxRefused; explain() is false where the
    Python layer is off (the kernel's own answers then come unchanged)."""
    def bad_path(name):
        return type(name) is not str or any(_bad_name(p, _ATTR_READ) for p in name.split("."))

    if "unittest" in _sys.modules:
        # (the package's `main` is TestProgram itself, not its module)
        loader = _sys.modules["unittest.loader"].TestLoader
        program = _sys.modules["unittest.main"].TestProgram
        real_from_name, real_init = loader.loadTestsFromName, program.__init__
        real_discover = loader.discover

        def loadTestsFromName(self, name, module=None):
            """Tests by a dotted name, looked up in `module` (the sandbox
            imports no module by name)."""
            if not explain():
                return real_from_name(self, name, module)
            if module is None:
                refuse("unittest", "loading tests from a module by its name", _frame(1))
            if bad_path(name):
                refuse("unittest", "the test name %r" % (str(name)[:60],), _frame(1))
            return real_from_name(self, name, module)

        def discover(self, start_dir, pattern="test*.py", top_level_dir=None):
            """Not in the sandbox: it imports modules from files."""
            if not explain():
                return real_discover(self, start_dir, pattern, top_level_dir)
            refuse("unittest", "test discovery (it imports modules from files)", _frame(1))

        def __init__(self, module="__main__", *args, **kw):
            if not explain():
                return real_init(self, module, *args, **kw)
            if type(module) is str and module != "__main__":
                refuse("unittest", "unittest.main of the module %r (the snippet's own is "
                       "'__main__')" % (module[:60],), _frame(1))
            if module is not None and type(module) is not str and \
                    not isinstance(module, _types.ModuleType):
                refuse("unittest", "unittest.main of an object that is not a module", _frame(1))
            real_init(self, module, *args, **kw)

        loadTestsFromName.__qualname__ = "TestLoader.loadTestsFromName"
        discover.__qualname__ = "TestLoader.discover"
        __init__.__qualname__ = "TestProgram.__init__"
        loader.loadTestsFromName, loader.discover = loadTestsFromName, discover
        program.__init__ = __init__
    if "logging" in _sys.modules:
        import logging
        style = logging.StrFormatStyle
        real_format = style._format

        def _format(self, record):
            # str.format on the handler's format string, in logging's frame:
            # its fields name attributes, checked like the snippet's own
            fmt = self._fmt
            if not explain():
                return real_format(self, record)
            if type(fmt) is not str:
                refuse("logging", "a format that is not a str", _frame(1))
            for n in _format_fields(fmt):
                if _bad_name(n, _ATTR_READ):
                    refuse("logging", "the field name %r of a '{' format" % (n[:60],),
                           _frame(1))
            return real_format(self, record)

        style._format = _format
    if "threading" in _sys.modules:
        import threading
        real_start = threading.Thread.start

        def start(self):
            """The kernel refuses a child's threads (its filter has no
            clone of a thread): its RuntimeError, with the way out."""
            try:
                real_start(self)
            except RuntimeError as e:
                if not explain():
                    raise
                raise RuntimeError("%s: the sandbox runs one thread (use asyncio for "
                                   "concurrency)" % (e,)) from None

        start.__qualname__ = "Thread.start"
        threading.Thread.start = start


def _codes(*objs):
    """The code objects of functions and of the methods of classes, with
    the code nested in them (generators, closures)."""
    out = set()

    def add(co):
        if type(co) is _types.CodeType and co not in out:
            out.add(co)
            for c in co.co_consts:
                add(c)

    for o in objs:
        if isinstance(o, type):
            for v in vars(o).values():
                v = getattr(v, "__func__", v)
                add(getattr(v, "__code__", None))
        else:
            add(getattr(o, "__code__", None))
    return out


def _standard_views(views, module_allowed, refused, refuse):
    """The standard policy's views, added to `views` (make()).  A module
    the operator allowed by name (--allowed-modules +os) keeps the view it
    has under strict."""
    operator = dict(views)
    std = {n: m for n, m in _sys.modules.items() if n in _STANDARD_MODULES and
           isinstance(m, _types.ModuleType)}
    custom = {"io", "sys", "os", "os.path", "types", "traceback"}
    generic = _module_views(lambda n: n in std and n not in custom, refused)
    views["io"] = _io_view()
    views["types"] = _make_view("types", _types, _TYPES_MEMBERS)
    import traceback
    views["traceback"] = _make_view("traceback", traceback, _TRACEBACK_MEMBERS)
    if "os.path" in std:
        views["os.path"] = _module_views(lambda n: n == "posixpath")["posixpath"]
        views["os.path"].__name__ = "posixpath"
        views["os"] = _os_view(views["os.path"])
    sys_view, setrec = _sys_view(views, refuse)
    views["sys"] = sys_view
    for name, view in generic.items():
        for n in _VIEW_DROP.get(name, ()):
            view.__dict__.pop(n, None)
        views[name] = view
    # A module attribute that is a module got its view only when that
    # view already existed: done again now that all of them do.
    for name, view in generic.items():
        for k, v in list(vars(std[name]).items()):
            if isinstance(v, _types.ModuleType) and k[:1] != "_":
                vn = getattr(v, "__name__", None)
                if vn in views:
                    setattr(view, k, views[vn])
                elif vn == "posixpath" and "os.path" in views:
                    setattr(view, k, views["os.path"])
    # Packages reached by a dotted import (import xml.etree.ElementTree)
    # that are not themselves importable: a view holding only the allowed
    # submodules.
    for name in sorted(std, key=lambda n: n.count(".")):
        parts = name.split(".")
        for i in range(1, len(parts)):
            parent = ".".join(parts[:i])
            if parent not in views:
                views[parent] = _View(parent, None)
        for i in range(1, len(parts)):
            parent, child = ".".join(parts[:i]), ".".join(parts[:i + 1])
            if child in views:
                setattr(views[parent], parts[i], views[child])
    views.update(operator)
    return setrec


def _standard_builtins(refuse):
    """getattr, setattr, delattr and hasattr whose names pass the rule the
    code check applies to the attributes of the code (_bad_name), checked
    when they are called; vars() of the snippet's namespace, of its own
    objects, of a SimpleNamespace or of a module view.  A refusal raises
    SandboxRefused and goes into the audit trace."""
    real_getattr, real_setattr, real_delattr, real_hasattr = (
        _b.getattr, _b.setattr, _b.delattr, _b.hasattr)
    real_vars = _b.vars

    def check(where, name, allowed):
        # a plain str: a subclass could answer == or hash as it likes
        # while the C lookup reads its real characters
        if type(name) is not str:
            refuse(where, "an attribute name that is not a plain str", _frame(2))
        why = _bad_name(name, allowed)
        if why:
            refuse(where, "%s attribute name '%s'" % (why, name[:60]), _frame(2))

    def getattr(obj, name, *default):
        """getattr(object, name[, default]): the attribute, by a name the
        sandbox checks (no dunder outside the safe ones, no private name)."""
        check("getattr", name, _ATTR_READ)
        return real_getattr(obj, name, *default)

    def hasattr(obj, name):
        """hasattr(object, name), by a name the sandbox checks."""
        check("hasattr", name, _ATTR_READ)
        return real_hasattr(obj, name)

    def setattr(obj, name, value):
        """setattr(object, name, value), by a name the sandbox checks."""
        check("setattr", name, _ATTR_WRITE)
        real_setattr(obj, name, value)

    def delattr(obj, name):
        """delattr(object, name), by a name the sandbox checks."""
        check("delattr", name, _ATTR_WRITE)
        real_delattr(obj, name)

    def vars(*args):
        """vars() of the snippet's namespace (a copy), vars(obj) of its own
        objects, of a SimpleNamespace, or of a module (a copy)."""
        if not args:
            f = _frame(1)
            if f is None or _filename(f) != _SNIPPET:
                refuse("vars", "vars() outside the snippet's own code", f)
            ns = dict(f.f_locals)
            ns.pop("__builtins__", None)
            return ns
        if len(args) != 1:
            raise TypeError("vars expected at most 1 argument, got %d" % len(args))
        obj = args[0]
        t = _b.type(obj)
        if isinstance(obj, _View):
            return dict(real_vars(obj))
        if t is _types.SimpleNamespace:
            return real_vars(obj)
        if not isinstance(obj, (_b.type, _types.ModuleType)) and t.__dictoffset__ == 0:
            return real_vars(obj)  # no __dict__: vars' own TypeError
        if not isinstance(obj, _b.type) and t.__dict__.get("__module__") == "__main__" and \
                t.__dict__.get("__module__") is not None:
            return real_vars(obj)
        refuse("vars", "vars() of a %s object: only the snippet's own objects" %
               str(t.__name__)[:60], _frame(1))

    real_dir = _b.dir

    def dir(*args):
        """dir() of the snippet's namespace, or dir(obj): the names of obj
        that getattr accepts (no dunder outside the safe ones, no private
        name), so that getattr(obj, n) for n in dir(obj) reads each."""
        if not args:
            f = _frame(1)
            if f is None or _filename(f) != _SNIPPET:
                refuse("dir", "dir() outside the snippet's own code", f)
            return sorted(k for k in f.f_locals if k != "__builtins__")
        return [n for n in real_dir(*args)
                if type(n) is str and not _bad_name(n, _ATTR_READ)]

    return {"getattr": getattr, "hasattr": hasattr, "setattr": setattr,
            "delattr": delattr, "vars": vars, "dir": dir}


# ---- 3, 4, 5: builtins, string-named attribute sinks, classes ----

def _safe_type(refuse):
    real = _b.type

    class _TypeMeta(real):
        def __call__(cls, *args, **kw):
            if len(args) == 1 and not kw:
                t = real(args[0])
                return cls if t is real or t is _TypeMeta else t
            refuse("type", "type() with %d arguments: a class from a namespace dict; use a "
                   "class statement" % (len(args) + len(kw)), _frame(1))

        def __instancecheck__(cls, obj):
            return isinstance(obj, real)

        def __subclasscheck__(cls, sub):
            return issubclass(sub, real)

        def __getitem__(cls, item):
            return real[item]

        def __repr__(cls):
            return "<class 'type'>"

    t = _TypeMeta("type", (), {"__doc__": real.__doc__, "__module__": "builtins"})
    return t


def _guard_sinks(check):
    """Wraps, once in the zygote, the stdlib functions that read or write
    an attribute named by a string."""
    import functools
    import operator
    import string

    real_attrgetter, real_methodcaller = operator.attrgetter, operator.methodcaller

    # The names must be plain str: a str subclass can answer split(),
    # len() or == as it likes while the C code reads its real characters.
    # They hand out a plain function around the C getter: type() of the
    # C object would be the unguarded class itself.
    def attrgetter(*names):
        for n in names:
            if type(n) is not str:
                check("operator.attrgetter", "?", always=True)
            for part in str.split(n, "."):
                check("operator.attrgetter", part)
        get = real_attrgetter(*names)
        return lambda obj: get(obj)

    def methodcaller(name, *args, **kw):
        if type(name) is not str:
            check("operator.methodcaller", "?", always=True)
        check("operator.methodcaller", name)
        call = real_methodcaller(name, *args, **kw)
        return lambda obj: call(obj)

    real_get_field = string.Formatter.get_field

    def get_field(self, field_name, args, kwargs):
        if type(field_name) is not str:
            check("string.Formatter", "?", always=True)
        try:
            _, rest = _field_split(field_name)
            names = [n for _, n in rest]
        except (ValueError, TypeError):
            names = []
        for n in names:
            if type(n) is str:
                check("string.Formatter", n)
        return real_get_field(self, field_name, args, kwargs)

    real_update_wrapper = functools.update_wrapper
    assignments, updates = tuple(functools.WRAPPER_ASSIGNMENTS), tuple(functools.WRAPPER_UPDATES)

    def update_wrapper(wrapper, wrapped, assigned=functools.WRAPPER_ASSIGNMENTS,
                       updated=functools.WRAPPER_UPDATES):
        if isinstance(wrapper, (type, _types.ModuleType)):
            # it would set the class's __module__ (and name) after the class
            # guard has seen it
            check("functools.update_wrapper", "a class as the wrapper", always=True)
        assigned, updated = tuple(assigned), tuple(updated)
        for n in assigned + updated:
            if type(n) is not str or (n not in assignments and n not in updates):
                check("functools.update_wrapper", n if type(n) is str else "?", always=True)
        return real_update_wrapper(wrapper, wrapped, assigned, updated)

    attrgetter.__doc__ = real_attrgetter.__doc__
    methodcaller.__doc__ = real_methodcaller.__doc__
    operator.attrgetter, operator.methodcaller = attrgetter, methodcaller
    string.Formatter.get_field = get_field
    functools.update_wrapper = update_wrapper


def _guard_classes(refuse, armed):
    """dataclasses pastes field names into the source it execs: they must be
    plain identifiers.  A dataclass's __match_args__ lists its fields,
    private ones too, and a positional class pattern reads them by name:
    keep the public ones.  enum.global_enum writes members into a module's
    dict and ABCMeta.register makes isinstance() answer yes for a class:
    neither for anything but the snippet's own."""
    import abc
    import dataclasses
    import enum
    import keyword
    import typing
    real = dataclasses._process_class

    def bad_field(k):
        return type(k) is not str or not str.isidentifier(k) or keyword.iskeyword(k) or \
            _bad_name(k, frozenset()) in ("dunder", "internal")

    def _process_class(cls, *args, **kw):
        # dataclasses exec the generated methods in the globals of the
        # module the class names: the snippet's classes name __main__.
        if armed() and cls.__dict__.get("__module__") != "__main__":
            f = _frame(1)
            while f is not None and _filename(f) != _SNIPPET and not (
                    _coname(f) == "make_dataclass" and
                    dict.get(f.f_globals, "__name__") == "dataclasses"):
                f = f.f_back
            if f is not None and _coname(f) == "make_dataclass" and \
                    cls.__dict__.get("__module__") == "types":
                # 3.11's make_dataclass leaves types.new_class's module on
                # the class: it is the snippet's.
                _b.type.__setattr__(cls, "__module__", "__main__")
            else:
                refuse("dataclass", "a class of module %r" %
                       str(cls.__dict__.get("__module__"))[:60], _frame(1))
        names = []
        ann = cls.__dict__.get("__annotations__", {})
        names += list(dict.keys(ann)) if type(ann) is dict else ["?"]
        if armed() and type(ann) is dict:
            # dataclasses iterate the live dict while calling back into the
            # snippet (getattr on the class): they get a read-only copy,
            # the one whose names are checked here.
            _b.type.__setattr__(cls, "__annotations__", _types.MappingProxyType(dict(ann)))
        for base in cls.__mro__[1:]:
            fields = base.__dict__.get("__dataclass_fields__")
            if fields is not None:
                if type(fields) is not dict:
                    names.append("?")
                    continue
                for k, f in dict.items(fields):
                    # a real Field (its name is set once), never a look-alike
                    names += [k, f.name if type(f) is dataclasses.Field else "?"]
        for k in names:
            if bad_field(k):
                refuse("dataclass", "field name %r" % (k if type(k) is str else "?")[:60],
                       _frame(1))
        cls = real(cls, *args, **kw)
        ma = cls.__dict__.get("__match_args__")
        if type(ma) is tuple and any(_bad_name(n, frozenset()) for n in ma if type(n) is str):
            _b.type.__setattr__(cls, "__match_args__",
                                tuple(n for n in ma if type(n) is str and not _bad_name(n, frozenset())))
        return cls

    dataclasses._process_class = _process_class

    # A Field is dataclasses' own record of a field: its name goes into
    # generated source and into getattr() calls, so a snippet may not
    # change it after the fact.
    real_field_setattr = dataclasses.Field.__setattr__

    name_writers = (dataclasses.Field.__init__.__code__, dataclasses._get_field.__code__)

    def field_setattr(self, name, value):
        # dataclasses set a Field's name twice: None when it is made, the
        # field's name when _get_field takes it from the class; nobody else
        # (copy's state restoring would, with a name of the snippet's).
        if armed():
            f = _frame(1)
            if _filename(f) == _SNIPPET or (name == "name" and (
                    _code(f) not in name_writers or getattr(self, "name", None) is not None)):
                refuse("dataclass", "changing a Field's %s" % str(name)[:40], f)
        real_field_setattr(self, name, value)

    dataclasses.Field.__setattr__ = field_setattr

    real_global_enum = enum.global_enum

    def global_enum(cls, update_str=False):
        if armed() and cls.__dict__.get("__module__") != "__main__":
            refuse("enum.global_enum", "members into module %r" % str(cls.__module__)[:60],
                   _frame(1))
        return real_global_enum(cls, update_str)

    enum.global_enum = global_enum

    import copy
    real_reconstruct = copy._reconstruct

    real_deepcopy = copy.deepcopy

    def bad_key(k):
        return type(k) is not str or _bad_name(k, _ATTR_WRITE) not in (None, "private")

    def _reconstruct(x, memo, func, args, state=None, listiter=None, dictiter=None, *,
                     deepcopy=real_deepcopy):
        """copy's own _reconstruct (3.11), checked where it acts: the
        arguments and the state are deep-copied through a memo the caller
        may have filled, so every check comes after that copy."""
        if not armed() or _PKG_TRUST[0](_frame(1)):
            return real_reconstruct(x, memo, func, args, state, listiter, dictiter,
                                    deepcopy=deepcopy)
        # A method reduces to (getattr, (owner, name)): no builtin that reads
        # or runs something by name.
        if any(func is getattr(_b, n, None) for n in (
                "getattr", "setattr", "delattr", "vars", "eval", "exec", "compile", "open",
                "__import__", "globals", "locals", "breakpoint", "input", "help")):
            refuse("copy", "reconstructing with the builtin %s" %
                   str(getattr(func, "__name__", "?"))[:40], _frame(1))
        deep = memo is not None
        if deep and args:
            args = (deepcopy(arg, memo) for arg in args)
        y = func(*args)
        if deep:
            memo[id(x)] = y
        if state is not None:
            if deep:
                state = deepcopy(state, memo)
            if isinstance(y, (_b.type, _types.ModuleType)):
                refuse("copy", "restoring state onto a class or module", _frame(1))
            if hasattr(y, "__setstate__"):
                y.__setstate__(state)
            else:
                if isinstance(state, tuple) and len(state) == 2:
                    state, slotstate = state
                else:
                    slotstate = None
                if state is not None:
                    if type(state) is not dict or any(bad_key(k) for k in dict.keys(state)):
                        refuse("copy", "restoring state under a refused attribute name",
                               _frame(1))
                    y.__dict__.update(state)
                if slotstate is not None:
                    if type(slotstate) is not dict or any(bad_key(k)
                                                          for k in dict.keys(slotstate)):
                        refuse("copy", "restoring state under a refused attribute name",
                               _frame(1))
                    for key, value in dict.items(slotstate):
                        setattr(y, key, value)
        if listiter is not None:
            for item in listiter:
                y.append(deepcopy(item, memo) if deep else item)
        if dictiter is not None:
            for key, value in dictiter:
                if deep:
                    key, value = deepcopy(key, memo), deepcopy(value, memo)
                y[key] = value
        return y

    copy._reconstruct = _reconstruct

    # typing evaluates string annotations with eval(), in its own frame:
    # before raising the 'exec' event that the hook refuses, eval() puts
    # the real builtins into the globals it was given when they have none,
    # and those globals may be the snippet's.  So no eval at all.
    real_evaluate = typing.ForwardRef._evaluate

    def _evaluate(self, *args, **kw):
        if armed():
            refuse("typing", "evaluating the string annotation %r" %
                   (self.__forward_arg__ if type(self.__forward_arg__) is str else "?")[:80],
                   _frame(1))
        return real_evaluate(self, *args, **kw)

    typing.ForwardRef._evaluate = _evaluate

    # NamedTupleMeta copies the class body's other keys onto the class with
    # setattr, after the class guard has seen namedtuple's own namespace.
    real_ntm_new = typing.NamedTupleMeta.__new__

    def ntm_new(cls, typename, bases, ns):
        if armed():
            for k in (dict.keys(ns) if type(ns) is dict else ("?",)):
                if type(k) is not str or (_is_dunder(k) and k not in _CLASS_KEYS) or \
                        k in ("__match_args__", "_is_protocol", "_is_runtime_protocol"):
                    refuse("class", "%s in NamedTuple %s" % (k if type(k) is str else "?",
                                                            _name_of(typename)),
                           _frame(1))
        return real_ntm_new(cls, typename, bases, ns)

    typing.NamedTupleMeta.__new__ = staticmethod(ntm_new)

    real_convert = enum.EnumType._convert_

    def _convert_(cls, *args, **kw):
        if armed():
            refuse("enum._convert_", "members from a module's globals", _frame(1))
        return real_convert(cls, *args, **kw)

    enum.EnumType._convert_ = _convert_

    real_runtime_checkable = typing.runtime_checkable

    def runtime_checkable(cls):
        # A runtime protocol's isinstance() answers yes for any object with
        # its members (for every object when it has none): with a
        # __match_args__, a class pattern would read those names anywhere.
        if armed() and any("__match_args__" in getattr(c, "__dict__", {})
                           for c in getattr(cls, "__mro__", ())):
            refuse("typing.runtime_checkable", "a protocol with __match_args__",
                   _frame(1))
        return real_runtime_checkable(cls)

    runtime_checkable.__doc__ = real_runtime_checkable.__doc__
    typing.runtime_checkable = runtime_checkable

    real_register = abc.ABCMeta.register

    def register(cls, subclass):
        if armed() and (not isinstance(subclass, _b.type) or
                        subclass.__dict__.get("__module__") != "__main__"):
            refuse("abc.register", "%s of a class the snippet did not define" %
                   str(getattr(cls, "__name__", "?"))[:60], _frame(1))
        return real_register(cls, subclass)

    abc.ABCMeta.register = register


# ---- 6. the audit hook ----

# What a profile's package may not compile from a string at run time: a
# dunder, or an attribute whose name starts with "_" but of self or cls
# (scipy's distributions make their argument parsers from templates).
_PKG_DUNDER = _re.compile(r"(?<!\w)__\w*__(?!\w)")
_PKG_PRIVATE = _re.compile(r"(\w*)\s*\.\s*_")


def _pkg_source_bad(src):
    if _PKG_DUNDER.search(src):
        return True
    return any(m.group(1) not in ("self", "cls") for m in _PKG_PRIVATE.finditer(src))
# Names that code a package compiled at run time may not use: the
# reflective builtins (the package's namespace holds the real ones:
# sympy's parser copies every builtin function into it).
_REFLECTIVE = ("getattr", "setattr", "delattr", "eval", "exec", "compile", "open", "vars",
               "globals", "locals", "breakpoint", "input")
_PKG_CODE_REFUSED = frozenset(_REFLECTIVE + (
    "memoryview", "dir", "help", "type", "super", "object", "classmethod", "staticmethod",
    "property", "exit", "quit"))


def _pkg_code_why(code, read_dirs):
    """None when code, which a profile's package is about to run, is a
    module of its own or of the standard library (a lazy import); else, as
    for the snippet's code, the first refused use in it (check_code), or a
    reflective builtin it names."""
    if type(code) is not _types.CodeType:
        return "not a code object"
    if code.co_filename.startswith(read_dirs) and ".." not in code.co_filename:
        return None
    bad = check_code(code)
    if bad:
        return bad[1]
    todo = [code]
    while todo:
        co = todo.pop()
        for n in co.co_names:
            if n in _PKG_CODE_REFUSED:
                return "the builtin '%s'" % n
        todo.extend(c for c in co.co_consts if type(c) is _types.CodeType)
    return None


class _Audit:
    """The audit hook's state.  One instance, made in the zygote; a child
    arms it just before its snippet runs.  Nothing here is reachable from
    the snippet: it holds no reference to it.  __slots__: no instance
    attribute can shadow a method (decide) or add a state of its own."""

    __slots__ = ("armed", "code", "open_code", "trace", "dropped", "allowed_fn", "events_fn", "stdlib",
                 "frame_readers", "frame_getters", "fd_opens", "last_code", "read_dirs",
                 "pkg_dirs", "setrecursionlimit")

    def __init__(self, allowed_fn, stdlib_dir):
        self.armed = False
        # One-shot allowances of a session's call, whose hook stays armed
        # through the runner's own setup (run(), keep): the opens of its
        # two output streams on descriptors 1 and 2, and _return_last's
        # code.replace in its own frame (it calls nothing of the
        # snippet's).  _split's compiles pass by _EXPECT_TREE.
        self.fd_opens = 0
        self.last_code = _return_last.__code__
        self.code = None
        self.open_code = None  # the files capability's open (make())
        self.trace = []
        self.dropped = 0
        self.allowed_fn = allowed_fn
        self.events_fn = allowed_fn  # whose os.*, socket.*, ... events pass (make())
        self.stdlib = stdlib_dir + "/"
        # What the import system (and a profile's packages: fonts, styles,
        # time zones) may read: the standard library, and the read-only
        # directories a profile adds to the root (make()).
        self.read_dirs = (self.stdlib,)
        # A profile's packages (the first of its directories): their own
        # frames may open files of the working directory under the files
        # capability (pandas.read_csv, savefig) and read frames and code
        # objects for themselves (sympy, pandas' warnings).  Empty in the
        # default profile.
        self.pkg_dirs = ()
        import typing
        import warnings
        # (warnings.warn is usually _warnings' C function, which reads
        # frames without raising events: only the Python fallbacks count.)
        self.frame_readers = frozenset(
            getattr(fn, "__code__", None) for fn in (
                warnings.warn, warnings._is_internal_frame, warnings._next_external_frame,
                typing.overload)) - {None}
        import collections
        import enum
        self.frame_getters = frozenset(
            getattr(fn, "__code__", None) for fn in (
                typing._caller, collections.namedtuple, enum.EnumType._create_,
                warnings._next_external_frame)) - {None}
        self.setrecursionlimit = None  # the sys view's (make())
        # The standard policy's modules that read frames for themselves
        # (_import_standard ran before): traceback's formatting, logging's
        # caller lookup, unittest's result (through traceback).  Trusted as
        # their code objects, like the ones above.
        tb = _sys.modules.get("traceback")
        lg = _sys.modules.get("logging")
        if tb is not None:
            self.frame_readers |= _codes(
                tb.walk_tb, tb._walk_tb_with_full_positions, tb.walk_stack,
                tb._get_code_position, tb.StackSummary, tb.TracebackException,
                tb.extract_stack, tb.print_stack, tb.format_stack)
            self.frame_getters |= _codes(tb.extract_stack, tb.print_stack, tb.format_stack)
        co = _sys.modules.get("asyncio.coroutines")
        if co is not None:
            # a task's or a coroutine's repr: its name, file and line
            self.frame_readers |= _codes(co._format_coroutine)
        if lg is not None:
            self.frame_getters |= _codes(lg.currentframe)
            self.frame_readers |= _codes(lg.Logger.findCaller, lg.currentframe) | _codes(
                *(v for k, v in vars(lg).items() if k == "_is_internal_frame"))

    def record(self, event, detail, line=None, action="refused"):
        if len(self.trace) >= _AUDIT_MAX:
            self.dropped += 1
            return
        self.trace.append({"event": event, "detail": detail[:_AUDIT_DETAIL],
                           "line": line, "action": action})

    def snippet_line(self, f):
        while f is not None:
            if _filename(f) == _SNIPPET:
                return f.f_lineno
            f = f.f_back
        return None

    def refuse(self, event, detail, f):
        line = self.snippet_line(f)
        self.record(event, detail, line)
        e = SandboxRefused("the sandbox refuses %s (%s)" % (event, detail))
        raise e

    def trusted(self, f, modules):
        """Whether frame f runs the stdlib code of one of `modules` (or the
        import machinery)."""
        fn = _filename(f) if f is not None else ""
        if fn.startswith("<frozen importlib"):
            return True
        if not fn.startswith(self.stdlib):
            return False
        return dict.get(f.f_globals, "__name__") in modules

    def from_package(self, f):
        """Whether frame f, or the stdlib frames (inspect) it was called
        from before the snippet's, run a profile's package code."""
        while f is not None:
            fn = _filename(f)
            if fn.startswith(self.pkg_dirs):
                return True
            if fn == _SNIPPET or not fn.startswith(self.stdlib):
                return False
            f = f.f_back
        return False

    def via(self, f, module, function):
        """Whether a frame of module.function is among f's callers, before
        the snippet's own frames."""
        while f is not None and _filename(f) != _SNIPPET:
            if _coname(f) == function and dict.get(f.f_globals, "__name__") == module:
                return True
            f = f.f_back
        return False

    def __call__(self, event, args):
        # No "busy" flag: an event raised while the hook decides (a
        # finalizer run by the collector, say) is decided like any other;
        # only the hook's own frame reads pass, counted in _INTERNAL_DEPTH.
        if not self.armed or event in _QUIET_EVENTS:
            return
        if _INTERNAL_DEPTH[0] and event in ("sys._getframe", "object.__getattr__"):
            return  # the runner's own frame reads (_frame, _code, _tb_frame)
        if event == "exec" and args and args[0] is self.code:
            self.code = None  # the runner's own exec of the snippet, once
            return
        if event == "compile" and _EXPECT_COMPILE[0] is not None and len(args) > 1 and \
                type(args[0]) is bytes and type(args[1]) is str and args[1] == _SNIPPET and \
                args[0] == _EXPECT_COMPILE[0]:
            _EXPECT_COMPILE[0] = None  # the child's own compile of its snippet, once
            return
        if event == "compile" and _EXPECT_TREE[0] is not None and args and \
                args[0] is _EXPECT_TREE[0]:
            _EXPECT_TREE[0] = None  # _split's compile of the snippet's tree, once
            return
        if event == "open" and self.fd_opens and len(args) > 1 and type(args[0]) is int and \
                args[0] in (1, 2) and type(args[1]) is str and args[1] == "w":
            self.fd_opens -= 1  # the runner's own output streams (run(), keep)
            return
        _Audit.decide(self, event, args, _frame(1))

    def decide(self, event, args, f):
        if _INTERNAL_DEPTH[0] and event in ("sys._getframe", "object.__getattr__"):
            return  # the runner's own frame reads (_frame, _code, _tb_frame)
        if event == "exec":
            code = args[0] if args else None
            if code is self.code:
                self.code = None  # the runner's own exec of the snippet, once
                return
            if self.trusted(f, ("dataclasses", "collections")):
                return
            if self.pkg_dirs and self.from_package(f):
                # A profile's package running code: its own module's
                # (a lazy import), or code it compiled from a string at
                # run time (sympify's, lambdify's, a scipy distribution's
                # argument parser), which may be the snippet's string: that
                # is checked as the snippet's own code is.
                why = _pkg_code_why(code, self.read_dirs)
                if why is None:
                    return
                self.refuse("exec", "%s: %s" % (_code_name(code), why), f)
            self.refuse("exec", _code_name(code), f)
        elif event == "compile":
            pkg = self.pkg_dirs and self.from_package(f)
            if pkg:
                # A profile's package compiling a string, or parsing it with
                # ast.parse (sympy's parser, pandas' query and eval), which
                # may be the snippet's: nothing that names a dunder or a
                # private attribute, for what pandas walks itself reads
                # attributes by name.
                src = args[0] if args else None
                if type(src) is bytes:
                    src = src.decode("latin-1")
                if type(src) is str and _pkg_source_bad(src):
                    self.refuse("compile", "a string naming a dunder or a private attribute", f)
            # ast.parse (inspect.signature) only builds a tree.
            if pkg or self.trusted(f, ("dataclasses", "collections", "typing", "ast")):
                return
            self.refuse("compile", _str_arg(args, 1) or "<string>", f)
        elif event == "import":
            name = _str_arg(args, 0)
            if name and (self.allowed_fn(name) or name in _LAZY_MODULES or
                         name.startswith("encodings.")):
                return
            if self.pkg_dirs and self.from_package(f):
                return  # a profile's package importing its own lazy parts
            self.refuse("import", name or "?", f)
        elif event == "open":
            path = _str_arg(args, 0)
            mode = _str_arg(args, 1)
            if mode is None:  # os.open: the flags say what it does
                flags = args[2] if len(args) > 2 and type(args[2]) is int else -1
                mode = "r" if flags >= 0 and not flags & (_os.O_WRONLY | _os.O_RDWR | _os.O_CREAT |
                                                          _os.O_TRUNC | _os.O_APPEND) else "w"
            if path and path.startswith(self.read_dirs) and ".." not in path and \
                    set(mode) <= set("rbt"):
                return  # the import system reading the standard library
            if "standard" in _CAPS and "files" in _CAPS and args and type(args[0]) is str \
                    and _confined_path_why(args[0]) is None and \
                    self.trusted(f, _FILE_MODULES):
                # the standard policy's modules opening a file of the
                # working directory for the snippet (Path.open, copyfile,
                # ElementTree.parse): their own calls, which pass no opener
                return
            if "files" in _CAPS and f is not None and args and type(args[0]) is str and \
                    (_code(f) is self.open_code or
                     (self.pkg_dirs and _filename(f).startswith(self.pkg_dirs))) and \
                    _confined_path_why(args[0]) is None:
                # the files capability: its own open, inside the working
                # directory.  Only that function's call: the io classes
                # it hands out (type(f.buffer.raw) is FileIO) take an
                # opener that returns any descriptor after this event.
                return
            # Nothing of the snippet's is called here (no repr, no str of its
            # objects): the hook ignores every event while it decides.
            self.refuse("open", "%s (mode %s)" % (path or "a path that is not a str", mode), f)
        elif event == "object.__getattr__":
            # Frames and code objects (tb_frame, gi_frame, __code__, ...):
            # a few stdlib functions read them for themselves, trusted as
            # those very functions (their code objects), never as a module:
            # a module's code may call a C callable of the snippet's, which
            # then runs in that module's frame.  warnings walks frames to
            # name its caller; typing.overload files a function under its
            # first line number.
            if _code(f) in self.frame_readers:
                return
            if self.pkg_dirs and self.from_package(f):
                return  # a profile's package (sympy reads functions' __code__)
            # inspect.signature reads __code__ when dataclasses makes a
            # class's docstring; inspect is reachable from nowhere else.
            if self.trusted(f, ("inspect",)) and self.via(f, "dataclasses", "_process_class"):
                return
            self.refuse("attribute", _str_arg(args, 1) or "?", f)
        elif event == "sys._getframe":
            if self.pkg_dirs and self.from_package(f):
                # pandas names the caller of its warnings, and reads the
                # snippet's names for a query: a frame of the snippet's, or
                # of a package's, never the runner's above them (pandas'
                # Scope takes the depth from its caller: level=1 was the
                # runner's globals, real builtins and all).
                got = args[0] if args else None
                fn = _filename(got) if type(got) is _types.FrameType else ""
                if fn == _SNIPPET or (fn.startswith(self.read_dirs) and ".." not in fn):
                    return
                self.refuse(event, "a frame outside the snippet's", f)
            if _code(f) in self.frame_getters:
                return  # typing, namedtuple and enum name their caller's module
            self.refuse(event, "frame", f)
        elif event == "tool_sandbox.class":
            self.record("class", _str_arg(args, 0) or "?", self.snippet_line(f))
        elif event == "code.__new__" and f is not None and _code(f) is self.last_code and \
                _str_arg(args, 1) == _SNIPPET:
            return  # _return_last's code.replace in a session's call (__init__)
        elif event == "os.listdir" and f is not None and \
                _filename(f).startswith("<frozen importlib") and \
                (_str_arg(args, 0) or "").startswith(self.read_dirs[1:]) and \
                ".." not in (_str_arg(args, 0) or ""):
            return  # the import system finding a profile package's lazy submodule
        elif event == "sys.setrecursionlimit" and f is not None and \
                _code(f) is self.setrecursionlimit:
            return  # the sys view's bounded setrecursionlimit
        elif event in _FS_EVENTS and "standard" in _CAPS and \
                not self.events_fn(event.partition(".")[0]):
            # (a module the operator allowed, --allowed-modules +os, is
            # judged below as under strict: the views do not narrow it)
            why = _fs_why(event, args)
            if why:
                self.refuse(event, why, f)
        elif event.startswith("sqlite3.") and "standard" in _CAPS:
            # an in-memory database, or a file of the working directory
            # with the files capability; never an extension
            if event == "sqlite3.connect":
                db = args[0] if args else None
                if type(db) is str and (db == ":memory:" or db == ""):
                    return
                why = _confined_path_why(db) if "files" in _CAPS else \
                    "a database file needs the files capability (':memory:' does not)"
                if why is None and type(db) is str and db.startswith("file:"):
                    why = "a URI filename"
                if why:
                    self.refuse(event, why, f)
                return
            if event == "sqlite3.connect/handle":
                return
            self.refuse(event, _first_str(args), f)
        elif event.startswith(_REFUSED_PREFIXES) or event in _REFUSED_EVENTS:
            if event == "marshal.loads" and f is not None and \
                    _filename(f).startswith("<frozen importlib"):
                return  # the import system loading a module's bytecode
            if event not in _REFUSED_EVENTS and self.events_fn(event.partition(".")[0]):
                return  # a policy that allows os (or socket...) wants its calls
            self.refuse(event, _first_str(args), f)


# Frequent, harmless events, answered before anything else.
_QUIET_EVENTS = frozenset(("builtins.id", "time.sleep", "array.__new__", "builtins.input",
                           "builtins.input/result", "sys.excepthook", "cpython._PySys_ClearAuditHooks"))
_REFUSED_EVENTS = frozenset((
    "code.__new__", "function.__new__", "sys.settrace", "sys.setprofile",
    "sys._current_frames", "sys._current_exceptions", "sys.addaudithook",
    "sys.set_asyncgen_hooks_firstiter", "sys.set_asyncgen_hooks_finalizer",
    "builtins.breakpoint",
    "cpython.run_command", "cpython.run_file", "cpython.run_module",
    "cpython.run_interactivehook", "cpython.run_startup", "cpython.run_stdin",
    "setopencodehook", "sys.setrecursionlimit"))
_REFUSED_PREFIXES = ("os.", "subprocess.", "socket.", "ctypes.", "shutil.", "pty.",
                     "mmap.", "marshal.", "pickle.", "gc.", "_thread.", "threading.",
                     "urllib.", "http.", "ftplib.", "smtplib.", "poplib.", "imaplib.",
                     "nntplib.", "telnetlib.", "webbrowser.", "sqlite3.", "syslog.",
                     "resource.", "fcntl.", "signal.", "glob.", "tempfile.", "shelve.",
                     "msvcrt.", "winreg.", "_winapi.", "ensurepip.", "code.", "tool_sandbox.")


def _str_arg(args, i):
    v = args[i] if len(args) > i else None
    if type(v) is str:
        return v
    if type(v) is bytes:
        return v.decode("utf-8", "replace")
    return None


def _first_str(args):
    for v in args[:3]:
        if type(v) in (str, bytes, int):
            return str(v) if type(v) is not bytes else v.decode("utf-8", "replace")
    return ""


def _code_name(code):
    if type(code) is _types.CodeType:
        return "%s (%s)" % (code.co_name, code.co_filename)
    return type(code).__name__


# ---- 7. the result and display() outputs ----
#
# The value of the snippet's last statement, when it is an expression, is
# its result; display(*objs) adds MIME bundles to its outputs.  Both are
# made from the objects by calling the snippet's own code (repr, the
# IPython display protocol's _repr_*_ methods) under the armed audit hook,
# each call guarded: what it raises is said or skipped, never reported as
# the snippet's error.  Both are bounded by the numbers the zygote passes
# to make() (the server's own, sandbox/proto.h, which decodes them with
# the same).

# The display protocol: the methods an object may define, each giving its
# representation under one MIME type (text/plain is always its repr).
_MIME_METHODS = (("text/html", "_repr_html_"), ("text/markdown", "_repr_markdown_"),
                 ("text/latex", "_repr_latex_"), ("image/svg+xml", "_repr_svg_"),
                 ("image/png", "_repr_png_"), ("image/jpeg", "_repr_jpeg_"),
                 ("application/json", "_repr_json_"))
_JSON_INT = 1 << 53  # larger integers are not exact as the double a client reads
_JSON_DEPTH = 64


class _NotJSON(Exception):
    """Not a value JSON says as it is."""


class _TooBig(_NotJSON):
    """More than what is left of the budget."""


def _plain_str(s):
    """s as a plain str: a subclass's methods are the snippet's code."""
    return s if type(s) is str else str.__str__(s)


def _cut(s, cap):
    """(s, a plain str, cut to at most cap UTF-8 bytes at a character
    boundary, lone surrogates escaped; whether it was cut)."""
    cut = False
    if len(s) > cap:
        s, cut = s[:cap], True
    if not s.isascii():
        b = s.encode("utf-8", "backslashreplace")
        if len(b) > cap:
            b, cut = b[:cap], True
        s = b.decode("utf-8", "ignore")
    return s, cut


def _type_name(x):
    try:
        n = type(x).__name__
        return _cut(_plain_str(n), 200)[0] if issubclass(type(n), str) else "?"
    except BaseException:
        return "?"


def _repr(v, cap):
    """(repr(v) cut to cap bytes, whether it was cut).  What the repr
    raises is said instead."""
    try:
        return _cut(_plain_str(repr(v)), cap)
    except BaseException as e:
        return "<repr failed: %s>" % _type_name(e), False


def _json(v, budget, depth=0):
    """The JSON text of v, its bytes and values counted down in budget
    ([bytes, values]).  Raises _NotJSON for anything but a plain dict (str
    keys), list, str, int (within 2**53), finite float, bool and None, or
    nested deeper than _JSON_DEPTH (and numpy's and pandas' values,
    _json_science); _TooBig past the budget.  Only exact builtin and
    library types are looked into: nothing of the snippet's runs."""
    budget[1] -= 1
    if budget[1] < 0:
        raise _TooBig
    if depth > _JSON_DEPTH:
        raise _NotJSON
    t = type(v)
    if t is str:
        if len(v) + 2 > budget[0]:
            raise _TooBig
        s = _quote(_clean(v))
    elif v is None:
        s = "null"
    elif t is bool:
        s = "true" if v else "false"
    elif t is int:
        if not -_JSON_INT <= v <= _JSON_INT:
            raise _NotJSON
        s = int.__repr__(v)
    elif t is float:
        if v - v != 0.0:  # inf or nan
            raise _NotJSON
        s = float.__repr__(v)
    elif t is list:
        budget[0] -= 1 + max(len(v), 1)  # brackets and commas
        if budget[0] < 0:
            raise _TooBig
        return "[" + ",".join([_json(x, budget, depth + 1) for x in v]) + "]"
    elif t is dict:
        budget[0] -= 1 + max(2 * len(v), 1)  # braces, colons and commas
        if budget[0] < 0:
            raise _TooBig
        parts = []
        for k, x in dict.items(v):
            if type(k) is not str:
                raise _NotJSON
            parts.append(_json(k, budget, depth + 1) + ":" + _json(x, budget, depth + 1))
        return "{" + ",".join(parts) + "}"
    else:
        return _json_science(v, t, budget, depth)
    budget[0] -= len(s)
    if budget[0] < 0:
        raise _TooBig
    return s


_JSON_ROWS = 1000  # a DataFrame's or a Series' rows in "json" (the head), past which it is cut
_JSON_COLUMNS = 100


def _json_science(v, t, budget, depth):
    """numpy's scalars and numeric arrays, pandas' Series and DataFrames:
    their exact types only (a subclass's methods are the snippet's code),
    read through the library's own item/tolist.  A DataFrame is pandas'
    "split" shape ({"columns", "index", "data"}), a Series {"name",
    "index", "data"}; past _JSON_ROWS rows, _JSON_COLUMNS columns or the
    bytes left (the result's 8 KiB) the head that fits is given, with
    "truncated": true and "shape" the whole's."""
    np = _sys.modules.get("numpy")
    if np is None:
        raise _NotJSON
    if t in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32,
             np.uint64, np.float16, np.float32, np.float64):
        return _json(v.item(), budget, depth)
    if t is np.ndarray:
        if v.dtype.kind not in "biuf":
            raise _NotJSON
        if v.size > budget[1]:
            raise _TooBig
        return _json(v.tolist(), budget, depth)
    pd = _sys.modules.get("pandas")
    if pd is None or (t is not pd.DataFrame and t is not pd.Series):
        raise _NotJSON
    rows = len(v)
    frame = t is pd.DataFrame
    cols = v.shape[1] if frame else 1
    n = min(rows, _JSON_ROWS)
    while True:  # the most head rows (halving) whose JSON fits what is left
        head = v.iloc[:n, :_JSON_COLUMNS] if frame else v.iloc[:n]
        out = {"columns": head.columns.tolist()} if frame else {"name": v.name}
        out["index"] = head.index.tolist()
        out["data"] = head.to_numpy().tolist()
        if n < rows or cols > _JSON_COLUMNS:
            out["truncated"] = True
            out["shape"] = [rows, cols] if frame else [rows]
        left = list(budget)
        try:
            text = _json(out, left, depth)
        except _TooBig:
            if n <= 1:
                raise
            n //= 2
            continue
        budget[:] = left
        return text


def _rich(v, name):
    """What v's display method `name` returns (its data, when it returns
    (data, metadata)), or None: no such method, or it raised."""
    try:
        meth = getattr(v, name, None)
        if meth is None or not callable(meth):
            return None
        data = meth()
        if type(data) is tuple and len(data) == 2:
            data = data[0]
        return data
    except BaseException:
        return None


def _mime_text(mime, data, room, values):
    """The JSON text of one representation; None when data is not of the
    type its MIME type takes; _TooBig past room bytes (or past values[0]
    values of application/json data, counted down)."""
    if mime == "application/json":
        budget = [room, values[0]]
        text = _json(data, budget)
        values[0] = budget[1]
        return text
    t = type(data)
    if mime in ("image/png", "image/jpeg"):
        if t is bytes or t is bytearray:
            if (len(data) + 2) // 3 * 4 + 2 > room:
                raise _TooBig
            return '"' + _b64(data, newline=False).decode("ascii") + '"'
        if t is not str:
            return None
        # already base64, as IPython also takes it
        if len(data) + 2 > room:
            raise _TooBig
        if not data or not data.isascii():
            return None
        try:
            _unb64(data, strict_mode=True)
        except _B64Error:
            return None
        return '"' + data + '"'
    if not issubclass(t, str):
        return None
    data = _plain_str(data)
    if len(data) + 2 > room:
        raise _TooBig
    text = _quote(_clean(data))
    if len(text) > room:
        raise _TooBig
    return text


class _Outputs:
    """One run's display() outputs and result, within the limits: `most`
    bundles, `room` bytes of their JSON text (the result's bundle
    included), `values` JSON values of application/json data; a bundle
    past them is dropped and counted.  Each display() bundle goes out at
    once, a DISPLAY record given to emit(), so that the server can stream
    it while the snippet runs."""

    def __init__(self, limits, emit):
        self.repr_max, self.most = limits[:2]
        self.limits = limits
        self.emit = emit
        self.reset()

    def reset(self):
        """A new run's budget: each call of a session has its own."""
        self.room = self.limits[2]
        self.values = [self.limits[3]]
        self.shown = 0
        self.dropped = 0

    def bundle(self, v, plain):
        """(The JSON text of v's bundle, whether it holds more than
        text/plain, the JSON values it holds), or None when it does not fit
        what is left.  Nothing is counted yet (take)."""
        parts = ['"text/plain":' + _quote(plain)]
        size = len(parts[0]) + 2
        values = self.values[:]
        rich = False
        # A class's display methods want an instance: none is called.
        if not issubclass(type(v), type):
            for mime, name in _MIME_METHODS:
                data = _rich(v, name)
                if data is None:
                    continue
                try:
                    text = _mime_text(mime, data, self.room - size - len(mime) - 4, values)
                except _TooBig:
                    return None
                except BaseException:
                    continue  # not JSON, or no memory left for it
                if text is not None:
                    parts.append(_quote(mime) + ":" + text)
                    size += len(parts[-1]) + 1
                    rich = True
        return "{" + ",".join(parts) + "}", rich, self.values[0] - values[0]

    def take(self, made):
        """Counts a bundle made by bundle() and returns its text, or None
        when it no longer fits: the snippet's methods may have displayed
        something meanwhile."""
        text, _, values = made
        if len(text) > self.room or values > self.values[0]:
            return None
        self.room -= len(text)
        self.values[0] -= values
        return text

    def add(self, v):
        """display(v)."""
        if self.shown >= self.most:
            self.dropped += 1  # not even looked at
            return
        made = self.bundle(v, _repr(v, self.repr_max)[0])
        text = self.take(made) if made is not None and self.shown < self.most else None
        if text is None:
            self.dropped += 1
            return
        self.shown += 1
        try:
            self.emit(text.encode())
        except BaseException:
            self.dropped += 1  # the server is gone, or no memory left

    def result(self, v):
        """The report's "result" for the value v (not None)."""
        plain, cut = _repr(v, self.repr_max)
        out = {"type": _type_name(v), "repr": plain, "repr_truncated": cut}
        try:
            out["json"] = _Raw(_json(v, [self.repr_max, self.repr_max]))
        except BaseException:
            pass  # not JSON, or past the cap: left out
        made = self.bundle(v, plain)
        if made is not None and not made[1]:
            return out  # nothing but text/plain: no bundle
        text = self.take(made) if made is not None else None
        if text is None:
            self.dropped += 1
        else:
            out["data"] = _Raw(text)
        return out

    def report(self, result):
        if self.dropped:
            result["outputs_dropped"] = self.dropped


class _Figure:
    """A matplotlib figure as a display object: its repr, and its PNG."""

    __slots__ = ("fig",)

    def __init__(self, fig):
        self.fig = fig

    def __repr__(self):
        return repr(self.fig)

    def _repr_png_(self):
        buf = _io.BytesIO()
        self.fig.savefig(buf, format="png")
        return buf.getvalue()


def _show_figures(add):
    """The open pyplot figures, each as a display output (text/plain, and
    image/png), then closed: plt.show(), and the snippet's end, in a
    profile whose zygote imported pyplot (the science profile).  As
    Jupyter's inline backend does: a chart drawn is a chart seen."""
    plt = _sys.modules.get("matplotlib.pyplot")
    if plt is None:
        return
    for num in plt.get_fignums():
        add(_Figure(plt.figure(num)))
    plt.close("all")


_POP_TOP, _LOAD_CONST, _RETURN_VALUE = (_dis.opmap[n] for n in
                                        ("POP_TOP", "LOAD_CONST", "RETURN_VALUE"))


def _return_last(code):
    """The module code whose last statement is an expression (the server's
    parse said so), made to return that expression's value: each
    POP_TOP; LOAD_CONST None; RETURN_VALUE (the module's end, which only
    that statement's value reaches) becomes RETURN_VALUE; LOAD_CONST None;
    RETURN_VALUE.  Same size, same positions and exception table.  None when
    the code does not end that way (then no result)."""
    b = bytearray(code.co_code)
    found = False
    for i in range(0, len(b) - 5, 2):
        if (b[i] == _POP_TOP and b[i + 2] == _LOAD_CONST and b[i + 4] == _RETURN_VALUE and
                code.co_consts[b[i + 3]] is None):
            b[i], b[i + 1] = _RETURN_VALUE, 0
            found = True
    return code.replace(co_code=bytes(b)) if found else None


def _split(tree, last_expr=False, source=None):
    """The code objects that run the snippet: (all of it, None), or, when
    its last statement is an expression, (the statements before it or None,
    the code whose value is the result).  A code object the child compiled
    is made to return its last expression's value (_return_last); a tree
    (the child parses one when the last statement is a constant) is
    compiled with that statement apart.  When the compiler folded the last
    expression into a constant and dropped it (`6 * 7`), the same source is
    parsed to its tree, and that is what runs."""
    if type(tree) is _types.CodeType:
        last = _return_last(tree) if last_expr else None
        if last is not None or not last_expr or source is None:
            return (tree, None) if last is None else (None, last)
        tree = _compile_tree(source, "exec", _ast.PyCF_ONLY_AST)
    body = tree.body
    if type(tree) is _ast.Module and body and type(body[-1]) is _ast.Expr:
        head = None
        if len(body) > 1:
            head = _compile_tree(_ast.Module(body=body[:-1], type_ignores=tree.type_ignores),
                                 "exec")
        return head, _compile_tree(_ast.Expression(body=body[-1].value), "eval")
    return _compile_tree(tree, "exec"), None


def _record_writer(fd, kind):
    """emit(payload): one report record (sandbox/proto.h: a native-endian
    uint32 type and length, then the payload) on the report pipe."""
    head = kind.to_bytes(4, _sys.byteorder)
    write = _os.write

    def emit(payload):
        view = memoryview(head + len(payload).to_bytes(4, _sys.byteorder) + payload)
        while view:
            view = view[write(fd, view):]

    return emit


def make(allowed, allow_input, limits=(8192, 64, 4 << 20, 16384, 3, 4), read_dirs=""):
    # "-name" in the list: a module, or a module's attribute, that the
    # profile refuses (profiles.h: numpy.ctypeslib, as_strided, ...).
    refused = frozenset(n[1:] for n in allowed if n[:1] == "-")
    allowed = frozenset(n for n in allowed if n[:1] != "-")
    real_import = _b.__import__

    def module_allowed(name):
        if name in _STANDARD_MODULES and "standard" in _CAPS:
            return True
        parts = name.split(".")
        if any(".".join(parts[:i]) in refused for i in range(1, len(parts) + 1)):
            return False
        return any(".".join(parts[:i]) in allowed for i in range(1, len(parts) + 1))

    stdlib_dir = _os.path.dirname(_os.__file__)
    _import_standard()
    audit = _Audit(module_allowed, stdlib_dir)

    def operator_allowed(name):
        # the operator's own list (--allowed-modules), which the standard
        # policy's views do not widen: the audit hook lets the events of
        # such a module through (a policy that allows os wants its calls)
        parts = name.split(".")
        return not any(".".join(parts[:i]) in refused for i in range(1, len(parts) + 1)) and \
            any(".".join(parts[:i]) in allowed for i in range(1, len(parts) + 1))

    audit.events_fn = operator_allowed
    _guard_standard(audit.refuse, lambda: audit.armed)
    dirs = tuple(d.rstrip("/") + "/" for d in read_dirs.split(",") if d[:1] == "/")
    audit.read_dirs += dirs
    audit.pkg_dirs = dirs[:1]
    if audit.pkg_dirs:
        _PKG_TRUST[0] = audit.from_package

    def check_sink(where, name, always=False):
        if audit.armed and (always or _bad_name(name, _ATTR_READ)):
            f = _frame(2)
            audit.refuse(where, name[:60] if always else "attribute name '%s'" % name[:60], f)

    # warnings is imported now, in the zygote (the validator's default list
    # allows it).  _strptime is not: it compiles its regular expressions at
    # import, about 0.9 MB that every child would copy; the snippets that
    # parse dates import it themselves (audit: an allowed lazy module).
    try:
        real_import("warnings")
    except ImportError:
        pass
    _guard_sinks(check_sink)
    _guard_classes(audit.refuse, lambda: audit.armed)
    import warnings
    _REPLACED[("warnings", "catch_warnings")] = _catch_warnings(warnings)
    _REPLACED[("contextlib", "redirect_stdout")] = _redirect("stdout")
    _REPLACED[("contextlib", "redirect_stderr")] = _redirect("stderr")
    show_add = [None]  # the outputs' add (below)
    if audit.pkg_dirs and "matplotlib.pyplot" in _sys.modules:
        def show(*args, **kw):
            """The open figures go to the response's outputs, as PNG images,
            and are closed (the Agg backend has no window)."""
            _show_figures(show_add[0])

        show.__qualname__ = "show"
        _REPLACED[("matplotlib.pyplot", "show")] = show
    _guard_as_strided()
    refused_ids = _refused_objects(refused)
    views = _module_views(module_allowed, refused_ids)
    audit.setrecursionlimit = _standard_views(views, module_allowed, refused_ids, audit.refuse)

    def refuse(name):
        audit.record("import", name, audit.snippet_line(_frame(2)))
        raise ImportError("import of '%s' is not allowed in the sandbox" % (name,))

    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
        # The interpreter's own imports from C (PyImport_Import, e.g.
        # datetime.strptime importing _strptime) pass an empty list as the
        # fromlist, which no import statement of a snippet does (None or a
        # tuple): the module goes to C code, not to the snippet.
        if type(fromlist) is list and not fromlist and not level and \
                isinstance(name, str) and (name in _LAZY_MODULES or module_allowed(name)):
            return real_import(name, globals, locals, fromlist, 0)
        if level:
            raise ImportError("relative imports are not available in the sandbox")
        # A plain str: a subclass could answer split() or == as it likes
        # while the import system reads its real characters.
        if type(name) is not str or not module_allowed(name):
            refuse(name if type(name) is str else "?")
        # A submodule of an allowed package is admitted only if it was
        # already imported in the zygote (by its package, e.g.
        # collections.abc) or is allowed by name: json.tool, for one, would
        # bring in argparse and its file opening.
        if name not in _sys.modules and name not in allowed and name not in _STANDARD_MODULES:
            refuse(name)
        if fromlist:
            mod = _sys.modules.get(name)
            for item in fromlist:
                if type(item) is not str:
                    refuse(name)
                sub = name + "." + item
                if (item != "*" and mod is not None and not hasattr(mod, item)
                        and sub not in _sys.modules and sub not in allowed):
                    refuse(sub)
        mod = real_import(name, globals, locals, fromlist, 0)
        if mod is None:
            return mod
        want = name if fromlist else name.partition(".")[0]
        view = views.get(want)
        if view is None:
            real = _sys.modules.get(want)
            if real is None or not module_allowed(want):
                refuse(want)
            view = views[want] = _module_views(lambda n: n == want)[want]
        return view

    safe = {n: getattr(_b, n) for n in _SAFE if hasattr(_b, n)}
    for n, v in vars(_b).items():
        if isinstance(v, type) and issubclass(v, BaseException):
            safe[n] = v
    safe["__import__"] = guarded_import
    safe["type"] = safe_type = _safe_type(audit.refuse)
    standard = _standard_builtins(audit.refuse)

    real_open = _io.open

    def confined_open(file, mode="r", buffering=-1, encoding=None, errors=None, newline=None,
                      closefd=True, opener=None):
        """open() of the "files" capability: relative paths inside the
        working directory only (the audit hook holds the same rule)."""
        why = _confined_path_why(file)
        if why is None and opener is not None:
            why = "an opener (it would choose the file descriptor)"
        if why is None and closefd is not True:
            why = "closefd=False (only for file descriptors)"
        if why is not None:
            audit.refuse("open", why, _frame(1))
        return real_open(file, mode, buffering, encoding, errors, newline, True)

    confined_open.__name__ = confined_open.__qualname__ = "open"
    audit.open_code = confined_open.__code__

    # The snippet's outputs (section 7), made here and filled by the child.
    outputs = _Outputs(limits, _record_writer(*limits[4:]))
    show_add[0] = outputs.add

    def display(*objs):
        """Shows each object in the response's outputs: a MIME bundle of
        its repr (text/plain) and of what its _repr_html_, _repr_markdown_,
        _repr_latex_, _repr_svg_, _repr_png_, _repr_jpeg_ and _repr_json_
        methods give (the IPython display protocol)."""
        for o in objs:
            outputs.add(o)

    display.__qualname__ = "display"
    safe["display"] = display

    metatype = _b.type

    def class_check(meta, name, bases, ns):
        """Called by the zygote's guard on type.__new__ while a snippet
        runs, before the class exists."""
        f = _frame(1)
        # Skip the metaclasses' own __new__ (abc, enum, typing): the
        # namespace is their caller's.
        while f is not None and _coname(f) == "__new__" and (
                _filename(f).startswith(audit.stdlib) or
                _filename(f).startswith("<frozen ")):
            f = f.f_back
        from_snippet = f is not None and _filename(f) == _SNIPPET
        module_code = f is not None and _coname(f) == "<module>" and not from_snippet
        if audit.pkg_dirs and not from_snippet and audit.from_package(f):
            return  # a profile's package making its own class (sympy, pyplot)
        if type(bases) is tuple:
            for b in bases:
                if isinstance(b, metatype) and (issubclass(b, metatype) or issubclass(b, super)) \
                        and not module_code:
                    audit.refuse("class", "a metaclass or super subclass (%s)" % _name_of(name), f)
        if not isinstance(ns, dict):
            return
        keys = list(dict.keys(ns))
        if not module_code and any(type(k) is not str for k in keys):
            audit.refuse("class", "a namespace key that is not a plain str in class %s"
                         % _name_of(name), f)
        if module_code:
            return  # a standard library module being imported lazily
        # Every other class made while a snippet runs is the snippet's, made
        # by its class statements or by the stdlib on its behalf (enum's
        # functional API, namedtuple, typing): the module it names is
        # __main__ (dataclasses and typing look globals up by that name),
        # and its bases are the snippet's own classes, builtins,
        # exceptions, or stdlib classes made to be subclassed whose
        # instances hold nothing of the interpreter's (a method called with
        # such an instance as self could read it).
        mod = dict.get(ns, "__module__", "__main__")
        # The two classes the stdlib defines at call time (csv's sniffed
        # dialect, inspect's RewriteSymbolics for dataclasses' docstrings),
        # recognised by their whole shape, never by who called type.__new__
        # (trusted code can be made to call anything the snippet hands it).
        own = _stdlib_shape(mod, name, bases, ns, keys)
        if not own and (type(mod) is not str or mod != "__main__"):
            audit.refuse("class", "class %s of module %r" % (_name_of(name), _name_of(mod)), f)
        if not own:
            for b in (bases if type(bases) is tuple else ()):
                if b is safe_type or not _subclassable(b, metatype):
                    audit.refuse("class", "subclassing %s.%s" % (
                        _name_of(getattr(b, "__module__", "?")),
                        _name_of(getattr(b, "__qualname__", "?"))), f)
            if name in ("Generic", "Protocol") or "_is_protocol" in keys or \
                    "_is_runtime_protocol" in keys:
                audit.refuse("class", "typing's own markers in class %s" % _name_of(name), f)
        for k in keys:
            if k in ("__subclasshook__", "__instancecheck__", "__subclasscheck__",
                     "__prepare__") and not module_code:
                audit.refuse("class", "%s in class %s" % (k, _name_of(name)), f)
            if _is_dunder(k) and k not in (_CLASS_KEYS if from_snippet else _STDLIB_CLASS_KEYS):
                audit.refuse("class", "%s in class %s" % (k, _name_of(name)), f)
        ma = dict.get(ns, "__match_args__")
        if ma is not None and not module_code:
            ok = type(ma) is tuple and all(type(n) is str and not _bad_name(n, frozenset())
                                           for n in ma)
            if not ok:
                if from_snippet or type(ma) is not tuple:
                    audit.refuse("class", "__match_args__ of class %s: only public "
                                 "attribute names" % _name_of(name), f)
                dict.__setitem__(ns, "__match_args__", tuple(
                    n for n in ma if type(n) is str and not _bad_name(n, frozenset())))

    # The hook is added in the child, just before its snippet runs: an
    # installed hook is called for every audited event, and in the zygote
    # it would be called (and touch, so copy, its pages) for the child's
    # own setup too.
    hooked = [False]

    # The snippet's module, made and registered once here: a child only
    # fills its dict.
    main_module = _types.ModuleType("__main__")
    _sys.modules["__main__"] = main_module

    def run(tree, source, stdin_text, raw, last_expr=False, keep=False):
        # keep: a session's call (child.c), whose process may become the
        # session's state.  Its globals are the session's and stay, unless
        # a MemoryError made the runner free them (the third value it then
        # returns, "intact", is False: the process is not committed).  It
        # runs in a fork of the last call, and the audit hook that call
        # armed is never disarmed in between: not at that call's end, not
        # in the fork (the at-fork handlers), not in the child's compile
        # (child.c: a SyntaxWarning calls warnings' hooks, which may be the
        # snippet's), not in this setup.  Whatever of the snippet's runs
        # there (a finalizer, a weakref callback, a warnings or codec hook)
        # is judged as if it ran in the call itself.  What the runner and
        # the child do meanwhile passes by one-shot allowances that only
        # they set, each for one exact event (_Audit.__call__ and
        # .decide): the child's compile of this source, the two opens of
        # descriptors 1 and 2 below, _split's compiles in its own frame.
        # What the runner replaces (streams, builtins, which the snippet
        # may have swapped for its own objects) is still let go only after
        # the setup, so that the snippet's finalizers run in the call.
        held = None
        if keep:
            held = (_sys.stdout, _sys.stderr, _sys.stdin,
                    dict.get(main_module.__dict__, "__builtins__"))
            outputs.reset()
            if raw:
                audit.armed = False  # (tests only: no Python layer at all)
        # The streams are made here, in the child: made in the zygote they
        # would be shared by every child and copied by each on first use.
        audit.fd_opens = 2 if audit.armed else 0
        try:
            out = _io.open(1, "w", encoding="utf-8", errors="backslashreplace",
                           closefd=False, buffering=1)
            err = _io.open(2, "w", encoding="utf-8", errors="backslashreplace",
                           closefd=False, buffering=1)
        finally:
            audit.fd_opens = 0
        _sys.stdout, _sys.stderr = out, err
        _sys.stdin = _io.StringIO(stdin_text)
        if raw:
            b = dict(vars(_b))
            b["display"] = display
        else:
            b = dict(safe)
            if "standard" in _CAPS:
                b.update(standard)
            if "files" in _CAPS:
                b["open"] = confined_open
                if "standard" in _CAPS:
                    views["io"].open = confined_open
            if allow_input:
                def sandbox_input(prompt=""):
                    out.write(str(prompt))
                    line = _sys.stdin.readline()
                    if not line:
                        raise EOFError("EOF when reading a line")
                    return line.rstrip("\n")
                b["input"] = sandbox_input
        # The snippet's globals are a fresh __main__ module's, as for a
        # script: dataclasses and enum look their class's module up in
        # sys.modules, and must find this one, never the zygote's own.
        g = main_module.__dict__
        g["__builtins__"] = b
        try:
            # A SyntaxError of the compiler's own ('return' outside a
            # function): nothing of the snippet's has run.  (Before the
            # snippet's lines are cached: the compiler's warnings come
            # without them, as they did when the child compiled the source.)
            code, last = _split(tree, last_expr, source)
        except BaseException as e:
            if not keep:
                return 1, _dump(_report(e))
            text = _dump(_report(e))
            del audit.trace[:]
            audit.dropped = 0
            return 1, text, True
        tree = None
        _lc.cache[_SNIPPET] = (len(source), None, source.splitlines(True), _SNIPPET)
        rc, result = 0, {"error": None}
        value = None
        intact = True
        try:
            if not raw:
                bad = (code is not None and check_code(code)) or (last is not None and
                                                                   check_code(last))
                if bad:
                    audit.record("code", bad[1], bad[0])
                    e = SandboxRefused("the sandbox refuses %s at line %d (runtime check of the "
                                "compiled code)" % (bad[1], bad[0]))
                    e._ts_line = bad[0]
                    raise e
                audit.code = code
                if not hooked[0]:
                    hooked[0] = True
                    _sys.addaudithook(audit)
                audit.armed = True
            held = None
            if code is not None:
                exec(code, g)
            if last is not None:
                audit.code = last  # the runner's own exec of it, once
                value = eval(last, g)
        except SystemExit as e:
            if e.code is not None and e.code != 0:
                if not keep:
                    g.clear()
                rc, result = 1, _report(e)
        except BaseException as e:
            # Free what the snippet holds first: after a MemoryError the
            # report itself needs memory.  A session's state is kept (the
            # server decides whether it becomes the session's), but not
            # after a MemoryError.
            if not keep or isinstance(e, MemoryError):
                g.clear()
                intact = False
            rc, result = 1, _report(e)
        # The hook stays armed to the end: what the snippet left behind
        # (finalizers, generators' finally, an exception's __str__) runs
        # while its namespace is cleared and its error reported.  So does
        # the result's repr and display methods, before the clearing (they
        # may read the snippet's globals).
        if value is not None:
            try:
                result["result"] = outputs.result(value)
            except BaseException:
                pass  # no memory left for it: no result
            value = None
        if audit.pkg_dirs:
            # the figures the snippet left open, shown (as plt.show())
            try:
                _show_figures(outputs.add)
            except BaseException:
                pass  # a figure that cannot draw: left out
        held = None
        if not keep:
            g.clear()
        for f in (out, err):
            try:
                f.flush()
            except BaseException:
                pass
        if audit.trace:
            result["audit"] = audit.trace
            if audit.dropped:
                result["audit_dropped"] = audit.dropped
        outputs.report(result)
        if keep:
            if intact:
                # What the state holds now is never collected in a call
                # (the collector's writes would copy its pages in every
                # fork), and, a session's state, never garbage.
                _gc.freeze()
            # The hook stays armed: the process may become the state,
            # whose next call is a fork of it (see above).  The trace is
            # the next call's from here on: what is refused meanwhile
            # (a finalizer of what is let go now, a hook run by the next
            # call's compile) is reported by the call it happens in.
            text = _dump(result)
            del audit.trace[:]
            audit.dropped = 0
            audit.code = None
            result = code = last = g = b = None
            return rc, text, intact
        return rc, _dump(result)

    def report(e):
        return _dump(_report(e))

    def attr_check(cls, name, value):
        """Called by the zygote's guard on type.__setattr__/__delattr__ for
        a dunder name while a snippet runs: a class may not gain afterwards
        (through a stdlib routine's setattr, copy's state) what class_check
        refuses it at creation.  Returns the value to set."""
        if value is None:
            return value  # a deletion, or None itself
        f = _frame(1)
        if name == "__bases__":
            # typing's NamedTupleMeta sets them; bases the class guard admits
            if type(value) is not tuple or not all(
                    b is not safe_type and _subclassable(b, metatype) for b in value):
                audit.refuse("class", "setting __bases__ on %s" % _name_of(cls.__name__), f)
            return value
        if name in ("__instancecheck__", "__subclasscheck__", "__subclasshook__",
                    "__prepare__", "__class__", "__mro_entries__"):
            fn = getattr(value, "__func__", value)
            if not (name == "__subclasshook__" and type(fn) is _types.FunctionType and
                    fn.__code__ is proto_hook_code):
                audit.refuse("class", "setting %s on %s" % (name, _name_of(cls.__name__)), f)
        if name == "__module__" and value != "__main__" and \
                cls.__dict__.get("__module__") == "__main__":
            audit.refuse("class", "setting __module__ on %s" % _name_of(cls.__name__), f)
        if name in _ARRAY_PROTOCOL:
            # numpy reads memory at the address an __array_interface__
            # gives: no class gains one while a snippet runs, by whoever's
            # setattr (pandas' register_*_accessor sets the name it is given)
            audit.refuse("class", "setting %s on %s" % (name, _name_of(cls.__name__)), f)
        if name == "__match_args__":
            if type(value) is not tuple or any(type(n) is not str for n in value):
                audit.refuse("class", "setting __match_args__ on %s" % _name_of(cls.__name__), f)
            return tuple(n for n in value if not _bad_name(n, frozenset()))
        return value

    # typing's Protocol sets this very function as a protocol's hook.
    import typing
    proto_hook_code = None
    for c in typing.Protocol.__init_subclass__.__code__.co_consts:
        if type(c) is _types.CodeType and c.co_name == "_proto_hook":
            proto_hook_code = c

    return run, report, class_check, attr_check, lambda: _warm(safe, limits)


# Stdlib classes a snippet may subclass: made for it, and holding nothing
# of the interpreter's in their instances.  Whole modules of abstract or
# typing classes, and single classes elsewhere.
_SUBCLASSABLE_MODULES = frozenset(("collections.abc", "_collections_abc", "numbers",
                                   "enum", "abc", "itertools", "email.headerregistry"))
_SUBCLASSABLE = frozenset((
    # the science profile's: a distribution of one's own, a function of sympy's
    ("scipy.stats._distn_infrastructure", "rv_continuous"),
    ("scipy.stats._distn_infrastructure", "rv_discrete"), ("sympy.core.function", "Function"),
    ("collections", "OrderedDict"), ("collections", "defaultdict"), ("collections", "Counter"),
    ("collections", "deque"), ("collections", "ChainMap"), ("collections", "UserDict"),
    ("collections", "UserList"), ("collections", "UserString"),
    ("json.encoder", "JSONEncoder"), ("json.decoder", "JSONDecoder"),
    ("html.parser", "HTMLParser"), ("string", "Template"), ("string", "Formatter"),
    ("contextlib", "AbstractContextManager"), ("contextlib", "AbstractAsyncContextManager"),
    ("contextlib", "ContextDecorator"), ("contextlib", "ExitStack"),
    ("datetime", "tzinfo"), ("datetime", "date"), ("datetime", "datetime"),
    ("datetime", "time"), ("datetime", "timedelta"),
    ("decimal", "Decimal"), ("fractions", "Fraction"), ("random", "Random"),
    ("textwrap", "TextWrapper"), ("difflib", "SequenceMatcher"), ("difflib", "Differ"),
    ("difflib", "HtmlDiff"), ("csv", "Dialect"), ("csv", "DictReader"), ("csv", "DictWriter"),
    ("pprint", "PrettyPrinter"), ("graphlib", "TopologicalSorter"),
    ("statistics", "NormalDist"), ("struct", "Struct"), ("array", "array"),
    ("calendar", "Calendar"), ("calendar", "TextCalendar"), ("calendar", "HTMLCalendar"),
    ("functools", "partial"),
    ("typing", "Generic"), ("typing", "Protocol"), ("typing", "NamedTuple"),
    ("typing", "TypedDict"), ("typing", "SupportsInt"), ("typing", "SupportsFloat"),
    ("typing", "SupportsComplex"), ("typing", "SupportsBytes"), ("typing", "SupportsIndex"),
    ("typing", "SupportsAbs"), ("typing", "SupportsRound"),
    # the standard policy's (email's header registry makes its classes
    # from its own at run time)
    ("ast", "NodeVisitor"), ("ast", "NodeTransformer"), ("logging", "Handler"),
    ("logging", "StreamHandler"), ("logging", "Formatter"), ("logging", "Filter"),
    ("logging", "LoggerAdapter"), ("unittest.case", "TestCase"), ("threading", "Thread"),
    ("email.message", "Message"), ("email.message", "EmailMessage"),
    ("xml.etree.ElementTree", "TreeBuilder"), ("shlex", "shlex"),
    ("asyncio.queues", "Queue"), ("asyncio.queues", "PriorityQueue"),
    ("asyncio.queues", "LifoQueue"), ("types", "SimpleNamespace"),
    ("weakref", "WeakValueDictionary"), ("weakref", "WeakKeyDictionary"),
    ("urllib.parse", "SplitResult"), ("urllib.parse", "ParseResult"),
))


def _subclassable(b, metatype):
    if not isinstance(b, metatype):
        return True  # not a class: __mro_entries__ or the type() call refuses it
    mod = getattr(b, "__module__", None)
    if mod == "__main__":
        return True
    if issubclass(b, metatype) or b in (super, _types.ModuleType):
        return False
    if issubclass(b, BaseException) or mod == "builtins":
        return True
    return mod in _SUBCLASSABLE_MODULES or (mod, getattr(b, "__qualname__", None)) in _SUBCLASSABLE


def _stdlib_shape(mod, name, bases, ns, keys):
    import csv
    import inspect
    if mod == "csv" and name == "dialect" and bases == (csv.Dialect,):
        data = {"__module__", "__qualname__", "__doc__", "_name", "lineterminator", "quoting",
                "doublequote", "delimiter", "quotechar", "skipinitialspace"}
        return all(type(k) is str and k in data for k in keys) and all(
            type(dict.get(ns, k)) in (str, bool, int, type(None)) for k in keys)
    if mod == "inspect" and name == "RewriteSymbolics" and len(bases) == 1 and \
            getattr(bases[0], "__qualname__", None) == "NodeTransformer" and \
            getattr(bases[0], "__module__", None) == "ast":
        for k in keys:
            v = dict.get(ns, k)
            if k in ("__module__", "__qualname__"):
                if type(v) is not str:
                    return False
            elif type(v) is not _types.FunctionType or \
                    v.__code__.co_filename != inspect.__file__:
                return False
        return True
    return False


def _name_of(name):
    return name[:60] if type(name) is str else "?"


_WARM_TREE = """\
import math
from json import dumps as d
@dec
class C(B, metaclass=M):
    def f(self, a, /, b: int = 1, *c, k=2, **kw) -> None:
        global G
        return [i * 2 for i in range(a) if i > 0 and not i or -i]
def g(x):
    if x is None:
        pass
    elif x < 1 <= x:
        x += 1
    for i, j in x:
        break
    else:
        x.y = x[1:2, ::3] @ x % x
    while x:
        continue
    try:
        y = x[0].y
    except (E, F) as e:
        raise e from None
    finally:
        del x
    with x as z, x:
        assert z, 'm'
    match x:
        case [1, *r] if r:
            yield x
        case {'k': _} | C(a=1):
            pass
    return lambda q: {q: z for q in z}, {1, *z}, (1,), f'{x!r:>3}', x if x else ~x, (w := 1)
async def h(x):
    async for i in x:
        await i
print(g(1), math.pi, d(None), *x, sep='', **{'end': ''})
"""


def _warm(safe, limits):
    # Do once here, in the zygote, what every child would otherwise do
    # for itself: codec lookups, the text I/O stack, traceback formatting,
    # JSON encoding, class creation, the code check, compiling a parsed
    # tree (CPython makes its AST classes on first use) and a result.  Then
    # freeze the heap so that the children's garbage collector never walks
    # (and copies) it.  Called last, after the zygote's guards made every
    # class immutable (which took each one's method-cache version tag): the
    # classes used here get theirs again, here rather than in every child,
    # where each is one more copied page.
    import gc
    buf = _io.TextIOWrapper(_io.BytesIO(), encoding="utf-8", errors="backslashreplace",
                            line_buffering=True)
    buf.write("warm\n")
    buf.flush()
    src = "class A:\n    def __init__(self):\n        self.x = 1\nprint(A().x, file=f)\n1/0\n"
    _lc.cache[_SNIPPET] = (len(src), None, src.splitlines(True), _SNIPPET)
    code = compile(src, _SNIPPET, "exec")
    check_code(code)
    g = {"__name__": "__main__", "__builtins__": dict(safe), "f": buf}
    try:
        exec(code, g)
    except ZeroDivisionError as e:
        _dump(_report(e))
    # Each kind of node a child's parse makes and its compile reads costs
    # it one more copied page or more the first time (the method cache, the
    # class's shared instance keys): the common kinds are made here once.
    _split(compile(_WARM_TREE, _SNIPPET, "exec", _ast.PyCF_ONLY_AST))
    head, last = _split(compile("x = [1, 2.5, 'a', {'k': None}]\nx\n", _SNIPPET, "exec",
                                _ast.PyCF_ONLY_AST))
    check_code(head)
    check_code(last)
    exec(head, g)
    out = _Outputs(limits, lambda payload: None)
    out.add(b"png")
    r = {"error": None, "result": out.result(eval(last, g))}
    out.report(r)
    _dump(r)
    _lc.cache.pop(_SNIPPET, None)
    _io.StringIO("warm").readline()
    gc.collect()
    gc.freeze()
