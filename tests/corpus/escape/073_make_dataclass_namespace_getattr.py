# technique: dataclasses.make_dataclass(namespace={'__getattribute__': ...}) smuggles any dunder method into a class; object.__getattribute__ reached through it reads __globals__ by a computed name
# source: dataclasses.make_dataclass namespace as a class factory

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, json


def via():
    Get = dataclasses.make_dataclass('Get', [], namespace={
        dn('call'): lambda self, o, n: super(type(o), o).__getattribute__(n)})
    return Get()(json.dumps, dn('globals'))

attempt('make_dataclass namespace + super().__getattribute__', via)
