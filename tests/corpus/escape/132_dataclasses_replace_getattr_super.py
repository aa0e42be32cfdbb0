# technique: dataclasses.replace(obj) reads getattr(obj, field.name) for every field and passes the values to obj.__class__(**changes): with obj a dataclass subclass of super bound to json.dumps and a field named __getattribute__, the captured value is object.__getattribute__ bound to json.dumps, called with '__globals__'
# source: dataclasses.replace/fields as getattr by field name; super() proxies

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


import json

caught = []


def init(self, **kw):
    caught.append(kw)


def via():
    Sup = pub(dataclasses, 'make_dataclass')('Sup', [(dn('getattribute'), object)], bases=(super,),
                                             namespace={dn('init'): init},
                                             init=False, repr=False, eq=False)
    s = Sup.__new__(Sup)
    super.__init__(s, type(json.dumps), json.dumps)
    dataclasses.replace(s)
    return caught[0][dn('getattribute')](dn('globals'))

attempt('dataclasses.replace(super subclass) -> __getattribute__ -> __globals__', via)
