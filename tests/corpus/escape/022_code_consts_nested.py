# technique: co_consts of a code object hold the nested functions' code objects
# source: RestrictedPython: co_consts / nested code objects

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def outer():
    def inner():
        return 2
    return inner

def consts():
    for c in outer.__code__.co_consts:
        if type(c).__name__ == 'code':
            return c
    raise LookupError('no nested code')

attempt('co_consts nested code', consts)
attempt('code.replace()', lambda: outer.__code__.replace())
