# technique: functools.update_wrapper(P, donor, assigned=('__match_args__',)) sets a registered ABC's __match_args__ after class creation, from a donor whose __getattr__ answers any name
# source: functools.update_wrapper as setattr + pattern matching

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, dataclasses, functools, json


def answer(self, name):
    return (dn('globals'),)

Donor = dataclasses.make_dataclass('Donor', [], namespace={dn('getattr'): answer}, match_args=False)


class P(abc.ABC):
    pass

P.register(type(json.dumps))


def via():
    functools.update_wrapper(P, Donor(), assigned=(dn('match_args'),), updated=())
    match json.dumps:
        case P(g):
            return g
    raise LookupError('no match')

attempt('update_wrapper sets __match_args__', via)
