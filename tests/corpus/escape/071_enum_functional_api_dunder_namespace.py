# technique: enum.Enum('Sink', {'__setattr__': cap, 'A': 1}) (functional API, dict of names): a dunder key becomes a method of the enum class; its member is the capturing sink of the update_wrapper gadget
# source: enum functional API as a class factory (namespace from a dict)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import enum, functools, json

got = []
store = {}


def cap(self, k, v):
    if k == dn('globals'):
        got.append(v)
    store[k] = v


def getter(self, k):
    if k in store:
        return store[k]
    raise AttributeError(k)


def via():
    Sink = enum.Enum('Sink', {dn('setattr'): cap, dn('getattr'): getter, 'A': 1})
    functools.update_wrapper(Sink.A, json.dumps, assigned=(dn('globals'),), updated=())
    return got[-1]

attempt('enum functional API sink', via)
