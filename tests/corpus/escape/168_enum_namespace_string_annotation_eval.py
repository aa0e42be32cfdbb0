# technique: the enum-namespace function look-alike of 161 with a plain string annotation instead of a ForwardRef look-alike: functools.singledispatch.register -> typing.get_type_hints follows __wrapped__ to json.dumps and would eval "__import__('os')" in json's real globals (real builtins); typing's compile of the ForwardRef is trusted by the audit hook
# source: typing.get_type_hints string annotations (eval) with globals taken from __wrapped__.__globals__; enum functional API namespaces
# note: stopped: the audit hook refuses the exec of the compiled annotation (only dataclasses and collections may exec); 161 avoids eval altogether
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import enum, functools, json

GOT = []


@functools.singledispatch
def fun(x):
    return x


def evaluated(expr):
    E = enum.Enum('E', [(dn('annotations'), {'x': '[GOT.append(' + expr + '), int][1]'}),
                        (dn('wrapped'), json.dumps), ('a', 1)])
    fun.register(E.a)
    return GOT[-1]

attempt("get_type_hints evaluates \"__import__('os')\" in json's globals", lambda: evaluated(dn('import') + "('os')"))
attempt("... __builtins__ in json's globals", lambda: evaluated(dn('builtins')))
