# technique: fullwidth letters inside a dunder attribute: json.dumps.__ｇｌｏｂａｌｓ__ and print.__ｓｅｌｆ__
# source: Python jail write-ups: NFKC normalisation of attribute names

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import json

attempt('json.dumps.__ｇｌｏｂａｌｓ__', lambda: json.dumps.__ｇｌｏｂａｌｓ__)
attempt('print.__ｓｅｌｆ__', lambda: print.__ｓｅｌｆ__)
