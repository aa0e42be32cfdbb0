# technique: np.ndarray(dtype=object, buffer=bytes) reads object pointers from raw bytes: a forged reference
# source: numpy object arrays over a user buffer (fakeobj primitive)
import numpy as np

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

s = 'target-string'
try:
    buf = bytearray(id(s).to_bytes(8, 'little'))
    o = np.ndarray((1,), dtype=object, buffer=buf)[0]
    if o is s:
        print('ESCAPED object array forged a reference from an address')
    else:
        print('BLOCKED object array: no forged reference')
except BaseException as e:
    print('BLOCKED object array:', type(e).__name__, str(e)[:120])
