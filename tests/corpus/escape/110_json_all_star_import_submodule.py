# technique: json.__all__.append('tool'); from json import * makes the import system load json.tool through its own __import__ (importlib._handle_fromlist), past the import hook; json.tool brings sys/argparse/pathlib
# source: importlib _handle_fromlist with a mutable __all__ (import hook bypass)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json

try:
    json.__all__.append('tool')
    from json import *  # noqa: F403
except BaseException as e:
    print('BLOCKED import *:', type(e).__name__, str(e)[:160])

attempt('json.tool via __all__ + import *', lambda: tool)  # noqa: F405


try:
    from json import tool as __builtins__
except BaseException as e:
    print('BLOCKED from json import tool:', type(e).__name__, str(e)[:160])


def via2():
    return sys

attempt('json.tool as __builtins__ -> sys', via2)
