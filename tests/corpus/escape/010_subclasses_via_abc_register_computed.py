# technique: ABC with __match_args__ built from runtime-computed names, registered for the subject's type, walks object -> subclasses -> _wrap_close globals
# source: Python 3.10 pattern matching + abc.ABC.register: isinstance made true for any type

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc


def ga(obj, name):
    class P(abc.ABC):
        __match_args__ = (name,)
    P.register(type(obj))
    match obj:
        case P(v):
            return v
    raise AttributeError(name)


def walk():
    meta_obj = ga(object, dn('subclasses'))
    for c in meta_obj():
        if c.__name__ == '_wrap_close':
            return ga(ga(c, dn('init')), dn('globals'))
    raise LookupError('no _wrap_close')

attempt('ABC.register match getattr -> _wrap_close globals', walk)
