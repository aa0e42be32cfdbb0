# technique: stdlib private helpers that exec/eval text: dataclasses._create_fn and collections' namedtuple internals, reached with the self-exemption of the private-attribute rule
# source: stdlib code generators (exec/eval in disguise) + 'self' exemption

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses


def grab(self):
    return self._create_fn

attempt('dataclasses._create_fn(...)() -> __import__(os)',
        lambda: grab(dataclasses)('f', [], ['return ' + dn('import') + '("os")'],
                                  globals={'x': 1})())
