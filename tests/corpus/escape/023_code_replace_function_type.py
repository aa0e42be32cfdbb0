# technique: type(f)(f.__code__, random.Random.seed.__globals__) runs the snippet's own code in the random module's namespace, where _os is a global
# source: Python jail write-ups: FunctionType(code, globals) with a foreign globals dict

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random


def g():
    return _os

attempt('FunctionType(code, random globals)()',
        lambda: type(g)(g.__code__, random.Random.seed.__globals__)())
attempt('code.replace(co_names=...)',
        lambda: type(g)(g.__code__.replace(co_names=('_os',)), random.Random.seed.__globals__)())
