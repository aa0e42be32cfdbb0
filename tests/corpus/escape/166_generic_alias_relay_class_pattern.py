# technique: the relay of 158 read by a class pattern instead of dataclasses.replace: a dataclass subclass of typing._GenericAlias with a gi_frame field gets __match_args__ = ('gi_frame',), and case GenFields(fr) on GenFields(generator) would read it through typing's trusted relay; or a subclass whose class body sets __match_args__ = ('gi_frame',)
# source: dataclass __match_args__ + pattern matching as getattr; typing._BaseGenericAlias.__getattr__ relay
# note: stopped: the runtime keeps only public, non-internal names in a dataclass's __match_args__, and the class guard refuses a class body's __match_args__ of other names (the validator refuses it too)
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, typing

GA = type(typing.List[int])  # typing._GenericAlias


@dataclasses.dataclass(init=False, eq=False, repr=False)
class GenFields(GA, _root=True):
    gi_frame: object

    def __init__(self, origin):
        super().__init__(origin, (int,), name='x')


def gen():
    yield 1

g = gen()
next(g)


def via_dataclass():
    match GenFields(g):
        case GenFields(fr):
            return fr
    raise LookupError('no match')


def via_subclass():
    class Named(GenFields, _root=True):
        __match_args__ = ('gi_frame',)
    match Named(g):
        case Named(fr):
            return fr
    raise LookupError('no match')

attempt('case GenFields(fr) on the relay dataclass', via_dataclass)
attempt("case Named(fr), a relay subclass with __match_args__ = ('gi_frame',)", via_subclass)
