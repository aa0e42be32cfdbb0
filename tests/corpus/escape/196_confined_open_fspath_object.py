# technique: the files capability's open given a path object whose __fspath__ answers one path to the check and another to the C code that opens it
# source: os.PathLike (PEP 519): open() calls __fspath__ itself
# request: {"files": [{"path": "in.txt", "content": "inside"}]}

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

class P:
    calls = []

    def __fspath__(self):
        P.calls.append(1)
        return 'in.txt' if len(P.calls) == 1 else '/tmp/in.txt'


try:
    f = open(P())
    print('ESCAPED opened a path object:', f.read())
except PermissionError as e:
    print('BLOCKED', type(e).__name__, str(e)[:120])
except BaseException as e:
    print('ESCAPED the open reached the kernel:', type(e).__name__, str(e)[:120])
