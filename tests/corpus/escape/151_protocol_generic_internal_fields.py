# technique: the match-anything Protocol of 140 with dataclass fields named gi_frame and gi_code (the validator does not look at annotation names): case Anything(fr, co) on a running generator would read its frame and code object
# source: typing.Protocol runtime checks + dataclass __match_args__ + pattern matching as getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, typing

T = typing.TypeVar('T')


@dataclasses.dataclass
class Generic(typing.Generic[T]):
    gi_frame: object
    gi_code: object
    _is_protocol = True


@typing.runtime_checkable
class Anything(Generic, typing.Protocol):
    pass


def gen():
    yield 1

g = gen()
next(g)


def frame():
    match g:
        case Anything(fr, co):
            return fr
    raise LookupError('no match')


def code():
    match g:
        case Anything(fr, co):
            return co
    raise LookupError('no match')

attempt('case Anything(gi_frame, gi_code) on a generator -> frame', frame)
attempt('case Anything(gi_frame, gi_code) on a generator -> code', code)
