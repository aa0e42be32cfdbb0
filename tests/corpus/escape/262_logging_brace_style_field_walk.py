# technique: logging.Formatter(style="{") formats the record with str.format on a format string built at run time, in logging's frame: its fields walk attributes by name ({args[0].__globals__})
# source: logging.Formatter style parameter; str.format field syntax (PEP 3101)
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import io
import logging

u = '_' * int('2')


def leak(fmt):
    s = io.StringIO()
    h = logging.StreamHandler(s)
    h.setFormatter(logging.Formatter(fmt, style='{'))
    log = logging.getLogger('leak' + str(len(fmt)))
    log.addHandler(h)
    log.propagate = False
    log.raiseExceptions = False
    log.warning('m %s', getattr)
    out = s.getvalue()
    if 'runner' in out or '_CAPS' in out or 'standard' in out:
        print('ESCAPED the format read the globals:', out[:120])
    return None


attempt('brace field args[0] globals', lambda: leak('{args[0].' + u + 'globals' + u + '}'))
attempt('brace field args[0] self', lambda: leak('{args[0].' + u + 'self' + u + '}'))
attempt('brace field msg class', lambda: leak('{msg.' + u + 'class' + u + '}'))
