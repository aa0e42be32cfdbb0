# technique: ().__class__.__base__.__subclasses__() -> os._wrap_close.__init__.__globals__ (the os module namespace)
# source: Python jail write-ups: subclasses walk from a literal to os._wrap_close

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def walk():
    for c in ().__class__.__base__.__subclasses__():
        if c.__name__ == '_wrap_close':
            return c.__init__.__globals__
    raise LookupError('_wrap_close not loaded')

attempt('tuple subclasses walk -> _wrap_close globals', walk)
attempt('... -> os.system', lambda: walk()['system'])
