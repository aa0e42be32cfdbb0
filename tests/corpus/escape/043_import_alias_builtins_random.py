# technique: import random as __builtins__: functions defined afterwards take the random module's namespace as their builtins, so the bare name _os is random._os
# source: Python jail write-ups: rebinding __builtins__ in the globals (CPython takes a function's builtins from globals['__builtins__'] at definition)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random as __builtins__


def f():
    return _os

attempt('bare _os with random as __builtins__', f)
