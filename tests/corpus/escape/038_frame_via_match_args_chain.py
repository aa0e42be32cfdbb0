# technique: __match_args__ getattr chain (metaclass __instancecheck__): e -> __traceback__ -> tb_frame -> f_back -> f_globals; the code holds no internal attribute name
# source: Python 3.10 pattern matching + n8n advisory class (traceback -> frame -> globals)

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


def frame():
    try:
        1 / 0
    except ZeroDivisionError as e:
        return ga(ga(e, '__traceback__'), 'tb_frame')

attempt('match-args tb_frame', frame)
attempt('match-args tb_frame.f_back.f_globals', lambda: ga(ga(frame(), 'f_back'), 'f_globals'))
