# technique: b''.__class__.__base__.__subclasses__() -> FileLoader/SourceFileLoader methods' __globals__ (_frozen_importlib_external: _os, sys)
# source: Python jail write-ups: importlib loader classes as a globals source

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def loader_globals():
    for c in b''.__class__.__base__.__subclasses__():
        if c.__name__ in ('FileLoader', 'SourceLoader', 'PathFinder'):
            for v in c.__dict__.values():
                try:
                    f = v.__func__
                except AttributeError:
                    f = v
                try:
                    return f.__globals__
                except AttributeError:
                    pass
    raise LookupError('no loader class')

attempt('loader globals', loader_globals)
attempt('loader globals _os', lambda: loader_globals()['_os'])
attempt('loader globals sys', lambda: loader_globals()['sys'])
