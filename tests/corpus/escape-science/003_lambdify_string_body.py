# technique: lambdify takes a string as the function's body and exec()s it
# source: sympy.utilities.lambdify, string expressions
import sympy as sp

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('lambdify([], "__import__(...)")()', lambda: sp.lambdify([], "__import__('os')")())
attempt('lambdify([], "globals()")()', lambda: sp.lambdify([], 'globals()')())
