# technique: inside a running generator, its own gi_frame.f_back is the caller's frame; walking f_back up reaches the frames that run the snippet (the sandbox's runner) and their globals
# source: RestrictedPython advisory class (CVE-2023-37271): gi_frame.f_back walks to the caller
# note: in plain CPython the chain ends at the module frame; in a sandbox it continues into the code that runs the snippet

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

holder = []


def gen():
    fr = holder[0].gi_frame
    frames = []
    while fr is not None:
        frames.append(fr)
        fr = fr.f_back
    yield frames

g = gen()
holder.append(g)
frames = next(g)
check('running generator gi_frame', frames[0])
for fr in frames[1:]:
    check('f_back frame %s globals' % fr.f_code.co_name, fr.f_globals)
