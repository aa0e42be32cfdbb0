# technique: warnings reached from allowed modules (typing.warnings, hmac._warnings), then catch_warnings()._module and warnings.sys
# source: Python jail write-ups: warnings.catch_warnings gadget

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import typing, hmac

attempt('typing.warnings', lambda: typing.warnings)
attempt('typing.warnings.catch_warnings()._module', lambda: typing.warnings.catch_warnings()._module)
attempt('hmac._warnings', lambda: hmac._warnings)
