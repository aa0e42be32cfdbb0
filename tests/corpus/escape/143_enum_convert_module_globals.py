# technique: Enum._convert_(name, module, filter, source=None) builds an enum whose members are the entries of sys.modules[module].__dict__ (or of source.__dict__) whose names pass filter: the member values are the real module globals (warnings.sys, random._os, dataclasses.inspect, whose currentframe() is a frame); _convert_ matches the runtime's _sunder_ pattern and is reached on a name bound to cls; the class is made with __module__ = that module, which the class guard accepts for allowed and lazily imported modules
# source: enum.EnumType._convert_ (CPython's own helper for socket/signal constants) as a reader of module globals

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import enum, warnings


def convert(cls, module, wanted, source=None):
    return cls._convert_('Leak', module, lambda n: n == wanted, source)


def value(E):
    return list(E)[0].value

attempt("Enum._convert_('Leak', 'warnings', sys)", lambda: value(convert(enum.Enum, 'warnings', 'sys')))
attempt("Enum._convert_('Leak', 'random', _os)", lambda: value(convert(enum.Enum, 'random', '_os')))
attempt("Enum._convert_(source=warnings view) -> _View__real",
        lambda: value(convert(enum.Enum, '__main__', '_View' + '_' * 2 + 'real', warnings)))
attempt("Enum._convert_('Leak', 'dataclasses', inspect).currentframe()",
        lambda: value(convert(enum.Enum, 'dataclasses', 'inspect')).currentframe())
