# technique: sympify evaluates its string with the real builtins: __import__('os')
# source: sympy documentation (sympify uses eval; do not pass untrusted input)
import sympy as sp

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('sympify("__import__(...)")', lambda: sp.sympify("__import__('os')"))
