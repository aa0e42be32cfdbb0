# technique: the bracket blind spot of the runtime's format-string check (see 142) aimed at frames: '{0[:].gi_frame.x}', '{0[:].gi_code.x}' and '{0[:].__traceback__.tb_frame.x}' make str.format read a generator's frame and code and a traceback's frame, handed back by AttributeError.obj (read as a Protocol field, as in 142)
# source: str.format field grammar vs a regex prefilter; AttributeError.obj; generator and traceback internals

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, typing

T = typing.TypeVar('T')


@dataclasses.dataclass
class Generic(typing.Generic[T]):
    obj: object
    _is_protocol = True


@typing.runtime_checkable
class Anything(Generic, typing.Protocol):
    pass


def failed_on(fmt):
    try:
        fmt()
    except AttributeError as e:
        match e:
            case Anything(o):
                return o
    raise LookupError('no AttributeError')


def gen():
    yield 1

g = gen()
next(g)
try:
    1 / 0
except ZeroDivisionError as e:
    err = e

attempt('gi_frame through a bracket key', lambda: failed_on(lambda: '{0[:].gi_frame.x}'.format({':': g})))
attempt('gi_code through a bracket key', lambda: failed_on(lambda: '{0[:].gi_code.x}'.format({':': g})))
attempt('__traceback__.tb_frame through a bracket key',
        lambda: failed_on(lambda: '{0[:].__traceback__.tb_frame.x}'.format({':': err})))
