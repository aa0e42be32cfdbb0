# technique: sympy.external.import_module imports any module named by a string
# source: sympy.external.importtools
import sympy

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def im():
    from sympy.external import import_module
    return import_module('os')
attempt('sympy.external.import_module("os")', im)
attempt('sympy.external.importtools.import_module', lambda: sympy.external.importtools.import_module('sys'))
