# technique: a staticmethod object from a class __dict__ and its __func__: contextlib.AsyncExitStack.__dict__['_create_async_exit_wrapper'].__func__.__globals__['os']
# source: Python jail write-ups: descriptors (staticmethod.__func__)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import contextlib

attempt('staticmethod.__func__.__globals__[os]',
        lambda: contextlib.AsyncExitStack.__dict__['_create_async_exit_wrapper'].__func__.__globals__['os'])
attempt('staticmethod via __wrapped__ chain',
        lambda: contextlib.AsyncExitStack._create_async_exit_wrapper.__globals__['sys'])
