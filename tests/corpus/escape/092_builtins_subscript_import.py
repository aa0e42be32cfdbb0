# technique: __builtins__['__import__']('os'), __builtins__.__import__('os') and the names eval/open looked up in __builtins__
# source: Python jail write-ups: __builtins__ as a dict or a module

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def b():
    return __builtins__

attempt('__builtins__', b)
attempt("__builtins__['__import__']('os')",
        lambda: (b()[dn('import')] if type(b()).__name__ == 'dict' else b().__import__)('os'))
attempt("__builtins__['eval']",
        lambda: b()['eval'] if type(b()).__name__ == 'dict' else b().eval)
