# technique: since 5a55677 'format' is refused as an attribute name everywhere (class patterns, attrgetter, methodcaller, __match_args__), but a dataclass field may still be called format (the field-name check lets it through: '__match_args__ drops those'), and dataclasses.asdict reads every field with getattr(obj, field.name): a dataclass subclass of str with a field 'format' and no instance value (made with S.__new__, no __init__) hands back the bound str.format of a string built at run time; '{0.__globals__[__builtins__].x}' then fails on json's builtins dict and AttributeError.obj (a class-pattern keyword the runtime does not refuse) returns it
# source: 171 (str.format on a run-time string + AttributeError.obj) through dataclasses' getattr by field name (132/163)
# note: the validator refuses the 'obj' attribute; the runtime layer alone does not
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, json

FIELD = '{0.' + dn('globals') + '[' + dn('builtins') + '].x}'


@dataclasses.dataclass
class S(str):
    format: int

    def __new__(cls, *args, **kw):
        return str.__new__(cls, FIELD)


def via_asdict():
    s = S.__new__(S)  # no __init__: getattr(s, 'format') is str.format bound to s
    fmt = dataclasses.asdict(s)['format']
    try:
        fmt(json.dumps)
    except AttributeError as e:
        match e:
            case AttributeError(obj=found):
                return found
    raise LookupError('no AttributeError')

attempt("dataclasses.asdict -> getattr(s, 'format') -> str.format on a run-time string", via_asdict)
