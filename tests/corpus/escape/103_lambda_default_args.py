# technique: lambda default arguments are evaluated once in the defining scope: a default holding a generator expression, read later for its gi_frame; __defaults__ of a lambda rewritten
# source: Python jail write-ups: default arguments as a hiding place

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

probe = lambda g=(x for x in [1]): g
attempt('lambda default generator gi_frame', lambda: probe().gi_frame)
attempt('lambda __defaults__', lambda: probe.__defaults__[0].gi_frame)
