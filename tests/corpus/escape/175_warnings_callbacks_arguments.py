# technique: every value the warnings machinery (C _warnings plus warnings.py, whose frames the audit hook trusts for frame and code reads and sys._getframe) hands back to snippet code: a custom Warning category (its __init__ and __str__), filters whose message/module entries are objects with match() (called with the text and the module name of the frame at stacklevel), stacklevel reaching the runner's frames (registry created in their globals), warn_explicit with module_globals holding a __loader__ (get_source(name) is called) and a registry, a source object, and showwarning/formatwarning replacements written through the view; every argument is checked for a frame, code object, module or globals
# source: warnings module as a trusted frame walker (Python jail write-ups: warnings.catch_warnings, _getframe users); CPython _warnings.c setup_context/get_source_line/check_matched
# note: stopped: only plain values come back (str, int, the snippet's own objects, the filename '<tool-sandbox runner>'); nothing of the interpreter's is passed to the callbacks
# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

import warnings

SEEN = []


def see(where, *values):
    for v in values:
        SEEN.append((where, v))


class Category(UserWarning):
    def __init__(self, *args):
        see('Category.__init__', *args)
        super().__init__(*args)


class Matcher:
    def match(self, text):
        see('filter match', text)
        return True


class Loader:
    def get_source(self, *args):
        see('loader.get_source', *args)
        return 'line one\nline two\n'


class Source:
    pass


def showwarning(*args):
    see('showwarning', *args)


def formatwarning(*args):
    see('formatwarning', *args)
    return 'formatted\n'


def probe():
    with warnings.catch_warnings():
        warnings.filters.insert(0, ('always', Matcher(), Warning, Matcher(), 0))
        warnings.showwarning = showwarning
        for level in (1, 2, 3, 4, 5):
            warnings.warn('by level %d' % level, Category, stacklevel=level, source=Source())
        registry = {}
        module_globals = {dn('name'): 'fake', dn('loader'): Loader()}
        warnings.warn_explicit('explicit', Category, 'fake.py', 2, 'fake', registry,
                               module_globals, Source())
        see('registry', *registry)
        warnings.showwarning = warnings.showwarning  # the view's value
        warnings.formatwarning = formatwarning
    print('values seen:', len(SEEN), sorted(set(type(v).__name__ for _, v in SEEN)))
    print('filenames seen:', sorted(set(v for _, v in SEEN if type(v) is str and '<' in v)))
    for where, v in SEEN:
        for x in ((v,) + tuple(v) if type(v).__name__ in ('tuple', 'list') else (v,)):
            if what(x):
                print('found in', where)
                return x
    raise LookupError('nothing of the interpreter among %d values' % len(SEEN))

attempt('warnings callbacks and hooks', probe)
