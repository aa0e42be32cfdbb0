# technique: copy-protocol gadgets with the guard on copy._reconstruct in place: (1) copy.copy/deepcopy of a method-wrapper ((1).__add__, obj.__init__): its __reduce__ takes getattr from the builtins of the calling frame, copy's (the real getattr), and copy then calls getattr(deepcopy(self), name), where the snippet's __deepcopy__ picks the object; (2) an Enum made by the functional API may carry a __reduce_ex__ (a key the class guard accepts for stdlib-made classes): copy.copy(member) calls it and applies its state dict with y.__dict__.update(state), the one state path the guard does not check (dunder instance attributes on any object with a __dict__); the deepcopy memo and every value produced are checked
# source: pickle/copy reduce protocol (104/105/156/165); CPython _PyEval_GetBuiltin in method-wrapper __reduce__; copy._reconstruct state handling
# note: stopped: the real getattr stays inside copy (only its result, getattr(obj, '__add__'), comes back, with a name fixed by the wrapper), and the unchecked state update only writes instance dicts of objects the snippet already holds
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

import copy, enum

MEMOS = []


class Spy:
    def __deepcopy__(self, memo):
        MEMOS.append(dict(memo))
        return TARGET[0]

    def __add__(self, other):
        return NotImplemented


TARGET = [None]


def via_method_wrapper():
    TARGET[0] = copy  # the view: getattr(view, '__add__') fails
    out = []
    for w in ((1).__add__, Spy().__init__):
        out.append(copy.copy(w))
    TARGET[0] = Spy()
    out.append(copy.deepcopy(Spy().__add__))
    for m in MEMOS:
        for v in m.values():
            out += list(v) if type(v) is list else [v]
    for v in out:
        if what(v):
            return v
    raise LookupError('results: ' + ', '.join(sorted(set(type(v).__name__ for v in out))))


class Box:
    pass


def reduce_ex(*args):
    return (Box, (), {dn('reduce_ex'): reduce_ex, dn('class'): Box, 'seen': args})


def via_enum_reduce_ex():
    E = enum.Enum('E', [(dn('reduce_ex'), reduce_ex), ('a', 1)])
    y = copy.copy(E.a)
    z = copy.copy(y)  # the instance-level __reduce_ex__ copied along
    for v in (y, z, y.seen):
        if what(v):
            return v
    raise LookupError('copies are %s and %s' % (type(y).__name__, type(z).__name__))

attempt('copy of method-wrappers (the real getattr inside copy)', via_method_wrapper)
attempt('Enum with __reduce_ex__ + copy state dict', via_enum_reduce_ex)
