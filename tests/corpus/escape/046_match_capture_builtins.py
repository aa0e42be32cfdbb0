# technique: a capture pattern binds __builtins__: match random: case __builtins__: (an irrefutable capture in a global scope)
# source: Python 3.10 pattern matching: capture targets are name bindings

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random

match random:
    case __builtins__:
        pass


def f():
    return _os

attempt('case __builtins__ capture', f)
