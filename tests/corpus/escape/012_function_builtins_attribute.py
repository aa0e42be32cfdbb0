# technique: the function attribute __builtins__ (3.10+) of a stdlib function is the real builtins dict
# source: CPython 3.10 changelog: function.__builtins__; sandbox write-ups on new function attributes

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import textwrap

attempt('textwrap.dedent.__builtins__', lambda: textwrap.dedent.__builtins__)
attempt('textwrap.dedent.__builtins__[__import__](os)',
        lambda: textwrap.dedent.__builtins__['__import__']('os'))
