# technique: json.dumps.__globals__['__builtins__'] (a stdlib function's globals hold the real builtins)
# source: smolagents local executor advisory class: function __globals__ of an allowed module's function

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json

attempt('json.dumps.__globals__', lambda: json.dumps.__globals__)
attempt('json.dumps.__globals__[__builtins__]', lambda: json.dumps.__globals__['__builtins__'])
attempt('json.dumps.__globals__[codecs]', lambda: json.dumps.__globals__['codecs'])
