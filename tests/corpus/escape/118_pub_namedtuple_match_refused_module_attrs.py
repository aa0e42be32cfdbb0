# technique: any public attribute named as data: namedtuple('N', [name]) + abc.ABC registered for the module type, then case P(v); reads typing.sys, contextlib.os, dataclasses.builtins with no refused name in the code
# source: smolagents local executor advisory class (module re-exports) + pattern matching getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, collections, dataclasses, functools


def pub(mod, name):
    """mod.<name> for a name held as data: a namedtuple's __match_args__ is
    its field names, and an ABC registered for the module type matches."""
    N = collections.namedtuple('N', [name])

    class P(N, abc.ABC):
        pass
    P.register(type(mod))
    match mod:
        case P(v):
            return v
    raise AttributeError(name)


import typing, contextlib

attempt('typing.sys', lambda: pub(typing, 'sys'))
attempt('contextlib.os', lambda: pub(contextlib, 'os'))
attempt('dataclasses.builtins', lambda: pub(dataclasses, 'builtins'))
attempt('dataclasses.inspect.currentframe()', lambda: pub(pub(dataclasses, 'inspect'), 'currentframe')())
