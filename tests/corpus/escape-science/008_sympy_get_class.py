# technique: sympy.utilities.source.get_class resolves a dotted name to any object: builtins.eval
# source: sympy.utilities.source, sympy.assumptions.assume
import sympy

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def gc1():
    from sympy.utilities.source import get_class
    return get_class('builtins.eval')
def gc2():
    from sympy.assumptions.assume import get_class
    return get_class('builtins.getattr')
attempt('get_class("builtins.eval")', gc1)
attempt('assume.get_class("builtins.getattr")', gc2)
