# technique: __import__(S('os')) with S a str subclass whose split/partition/__eq__ make a Python import guard see an allowed name while the C import machinery reads 'os'
# source: RestrictedPython / asteval advisory class: str subclasses against Python-level import guards

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

class S(str):
    def split(self, *a, **k):
        return ['json']

    def partition(self, *a):
        return ('json', '', '')

    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)

attempt("__import__(S('os'))", lambda: __import__(S('os')))
attempt("__import__(S('os'), fromlist=['x'])", lambda: __import__(S('os'), fromlist=['path']))
