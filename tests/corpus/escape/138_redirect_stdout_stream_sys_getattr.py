# technique: contextlib.redirect_stdout.__enter__ does getattr(sys, self._stream) and keeps the value in self._old_targets; a subclass sets _stream (a private name bound in its own class body) to any attribute name of sys and reads _old_targets through a self parameter: sys.modules (os, builtins) and the real sys._getframe
# source: contextlib._RedirectStream (getattr/setattr on sys by a name kept in a private attribute) + the self exemption of the private-attribute rules

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import contextlib


def old_target(self):
    return self._old_targets[-1]


def sys_attr(name):
    class Redirect(contextlib.redirect_stdout):
        _stream = name
    r = Redirect(None)
    with r:  # sys.<name> is None inside the block: read it and leave
        value = old_target(r)
    return value

attempt("getattr(sys, 'modules')['os']", lambda: sys_attr('modules')['os'])
attempt("getattr(sys, 'modules')['builtins']", lambda: sys_attr('modules')['builtins'])
attempt("getattr(sys, '_getframe')", lambda: sys_attr('_getframe'))
