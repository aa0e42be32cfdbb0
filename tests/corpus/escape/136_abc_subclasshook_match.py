# technique: an ABC whose __subclasshook__ answers True for every class matches any subject; with __match_args__ = ('__globals__',) it is a getattr
# source: abc.ABC.__subclasshook__ + pattern matching

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json


class P(abc.ABC):
    __match_args__ = ('__globals__',)

    @classmethod
    def __subclasshook__(cls, C):
        return True


def via():
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('__subclasshook__ ABC + case P(g)', via)
