# technique: type.__subclasses__(object) and type.__dict__['__subclasses__'] (the unbound descriptor) instead of a bound method
# source: Python jail write-ups: unbound type methods when instance attributes are filtered

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def via_unbound():
    subs = type.__dict__['__subclasses__'](object)
    for c in subs:
        if c.__name__ == '_wrap_close':
            return c.__init__.__globals__
    raise LookupError('no _wrap_close')

attempt('type.__subclasses__(object) count', lambda: len(type.__subclasses__(object)) and via_unbound())
