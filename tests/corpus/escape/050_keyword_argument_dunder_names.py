# technique: keyword argument names are identifiers too: dict(__setattr__=cap) builds the namespace of a capturing class for the update_wrapper gadget
# source: Python jail write-ups: identifiers in keyword-argument position escape name filters

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import functools, json, dataclasses

got = []


def cap(self, k, v):
    got.append(v)

Sink = dataclasses.make_dataclass('Sink', [], namespace=dict(__setattr__=cap))


def steal():
    functools.update_wrapper(Sink(), json.dumps, assigned=('__globals__',), updated=())
    return got[0]

attempt('dict(__setattr__=...) sink + update_wrapper', steal)
