# technique: a module view keeps its real module in its own instance dict under the name-mangled key _View__real; a function whose parameter is named self reads it past both private-attribute rules (real(warnings) is the real warnings module, real(random)._os is os); functools.cached_property with an attrname set at run time reads the same key with no private name in the code at all
# source: sandbox design flaw class: proxy/view objects that keep the proxied object as a (name-mangled) attribute; random._os (smolagents local executor advisory)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import collections, functools, random, warnings


def real(self):
    return self._View__real


def os_of(self):
    return self._os


def sys_of(self):
    return self._sys


def via_cached_property(view):
    # a non-data descriptor on the views' class: view.leak runs
    # cached_property.__get__(view), which returns view.__dict__[attrname]
    cp = functools.cached_property(lambda m: None)
    cp.attrname = '_View' + '_' * 2 + 'real'
    type(view).leak = cp
    return view.leak

attempt('real(warnings) (the view keeps _View__real)', lambda: real(warnings))
attempt('real(random)._os', lambda: os_of(real(random)))
attempt('real(collections)._sys', lambda: sys_of(real(collections)))
attempt('cached_property(attrname=<run time>) on the view class -> real random -> _os',
        lambda: os_of(via_cached_property(random)))
