# technique: fullwidth identifiers are NFKC-normalised by the parser: ｅｖａｌ is eval, ｇｅｔａｔｔｒ is getattr, ℯｘｅｃ is exec
# source: Python jail write-ups: NFKC identifier normalisation (PEP 3131)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('ｅｖａｌ', lambda: ｅｖａｌ)
attempt('ｇｅｔａｔｔｒ(print, "__self__")', lambda: ｇｅｔａｔｔｒ(print, dn('self')))
attempt('ℯｘｅｃ', lambda: ℯｘｅｃ)
