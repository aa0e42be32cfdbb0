# technique: super(type(f), f).__getattribute__('__globals__') and super(type, object).__subclasses__: super proxies skip overridden lookups
# source: Python jail write-ups: super() proxies as attribute access

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json

f = json.dumps
attempt('super(type(f), f).__getattribute__(computed)',
        lambda: super(type(f), f).__getattribute__(dn('globals')))


class A(json.JSONEncoder):
    def g(self):
        return super().default.__func__.__globals__

attempt('super().default.__func__.__globals__', lambda: A().g())
