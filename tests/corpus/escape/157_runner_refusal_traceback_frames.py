# technique: a runtime refusal raised inside the runner (import json.tool, refused by the import guard) carries a traceback through the runner's own frames; with sys and inspect from sys.modules (the redirect_stdout gadget of 138), inspect.getinnerframes (whose tb_frame reads the audit hook trusts) hands back guarded_import's frame, whose locals hold the real __import__ (real_import), the views and, in refuse's frame, the audit state
# source: sandbox design flaw class: guard closures over the real function (n8n / smolagents advisories) reached through the guard's own traceback frames

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import contextlib


def old_target(self):
    return self._old_targets[-1]


class Redirect(contextlib.redirect_stdout):
    _stream = 'modules'


def modules():
    r = Redirect(None)
    with r:
        value = old_target(r)
    return value


def runner_local(wanted):
    m = modules()
    try:
        import json.tool
    except ImportError:
        tb = m['sys'].exc_info()[2]
    for info in m['inspect'].getinnerframes(tb):
        loc = m['inspect'].getargvalues(info.frame)[3]
        if wanted in loc:
            return loc[wanted]
    raise LookupError('no runner frame with ' + wanted)


def guard_frame():
    m = modules()
    try:
        import json.tool
    except ImportError:
        tb = m['sys'].exc_info()[2]
    return m['inspect'].getinnerframes(tb)[-1].frame

attempt("guarded_import's frame from the refusal's traceback", guard_frame)
attempt("guarded_import's real_import", lambda: runner_local('real_import'))
