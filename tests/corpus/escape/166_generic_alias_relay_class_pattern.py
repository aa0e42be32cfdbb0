# technique: the relay of 158 read by a class pattern instead of dataclasses.replace: a dataclass subclass of typing._GenericAlias with a gi_frame field gets __match_args__ = ('gi_frame',), and case GenFields(fr) on GenFields(generator) would read it through typing's trusted relay; or a subclass whose class body sets __match_args__ = ('gi_frame',)
# source: dataclass __match_args__ + pattern matching as getattr; typing._BaseGenericAlias.__getattr__ relay
# note: stopped: the runtime keeps only public, non-internal names in a dataclass's __match_args__, and the class guard refuses a class body's __match_args__ of other names (the validator refuses it too)
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


@dataclasses.dataclass(init=False, eq=False, repr=False)
class GenFields(GA, _root=True):
    gi_frame: object

    def __init__(self, origin):
        super().__init__(origin, (int,), name='x')


def gen():
    yield 1

g = gen()
next(g)


def via_dataclass():
    match GenFields(g):
        case GenFields(fr):
            return fr
    raise LookupError('no match')


def via_subclass():
    class Named(GenFields, _root=True):
        __match_args__ = ('gi_frame',)
    match Named(g):
        case Named(fr):
            return fr
    raise LookupError('no match')

attempt('case GenFields(fr) on the relay dataclass', via_dataclass)
attempt("case Named(fr), a relay subclass with __match_args__ = ('gi_frame',)", via_subclass)
