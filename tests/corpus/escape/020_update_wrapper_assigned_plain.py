# technique: functools.update_wrapper with assigned=(name,) for a plain str name built at run time copies json.dumps.__globals__ onto a capturing object (its class made by make_dataclass with a __setattr__ in the namespace)
# source: functools.update_wrapper as a getattr/setattr gadget (sandbox write-ups)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import functools, json, dataclasses

got = []


def cap(self, k, v):
    got.append(v)

Sink = dataclasses.make_dataclass('Sink', [], namespace={dn('setattr'): cap})


def steal(obj, name):
    got.clear()
    functools.update_wrapper(Sink(), obj, assigned=(name,), updated=())
    return got[0]

attempt('update_wrapper(assigned=(computed __globals__,))', lambda: steal(json.dumps, dn('globals')))
attempt('functools.wraps(..., assigned=(computed __globals__,))',
        lambda: (got.clear(), functools.wraps(json.dumps, (dn('globals'),), ())(Sink()), got[0])[2])
