# technique: recursive walk of every subclass of object, looking at every Python function in every class dict for globals holding os/sys
# source: Python jail write-ups: generic gadget search over __subclasses__ (e.g. pyjail 'find_module' scripts)

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def search():
    seen, todo = set(), [object]
    while todo:
        c = todo.pop()
        if id(c) in seen:
            continue
        seen.add(id(c))
        try:
            todo.extend(c.__subclasses__())
        except TypeError:
            todo.extend(c.__subclasses__(c))
        for v in list(c.__dict__.values()):
            try:
                g = v.__globals__
            except AttributeError:
                g = None
            if g and 'os' in g and type(g['os']).__name__ == 'module':
                return g['os']
    raise LookupError('nothing found in %d classes' % len(seen))

attempt('recursive subclasses search -> os', search)
