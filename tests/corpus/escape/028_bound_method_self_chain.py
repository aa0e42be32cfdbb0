# technique: a bound method's __self__ (random.random.__self__ is the hidden Random instance), its class's Python methods, their __globals__
# source: Python jail write-ups: __self__ of bound methods of module-level singletons

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import random

attempt('random.random.__self__ class seed globals',
        lambda: type(random.random.__self__).seed.__globals__)
attempt('[].append.__self__ is the list; its class base subclasses',
        lambda: [c for c in [].append.__self__.__class__.__base__.__subclasses__()
                 if c.__name__ == 'BuiltinImporter'][0].load_module('sys'))
