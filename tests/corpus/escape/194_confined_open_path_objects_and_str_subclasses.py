# technique: the files capability's open given a str subclass whose split/startswith/__eq__ lie about an absolute path, bytes and bytearray paths, and a NUL that would cut the path in C
# source: TOCTOU-by-type against path checks written in Python (a str subclass answers the check, the C code reads its real characters)
# request: {"files": [{"path": "in.txt", "content": "inside"}]}

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


class Liar(str):
    def split(self, *a, **k):
        return ['in.txt']

    def startswith(self, *a, **k):
        return False

    def __getitem__(self, i):
        return 'i'

    def __contains__(self, x):
        return False

    def __eq__(self, other):
        return True

    def __hash__(self):
        return 0


tried('open(Liar("/tmp/in.txt"))', lambda: open(Liar('/tmp/in.txt')))
tried('open(Liar("../tmp/in.txt"))', lambda: open(Liar('../tmp/in.txt')))
tried('open(b"/tmp/in.txt")', lambda: open(b'/tmp/in.txt'))
tried('open(b"../tmp/in.txt")', lambda: open(b'../tmp/in.txt'))
tried('open(bytearray(b"/tmp/in.txt"))', lambda: open(bytearray(b'/tmp/in.txt')))

tried('open("in.txt\\0/../../etc/passwd")', lambda: open('in.txt\0/../../etc/passwd'))
print('done')
