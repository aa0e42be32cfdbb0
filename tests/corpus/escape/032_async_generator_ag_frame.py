# technique: an async generator's ag_frame and ag_code, stepped with asend(None).send(None)
# source: RestrictedPython advisory class: async generator ag_frame

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

async def agen():
    yield 1

a = agen()
attempt('ag_frame', lambda: a.ag_frame)
attempt('ag_code', lambda: a.ag_code)
try:
    a.asend(None).send(None)
except StopIteration:
    pass
attempt('ag_frame after a step', lambda: a.ag_frame)
