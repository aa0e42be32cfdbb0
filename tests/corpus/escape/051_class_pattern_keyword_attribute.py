# technique: case object(__class__=c) and case object(__globals__=g) read attributes named in the pattern
# source: Python 3.10 pattern matching: keyword class patterns are getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json


def kw():
    match json.dumps:
        case object(__globals__=g):
            return g
    raise LookupError('no match')

attempt('case object(__globals__=g)', kw)


def cls_walk():
    match ():
        case object(__class__=c):
            match c:
                case object(__base__=b):
                    return b.__subclasses__()[0]
    raise LookupError('no match')

attempt('case object(__class__=c) -> subclasses', lambda: cls_walk() and json.dumps.__globals__)
