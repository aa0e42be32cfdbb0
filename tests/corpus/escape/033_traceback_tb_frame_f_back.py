# technique: an exception's __traceback__.tb_frame is the snippet's frame; f_back is whatever called the snippet (the sandbox runner), with its globals
# source: n8n Python code node advisory class: exception __traceback__ -> tb_frame -> f_back -> f_globals
# note: f_back is None in a plain interpreter (the module frame is the outermost); it is the sandbox's runner frame in a sandbox

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

try:
    1 / 0
except ZeroDivisionError as e:
    tb = e.__traceback__
attempt('tb_frame', lambda: tb.tb_frame)
attempt('tb_frame.f_back', lambda: tb.tb_frame.f_back)
attempt('tb_frame.f_back.f_globals', lambda: tb.tb_frame.f_back.f_globals)
