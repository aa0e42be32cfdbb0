# technique: typing.get_type_hints (a refused attribute for the validator) read as a field of the match-anything Protocol of 140, then called on a function annotated "__import__('os')" with globalns={} (the real builtins) and with the globals of typing.cast
# source: typing.get_type_hints evaluates annotation strings (eval); Protocol field as a reader of refused public names

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, typing

T = typing.TypeVar('T')


@dataclasses.dataclass
class Generic(typing.Generic[T]):
    get_type_hints: object
    _is_protocol = True


@typing.runtime_checkable
class Anything(Generic, typing.Protocol):
    pass


def hints():
    match typing:
        case Anything(h):
            return h
    raise LookupError('no match')


def annotated(x: "__import__('os')"):
    pass

attempt('get_type_hints(f, globalns={})', lambda: hints()(annotated, globalns={})['x'])
attempt('get_type_hints(typing.cast)-style globals', lambda: hints()(annotated, globalns={'x': 1}, localns={})['x'])
