# technique: json.loads with object_hook=lambda d: abc.ABCMeta('P', (), d): the class namespace, __match_args__ included, comes from JSON text
# source: json object_hook as a class factory + pattern matching

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json

doc = '{"' + '_' * 2 + 'match_args' + '_' * 2 + '": ["' + dn('globals') + '"]}'


def hook(d):
    d[dn('match_args')] = tuple(d[dn('match_args')])
    return abc.ABCMeta('P', (), d)


def via():
    P = json.loads(doc, object_hook=hook)
    P.register(type(json.dumps))
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('object_hook class + match', via)
