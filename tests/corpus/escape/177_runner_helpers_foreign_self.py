# technique: the runner's own replacements, whose methods run in the runner's file (the audit hook does not look at events raised there), called with a foreign self (A.m(obj)): warnings.catch_warnings.__enter__(obj) appends the real warnings module's filters, showwarning and _showwarnmsg_impl to obj.__dict__['saved'] and __exit__(obj) assigns obj's saved triple back to the real module; contextlib.redirect_stdout.__enter__(obj)/__exit__(obj) hand over and set sys.stdout; the captured values, and what the real module then calls with the snippet's replacements, are checked
# source: sandbox design flaw class: helpers that hide the real object but run foreign-self methods (137-139); A.m(obj) with the self exemption
# note: stopped: the real module is kept in a closure, never in self; what comes back is warnings' own list and functions and the stream object, none of them a module, frame, code object or globals
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

import contextlib, warnings


class Anything:
    def __init__(self):
        self.record = False
        self.action = (None, Warning, 0, False)


def via_catch_warnings():
    cw = warnings.catch_warnings
    obj = Anything()
    cw.__enter__(obj)
    filters, showwarning, impl = obj.saved[-1]
    seen = []
    # the real module's _showwarnmsg_impl replaced by a snippet function
    obj.saved.append((filters, showwarning, lambda msg: seen.append(msg)))
    cw.__exit__(obj, None, None, None)
    warnings.warn('probe')
    for v in (filters, showwarning, impl) + tuple(seen):
        if what(v):
            return v
    for m in seen:
        for v in (m.message, m.category, m.filename, m.lineno, m.file, m.line, m.source):
            if what(v):
                return v
    raise LookupError('got %s, %s and %s' % (type(filters).__name__, type(showwarning).__name__,
                                            type(impl).__name__))


def via_redirect():
    rd = contextlib.redirect_stdout
    obj = Anything()
    rd.__init__(obj, None)
    rd.__enter__(obj)
    saved = obj.saved[-1]
    rd.__exit__(obj, None, None, None)
    for v in (saved, saved.buffer, saved.buffer.raw):
        if what(v):
            return v
    return saved

attempt('catch_warnings.__enter__/__exit__ with a foreign self', via_catch_warnings)
attempt('redirect_stdout.__enter__ with a foreign self: sys.stdout', via_redirect)
