# technique: an exception raised inside a stdlib function (json.loads) carries that function's frames: tb_next.tb_frame.f_globals are the json.decoder module globals
# source: Python jail write-ups: tracebacks of library exceptions as a frame source

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json

try:
    json.loads('{')
except ValueError as e:
    tb = e.__traceback__


def deepest():
    t = tb
    while t.tb_next is not None:
        t = t.tb_next
    return t.tb_frame.f_globals

attempt('deepest traceback frame globals', deepest)
