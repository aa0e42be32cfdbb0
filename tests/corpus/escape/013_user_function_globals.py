# technique: a snippet's own function's __globals__ (its module namespace, holding __builtins__), then its __builtins__ entry
# source: RestrictedPython: func_globals / __globals__ of user functions

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def f():
    return 1

attempt('own f.__globals__', lambda: f.__globals__)
attempt('own f.__globals__[__builtins__]', lambda: f.__globals__['__builtins__'])
attempt('(lambda: 0).__globals__', lambda: (lambda: 0).__globals__)
