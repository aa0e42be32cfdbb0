# technique: module attributes of allowed modules that are refused modules: typing.sys, contextlib.os, dataclasses.builtins, enum.bltns, json.codecs, re.copyreg, calendar.sys, datetime.sys
# source: smolagents local executor advisory class: allowed modules re-exporting os/sys/builtins

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing, contextlib, dataclasses, enum, json, re, calendar, datetime

attempt('typing.sys', lambda: typing.sys)
attempt('contextlib.os', lambda: contextlib.os)
attempt('dataclasses.builtins', lambda: dataclasses.builtins)
attempt('enum.bltns', lambda: enum.bltns)
attempt('json.codecs', lambda: json.codecs)
attempt('re.copyreg', lambda: re.copyreg)
attempt('calendar.sys', lambda: calendar.sys)
attempt('datetime.sys', lambda: datetime.sys)
attempt('dataclasses.types', lambda: dataclasses.types)
