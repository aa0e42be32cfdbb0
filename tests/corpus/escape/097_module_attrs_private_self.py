# technique: private module attributes through a name the private-attribute rule trusts: self = random; self._os, and a function parameter named self (collections._sys, pprint._sys, calendar._locale)
# source: smolagents local executor advisory class: random._os; 'self'/'cls' exemptions of attribute filters

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random, collections, pprint, calendar

self = random
attempt('self = random; self._os', lambda: self._os)


def grab(self, which):
    if which == 1:
        return self._sys
    if which == 2:
        return self._locale
    return self._os

attempt('grab(collections)._sys', lambda: grab(collections, 1))
attempt('grab(pprint)._sys', lambda: grab(pprint, 1))
attempt('grab(calendar)._locale', lambda: grab(calendar, 2))
attempt('grab(random)._os', lambda: grab(random, 0))
