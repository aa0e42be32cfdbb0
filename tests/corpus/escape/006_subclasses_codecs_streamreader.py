# technique: subclasses walk to codecs.StreamReaderWriter / IncrementalDecoder -> codecs module globals and its builtins
# source: Python jail write-ups: codecs classes as a globals source

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def codecs_globals():
    for c in object.__subclasses__():
        if c.__name__ in ('StreamReaderWriter', 'IncrementalDecoder', 'IncrementalEncoder'):
            try:
                return c.__init__.__globals__
            except AttributeError:
                pass
    raise LookupError('codecs classes not loaded')

attempt('codecs class globals', codecs_globals)
attempt('codecs class globals builtins', lambda: codecs_globals()['__builtins__'])
