# technique: abc.ABCMeta('P', (), {'__match_args__': (...)}) builds a class from a dict with the stdlib metaclass, then register + match
# source: Python jail write-ups: stdlib metaclasses as class factories

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json


def via():
    P = abc.ABCMeta('P', (), {dn('match_args'): (dn('globals'),)})
    P.register(type(json.dumps))
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('ABCMeta(name, bases, dict) + match', via)
