# technique: enum.global_enum on a functional-API Enum with module='builtins' writes a callable member named exec into the real builtins; make_dataclass (read as data) then hands it the globals dict it exec's with
# source: enum.global_enum (3.11) writes sys.modules[cls.__module__].__dict__

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


import enum

grabbed = []


class Grab:
    def __call__(self, *a, **k):
        grabbed.append(a)
        raise RuntimeError('grabbed')


def via():
    E = enum.Enum('E', {'exec': 1}, module='builtins', type=Grab)
    enum.global_enum(E)
    try:
        pub(dataclasses, 'make_dataclass')('X', ['a'])
    except RuntimeError:
        pass
    return grabbed[0][1]

attempt('global_enum(builtins) exec -> globals', via)
