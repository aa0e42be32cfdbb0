# technique: typing.get_type_hints evaluates string annotations with eval; with globalns={} eval inserts the real builtins, so the annotation "__import__('os')" imports os
# source: typing.get_type_hints / annotation evaluation (eval in disguise)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing


def f(x: "__import__('os')"):
    pass


def g(x: "().__class__.__base__.__subclasses__()"):
    pass

attempt("get_type_hints(f, globalns={})", lambda: typing.get_type_hints(f, globalns={})['x'])
attempt("get_type_hints(g) subclasses", lambda: len(typing.get_type_hints(g)['x']) and typing.get_type_hints(f, {})['x'])
