# technique: the runtime's functools.update_wrapper guard accepts any name found in functools.WRAPPER_ASSIGNMENTS / WRAPPER_UPDATES, read from the real module at each call; assigning functools.WRAPPER_UPDATES on the module view writes through to the real module, after which update_wrapper(f, typing.cast, updated=('__globals__',)) runs f.__globals__.update(typing's globals): the snippet's own namespace now holds typing's sys (and the real builtins dict); update_wrapper, refused by the validator, is read as a field of the Protocol of 140
# source: sandbox design flaw class: guards that consult mutable module attributes + write-through module proxies; functools.update_wrapper updated=

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, functools, typing

T = typing.TypeVar('T')


@dataclasses.dataclass
class Generic(typing.Generic[T]):
    update_wrapper: object
    _is_protocol = True


@typing.runtime_checkable
class Anything(Generic, typing.Protocol):
    pass


def field_of(subject):
    match subject:
        case Anything(v):
            return v
    raise LookupError('no match')


def sink():
    pass


def merge():
    functools.WRAPPER_UPDATES = (dn('dict'), dn('globals'))
    field_of(functools)(sink, typing.cast, assigned=(), updated=(dn('globals'),))
    return sys  # a global of typing, now one of the snippet's

attempt("update_wrapper(updated=('__globals__',)) -> typing's sys", merge)
attempt("... sys.modules['os']", lambda: sys.modules['os'])
