# technique: __defaults__ of a stdlib function hold another stdlib function (difflib.ndiff -> IS_CHARACTER_JUNK), then its __globals__
# source: Python jail write-ups: __defaults__/__kwdefaults__ as an object source

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import difflib, copy


def via_defaults():
    for d in difflib.ndiff.__defaults__:
        try:
            return d.__globals__
        except AttributeError:
            pass
    raise LookupError('no function default')

attempt('difflib.ndiff.__defaults__ -> globals', via_defaults)
attempt('copy._deepcopy_dict.__defaults__', lambda: copy._deepcopy_dict.__defaults__[0].__globals__)
