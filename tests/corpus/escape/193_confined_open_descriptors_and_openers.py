# technique: the files capability's open asked for file descriptors instead of paths: the report pipe (fd 3, where a forged report would decide the result), stdout, an opener that returns a descriptor of its choosing, closefd=False, a bool (an int) as the path
# source: open(fd) and opener= in the io module's documentation; the sandbox's report channel (src/sandbox/proto.h)
# request: {"capabilities": ["files"]}

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def tried(label, fn):
    try:
        f = fn()
    except PermissionError as e:
        print('BLOCKED', label + ':', type(e).__name__, str(e)[:120])
        return
    except BaseException as e:
        print('ESCAPED', label + ': the open reached the kernel:', type(e).__name__, str(e)[:120])
        return
    print('ESCAPED', label + ': opened', type(f).__name__)


tried('open(3, "w") (the report pipe)', lambda: open(3, 'w'))
tried('open(1, "w")', lambda: open(1, 'w'))
tried('open(True, "w")', lambda: open(True, 'w'))
tried('open(3, "w", closefd=False)', lambda: open(3, 'w', closefd=False))
tried('open("x", "w", opener=lambda p, f: 3)', lambda: open('x', 'w', opener=lambda p, f: 3))
tried('open("x", "w", opener=print)', lambda: open('x', 'w', opener=print))
tried('open("x", "w", closefd=False)', lambda: open('x', 'w', closefd=False))
print('done')
