# technique: ndarray.ctypes: raw addresses, and ctypes types whose from_address reads any memory
# source: numpy.ndarray.ctypes
import numpy as np

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

try:
    a = np.arange(3)
    t = type(a.ctypes.shape)
    v = t.from_address(a.ctypes.data)
    print('ESCAPED ctypes from_address:', list(v))
except BaseException as e:
    print('BLOCKED ndarray.ctypes:', type(e).__name__, str(e)[:120])
attempt('np.ctypeslib.ctypes', lambda: np.ctypeslib.ctypes)
