# technique: the audit hook sets its 'busy' flag while it decides and ignores every event raised meanwhile (re-entrancy guard), and for a refused 'open' of a non-str path it formats the detail with repr(type(path).__name__): a str subclass Path whose __name__ was set to an instance of a str subclass with its own __repr__ makes the hook call snippet code while busy; io.FileIO (type(pprint.PrettyPrinter()._stream.buffer.raw), through the self exemption) opening Path('/x') raises that event; inside the callback nothing is audited, so typing's eval of a run-time annotation string (singledispatch.register on a module view given the annotations with update_wrapper) runs to the end: "(thing := __import__('os'))" with the real builtins eval puts in the view's namespace
# source: PEP 578 audit hooks written in Python: re-entrancy flags + hooks that format untrusted objects (repr/str/slicing of a str subclass) while deciding; typing.get_type_hints eval
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

import functools, keyword, pprint


def stream_of(self):
    return self._stream


FileIO = type(stream_of(pprint.PrettyPrinter()).buffer.raw)  # io.FileIO


@functools.singledispatch
def fun(x):
    return x


def typing_eval(expr):
    # typing.get_type_hints(keyword view) evaluates expr with the view's
    # namespace as globals (eval adds the real builtins to it)
    def annotated(x: expr):
        pass
    functools.update_wrapper(keyword, annotated)
    try:
        fun.register(keyword)
    except TypeError:
        pass  # the value is no class: it is kept in the namespace by the walrus


INSIDE = []


class Name(str):
    def __repr__(self):
        # called by the audit hook itself, while it is busy
        try:
            INSIDE.append(('hook', INSIDE_PAYLOAD[0]()))
        except BaseException as e:
            INSIDE.append(('hook', e))
        return 'Path'


class Path(str):
    pass


Path.__name__ = Name('Path')
INSIDE_PAYLOAD = [None]


def busy(payload):
    INSIDE.clear()
    INSIDE_PAYLOAD[0] = payload
    try:
        FileIO(Path('/nonexistent'), 'r')
    except BaseException as e:
        print('open refused as expected:', type(e).__name__, str(e)[:80])
    kind, value = INSIDE[-1]
    if isinstance(value, BaseException):
        raise value
    return value


def os_by_eval():
    typing_eval('(thing := ' + dn('import') + "('os'))")
    return keyword.thing


def builtins_by_eval():
    typing_eval('(thing := ' + dn('builtins') + ')')
    return keyword.thing

attempt('typing eval of __import__("os") outside the hook (refused)', os_by_eval)
attempt('... the same inside the audit hook (busy: nothing audited)', lambda: busy(os_by_eval))
attempt('... __builtins__ in the eval namespace', lambda: busy(builtins_by_eval))
