# technique: breakpoint (sys.breakpointhook -> pdb), help (site _Helper -> pydoc), input, exit/quit/license (site objects)
# source: Python jail write-ups: site builtins and debugger hooks

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

attempt('breakpoint', lambda: breakpoint)
attempt('help', lambda: help)
attempt('input', lambda: input)
attempt('exit', lambda: exit)
attempt('license', lambda: license)
