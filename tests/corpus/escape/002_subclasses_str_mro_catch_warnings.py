# technique: ''.__class__.__mro__[-1].__subclasses__() -> warnings.catch_warnings -> ._module and __init__.__globals__['__builtins__']
# source: Python jail write-ups: catch_warnings gadget (CTF pyjail classic)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing  # imports warnings, as many stdlib modules do


def cw():
    for c in ''.__class__.__mro__[-1].__subclasses__():
        if c.__name__ == 'catch_warnings':
            return c
    raise LookupError('catch_warnings not loaded')

attempt('catch_warnings()._module', lambda: cw()()._module)
attempt('catch_warnings.__init__.__globals__[__builtins__]',
        lambda: cw().__init__.__globals__['__builtins__'])
