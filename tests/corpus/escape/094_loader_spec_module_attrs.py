# technique: module __loader__ and __spec__: json.__loader__ (SourceFileLoader) -> get_data(path) reads files, and its class's methods' __globals__ are _frozen_importlib_external's (_os = posix)
# source: Python jail write-ups: __loader__ / __spec__ as importlib entry points

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json, math


def loader_globals():
    ld = json.__spec__.loader
    return type(ld).get_data.__globals__

attempt('json.__loader__', lambda: json.__loader__)
attempt('loader class globals', loader_globals)
attempt('loader class globals _os', lambda: loader_globals()['_os'])
attempt('math.__loader__.load_module(posix)', lambda: math.__loader__.load_module('posix'))
try:
    data = json.__loader__.get_data(json.__spec__.origin)
    if type(data).__name__ == 'bytes' and len(data) > 0:
        print('ESCAPED json.__loader__.get_data read a file:', len(data), 'bytes')
except BaseException as e:
    print('BLOCKED loader.get_data:', type(e).__name__, str(e)[:160])
