# technique: a stdlib property's fget is a Python function: calendar.Calendar.firstweekday.fget.__globals__ holds sys
# source: Python jail write-ups: descriptors (property.fget) as a function source

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import calendar

attempt('Calendar.firstweekday.fget.__globals__[sys]',
        lambda: calendar.Calendar.firstweekday.fget.__globals__['sys'])
