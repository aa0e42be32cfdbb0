# technique: class patterns with keyword attributes read internals: case BaseException(__traceback__=tb), case object(tb_frame=fr), case object(f_back=up)
# source: Python 3.10 pattern matching: keyword class patterns are getattr

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def via_kw():
    try:
        1 / 0
    except ZeroDivisionError as e:
        match e:
            case BaseException(__traceback__=tb):
                match tb:
                    case object(tb_frame=fr):
                        return fr
    raise LookupError('no match')

attempt('keyword class patterns -> tb_frame', via_kw)


def up():
    match via_kw():
        case object(f_back=b, f_globals=g):
            return g
    raise LookupError('no match')

attempt('keyword class patterns -> f_globals', up)
