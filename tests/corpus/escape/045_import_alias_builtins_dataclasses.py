# technique: import dataclasses as __builtins__: the bare names builtins, inspect and sys are dataclasses' own imports
# source: Python jail write-ups: rebinding __builtins__ (module holding a 'builtins' import)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses as __builtins__


def f():
    return builtins


def g():
    return inspect

attempt('bare builtins', f)
attempt('bare inspect', g)
