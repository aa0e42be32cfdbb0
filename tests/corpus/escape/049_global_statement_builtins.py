# technique: global __builtins__ inside a function, then an assignment there rebinds the module's __builtins__
# source: Python jail write-ups: global/nonlocal declarations of special names

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random


def rebind():
    global __builtins__
    __builtins__ = random

rebind()


def f():
    return _os

attempt('global __builtins__ then bare _os', f)
