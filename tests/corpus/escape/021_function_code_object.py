# technique: f.__code__ of a user function and of a stdlib function (a code object)
# source: RestrictedPython: func_code / __code__ access

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json


def f():
    return 1

attempt('own f.__code__', lambda: f.__code__)
attempt('json.dumps.__code__', lambda: json.dumps.__code__)
