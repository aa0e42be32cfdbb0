# technique: an import the sandbox refuses raises from inside its own import guard: the traceback's later frames are the guard's, whose locals/closure hold the real __import__ (read through __match_args__ getattr)
# source: sandbox design flaw class: refusals raised from trusted Python code leak trusted frames (n8n / smolagents advisories)
# note: the guard frames exist only in a sandbox whose import hook is Python code; in plain CPython only the frames are reported

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

class AnyMeta(type):
    def __instancecheck__(cls, obj):
        return True


def ga(obj, name):
    class P(metaclass=AnyMeta):
        __match_args__ = (name,)
    match obj:
        case P(v):
            return v
    raise AttributeError(name)


def refusal_frames():
    try:
        from json import tool_that_is_not_there
    except ImportError as e:
        err = e
    frames = []
    t = ga(err, '__traceback__')
    while t is not None:
        frames.append(ga(t, 'tb_frame'))
        t = ga(t, 'tb_next')
    return frames


def guard_import():
    for fr in refusal_frames()[1:]:
        loc = ga(fr, 'f_locals')
        for v in loc.values():
            if what(v):
                return v
        g = ga(fr, 'f_globals')
        if what(g):
            return g
    raise LookupError('the refusal left no frame of the guard')

attempt('frames of the import refusal', lambda: refusal_frames()[-1])
attempt('guard frame locals/globals', guard_import)
