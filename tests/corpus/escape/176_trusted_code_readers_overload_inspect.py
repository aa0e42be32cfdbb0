# technique: the two narrow trust rules for code-object reads: typing.overload (trusted by name) reads f.__code__ of whatever it is given, f = getattr(func, '__func__', func), and files func under f.__module__/f.__qualname__/co_firstlineno, which typing.get_overloads hands back; dataclasses' docstring step runs inspect.signature(cls) (inspect trusted under dataclasses._process_class), which follows __wrapped__ chains, functools.partial and bound methods down to a stdlib function and reads its __code__; here both are pointed at json.dumps and at a generator's method, and everything they return is checked
# source: audit-hook trust by module and function name (PEP 578 object.__getattr__ for __code__); typing.overload registry; inspect.signature unwrap/partial handling
# note: stopped: overload keeps only co_firstlineno (an int) and get_overloads returns the caller's own objects; inspect turns what it reads into the docstring's text (a dataclass(init=False) without an __init__ of its own even fails: inspect's _signature_fromstr defines a class, RewriteSymbolics, which the class guard refuses as a class of module 'inspect')
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, functools, json, typing


def gen():
    yield 1


class Carrier:
    def __call__(self, *args, **kw):
        return None


def via_overload():
    g = gen()
    for target in (json.dumps, g.send, functools.partial(json.dumps)):
        typing.overload(target)
    out = []
    for target in (json.dumps, g.send):
        out += typing.get_overloads(target)
    for o in out:
        if what(o):
            return o
    raise LookupError('get_overloads: ' + ', '.join(type(o).__name__ for o in out))


def via_dataclass_doc():
    holder = Carrier()
    functools.update_wrapper(holder, json.dumps)  # __wrapped__ -> json.dumps

    @dataclasses.dataclass(init=False)
    class K:
        a: int = 0
        __init__ = holder  # inspect.unwrap(holder) is json.dumps

    @dataclasses.dataclass(init=False)
    class L:
        b: int = 0
        __init__ = functools.partial(json.dumps)

    docs = [K.__doc__, L.__doc__]
    for d in docs:
        if what(d):
            return d
    raise LookupError('docstrings only: ' + ' | '.join(str(d)[:60] for d in docs))

attempt('typing.overload / get_overloads on json.dumps and a generator method', via_overload)
attempt("dataclasses' inspect.signature on a wrapped __init__", via_dataclass_doc)
