# technique: typing.get_type_hints read as data (namedtuple match): a string annotation evaluated with globalns={} gets the real builtins and imports os
# source: typing.get_type_hints / annotation evaluation (eval in disguise)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, collections, dataclasses, functools


def pub(mod, name):
    """mod.<name> for a name held as data: a namedtuple's __match_args__ is
    its field names, and an ABC registered for the module type matches."""
    N = collections.namedtuple('N', [name])

    class P(N, abc.ABC):
        pass
    P.register(type(mod))
    match mod:
        case P(v):
            return v
    raise AttributeError(name)


import typing


def f(x: "__import__('os')"):
    pass

attempt('get_type_hints(f, globalns={})', lambda: pub(typing, 'get_type_hints')(f, globalns={})['x'])
