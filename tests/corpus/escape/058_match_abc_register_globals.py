# technique: class P(abc.ABC) with __match_args__ = ('__globals__',), P.register(type(json.dumps)), then match json.dumps: case P(g)
# source: Python 3.10 pattern matching + abc.ABC.register (isinstance made true by registration)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json


class P(abc.ABC):
    __match_args__ = ('__globals__',)

P.register(type(json.dumps))


def via():
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('ABC.register + case P(g)', via)
