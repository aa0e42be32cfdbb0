# technique: an empty @runtime_checkable Protocol matches any object; its metaclass (a _ProtocolMeta subclass) supplies __match_args__ = ('__globals__',)
# source: typing.Protocol runtime checks + pattern matching

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing, json


class PM(type(typing.Protocol)):
    __match_args__ = ('__globals__',)


@typing.runtime_checkable
class Anything(typing.Protocol, metaclass=PM):
    pass


def via():
    match json.dumps:
        case Anything(g):
            return g
    raise LookupError('no match')

attempt('empty runtime Protocol + metaclass __match_args__', via)
