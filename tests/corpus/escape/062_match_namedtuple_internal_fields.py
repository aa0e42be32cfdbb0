# technique: collections.namedtuple('N', ['tb_frame', 'f_back']) gives __match_args__ of internal attribute names; a subclass also deriving from abc.ABC is registered for the traceback type (the traceback itself read through a make_dataclass field named __traceback__)
# source: collections.namedtuple field names as pattern-matching getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, collections, dataclasses

N = collections.namedtuple('N', ['tb_frame'])


class P(N, abc.ABC):
    pass

try:
    1 / 0
except ZeroDivisionError as e:
    err = e


def tb_of(e):
    Q = dataclasses.make_dataclass('Q', [dn('traceback')], bases=(abc.ABC,))
    Q.register(type(e))
    match e:
        case Q(tb):
            return tb
    raise LookupError('no traceback')


def via():
    tb = tb_of(err)
    P.register(type(tb))
    match tb:
        case P(fr):
            return fr
    raise LookupError('no match')

attempt('namedtuple(tb_frame) match', via)
