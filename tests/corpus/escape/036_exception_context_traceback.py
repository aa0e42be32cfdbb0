# technique: e.__context__.__traceback__.tb_frame: the implicit exception context keeps the first exception's traceback and frames
# source: Python jail write-ups: __context__ / __cause__ chains as a frame source

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

try:
    try:
        {}['missing']
    except KeyError:
        raise ValueError('second')
except ValueError as e:
    outer = e
attempt('__context__.__traceback__.tb_frame', lambda: outer.__context__.__traceback__.tb_frame)
attempt('__context__.__traceback__.tb_frame.f_back', lambda: outer.__context__.__traceback__.tb_frame.f_back)
