# technique: sorted.__self__.__import__('os') and isinstance.__self__.open via other whitelisted builtins
# source: Python jail write-ups: builtin_function_or_method.__self__ (variants)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('sorted.__self__.__import__(os)', lambda: sorted.__self__.__import__('os'))
attempt('isinstance.__self__.open', lambda: isinstance.__self__.open)
attempt('abs.__self__.__dict__[getattr]', lambda: abs.__self__.__dict__['getattr'])
