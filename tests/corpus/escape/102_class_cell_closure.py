# technique: the implicit __class__ cell of a method (used by super()) read through __closure__, then the class's base to walk subclasses
# source: Python jail write-ups: __class__ cell / __closure__ of methods

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json


class A(json.JSONEncoder):
    def m(self):
        return super().encode(1)

    def n(self):
        return __class__


def via():
    cls = A.m.__closure__[0].cell_contents
    return cls.__mro__[1].encode.__globals__

attempt('method __closure__ __class__ cell -> base globals', via)
attempt('__class__ name in a method -> base globals', lambda: A().n().__mro__[1].default.__globals__)
