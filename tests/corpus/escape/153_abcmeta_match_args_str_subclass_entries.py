# technique: the str-subclass trick of 147 aimed at the names inside __match_args__ rather than at the key: an exact '__match_args__' key holding (S('__globals__'),), S an str subclass whose __eq__/__hash__ say it is a harmless name, with a __subclasshook__ key hidden as in 147 that matches anything
# source: RestrictedPython / asteval advisory class: str subclasses against name checks; abc __subclasshook__ + pattern matching
# note: stopped by the exact-type check of the entries; for an ABCMeta class the guard silently drops the bad names instead of refusing (it takes the frozen '<frozen abc>' __new__ frame for the class's maker, see 156)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, json


class S(str):
    def __eq__(self, other):
        return str.__eq__(self, other) or other == 'x'

    def __hash__(self):
        return hash('x')

    def startswith(self, *a):
        return False


ON = [False]


class K(str):
    def __eq__(self, other):
        return ON[0] and str.__eq__(self, other)

    def __hash__(self):
        return str.__hash__(self)


def hook(cls, C):
    return True


def via():
    ns = {dn('match_args'): (S(dn('globals')),), K(dn('subclasshook')): classmethod(hook)}
    P = type(abc.ABC)('P', (), ns)
    ON[0] = True
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt("ABCMeta(..., {'__match_args__': (S('__globals__'),)}) + case P(g)", via)
