# technique: json.__all__ (an allowed dunder) mutated to name a submodule, then 'from json import *': the import system's _handle_fromlist imports json.tool with the real __import__, past the import hook
# source: importlib _handle_fromlist with a mutable __all__ (import hook bypass)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json

try:
    json.__all__.append('tool')
    from json import *  # noqa: F403
except BaseException as e:
    print('BLOCKED import *:', type(e).__name__, str(e)[:160])

attempt('json.tool', lambda: tool)  # noqa: F405
attempt('json.tool.argparse (public attribute)', lambda: tool.argparse)  # noqa: F405
