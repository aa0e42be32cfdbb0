# technique: the class guard accepts a class-body __module__ naming any allowed (or lazily imported) module, and then skips every check it keeps for the snippet's own classes (bases, typing markers); typing.get_type_hints(C) (no refused name for the runtime check) evaluates C's annotations in sys.modules[C.__module__].__dict__, and with no globalns/localns given swaps them: the snippet's ForwardRef subclass receives random's (warnings', calendar's) real namespace in _evaluate
# source: typing.get_type_hints per-base module globals (cls.__module__ trusted) + typing.ForwardRef._evaluate override
# note: runtime-layer escape; the validator refuses binding __module__ and the get_type_hints attribute
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

import typing

GOT = []
FORWARD_REF = type(typing.get_args(typing.List['int'])[0])


class Ref(FORWARD_REF, _root=True):
    def _evaluate(self, globalns, localns, recursive_guard):
        GOT.append((globalns, localns))
        return int


R = Ref('int')


def namespace_of(C):
    typing.get_type_hints(C)
    g, l = GOT[-1]
    return l if type(l) is dict and dn('builtins') in l else g


class InRandom:
    __module__ = 'random'
    x: R


class InWarnings:
    __module__ = 'warnings'
    x: R


class InCalendar:
    __module__ = 'calendar'
    x: R

attempt("class with __module__ = 'random' -> get_type_hints -> random's globals",
        lambda: namespace_of(InRandom))
attempt("... random's _os", lambda: namespace_of(InRandom)['_os'])
attempt("__module__ = 'warnings' -> warnings' sys", lambda: namespace_of(InWarnings)['sys'])
attempt("__module__ = 'calendar' (lazy) -> calendar's sys", lambda: namespace_of(InCalendar)['sys'])
