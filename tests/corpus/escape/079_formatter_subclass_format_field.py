# technique: string.Formatter subclass overriding format_field receives the object resolved by '{0.__globals__}'; the name Formatter is reached as a bare name through 'import string as __builtins__'
# source: RestrictedPython: string.Formatter attribute access (format string sandbox escapes)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json
import string as __builtins__


def formatter_class():
    return Formatter

got = []


class F(formatter_class()):
    def format_field(self, value, spec):
        got.append(value)
        return ''


def via():
    F().format('{0.' + dn('globals') + '}', json.dumps)
    return got[0]

attempt('Formatter.format_field captures {0.__globals__}', via)
