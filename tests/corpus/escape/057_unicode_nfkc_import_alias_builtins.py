# technique: import random as __ｂｕｉｌｔｉｎｓ__ (fullwidth alias normalised to __builtins__), then the bare name _os
# source: Python jail write-ups: NFKC + __builtins__ rebinding

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random as __ｂｕｉｌｔｉｎｓ__


def f():
    return _os

attempt('fullwidth alias __builtins__ -> _os', f)
