# technique: positional class pattern with __match_args__ = ('__self__',) on a metaclass-matched class reads print.__self__ without any dunder attribute in the code
# source: Python 3.10 pattern matching: MATCH_CLASS reads __match_args__ names with getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

class AnyMeta(type):
    def __instancecheck__(cls, obj):
        return True


class P(metaclass=AnyMeta):
    __match_args__ = ('__self__',)


def via_match():
    match print:
        case P(b):
            return b
    raise LookupError('no match')

attempt('match print: case P(b) -> print.__self__', via_match)
