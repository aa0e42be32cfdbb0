# technique: namedtuple('N', ['sys', 'os', 'builtins']) + abc.ABC registered for the module type: case P(s, o, b) reads typing.sys, contextlib.os, dataclasses.builtins (public names, no dunder anywhere)
# source: smolagents local executor advisory class: module attributes of allowed modules + pattern matching

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, collections, typing, contextlib, dataclasses

N = collections.namedtuple('N', ['sys'])


class P(N, abc.ABC):
    pass

P.register(type(typing))


def get(mod):
    match mod:
        case P(s):
            return s
    raise LookupError('no sys attribute')

attempt('typing.sys through a namedtuple pattern', lambda: get(typing))
attempt('contextlib.sys through a namedtuple pattern', lambda: get(contextlib))
attempt('dataclasses.sys through a namedtuple pattern', lambda: get(dataclasses))
