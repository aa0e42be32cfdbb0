# technique: the runner's own replacements, whose methods run in the runner's file (the audit hook does not look at events raised there), called with a foreign self (A.m(obj)): warnings.catch_warnings.__enter__(obj) appends the real warnings module's filters, showwarning and _showwarnmsg_impl to obj.__dict__['saved'] and __exit__(obj) assigns obj's saved triple back to the real module; contextlib.redirect_stdout.__enter__(obj)/__exit__(obj) hand over and set sys.stdout; the captured values, and what the real module then calls with the snippet's replacements, are checked
# source: sandbox design flaw class: helpers that hide the real object but run foreign-self methods (137-139); A.m(obj) with the self exemption
# note: stopped: the real module is kept in a closure, never in self; what comes back is warnings' own list and functions and the stream object, none of them a module, frame, code object or globals
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import contextlib, warnings


class Anything:
    def __init__(self):
        self.record = False
        self.action = (None, Warning, 0, False)


def via_catch_warnings():
    cw = warnings.catch_warnings
    obj = Anything()
    cw.__enter__(obj)
    filters, showwarning, impl = obj.saved[-1]
    seen = []
    # the real module's _showwarnmsg_impl replaced by a snippet function
    obj.saved.append((filters, showwarning, lambda msg: seen.append(msg)))
    cw.__exit__(obj, None, None, None)
    warnings.warn('probe')
    for v in (filters, showwarning, impl) + tuple(seen):
        if what(v):
            return v
    for m in seen:
        for v in (m.message, m.category, m.filename, m.lineno, m.file, m.line, m.source):
            if what(v):
                return v
    raise LookupError('got %s, %s and %s' % (type(filters).__name__, type(showwarning).__name__,
                                            type(impl).__name__))


def via_redirect():
    rd = contextlib.redirect_stdout
    obj = Anything()
    rd.__init__(obj, None)
    rd.__enter__(obj)
    saved = obj.saved[-1]
    rd.__exit__(obj, None, None, None)
    for v in (saved, saved.buffer, saved.buffer.raw):
        if what(v):
            return v
    return saved

attempt('catch_warnings.__enter__/__exit__ with a foreign self', via_catch_warnings)
attempt('redirect_stdout.__enter__ with a foreign self: sys.stdout', via_redirect)
