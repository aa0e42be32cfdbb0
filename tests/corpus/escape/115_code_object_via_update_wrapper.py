# technique: __code__ of a function and a stdlib function through the update_wrapper gadget, and print.__self__
# source: RestrictedPython: __code__ access; str subclass spoofing of name checks

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, functools, json


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


def f():
    return 1

attempt('f.__code__', lambda: ga(f, dn('code')))
attempt('json.dumps.__code__', lambda: ga(json.dumps, dn('code')))
attempt('print.__self__', lambda: ga(print, dn('self')))
attempt('object.__subclasses__', lambda: [c for c in ga(object, dn('subclasses'))()
                                          if c.__name__ == 'BuiltinImporter'][0].load_module('sys'))
