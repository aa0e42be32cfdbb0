# technique: StopIteration raised by next() on an exhausted generator carries a traceback; also the traceback of an exception thrown into a generator holds the generator's frame
# source: RestrictedPython advisory class: frames from exceptions of generators

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def gen():
    yield 1

g = gen()
next(g)
try:
    next(g)
except StopIteration as e:
    si = e
attempt('StopIteration().__traceback__.tb_frame', lambda: si.__traceback__.tb_frame)


def gen2():
    try:
        yield 1
    except KeyError:
        raise ValueError('inside')

g2 = gen2()
next(g2)
try:
    g2.throw(KeyError('x'))
except ValueError as e:
    ve = e
attempt('generator frame from a thrown exception', lambda: ve.__traceback__.tb_next.tb_frame)
