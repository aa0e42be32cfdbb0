# technique: frames through the update_wrapper gadget (names as data): a running generator's gi_frame, f_back up to the frames that run the snippet, their f_globals (a runner's builtins/sys), and their f_locals
# source: sandbox design flaw class: trusted frames above the snippet (n8n Python code node advisories)
# note: frames above the module frame exist only in a sandbox (the code that exec's the snippet)

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


holder = []


def gen():
    fr = ga(holder[0], 'gi_frame')
    frames = []
    while fr is not None:
        frames.append(fr)
        fr = ga(fr, 'f_back')
    yield frames

g = gen()
holder.append(g)
try:
    frames = next(g)
except BaseException as e:
    frames = []
    print('BLOCKED generator frames:', type(e).__name__, str(e)[:160])
if frames:
    check('gi_frame through update_wrapper', frames[0])
for fr in frames[1:]:
    name = ga(ga(fr, 'f_code'), 'co_name')
    check('frame %s f_globals' % name, ga(fr, 'f_globals'))
    if fr is frames[1]:
        continue  # the snippet's own module frame: its locals are its globals
    loc = ga(fr, 'f_locals')
    for k, v in list(loc.items()):
        if what(v):
            check('frame %s local %s' % (name, k), v)
