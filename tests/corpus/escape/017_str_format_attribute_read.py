# technique: str.format resolves '{0.__globals__[__builtins__][eval]}' with getattr/getitem at run time: the attribute names are string data, never code
# source: RestrictedPython / Jinja2 sandbox advisories: str.format attribute access (format string attacks)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json

s = '{0.__globals__[__builtins__][eval]}'.format(json.dumps)
if s.startswith('<built-in function eval'):
    print('ESCAPED str.format read the real builtins (read-only, repr):', s)
else:
    print('BLOCKED str.format gave', s[:80])
t = '{0.__class__.__base__.__subclasses__}'.format(())
if 'built-in method __subclasses__' in t:
    print('ESCAPED str.format reached object.__subclasses__ (read-only):', t[:60])
