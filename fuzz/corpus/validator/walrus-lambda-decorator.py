@functools.cache
def f(n, *a, k=1, **kw):
    return (y := n) and (lambda z=y: z)()
