# technique: the audit hook sets its 'busy' flag while it decides and ignores every event raised meanwhile (re-entrancy guard), and for a refused 'open' of a non-str path it formats the detail with repr(type(path).__name__): a str subclass Path whose __name__ was set to an instance of a str subclass with its own __repr__ makes the hook call snippet code while busy; io.FileIO (type(pprint.PrettyPrinter()._stream.buffer.raw), through the self exemption) opening Path('/x') raises that event; inside the callback nothing is audited, so typing's eval of a run-time annotation string (singledispatch.register on a module view given the annotations with update_wrapper) runs to the end: "(thing := __import__('os'))" with the real builtins eval puts in the view's namespace
# source: PEP 578 audit hooks written in Python: re-entrancy flags + hooks that format untrusted objects (repr/str/slicing of a str subclass) while deciding; typing.get_type_hints eval
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

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
