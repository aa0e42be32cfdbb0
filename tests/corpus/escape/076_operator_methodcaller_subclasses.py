# technique: operator.methodcaller('__subclasses__')(object) then methodcaller on the found class, names computed
# source: RestrictedPython / simpleeval: operator.methodcaller as a method call by name

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import operator


def via():
    for c in operator.methodcaller(dn('subclasses'))(object):
        if c.__name__ == 'BuiltinImporter':
            return operator.methodcaller('load_module', 'sys')(c)
    raise LookupError('no BuiltinImporter')

attempt('methodcaller(__subclasses__) -> BuiltinImporter.load_module(sys)', via)
