# technique: copy.deepcopy(str.join, memo) with a memo the snippet fills: a method descriptor's __reduce__ is (getattr, (str, 'join')), the real builtin getattr; copy._reconstruct deep-copies the args through the memo before calling it, and the memo answers id(str) -> any object and id('join') (the interned name, the same object as the snippet's constant) -> any name built at run time; so copy calls the real getattr(obj, name) with both chosen by the snippet and returns its result as the copy: an attribute read by a name computed at run time (here dataclasses.fields.__globals__, which CPython does not audit).  The runner's copy._reconstruct guard looks only at the state's slot names, never at func/args, and both layers accept the source (no dunder in it, no refused name)
# source: pickle/copy reduce protocol as a getattr gadget (descriptor __reduce__ returns builtins.getattr); deepcopy memo as a substitution table
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import copy
import dataclasses


def real_getattr(obj, name):
    # str.join reduces to (getattr, (str, 'join')): the memo swaps both args
    memo = {id(str): obj, id('join'): name}
    return copy.deepcopy(str.join, memo)


g = real_getattr(dataclasses.fields, dn('globals'))
if check('dataclasses.fields globals through copy + real getattr', g):
    b = g[dn('builtins')]
    check('real builtins', b)
    check('real sys', g['sys'])
    attempt('os through the real __import__', lambda: b[dn('import')]('os'))
    # the getattr gadget reads any name, audited ones go to the hook
    attempt('code object through the gadget', lambda: real_getattr(real_getattr, dn('code')))
