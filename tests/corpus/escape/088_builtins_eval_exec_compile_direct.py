# technique: the refused builtins by name: eval('1+1'), exec, compile
# source: Python jail write-ups: the builtins themselves (baseline)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('eval', lambda: eval)
attempt('exec', lambda: exec)
attempt('compile', lambda: compile)
