# technique: @functools.wraps(random.Random()) on a class sets its __module__ to 'random' after the class guard has seen it (update_wrapper then fails on the class's mappingproxy, after the assignments; a decorator under it keeps the class), and the instance has no __annotations__ to overwrite the class's; dataclasses execs the generated methods in sys.modules[cls.__module__].__dict__, so K.__init__.__globals__ is random's real namespace (or that of any module in sys.modules: namedtuple(module='os') makes an instance whose __module__ is any string) and its annotations hold the snippet's ForwardRef subclass (typing classes may be subclassed); functools.singledispatch.register(K.__init__) calls typing.get_type_hints, which reads __globals__ in typing's trusted frame and passes it to the subclass's _evaluate
# source: functools.update_wrapper as a setattr of __module__; dataclasses' globals lookup by cls.__module__; typing.ForwardRef._evaluate receiving the real globalns; functools.singledispatch annotation-based register

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import collections, dataclasses, functools, random, typing

GOT = []
FORWARD_REF = type(typing.get_args(typing.List['int'])[0])


class Ref(FORWARD_REF, _root=True):
    def _evaluate(self, globalns, localns, recursive_guard):
        GOT.append(globalns)
        return int


R = Ref('int')
KEEP = []


def keep(c):
    KEEP.append(c)
    return c


def module_globals(source):
    try:
        @functools.wraps(source)
        @keep
        class K:
            x: R
    except AttributeError:
        pass
    K = dataclasses.dataclass(KEEP[-1])

    @functools.singledispatch
    def fun(x):
        return x

    fun.register(K.__init__)
    return GOT[-1]


def named(module):
    # an instance with __module__ == module and no __annotations__:
    # namedtuple(module=...) takes any string
    return collections.namedtuple('N', 'a', module=module)(1)

attempt("dataclass of a class moved to module 'random' -> __init__ globals via get_type_hints",
        lambda: module_globals(random.Random()))
attempt("... random's _os", lambda: module_globals(random.Random())['_os'])
attempt("class moved to module 'os' (namedtuple(module='os') as the source) -> os globals",
        lambda: module_globals(named('os')))
attempt("class moved to module 'builtins' -> the builtins module's dict",
        lambda: module_globals(named('builtins')))
