# technique: parse_expr with a string naming vars(): the namespace it evaluates in
# source: sympy.parsing.sympy_parser
from sympy.parsing.sympy_parser import parse_expr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('parse_expr("vars()")', lambda: parse_expr('vars()'))
attempt('parse_expr("locals()")', lambda: parse_expr('locals()'))
