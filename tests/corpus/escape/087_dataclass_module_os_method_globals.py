# technique: @dataclass on a class whose body sets __module__ = 'os': the generated methods are exec'd with sys.modules['os'].__dict__ as their globals; D.__eq__.__globals__ is read through the update_wrapper gadget
# source: dataclasses internals: _create_fn uses sys.modules[cls.__module__].__dict__ as globals

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, functools

got = []


def cap(self, k, v):
    got.append(v)

Sink = dataclasses.make_dataclass('Sink', [], namespace={dn('setattr'): cap})


class S(str):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)


@dataclasses.dataclass
class D:
    __module__ = 'os'
    x: int = 0


def via():
    got.clear()
    functools.update_wrapper(Sink(), D.__eq__, assigned=(S(dn('globals')),), updated=())
    return got[0]

attempt('dataclass(__module__=os).__eq__ globals', via)
