# technique: as_strided with any stride reads and writes memory outside the array
# source: numpy documentation warns as_strided can point at invalid memory
import numpy as np

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def oob():
    a = np.zeros(1, dtype=np.uint64)
    v = np.lib.stride_tricks.as_strided(a, shape=(2,), strides=(4096,))
    return int(v[1])
try:
    oob()
    print('ESCAPED as_strided read past the array')
except BaseException as e:
    print('BLOCKED as_strided:', type(e).__name__, str(e)[:120])
