# technique: globals(), locals(), vars() and vars(module), dir(): the namespace dicts
# source: Python jail write-ups: namespace builtins

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json

attempt('globals()', lambda: globals())
try:
    check('locals() at module level', locals())
except BaseException as e:
    print('BLOCKED locals():', type(e).__name__, str(e)[:160])
try:
    check('vars() at module level', vars())
except BaseException as e:
    print('BLOCKED vars():', type(e).__name__, str(e)[:160])
attempt('vars(json)[codecs]', lambda: vars(json)['codecs'])
