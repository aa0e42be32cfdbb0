# technique: pandas' Scope (and query(level=)) reads the globals of a caller frame at a depth the snippet chooses: past the snippet, the runner's
# source: pandas.core.computation.scope.Scope
import pandas as pd

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

# At the top level, depth 1 is the snippet's caller.
for depth in (1, 2, 3):
    try:
        check('Scope(level=%d) at the top level' % depth,
              dict(pd.core.computation.scope.Scope(level=depth).scope))
    except BaseException as e:
        print('BLOCKED Scope(level=%d):' % depth, type(e).__name__, str(e)[:120])
df = pd.DataFrame({'a': [1]})
try:
    df.query('a == @_b', level=1)
    print('ESCAPED query(level=1) resolved a name of the runner')
except BaseException as e:
    print('BLOCKED query(level=1):', type(e).__name__, str(e)[:120])
