# technique: string.Formatter subclass calling the base get_field with '0.__globals__' and a convert_field override capturing the value
# source: RestrictedPython: string.Formatter.get_field returns the object, not its string

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json, string


class F(string.Formatter):
    def convert_field(self, value, conversion):
        got.append(value)
        return ''

got = []


def via():
    obj, first = F().get_field('0.' + dn('globals'), (json.dumps,), {})
    return obj


def via_convert():
    F().format('{0.' + dn('globals') + '!s}', json.dumps)
    return got[0]

attempt('Formatter().get_field', via)
attempt('Formatter.convert_field capture', via_convert)
