# technique: functools.singledispatch.register(f) evaluates f's string annotations (through typing.get_type_hints); the annotation builds a class that captures the real builtins
# source: functools.singledispatch annotations evaluated with eval

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import functools

got = []


@functools.singledispatch
def fun(x):
    return x


def via():
    def impl(x: "[got.append(__builtins__), int][1]"):
        return x
    fun.register(impl)
    return got[0]

attempt('singledispatch.register evaluates annotations', via)
