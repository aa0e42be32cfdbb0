# technique: typing.ForwardRef("__import__('os')")._evaluate(globalns={}, localns=None, recursive_guard=frozenset())
# source: typing.ForwardRef evaluation (eval in disguise)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing

attempt('ForwardRef._evaluate',
        lambda: typing.ForwardRef("__import__('os')")._evaluate({}, None, frozenset()))
