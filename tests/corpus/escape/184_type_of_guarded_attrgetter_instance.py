# technique: the runtime wraps operator.attrgetter/methodcaller in Python functions that check the names and then return real_attrgetter(*names), a real C operator.attrgetter instance; the sandbox's type() answers type(x) for any x, so type(operator.attrgetter('x')) is the real, unguarded C class, and AG(name built at run time) reads any attribute by a computed name: __globals__ (not audited by CPython 3.11) of json.dumps holds the real builtins; type(operator.methodcaller('x')) gives the same with methodcaller('__getattribute__', name)
# source: guard by wrapping a factory function while the objects it returns expose their own class (type(obj) / obj.__class__ / __reduce__) + 075 (attrgetter with a computed name)
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import operator, json

AG = type(operator.attrgetter('x'))  # the real C class, not the runner's guard
MC = type(operator.methodcaller('x'))

attempt('type(attrgetter)(computed __globals__)(json.dumps)',
        lambda: AG(dn('glob' + 'als'))(json.dumps))
attempt('type(attrgetter)(computed __globals__.__builtins__)(json.dumps)',
        lambda: AG(dn('glob' + 'als') + '.get')(json.dumps)(dn('built' + 'ins')))
attempt('type(methodcaller)(__getattribute__, computed __globals__)(json.dumps)',
        lambda: MC(dn('get' + 'attribute'), dn('glob' + 'als'))(json.dumps))
