# technique: enum.global_enum on an Enum whose module is 'builtins' writes its members into the real builtins module: a member named exec (a callable mixin) then receives the globals dict dataclasses passes to exec
# source: enum.global_enum (3.11) writes sys.modules[cls.__module__].__dict__

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import enum, dataclasses

got = []


class Grab:
    def __call__(self, *a, **k):
        got.append(a)
        raise RuntimeError('grabbed')


def via():
    E = enum.Enum('E', {'exec': 1}, module='builtins', type=Grab)
    enum.global_enum(E)

    class D:
        __module__ = 'dataclasses'
        x: int = 1
    try:
        dataclasses.dataclass(D)
    except RuntimeError:
        pass
    return got[0][1]

attempt('global_enum(module=builtins) exec hook', via)
