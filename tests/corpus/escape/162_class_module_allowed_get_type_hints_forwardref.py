# technique: the class guard accepts a class-body __module__ naming any allowed (or lazily imported) module, and then skips every check it keeps for the snippet's own classes (bases, typing markers); typing.get_type_hints(C) (no refused name for the runtime check) evaluates C's annotations in sys.modules[C.__module__].__dict__, and with no globalns/localns given swaps them: the snippet's ForwardRef subclass receives random's (warnings', calendar's) real namespace in _evaluate
# source: typing.get_type_hints per-base module globals (cls.__module__ trusted) + typing.ForwardRef._evaluate override
# note: runtime-layer escape; the validator refuses binding __module__ and the get_type_hints attribute
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing

GOT = []
FORWARD_REF = type(typing.get_args(typing.List['int'])[0])


class Ref(FORWARD_REF, _root=True):
    def _evaluate(self, globalns, localns, recursive_guard):
        GOT.append((globalns, localns))
        return int


R = Ref('int')


def namespace_of(C):
    typing.get_type_hints(C)
    g, l = GOT[-1]
    return l if type(l) is dict and dn('builtins') in l else g


class InRandom:
    __module__ = 'random'
    x: R


class InWarnings:
    __module__ = 'warnings'
    x: R


class InCalendar:
    __module__ = 'calendar'
    x: R

attempt("class with __module__ = 'random' -> get_type_hints -> random's globals",
        lambda: namespace_of(InRandom))
attempt("... random's _os", lambda: namespace_of(InRandom)['_os'])
attempt("__module__ = 'warnings' -> warnings' sys", lambda: namespace_of(InWarnings)['sys'])
attempt("__module__ = 'calendar' (lazy) -> calendar's sys", lambda: namespace_of(InCalendar)['sys'])
