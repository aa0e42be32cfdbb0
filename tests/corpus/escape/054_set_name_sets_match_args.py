# technique: a descriptor's __set_name__(owner, name) runs at class creation and writes owner.__match_args__ from its own data
# source: Python object model hooks: __set_name__

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json, abc


class Plant:
    def __init__(self, target):
        self.target = target

    def __set_name__(self, owner, name):
        owner.__match_args__ = (self.target,)


class P(abc.ABC):
    x = Plant(dn('globals'))

P.register(type(json.dumps))


def via():
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('__set_name__ match_args', via)
