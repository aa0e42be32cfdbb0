# technique: str.format_map with an attribute field: '{f.__globals__[sys]}' read from the mapping value, names built at run time
# source: Jinja2 sandbox advisory class (CVE-2016-10745 / CVE-2019-10906): format_map attribute access

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing

name = dn('globals')
s = ('{f.' + name + '[sys]}').format_map({'f': typing.cast})
if s.startswith("<module 'sys'"):
    print('ESCAPED format_map read typing.cast.__globals__[sys] (read-only, repr):', s)
else:
    print('BLOCKED format_map gave', s[:80])
