# technique: private module attributes through a function parameter named self (the private-attribute rule's exemption): random._os, collections._sys, pprint._sys, calendar._locale, hmac._warnings
# source: smolagents local executor advisory class: random._os; 'self' exemption of attribute filters

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random, collections, pprint, calendar, hmac


def os_of(self):
    return self._os


def sys_of(self):
    return self._sys


def locale_of(self):
    return self._locale


def warnings_of(self):
    return self._warnings

attempt('random._os', lambda: os_of(random))
attempt('collections._sys', lambda: sys_of(collections))
attempt('pprint._sys', lambda: sys_of(pprint))
attempt('calendar._locale', lambda: locale_of(calendar))
attempt('hmac._warnings', lambda: warnings_of(hmac))
