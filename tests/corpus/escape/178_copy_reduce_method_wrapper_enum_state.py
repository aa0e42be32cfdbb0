# technique: copy-protocol gadgets with the guard on copy._reconstruct in place: (1) copy.copy/deepcopy of a method-wrapper ((1).__add__, obj.__init__): its __reduce__ takes getattr from the builtins of the calling frame, copy's (the real getattr), and copy then calls getattr(deepcopy(self), name), where the snippet's __deepcopy__ picks the object; (2) an Enum made by the functional API may carry a __reduce_ex__ (a key the class guard accepts for stdlib-made classes): copy.copy(member) calls it and applies its state dict with y.__dict__.update(state), the one state path the guard does not check (dunder instance attributes on any object with a __dict__); the deepcopy memo and every value produced are checked
# source: pickle/copy reduce protocol (104/105/156/165); CPython _PyEval_GetBuiltin in method-wrapper __reduce__; copy._reconstruct state handling
# note: stopped: the real getattr stays inside copy (only its result, getattr(obj, '__add__'), comes back, with a name fixed by the wrapper), and the unchecked state update only writes instance dicts of objects the snippet already holds
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import copy, enum

MEMOS = []


class Spy:
    def __deepcopy__(self, memo):
        MEMOS.append(dict(memo))
        return TARGET[0]

    def __add__(self, other):
        return NotImplemented


TARGET = [None]


def via_method_wrapper():
    TARGET[0] = copy  # the view: getattr(view, '__add__') fails
    out = []
    for w in ((1).__add__, Spy().__init__):
        out.append(copy.copy(w))
    TARGET[0] = Spy()
    out.append(copy.deepcopy(Spy().__add__))
    for m in MEMOS:
        for v in m.values():
            out += list(v) if type(v) is list else [v]
    for v in out:
        if what(v):
            return v
    raise LookupError('results: ' + ', '.join(sorted(set(type(v).__name__ for v in out))))


class Box:
    pass


def reduce_ex(*args):
    return (Box, (), {dn('reduce_ex'): reduce_ex, dn('class'): Box, 'seen': args})


def via_enum_reduce_ex():
    E = enum.Enum('E', [(dn('reduce_ex'), reduce_ex), ('a', 1)])
    y = copy.copy(E.a)
    z = copy.copy(y)  # the instance-level __reduce_ex__ copied along
    for v in (y, z, y.seen):
        if what(v):
            return v
    raise LookupError('copies are %s and %s' % (type(y).__name__, type(z).__name__))

attempt('copy of method-wrappers (the real getattr inside copy)', via_method_wrapper)
attempt('Enum with __reduce_ex__ + copy state dict', via_enum_reduce_ex)
