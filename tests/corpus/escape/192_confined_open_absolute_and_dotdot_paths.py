# technique: the files capability's open (relative paths inside the working directory only) given absolute paths, '..' walks out of the working directory through a directory that exists, doubled slashes and '.' components around them; the targets exist (the working directory's own file by its absolute name, the standard library), so an open that is let through succeeds or reaches the kernel
# source: classic path traversal against a path-confined file API (CWE-22 variants)
# request: {"files": [{"path": "data/in.csv", "content": "a,b\n"}]}

# ---- escape check: tests/corpus/escape_check.py, put here by run_corpus.py ----

def tried(label, fn):
    # A refusal by the sandbox is a PermissionError; anything else means the
    # open reached the kernel, outside the working directory.
    try:
        fn()
    except PermissionError as e:
        print('BLOCKED', label + ':', type(e).__name__, str(e)[:120])
        return
    except BaseException as e:
        print('ESCAPED', label + ': the open reached the kernel:', type(e).__name__, str(e)[:120])
        return
    print('ESCAPED', label + ': opened')


for p in ('/tmp/data/in.csv', '//tmp/data/in.csv', '/tmp/./data/in.csv', '/',
          '/usr/lib/python3.11/os.py', '/usr/local/lib/python3.11/os.py',
          'data/../../tmp/data/in.csv', '../tmp/data/in.csv', './../tmp/data/in.csv',
          'data//..//../tmp/data/in.csv', 'data/..', '..', 'data/../data/in.csv',
          '../usr/lib/python3.11/os.py', 'data/../../usr/lib/python3.11/os.py'):
    tried('open(%r)' % p, lambda: open(p))
    tried('open(%r, "a")' % p, lambda: open(p, 'a'))
print('done')
