# technique: a bare builtin name in a sympify string is the real builtin (parse_expr copies them into its namespace)
# source: sympy.parsing.sympy_parser.parse_expr, its global_dict
import sympy as sp

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('sympify("eval")', lambda: sp.sympify('eval'))
attempt('sympify("open")', lambda: sp.sympify('open'))
attempt('S("vars")()', lambda: sp.S('vars')())
