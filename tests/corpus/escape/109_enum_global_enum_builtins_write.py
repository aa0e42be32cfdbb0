# technique: enum.global_enum with __module__ = 'builtins' in the class body overwrites the real builtin max; heapq.nlargest (stdlib, real builtins) then calls the snippet's member
# source: enum.global_enum (3.11) writes sys.modules[cls.__module__].__dict__

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import enum, heapq


class Callable:
    def __call__(self, *a, **k):
        return 'SNIPPET'


class E(Callable, enum.Enum):
    __module__ = 'builtins'
    max = 1


def via():
    enum.global_enum(E)
    r = heapq.nlargest(1, [3, 1])
    if r == ['SNIPPET']:
        print('ESCAPED real builtins module written: heapq.nlargest used the snippet\'s max')
    return r

attempt('global_enum(builtins) overwrites max', via)
