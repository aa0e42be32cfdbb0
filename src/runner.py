# The Python half of a sandbox child, compiled once in the zygote.
# make() returns (run, report): run() executes an already compiled snippet with the
# restricted builtins and returns (exit_code, result_json);
# report() turns an exception (e.g. a SyntaxError from compiling) into the
# same result JSON.  This code is trusted; the snippet only ever sees the
# builtins dict built here.
import builtins as _b
import io as _io
import json as _json
import linecache as _lc
import sys as _sys
import traceback as _tb

_SNIPPET = "<snippet>"
_MAX_MESSAGE = 8192
_MAX_TRACEBACK = 65536

# The seed's whitelist of builtins, plus the ones ordinary code needs to
# define classes.  eval, exec, open, compile, getattr, setattr, delattr,
# globals, locals, vars, dir, input, exit, quit, breakpoint, help and
# memoryview are absent, and __import__ only admits the allowed modules.
_SAFE = (
    "abs", "aiter", "all", "anext", "any", "ascii", "bin", "bool", "bytearray",
    "bytes", "callable", "chr", "classmethod", "complex", "dict", "divmod",
    "enumerate", "filter", "float", "format", "frozenset", "hash", "hex", "id",
    "int", "isinstance", "issubclass", "iter", "len", "list", "map", "max",
    "min", "next", "object", "oct", "ord", "pow", "print", "property", "range",
    "repr", "reversed", "round", "set", "slice", "sorted", "staticmethod",
    "str", "sum", "super", "tuple", "type", "zip", "NotImplemented", "Ellipsis",
    "__build_class__",
)


def _text(s, cap):
    s = str(s)
    return s if len(s) <= cap else s[:cap] + "\n[truncated]"


def _report(e):
    tb = e.__traceback__
    # Drop the runner's own frames: the agent only needs its snippet's.
    while tb is not None and tb.tb_frame.f_code.co_filename != _SNIPPET:
        tb = tb.tb_next
    line = None
    t = tb
    while t is not None:
        if t.tb_frame.f_code.co_filename == _SNIPPET:
            line = t.tb_lineno
        t = t.tb_next
    if isinstance(e, SyntaxError) and e.filename == _SNIPPET:
        line = e.lineno
    try:
        message = _text(e, _MAX_MESSAGE)
    except BaseException:
        message = "<exception str() failed>"
    try:
        trace = _text("".join(_tb.format_exception(type(e), e, tb)), _MAX_TRACEBACK)
    except BaseException:
        trace = ""
    return {"error": {"type": type(e).__name__, "message": message,
                      "traceback": trace, "line": line}}


def _dump(obj):
    try:
        return _json.dumps(obj).encode()
    except BaseException:
        return b'{"error":{"type":"MemoryError","message":"","traceback":"","line":null}}'


def make(allowed, allow_input):
    allowed = frozenset(allowed)
    real_import = _b.__import__

    def module_allowed(name):
        parts = name.split(".")
        return any(".".join(parts[:i]) in allowed for i in range(1, len(parts) + 1))

    def refuse(name):
        raise ImportError("import of '%s' is not allowed in the sandbox" % (name,))

    def guarded_import(name, globals=None, locals=None, fromlist=(), level=0):
        if level:
            raise ImportError("relative imports are not available in the sandbox")
        if not isinstance(name, str) or not module_allowed(name):
            refuse(name)
        # A submodule of an allowed package is admitted only if it was
        # already imported in the zygote (by its package, e.g.
        # collections.abc) or is allowed by name: json.tool, for one, would
        # bring in argparse and its file opening.
        if name not in _sys.modules and name not in allowed:
            refuse(name)
        if fromlist:
            mod = _sys.modules.get(name)
            for item in fromlist:
                if not isinstance(item, str):
                    refuse(name)
                sub = name + "." + item
                if (item != "*" and mod is not None and not hasattr(mod, item)
                        and sub not in _sys.modules and sub not in allowed):
                    refuse(sub)
        return real_import(name, globals, locals, fromlist, 0)

    safe = {n: getattr(_b, n) for n in _SAFE if hasattr(_b, n)}
    for n, v in vars(_b).items():
        if isinstance(v, type) and issubclass(v, BaseException):
            safe[n] = v
    safe["__import__"] = guarded_import

    def run(code, source, stdin_text, raw):
        # The streams are made here, in the child: made in the zygote they
        # would be shared by every child and copied by each on first use.
        out = _io.open(1, "w", encoding="utf-8", errors="backslashreplace",
                       closefd=False, buffering=1)
        err = _io.open(2, "w", encoding="utf-8", errors="backslashreplace",
                       closefd=False, buffering=1)
        _sys.stdout, _sys.stderr = out, err
        _sys.stdin = _io.StringIO(stdin_text)
        if raw:
            b = dict(vars(_b))
        else:
            b = dict(safe)
            if allow_input:
                def sandbox_input(prompt=""):
                    out.write(str(prompt))
                    line = _sys.stdin.readline()
                    if not line:
                        raise EOFError("EOF when reading a line")
                    return line.rstrip("\n")
                b["input"] = sandbox_input
        g = {"__name__": "__main__", "__doc__": None, "__builtins__": b}
        _lc.cache[_SNIPPET] = (len(source), None, source.splitlines(True), _SNIPPET)
        rc, result = 0, {"error": None}
        try:
            exec(code, g)
        except SystemExit as e:
            if e.code is not None and e.code != 0:
                g.clear()
                rc, result = 1, _report(e)
        except BaseException as e:
            # Free what the snippet holds first: after a MemoryError the
            # report itself needs memory.
            g.clear()
            rc, result = 1, _report(e)
        g.clear()
        for f in (out, err):
            try:
                f.flush()
            except BaseException:
                pass
        return rc, _dump(result)

    def report(e):
        return _dump(_report(e))

    _warm(safe)
    return run, report


def _warm(safe):
    # Do once here, in the zygote, what every child would otherwise do
    # for itself: codec lookups, the text I/O stack, traceback formatting,
    # JSON encoding, class creation.  Then freeze the heap so that the
    # children's garbage collector never walks (and copies) it.
    import gc
    buf = _io.TextIOWrapper(_io.BytesIO(), encoding="utf-8", errors="backslashreplace",
                            line_buffering=True)
    buf.write("warm\n")
    buf.flush()
    src = "class A:\n    def __init__(self):\n        self.x = 1\nprint(A().x, file=f)\n1/0\n"
    _lc.cache[_SNIPPET] = (len(src), None, src.splitlines(True), _SNIPPET)
    g = {"__name__": "__main__", "__builtins__": dict(safe), "f": buf}
    try:
        exec(compile(src, _SNIPPET, "exec"), g)
    except ZeroDivisionError as e:
        _dump(_report(e))
    _lc.cache.pop(_SNIPPET, None)
    _io.StringIO("warm").readline()
    gc.collect()
    gc.freeze()
