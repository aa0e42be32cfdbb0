# technique: the class guard skips metaclass __new__ frames whose file is in the stdlib directory, but abc is a frozen module ('<frozen abc>'), so for a direct type(abc.ABC)(name, bases, ns) call the guard takes ABCMeta.__new__ for the class's maker: the snippet's dunder keys go unchecked (only __subclasshook__ & co. stay refused) and a __reduce_ex__ is accepted; copy.copy() then runs copy._reconstruct on its result, whose slot-state loop is setattr(y, key, value) by names from data: it sets __subclasshook__ and __match_args__ = ('__globals__',) on an ordinary ABC after its creation, where no guard looks
# source: frozen stdlib modules vs path-based frame checks; copy/pickle reduce protocol (_reconstruct slotstate) as setattr; abc __subclasshook__ + pattern matching

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, copy, json


class P(abc.ABC):
    pass


def hook(cls, C):
    return True


def reduce(self, proto):
    slots = {dn('subclasshook'): classmethod(hook), dn('match_args'): (dn('globals'),)}
    return (lambda: P, (), (None, slots))


def via():
    R = type(abc.ABC)('R', (), {dn('reduce_ex'): reduce})
    copy.copy(R())
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('ABCMeta(..., {__reduce_ex__}) + copy.copy -> setattr(P, __subclasshook__/__match_args__)', via)
