# technique: typing.NamedTuple class syntax with fields gi_frame / f_back: __match_args__ of internal names, matched on a running generator
# source: typing.NamedTuple field names as pattern-matching getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, typing


class G(typing.NamedTuple):
    gi_frame: object


class P(G, abc.ABC):
    pass


def gen():
    yield 1

g = gen()
next(g)
P.register(type(g))


def via():
    match g:
        case P(fr):
            return fr
    raise LookupError('no match')

attempt('typing.NamedTuple(gi_frame) match', via)
