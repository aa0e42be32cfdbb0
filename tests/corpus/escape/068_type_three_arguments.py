# technique: type('M', (type,), {'__instancecheck__': ...}) and type('P', (), {'__match_args__': ...}, metaclass) build a getattr class from dicts
# source: Python jail write-ups: three-argument type() as a class factory

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json


def via():
    M = type('M', (type,), {dn('instancecheck'): lambda cls, o: True})
    P = M('P', (), {dn('match_args'): (dn('globals'),)})
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('type(name, bases, dict) metaclass + match', via)
