# technique: __code__ of a snippet function and of json.dumps, and co_consts, through the gadget with no refused name in the code
# source: RestrictedPython: __code__ / co_consts access

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


class S(str):
    """A str whose equality says yes to anything: name checks that compare
    with == (or look a name up in a tuple) are fooled, getattr is not."""
    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)


got = []


def cap(self, k, v):
    got.append(v)

update_wrapper = pub(functools, 'update_wrapper')
Sink = pub(dataclasses, 'make_dataclass')('Sink', [], namespace={dn('setattr'): cap})


def ga(obj, name):
    """getattr(obj, name) through functools.update_wrapper."""
    got.clear()
    update_wrapper(Sink(), obj, assigned=(S(name),), updated=())
    if not got:
        raise AttributeError(name)
    return got[0]


import json


def f():
    def inner():
        return 1
    return inner

attempt('f.__code__', lambda: ga(f, dn('code')))
attempt('json.dumps.__code__', lambda: ga(json.dumps, dn('code')))
attempt('co_consts[...] nested code', lambda: [c for c in ga(ga(f, dn('code')), 'co_consts')
                                               if type(c).__name__ == 'code'][0])
