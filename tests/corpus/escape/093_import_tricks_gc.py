# technique: gc (get_referrers) and importlib through every import spelling: import gc, __import__('g'+'c'), from . import gc, importlib.import_module, __import__ with fromlist
# source: Python jail write-ups: import spellings; gc.get_referrers to reach frames and globals

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def imp1():
    import gc
    return gc


def imp2():
    return __import__('g' + 'c')


def imp3():
    from . import gc
    return gc


def imp4():
    import importlib
    return importlib.import_module('g' + 'c')

for n, f in (('import gc', imp1), ('__import__(g+c)', imp2), ('from . import gc', imp3),
             ('importlib.import_module', imp4)):
    attempt(n, f)
