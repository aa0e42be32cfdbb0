# technique: typing.NamedTupleMeta builds the class with collections.namedtuple (the class guard sees namedtuple's namespace only) and then copies every other key of the class body onto it with setattr: __match_args__ = ('__globals__',), _is_protocol and _is_runtime_protocol arrive after the guard; a Protocol subclass of it (Protocol checks only the direct bases) is runtime-checkable without runtime_checkable() (the inherited _is_runtime_protocol), and once the namedtuple is renamed 'Generic' typing._get_protocol_attrs skips it: case P(g) matches with no members but tuple's and would read subject.__globals__
# source: typing.NamedTupleMeta (setattr of class-body keys after type.__new__) + typing.Protocol runtime checks (140) + pattern matching as getattr
# note: stopped at 9004c28 by the structural check, which still requires every attribute of tuple, so only tuples match (their __globals__ does not exist; no reachable non-tuple answers all of them); since 5a55677 the runtime also checks a NamedTuple's class body before NamedTupleMeta copies it
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json, typing

T = typing.TypeVar('T')


class NT(typing.NamedTuple, typing.Generic[T]):
    x: int
    __match_args__ = (dn('globals'),)
    _is_protocol = True
    _is_runtime_protocol = True


class P(NT, typing.Protocol):
    pass


NT.__name__ = 'Generic'  # typing._get_protocol_attrs skips classes named Generic


def field(subject):
    match subject:
        case P(g):
            return g
    raise LookupError('no match for ' + type(subject).__name__)

print('isinstance((1,), P):', isinstance((1,), P), '- isinstance(json.dumps, P):',
      isinstance(json.dumps, P))
attempt('case P(g) on json.dumps (P: namedtuple-made protocol)', lambda: field(json.dumps))
attempt('case P(g) on a tuple', lambda: field((json.dumps,)))
