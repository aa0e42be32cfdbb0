# technique: a class body that writes field names into its own __annotations__ at run time (keys built from data: '__traceback__', '__globals__', 'tb_frame'), made a dataclass named Generic under a match-anything runtime Protocol (140), to read those attributes with case Anything(v)
# source: dataclass __match_args__ from __annotations__ + typing.Protocol runtime checks
# note: the validator refuses __annotations__ in a class body; this tests the runtime layer's dataclass field check

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, json, typing

T = typing.TypeVar('T')


def reader(name):
    @dataclasses.dataclass
    class Generic(typing.Generic[T]):
        _pad: object
        _is_protocol = True
        __annotations__[name] = object

    @typing.runtime_checkable
    class Anything(Generic, typing.Protocol):
        pass

    def read(subject):
        match subject:
            case Anything(v):
                return v
        raise LookupError('no match')
    return read

try:
    1 / 0
except ZeroDivisionError as e:
    err = e

attempt('field __globals__ on json.dumps', lambda: reader(dn('globals'))(json.dumps))
attempt('field __traceback__ then tb_frame', lambda: reader('tb_frame')(reader(dn('traceback'))(err)))
