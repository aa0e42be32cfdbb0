# technique: __match_args__ defined on a metaclass (abc.ABCMeta subclass) is found by the class attribute lookup of MATCH_CLASS, not in the class namespace
# source: Python data model: class attribute lookup falls back to the metaclass

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json


class M(abc.ABCMeta):
    __match_args__ = ('__globals__',)


class P(metaclass=M):
    pass

P.register(type(json.dumps))


def via():
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('metaclass __match_args__', via)
