# technique: a @runtime_checkable Protocol matches every object when typing._get_protocol_attrs finds no members, and it skips every base whose __name__ is 'Generic' or 'Protocol': a dataclass named Generic (a typing.Generic[T] subclass with _is_protocol = True) gives the Protocol an inherited __match_args__ of public field names that no class-namespace check sees, so case Anything(v) reads subject.<field> on any subject; here warnings.sys on the real warnings module (taken as in 139), then sys.modules
# source: typing.Protocol runtime checks (_proto_hook, _get_protocol_attrs name-based skip) + dataclass __match_args__ + pattern matching as getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, typing, warnings

T = typing.TypeVar('T')


@dataclasses.dataclass
class Generic(typing.Generic[T]):
    sys: object
    _is_protocol = True


@typing.runtime_checkable
class Anything(Generic, typing.Protocol):
    pass


def field_of(subject):
    match subject:
        case Anything(v):
            return v
    raise LookupError('no match')

seen = []


class Spy(warnings.catch_warnings):
    def _get(self):
        return seen[-1] if seen else None

    def _set(self, value):
        seen.append(value)

    _module = property(_get, _set)


def real_warnings():
    with Spy():
        pass
    return [m for m in seen if type(m).__name__ == 'module'][0]

print('isinstance(len, Anything):', isinstance(len, Anything))
attempt('case Anything(s) on the real warnings module -> sys', lambda: field_of(real_warnings()))
attempt("... sys.modules['builtins']", lambda: field_of(real_warnings()).modules['builtins'])
