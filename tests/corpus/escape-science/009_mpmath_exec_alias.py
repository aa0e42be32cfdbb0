# technique: mpmath re-exports the real exec as libmp.backend.exec_; pandas' map calls it from its own frame
# source: mpmath.libmp.backend
import mpmath
import pandas as pd

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('mpmath.libmp.backend.exec_', lambda: mpmath.libmp.backend.exec_)
def run():
    g = {}
    pd.Series(['import os as m']).map(lambda s: mpmath.libmp.backend.exec_(s, g))
    return g['m']
attempt('Series.map(exec_)', run)
