# technique: type(f)(code, {'__builtins__': print.__self__}) builds a function whose builtins are the real builtins module
# source: Python jail write-ups: FunctionType with crafted __builtins__

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def g():
    return eval


def h():
    return __import__('os')

attempt('FunctionType(code, {__builtins__: print.__self__})',
        lambda: type(g)(g.__code__, {'__builtins__': print.__self__})())
attempt('FunctionType(code, {}) inherits the current builtins',
        lambda: type(h)(h.__code__, {})())
