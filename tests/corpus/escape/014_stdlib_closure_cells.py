# technique: a stdlib closure's __closure__ cells: typing._SpecialForm.__getitem__ (wrapped by _tp_cache) holds the original function, whose __globals__ hold sys
# source: Python jail write-ups: __closure__[i].cell_contents of library wrappers

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing


def via_closure():
    wrapper = type(typing.Union).__getitem__
    for cell in wrapper.__closure__:
        try:
            return cell.cell_contents.__globals__['sys']
        except AttributeError:
            pass
    raise LookupError('no function in the closure')

attempt('typing closure cell -> sys', via_closure)
