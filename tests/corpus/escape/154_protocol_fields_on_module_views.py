# technique: the match-anything Protocol of 140 with fields named sys, os, builtins, inspect (names the validator refuses as attributes) matched on the views of typing, contextlib, dataclasses and random: a positional pattern reads view.<field> with getattr
# source: smolagents local executor advisory class (module re-exports) + typing.Protocol runtime checks + pattern matching

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import contextlib, dataclasses, random, typing

T = typing.TypeVar('T')


def reader(name):
    # a fresh dataclass named Generic for each field name (the annotation
    # is the only place the name is written)
    if name == 'sys':
        @dataclasses.dataclass
        class Generic(typing.Generic[T]):
            sys: object
            _is_protocol = True
    elif name == 'os':
        @dataclasses.dataclass
        class Generic(typing.Generic[T]):
            os: object
            _is_protocol = True
    elif name == 'builtins':
        @dataclasses.dataclass
        class Generic(typing.Generic[T]):
            builtins: object
            _is_protocol = True
    else:
        @dataclasses.dataclass
        class Generic(typing.Generic[T]):
            inspect: object
            _is_protocol = True

    @typing.runtime_checkable
    class Anything(Generic, typing.Protocol):
        pass

    def read(subject):
        match subject:
            case Anything(v):
                return v
        raise LookupError('no ' + name + ' attribute')
    return read

attempt('typing.sys', lambda: reader('sys')(typing))
attempt('contextlib.os', lambda: reader('os')(contextlib))
attempt('dataclasses.builtins', lambda: reader('builtins')(dataclasses))
attempt('dataclasses.inspect', lambda: reader('inspect')(dataclasses))
attempt('random.os', lambda: reader('os')(random))
