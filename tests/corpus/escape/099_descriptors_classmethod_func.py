# technique: a bound classmethod's __func__: fractions.Fraction.from_float.__func__.__globals__, enum.Enum._missing_.__func__.__globals__
# source: Python jail write-ups: descriptors (classmethod.__func__)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import fractions, enum

attempt('Fraction.from_float.__func__.__globals__[sys]',
        lambda: fractions.Fraction.from_float.__func__.__globals__['sys'])
attempt('Enum._missing_.__func__.__globals__[bltns]',
        lambda: enum.Enum._missing_.__func__.__globals__['bltns'])
