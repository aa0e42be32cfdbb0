# technique: a class whose __array_interface__ names an address: numpy reads memory there
# source: numpy array interface protocol
import numpy as np

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

s = 'target-string'
key = '_' * 2 + 'array_interface' + '_' * 2
try:
    X = type('X', (), {key: {'data': (id(s), False), 'shape': (8,), 'typestr': '|u1', 'version': 3}})
    m = np.asarray(X())
    print('ESCAPED array interface read the memory of an object:', bytes(m)[:8])
except BaseException as e:
    print('BLOCKED array interface:', type(e).__name__, str(e)[:120])
