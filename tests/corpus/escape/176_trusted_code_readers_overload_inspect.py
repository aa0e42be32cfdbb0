# technique: the two narrow trust rules for code-object reads: typing.overload (trusted by name) reads f.__code__ of whatever it is given, f = getattr(func, '__func__', func), and files func under f.__module__/f.__qualname__/co_firstlineno, which typing.get_overloads hands back; dataclasses' docstring step runs inspect.signature(cls) (inspect trusted under dataclasses._process_class), which follows __wrapped__ chains, functools.partial and bound methods down to a stdlib function and reads its __code__; here both are pointed at json.dumps and at a generator's method, and everything they return is checked
# source: audit-hook trust by module and function name (PEP 578 object.__getattr__ for __code__); typing.overload registry; inspect.signature unwrap/partial handling
# note: stopped: overload keeps only co_firstlineno (an int) and get_overloads returns the caller's own objects; inspect turns what it reads into the docstring's text (a dataclass(init=False) without an __init__ of its own even fails: inspect's _signature_fromstr defines a class, RewriteSymbolics, which the class guard refuses as a class of module 'inspect')
# ---- escape check: the same block in every snippet of the corpus ----------
# It reads no refused attribute and holds no dunder string constant itself,
# so that a refusal is always the technique's, never the checker's.
def dn(s):
    return '_' * 2 + s + '_' * 2


DANGER = frozenset((
    'os', 'posix', 'nt', 'sys', 'subprocess', '_posixsubprocess', 'builtins',
    'ctypes', '_ctypes', 'socket', '_socket', 'importlib', '_imp',
    '_frozen_importlib', '_frozen_importlib_external', 'gc', 'inspect', 'types',
    'io', '_io', 'codecs', '_codecs', 'warnings', '_warnings', 'copyreg',
    'posixpath', 'genericpath', 'marshal', 'pickle', '_pickle', 'runpy',
    'linecache', 'traceback', 'threading', '_thread', 'locale', 'shutil',
    'signal', '_signal', 'pty', 'platform', 'tokenize', 'zipimport', 'pkgutil',
    'site', 'sysconfig', 'tempfile', 'pathlib', 'select', 'mmap', 'fcntl',
    'resource', 'weakref', '_weakref', 'atexit', 'faulthandler', 'encodings',
    'asyncio', 'argparse', 'gettext', 'pdb', 'pydoc', 'code', 'codeop', 'dis',
    'json.tool', '__main__',
))
REAL = frozenset(('eval', 'exec', 'compile', 'open', 'getattr', 'setattr', 'delattr',
                  'globals', 'locals', 'vars', 'breakpoint', '_getframe', 'system',
                  'popen', 'fork', 'execv', 'get_referrers', dn('import')))


def what(o, depth=0):
    """What forbidden thing o is, or None."""
    try:
        t = type(o).__name__
        if t in ('frame', 'code'):
            return t + ' object'
        if t == 'module':
            n = o.__name__
            if n in DANGER or n.split('.')[0] in DANGER:
                return 'module ' + n
            return None
        if t == 'dict':
            if dn('import') in o and 'eval' in o and 'open' in o:
                try:
                    works = o['eval']('1+1') == 2
                except BaseException:
                    works = False
                return 'real builtins dict' + (' (eval works)' if works else '')
            if dn('builtins') in o:
                n = o['__name__'] if '__name__' in o else '?'
                inner = what(o[dn('builtins')], depth + 1) if depth < 3 else None
                return 'globals of ' + str(n) + (' -> ' + inner if inner else '')
            return None
        if t == 'builtin_function_or_method' and o.__name__ in REAL:
            n = o.__name__
            if n == 'eval':
                return 'real eval' + (' (works)' if o('1+1') == 2 else '')
            return 'real builtin ' + n
        if t in ('_Helper', 'Quitter', '_Printer'):
            return 'site builtin ' + t
    except BaseException:
        return None
    return None


def check(label, o):
    w = what(o)
    if w:
        print('ESCAPED', label + ':', w)
        return True
    print('BLOCKED', label + ': reached only a', type(o).__name__)
    return False


def attempt(label, fn):
    try:
        return check(label, fn())
    except BaseException as e:
        print('BLOCKED', label + ':', type(e).__name__, str(e)[:160])
        return False
# ---- end of the escape check ----------------------------------------------

import dataclasses, functools, json, typing


def gen():
    yield 1


class Carrier:
    def __call__(self, *args, **kw):
        return None


def via_overload():
    g = gen()
    for target in (json.dumps, g.send, functools.partial(json.dumps)):
        typing.overload(target)
    out = []
    for target in (json.dumps, g.send):
        out += typing.get_overloads(target)
    for o in out:
        if what(o):
            return o
    raise LookupError('get_overloads: ' + ', '.join(type(o).__name__ for o in out))


def via_dataclass_doc():
    holder = Carrier()
    functools.update_wrapper(holder, json.dumps)  # __wrapped__ -> json.dumps

    @dataclasses.dataclass(init=False)
    class K:
        a: int = 0
        __init__ = holder  # inspect.unwrap(holder) is json.dumps

    @dataclasses.dataclass(init=False)
    class L:
        b: int = 0
        __init__ = functools.partial(json.dumps)

    docs = [K.__doc__, L.__doc__]
    for d in docs:
        if what(d):
            return d
    raise LookupError('docstrings only: ' + ' | '.join(str(d)[:60] for d in docs))

attempt('typing.overload / get_overloads on json.dumps and a generator method', via_overload)
attempt("dataclasses' inspect.signature on a wrapped __init__", via_dataclass_doc)
