# technique: DataFrame.query's python engine reads attributes by name: a.__init__.__globals__
# source: pandas eval/query injection write-ups
import pandas as pd

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

df = pd.DataFrame({'a': [1]})
L = []
def grab():
    df.query('@L.append(a.__init__.__globals__) == 0', engine='python')
    return L[0]
attempt('query(a.__init__.__globals__)', grab)
