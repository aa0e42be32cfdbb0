# technique: an un-awaited coroutine's cr_frame and cr_code, and a frame of a running coroutine driven by send()
# source: RestrictedPython advisory class: coroutine cr_frame

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

async def co():
    return 1

c = co()
attempt('cr_frame', lambda: c.cr_frame)
attempt('cr_code', lambda: c.cr_code)
attempt('cr_frame.f_globals', lambda: c.cr_frame.f_globals)
c.close()
