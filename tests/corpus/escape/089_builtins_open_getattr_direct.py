# technique: open, getattr, setattr, delattr and memoryview by name
# source: Python jail write-ups: the builtins themselves (baseline)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('open', lambda: open)
attempt('getattr', lambda: getattr)
attempt('getattr(print, __self__)', lambda: getattr(print, dn('self')))
attempt('setattr', lambda: setattr)
