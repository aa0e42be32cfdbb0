# technique: functools.update_wrapper(obj, module, assigned=(), updated=('__dict__',)) copies a module's whole namespace into an object; a method then reads self._os
# source: functools.update_wrapper WRAPPER_UPDATES as a namespace copy

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import functools, random


class Box:
    def grab(self):
        return self._os

attempt('update_wrapper(updated=__dict__) + self._os',
        lambda: functools.update_wrapper(Box(), random, (), (dn('dict'),)).grab())
