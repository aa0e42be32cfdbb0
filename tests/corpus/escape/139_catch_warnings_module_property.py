# technique: the sandbox's warnings.catch_warnings hides the real module by storing _Hidden in self._module and putting the real one back only around real __enter__/__exit__; a subclass that makes _module a property receives every value assigned to it (warnings' own __init__ assigns sys.modules['warnings'] first), so its setter collects the real warnings module
# source: warnings.catch_warnings._module (Python jail write-ups) + data descriptors on a subclass intercepting a wrapper's attribute writes

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import warnings

seen = []


class Spy(warnings.catch_warnings):
    def _get(self):
        return seen[-1] if seen else None

    def _set(self, value):
        seen.append(value)

    _module = property(_get, _set)


def real_warnings():
    with Spy():
        pass
    for m in seen:
        if type(m).__name__ == 'module':
            return m
    raise LookupError('no module assigned to _module')

attempt('catch_warnings subclass, _module property -> real warnings', real_warnings)
