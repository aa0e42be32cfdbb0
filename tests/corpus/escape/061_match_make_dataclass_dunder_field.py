# technique: dataclasses.make_dataclass('D', ['__globals__'], bases=(abc.ABC,)): a dunder is a valid field name, and the generated __match_args__ lists it
# source: dataclasses.make_dataclass with a dunder field name (pattern-matching getattr)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, dataclasses, json


def via():
    D = dataclasses.make_dataclass('D', [dn('globals')], bases=(abc.ABC,))
    D.register(type(json.dumps))
    match json.dumps:
        case D(g):
            return g
    raise LookupError('no match: __match_args__ = %r' % (D.__match_args__,))

attempt('make_dataclass dunder field match', via)
