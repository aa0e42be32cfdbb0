# technique: object.__reduce_ex__(2) returns copyreg.__newobj__, a Python function whose __globals__ are copyreg's; also copyreg as a bare name with 'import re as __builtins__'
# source: Python jail write-ups: __reduce_ex__ / pickle protocol gadgets

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('(1).__reduce_ex__(2)[0].__globals__', lambda: (1).__reduce_ex__(2)[0].__globals__)


class A:
    pass

attempt('A().__reduce_ex__(2)[0]', lambda: A().__reduce_ex__(2)[0].__globals__)
import re as __builtins__


def f():
    return copyreg

attempt('copyreg through re as __builtins__', f)
