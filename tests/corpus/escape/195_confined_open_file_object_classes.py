# technique: a file the files capability opened hands out its classes: type(f.buffer.raw) is io.FileIO and its __init__ reopens an existing object, so paths and descriptors reach the real open without the confined wrapper; the audit hook must hold the same rule on its own
# source: the io class hierarchy (TextIOWrapper.buffer.raw); object reuse through __init__
# request: {"files": [{"path": "data/in.csv", "content": "a,b\n"}]}

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def tried(label, fn):
    try:
        fn()
    except PermissionError as e:
        print('BLOCKED', label + ':', type(e).__name__, str(e)[:120])
        return
    except BaseException as e:
        print('ESCAPED', label + ': the open reached the kernel:', type(e).__name__, str(e)[:120])
        return
    print('ESCAPED', label + ': opened')


f = open('data/in.csv')
raw = f.buffer.raw
FileIO = type(raw)
Buffered = type(f.buffer)
tried('FileIO("/tmp/data/in.csv")', lambda: FileIO('/tmp/data/in.csv'))
tried('FileIO("../tmp/data/in.csv")', lambda: FileIO('../tmp/data/in.csv'))
tried('FileIO("/")', lambda: FileIO('/'))
tried('FileIO(3, "w") (the report pipe)', lambda: FileIO(3, 'w'))
tried('FileIO(b"/tmp/data/in.csv")', lambda: FileIO(b'/tmp/data/in.csv'))
tried('FileIO("x", "w", opener=lambda p, fl: 3)', lambda: FileIO('x', 'w', opener=lambda p, fl: 3))
tried('raw.__init__("/tmp/data/in.csv")', lambda: raw.__init__('/tmp/data/in.csv'))
tried('raw.__init__(3, "w")', lambda: raw.__init__(3, 'w'))
tried('Buffered(FileIO("../tmp/data/in.csv"))', lambda: Buffered(FileIO('../tmp/data/in.csv')))
print('done')
