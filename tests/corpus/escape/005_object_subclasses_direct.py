# technique: object.__subclasses__() straight from the builtin object, then any class whose __init__ globals hold sys
# source: Python jail write-ups: object.__subclasses__ without a literal

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def find_sys():
    for c in object.__subclasses__():
        try:
            g = c.__init__.__globals__
        except AttributeError:
            g = None
        if g and 'sys' in g:
            return g['sys']
    raise LookupError('no class with sys in its globals')

attempt('object.__subclasses__ -> sys', find_sys)
