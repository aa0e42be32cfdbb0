# technique: a @dataclass deriving from abc.ABC with a private field _os: its generated __match_args__ is ('_os',); registered for the module type, it reads random._os
# source: smolagents local executor advisory class (random._os) + dataclass __match_args__

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, dataclasses, random


@dataclasses.dataclass
class D(abc.ABC):
    _os: object = None

D.register(type(random))


def via():
    match random:
        case D(o):
            return o
    raise LookupError('no match')

attempt('dataclass(_os) match on random', via)
