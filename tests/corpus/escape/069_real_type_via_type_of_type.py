# technique: the real type reached as type(type(1)), int.__class__.__class__ or type.__mro__: three-argument calls on it
# source: Python jail write-ups: recovering type when the name is shadowed

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json


def mk(real):
    M = real('M', (real,), {dn('instancecheck'): lambda cls, o: True})
    P = M('P', (), {dn('match_args'): (dn('globals'),)})
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('type(type(1))', lambda: mk(type(type(1))))
attempt('int.__class__.__class__', lambda: mk((1).__class__.__class__))
attempt('type(type(json).__class__)', lambda: mk(type(type(json).__class__)))
