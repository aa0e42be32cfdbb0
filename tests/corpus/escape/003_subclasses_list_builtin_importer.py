# technique: [].__class__.__base__.__subclasses__() -> _frozen_importlib.BuiltinImporter.load_module('posix')
# source: Python jail write-ups: BuiltinImporter.load_module gadget

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def importer():
    for c in [].__class__.__base__.__subclasses__():
        if c.__name__ == 'BuiltinImporter':
            return c
    raise LookupError('BuiltinImporter not found')

attempt('BuiltinImporter.load_module(posix)', lambda: importer().load_module('posix'))
attempt('BuiltinImporter.load_module(sys)', lambda: importer().load_module('sys'))
