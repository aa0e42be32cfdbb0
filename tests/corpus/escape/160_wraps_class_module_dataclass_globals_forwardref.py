# technique: @functools.wraps(random.Random()) on a class sets its __module__ to 'random' after the class guard has seen it (update_wrapper then fails on the class's mappingproxy, after the assignments; a decorator under it keeps the class), and the instance has no __annotations__ to overwrite the class's; dataclasses execs the generated methods in sys.modules[cls.__module__].__dict__, so K.__init__.__globals__ is random's real namespace (or that of any module in sys.modules: namedtuple(module='os') makes an instance whose __module__ is any string) and its annotations hold the snippet's ForwardRef subclass (typing classes may be subclassed); functools.singledispatch.register(K.__init__) calls typing.get_type_hints, which reads __globals__ in typing's trusted frame and passes it to the subclass's _evaluate
# source: functools.update_wrapper as a setattr of __module__; dataclasses' globals lookup by cls.__module__; typing.ForwardRef._evaluate receiving the real globalns; functools.singledispatch annotation-based register

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

import collections, dataclasses, functools, random, typing

GOT = []
FORWARD_REF = type(typing.get_args(typing.List['int'])[0])


class Ref(FORWARD_REF, _root=True):
    def _evaluate(self, globalns, localns, recursive_guard):
        GOT.append(globalns)
        return int


R = Ref('int')
KEEP = []


def keep(c):
    KEEP.append(c)
    return c


def module_globals(source):
    try:
        @functools.wraps(source)
        @keep
        class K:
            x: R
    except AttributeError:
        pass
    K = dataclasses.dataclass(KEEP[-1])

    @functools.singledispatch
    def fun(x):
        return x

    fun.register(K.__init__)
    return GOT[-1]


def named(module):
    # an instance with __module__ == module and no __annotations__:
    # namedtuple(module=...) takes any string
    return collections.namedtuple('N', 'a', module=module)(1)

attempt("dataclass of a class moved to module 'random' -> __init__ globals via get_type_hints",
        lambda: module_globals(random.Random()))
attempt("... random's _os", lambda: module_globals(random.Random())['_os'])
attempt("class moved to module 'os' (namedtuple(module='os') as the source) -> os globals",
        lambda: module_globals(named('os')))
attempt("class moved to module 'builtins' -> the builtins module's dict",
        lambda: module_globals(named('builtins')))
