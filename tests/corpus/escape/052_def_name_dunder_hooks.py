# technique: dunder names in def/class-name position: a metaclass 'def __instancecheck__' and a class-level 'def __class_getitem__' that builds a getattr from __match_args__
# source: Python jail write-ups: identifiers in def-name position escape Name-node filters

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json


class AnyMeta(type):
    def __instancecheck__(cls, obj):
        return True


class Get:
    def __class_getitem__(cls, name):
        class P(metaclass=AnyMeta):
            __match_args__ = (name,)

        def get(obj):
            match obj:
                case P(v):
                    return v
            raise AttributeError(name)
        return get

attempt('Get[__globals__](json.dumps)', lambda: Get['__globals__'](json.dumps))
