# technique: __init_subclass__ with a class keyword argument sets __match_args__ on each subclass from a runtime string
# source: Python object model hooks: __init_subclass__ class keywords

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json, abc


class Base(abc.ABC):
    def __init_subclass__(cls, attr=None, **kw):
        super().__init_subclass__(**kw)
        cls.__match_args__ = (attr,)


class P(Base, attr=dn('globals')):
    pass

P.register(type(json.dumps))


def via():
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('__init_subclass__ match_args', via)
