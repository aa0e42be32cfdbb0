# technique: print.__self__ is the module the builtin function belongs to: the real builtins module
# source: Python jail write-ups: builtin_function_or_method.__self__

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('print.__self__', lambda: print.__self__)
attempt('len.__self__.__dict__', lambda: len.__self__.__dict__)
attempt('print.__self__.eval', lambda: print.__self__.eval)
