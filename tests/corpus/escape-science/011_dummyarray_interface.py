# technique: numpy.lib.stride_tricks.DummyArray: an array at the address its interface dict gives
# source: numpy.lib.stride_tricks
import numpy as np

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

s = 'target-string'
try:
    d = np.lib.stride_tricks.DummyArray({'data': (id(s), False), 'shape': (8,), 'typestr': '|u1', 'version': 3})
    m = np.asarray(d)
    print('ESCAPED DummyArray read the memory of an object:', bytes(m)[:8])
except BaseException as e:
    print('BLOCKED DummyArray:', type(e).__name__, str(e)[:120])
