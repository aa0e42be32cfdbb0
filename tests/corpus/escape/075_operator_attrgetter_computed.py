# technique: operator.attrgetter('__glo' + 'bals__') and a dotted path attrgetter('__init__.__globals__') built at run time
# source: RestrictedPython / simpleeval: operator.attrgetter as getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import operator, json, random

attempt('attrgetter(computed __globals__)(json.dumps)',
        lambda: operator.attrgetter('__glo' + 'bals__')(json.dumps))
attempt('attrgetter(dotted)(random.Random)',
        lambda: operator.attrgetter('seed.' + dn('globals'))(random.Random))
