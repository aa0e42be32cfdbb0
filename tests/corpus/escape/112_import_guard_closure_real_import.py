# technique: the import hook a sandbox installs as __builtins__['__import__'] is a Python closure: its __closure__ cells hold the real __import__
# source: sandbox design flaw class: guard closures over the real function (n8n / smolagents advisories)
# note: in plain CPython __import__ is the real builtin itself (reported as such); the closure step applies to a sandbox's Python import hook

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def b():
    return __builtins__


def cells():
    imp = b()[dn('import')] if type(b()).__name__ == 'dict' else b().__import__
    if type(imp).__name__ == 'builtin_function_or_method':
        return imp
    for c in imp.__closure__:
        v = c.cell_contents
        if what(v):
            return v
    raise LookupError('no real import in the closure')

attempt('__import__.__closure__ -> real __import__', cells)
