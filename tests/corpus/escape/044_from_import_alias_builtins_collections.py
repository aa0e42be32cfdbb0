# technique: from typing import collections as __builtins__ (typing re-exports the collections module): its namespace holds _sys, reachable as a bare name
# source: Python jail write-ups: rebinding __builtins__ through an import alias (from-import form)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

from typing import collections as __builtins__


def f():
    return _sys

attempt('bare _sys with typing.collections as __builtins__', f)
