# technique: decorators are calls: @functools.wraps(json.dumps, assigned=(S('__globals__'),), updated=()) stacked on a decorator that swaps the function for a capturing sink (its __setattr__ from make_dataclass)
# source: Python jail write-ups: decorators used as getattr/call gadgets

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import functools, json, dataclasses

got = []


class S(str):
    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)


def cap(self, k, v):
    got.append(v)

Sink = dataclasses.make_dataclass('Sink', [], namespace={dn('setattr'): cap})


def via():
    sink = Sink()
    got.clear()

    @functools.wraps(json.dumps, assigned=(S(dn('globals')),), updated=())
    @(lambda f: sink)
    def f():
        pass
    return got[0]


def via2():
    deco = functools.partial(functools.update_wrapper, wrapped=json.dumps,
                             assigned=(S(dn('globals')),), updated=())
    got.clear()

    @deco
    @(lambda c: Sink())
    class C:
        pass
    return got[0]

attempt('@functools.wraps on a sink', via)
attempt('@partial(update_wrapper) on a sink', via2)
