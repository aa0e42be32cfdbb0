# technique: typing.NamedTupleMeta builds the class with collections.namedtuple (the class guard sees namedtuple's namespace only) and then copies every other key of the class body onto it with setattr: __match_args__ = ('__globals__',), _is_protocol and _is_runtime_protocol arrive after the guard; a Protocol subclass of it (Protocol checks only the direct bases) is runtime-checkable without runtime_checkable() (the inherited _is_runtime_protocol), and once the namedtuple is renamed 'Generic' typing._get_protocol_attrs skips it: case P(g) matches with no members but tuple's and would read subject.__globals__
# source: typing.NamedTupleMeta (setattr of class-body keys after type.__new__) + typing.Protocol runtime checks (140) + pattern matching as getattr
# note: stopped at 9004c28 by the structural check, which still requires every attribute of tuple, so only tuples match (their __globals__ does not exist; no reachable non-tuple answers all of them); since 5a55677 the runtime also checks a NamedTuple's class body before NamedTupleMeta copies it
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

import json, typing

T = typing.TypeVar('T')


class NT(typing.NamedTuple, typing.Generic[T]):
    x: int
    __match_args__ = (dn('globals'),)
    _is_protocol = True
    _is_runtime_protocol = True


class P(NT, typing.Protocol):
    pass


NT.__name__ = 'Generic'  # typing._get_protocol_attrs skips classes named Generic


def field(subject):
    match subject:
        case P(g):
            return g
    raise LookupError('no match for ' + type(subject).__name__)

print('isinstance((1,), P):', isinstance((1,), P), '- isinstance(json.dumps, P):',
      isinstance(json.dumps, P))
attempt('case P(g) on json.dumps (P: namedtuple-made protocol)', lambda: field(json.dumps))
attempt('case P(g) on a tuple', lambda: field((json.dumps,)))
