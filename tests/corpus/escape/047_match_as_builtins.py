# technique: an as-pattern and a mapping rest bind __builtins__: case object() as __builtins__, case {**__builtins__}
# source: Python 3.10 pattern matching: as-patterns and **rest are name bindings

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import collections

match collections:
    case object() as __builtins__:
        pass


def f():
    return _sys

attempt('case object() as __builtins__', f)

import random
match random.Random.seed.__globals__:
    case {**__builtins__}:
        pass


def g():
    return _os

attempt('case {**__builtins__} (mapping rest of random globals)', g)
