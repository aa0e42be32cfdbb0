# technique: every value the warnings machinery (C _warnings plus warnings.py, whose frames the audit hook trusts for frame and code reads and sys._getframe) hands back to snippet code: a custom Warning category (its __init__ and __str__), filters whose message/module entries are objects with match() (called with the text and the module name of the frame at stacklevel), stacklevel reaching the runner's frames (registry created in their globals), warn_explicit with module_globals holding a __loader__ (get_source(name) is called) and a registry, a source object, and showwarning/formatwarning replacements written through the view; every argument is checked for a frame, code object, module or globals
# source: warnings module as a trusted frame walker (Python jail write-ups: warnings.catch_warnings, _getframe users); CPython _warnings.c setup_context/get_source_line/check_matched
# note: stopped: only plain values come back (str, int, the snippet's own objects, the filename '<tool-sandbox runner>'); nothing of the interpreter's is passed to the callbacks
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

import warnings

SEEN = []


def see(where, *values):
    for v in values:
        SEEN.append((where, v))


class Category(UserWarning):
    def __init__(self, *args):
        see('Category.__init__', *args)
        super().__init__(*args)


class Matcher:
    def match(self, text):
        see('filter match', text)
        return True


class Loader:
    def get_source(self, *args):
        see('loader.get_source', *args)
        return 'line one\nline two\n'


class Source:
    pass


def showwarning(*args):
    see('showwarning', *args)


def formatwarning(*args):
    see('formatwarning', *args)
    return 'formatted\n'


def probe():
    with warnings.catch_warnings():
        warnings.filters.insert(0, ('always', Matcher(), Warning, Matcher(), 0))
        warnings.showwarning = showwarning
        for level in (1, 2, 3, 4, 5):
            warnings.warn('by level %d' % level, Category, stacklevel=level, source=Source())
        registry = {}
        module_globals = {dn('name'): 'fake', dn('loader'): Loader()}
        warnings.warn_explicit('explicit', Category, 'fake.py', 2, 'fake', registry,
                               module_globals, Source())
        see('registry', *registry)
        warnings.showwarning = warnings.showwarning  # the view's value
        warnings.formatwarning = formatwarning
    print('values seen:', len(SEEN), sorted(set(type(v).__name__ for _, v in SEEN)))
    print('filenames seen:', sorted(set(v for _, v in SEEN if type(v) is str and '<' in v)))
    for where, v in SEEN:
        for x in ((v,) + tuple(v) if type(v).__name__ in ('tuple', 'list') else (v,)):
            if what(x):
                print('found in', where)
                return x
    raise LookupError('nothing of the interpreter among %d values' % len(SEEN))

attempt('warnings callbacks and hooks', probe)
