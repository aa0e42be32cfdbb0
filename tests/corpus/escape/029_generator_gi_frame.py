# technique: a snippet generator's gi_frame (a frame object), its f_globals and f_builtins
# source: RestrictedPython advisory class: generator gi_frame leaks frames (CVE-2023-37271)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def gen():
    yield 1

g = gen()
next(g)
attempt('gi_frame', lambda: g.gi_frame)
attempt('gi_frame.f_globals', lambda: g.gi_frame.f_globals)
attempt('gi_frame.f_builtins', lambda: g.gi_frame.f_builtins)
