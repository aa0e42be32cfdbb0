# technique: copy.copy / copy.deepcopy call the object's __reduce_ex__ and then call whatever callable it returns with its arguments; with object.__reduce_ex__ reached through the update_wrapper gadget the reduce tuple exposes copyreg.__newobj__ and its globals
# source: pickle/copy protocol gadgets (__reduce_ex__ returning a callable)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import copy, dataclasses, functools


class S(str):
    """A str whose equality says yes to anything: the name checks of the
    update_wrapper guard compare names with ==."""
    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)


got = []


def cap(self, k, v):
    got.append(v)

Sink = dataclasses.make_dataclass('Sink', [], namespace={dn('setattr'): cap})


def ga(obj, name):
    """getattr(obj, name) through functools.update_wrapper."""
    got.clear()
    functools.update_wrapper(Sink(), obj, assigned=(S(name),), updated=())
    if not got:
        raise AttributeError(name)
    return got[0]


calls = []


class R:
    def __reduce_ex__(self, proto):
        return (calls.append, ('called by copy',))

copy.copy(R())


def via():
    red = ga(1, dn('reduce_ex'))(2)
    return ga(red[0], dn('globals'))

print('copy.copy called the callable __reduce_ex__ returned:', calls)
attempt('(1).__reduce_ex__(2)[0] = copyreg.__newobj__ globals', via)
