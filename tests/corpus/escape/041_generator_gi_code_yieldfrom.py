# technique: gi_code of a generator and gi_yieldfrom of a delegating one (reaching the inner generator, then its frame)
# source: RestrictedPython advisory class: generator internals

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def inner():
    yield 1


def outer():
    yield from inner()

g = outer()
next(g)
attempt('gi_code', lambda: g.gi_code)
attempt('gi_yieldfrom.gi_frame', lambda: g.gi_yieldfrom.gi_frame)
