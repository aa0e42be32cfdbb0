# technique: a matplotlib or pandas plotting backend named by a string is imported: module://os
# source: matplotlib.use, pandas.options.plotting.backend
import matplotlib
import matplotlib.pyplot as plt

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def use():
    matplotlib.use('module://os', force=True)
    return plt.get_backend()
attempt('matplotlib.use("module://os")', use)
attempt('switch_backend("module://sys")', lambda: plt.switch_backend('module://sys'))
