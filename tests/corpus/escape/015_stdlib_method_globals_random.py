# technique: the globals of a Python method of an allowed class: random.Random.seed.__globals__['_os']
# source: smolagents local executor advisory class: random._os reached through a function's globals

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random

attempt('random.Random.seed.__globals__[_os]', lambda: random.Random.seed.__globals__['_os'])
attempt('random.shuffle.__func__.__globals__', lambda: random.shuffle.__func__.__globals__)
