# technique: contextlib.contextmanager keeps the generator in the public attribute .gen; its gi_frame is reached through __match_args__ getattr
# source: contextlib internals + pattern matching getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import contextlib, abc


@contextlib.contextmanager
def cm():
    yield 1


def ga(obj, name):
    class P(abc.ABC):
        __match_args__ = (name,)
    P.register(type(obj))
    match obj:
        case P(v):
            return v
    raise AttributeError(name)


def frame():
    c = cm()
    c.__enter__()
    return ga(c.gen, 'gi_frame')

attempt('contextmanager .gen gi_frame', frame)
