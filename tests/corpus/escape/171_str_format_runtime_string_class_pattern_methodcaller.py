# technique: the runtime allows str.format only as LOAD_ATTR/LOAD_METHOD right after a constant string (whose fields it checks), but a bound format method of a string built at run time is also reached without a 'format' attribute load: a class pattern keyword (case str(format=fmt)), operator.methodcaller('format', ...) (its guard checks the name like any attribute: 'format' passes) and a str subclass whose __match_args__ is ('format',); with '{0.__globals__[__builtins__].x}' str.format reads json.dumps.__globals__ and fails on the builtins dict, and AttributeError.obj (read here as a class-pattern keyword, which the runtime does not refuse) hands the dict back
# source: 142 (str.format field chains + AttributeError.obj) reached past a rule that matches only one bytecode form of the method lookup
# note: the validator refuses the 'obj' attribute (in class patterns and attrgetter too); the runtime layer alone does not
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json, operator

FIELD = '{0.' + dn('globals') + '[' + dn('builtins') + '].x}'


def dict_of(call):
    try:
        call()
    except AttributeError as e:
        match e:
            case AttributeError(obj=found):
                return found
    raise LookupError('no AttributeError')


def via_class_pattern():
    match FIELD:
        case str(format=fmt):
            return dict_of(lambda: fmt(json.dumps))


def via_methodcaller():
    return dict_of(lambda: operator.methodcaller('format', json.dumps)(FIELD))


class Fmt(str):
    __match_args__ = ('format',)


def via_match_args():
    match Fmt(FIELD):
        case Fmt(fmt):
            return dict_of(lambda: fmt(json.dumps))

attempt('case str(format=fmt) on a run-time format string', via_class_pattern)
attempt("operator.methodcaller('format', json.dumps)", via_methodcaller)
attempt("__match_args__ = ('format',) on a str subclass", via_match_args)
