# technique: sys._getframe reached through an allowed module's sys attribute (typing.sys, dataclasses.sys, statistics.sys)
# source: smolagents local executor advisory class: dangerous modules re-exported by allowed ones

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing, dataclasses, statistics

attempt('typing.sys', lambda: typing.sys)
attempt('typing.sys._getframe(0)', lambda: typing.sys._getframe(0))
attempt('dataclasses.sys._getframe', lambda: dataclasses.sys._getframe)
attempt('statistics.sys.modules[os]', lambda: statistics.sys.modules['os'])
