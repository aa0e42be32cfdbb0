# technique: enum's functional API (Enum('E', [(name, value), ...])) builds the class from enum._create_, so the class guard takes the namespace for stdlib-made (from_snippet is false) and checks no dunder key but the four hooks: '__annotations__', '__wrapped__' and '__class__' built at run time become class attributes; a member of one such class looks like a wrapped function to typing.get_type_hints (called by functools.singledispatch.register), which follows __wrapped__ to random.choice and reads its __globals__ in typing's trusted frame; the annotation is a member of a second class whose __class__ answers typing.ForwardRef (isinstance believes it: no ForwardRef subclass needed), so typing calls its _evaluate with random's real namespace
# source: enum functional API (names/values from data into a class namespace); __class__ spoofing for isinstance; functools.singledispatch annotation-based register; typing.get_type_hints __wrapped__/__globals__ lookup and ForwardRef._evaluate(globalns)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import enum, functools, json, random, typing, warnings

GOT = []
FORWARD_REF = type(typing.get_args(typing.List['int'])[0])


def evaluate(self, globalns, localns, recursive_guard):
    GOT.append(globalns)
    return int


# not a ForwardRef subclass: its members only say they are ForwardRefs
Spy = enum.Enum('Spy', [(dn('class'), FORWARD_REF), ('_evaluate', evaluate), ('ref', 1)])


@functools.singledispatch
def fun(x):
    return x


def globals_of(fn):
    E = enum.Enum('E', [(dn('annotations'), {'x': Spy.ref}), (dn('wrapped'), fn), ('a', 1)])
    fun.register(E.a)
    return GOT[-1]

print('isinstance(Spy.ref, ForwardRef):', isinstance(Spy.ref, FORWARD_REF))
attempt("Enum('E', [('__annotations__', ...), ('__wrapped__', random.choice)]) -> random's globals",
        lambda: globals_of(random.choice))
attempt("... random's _os", lambda: globals_of(random.choice)['_os'])
attempt("... json.dumps's globals", lambda: globals_of(json.dumps))
attempt("... the runner's own globals (warnings.catch_warnings.__enter__ is the runner's)",
        lambda: globals_of(warnings.catch_warnings.__enter__))
attempt("... the runner's _sys.modules['os']", lambda: globals_of(warnings.catch_warnings.__enter__)['_sys'].modules['os'])
