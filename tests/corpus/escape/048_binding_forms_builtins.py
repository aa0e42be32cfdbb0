# technique: every other binding form for __builtins__: for target, with ... as, walrus, plain assignment, except ... as (the exception object serving the names through __getitem__)
# source: Python jail write-ups: name rebinding in any binding position

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random, contextlib

for __builtins__ in [random]:
    pass


def f1():
    return _os

attempt('for __builtins__ in [random]', f1)

with contextlib.nullcontext(random) as __builtins__:
    pass


def f2():
    return _os

attempt('with ... as __builtins__', f2)

(__builtins__ := random)


def f3():
    return _os

attempt('walrus __builtins__', f3)

__builtins__ = random


def f4():
    return _os

attempt('__builtins__ = random', f4)


class Lookup(Exception):
    def __getitem__(self, name):
        return random.Random.seed.__globals__[name]

try:
    raise Lookup()
except Lookup as __builtins__:
    def f5():
        return _os
attempt('except ... as __builtins__ (an exception whose __getitem__ serves names)', f5)
