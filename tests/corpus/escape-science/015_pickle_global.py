# technique: np.load(allow_pickle=True) and pandas.read_pickle unpickle a global: builtins.eval
# source: numpy and pandas documentation on untrusted pickles
# request: {"capabilities": ["files"]}
import numpy as np
import pandas as pd

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

with open("p.pkl", "wb") as f:
    f.write(b"cbuiltins\neval\n.")
attempt("np.load(allow_pickle=True)", lambda: np.load("p.pkl", allow_pickle=True))
attempt("pd.read_pickle", lambda: pd.read_pickle("p.pkl"))
