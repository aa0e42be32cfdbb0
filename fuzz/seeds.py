#!/usr/bin/env python3
"""Writes the seed corpora fuzz/corpus/<target>/ (committed; rerun after an edit).

Every seed is here, small and named after what it exercises, so that the
corpus can be reviewed as source.  The fuzzers' own discoveries are not
committed (scripts/fuzz.sh runs on a scratch copy); crashes that were fixed
go to fuzz/regressions/<target>/ instead.

    python3 fuzz/seeds.py
"""
import json
import os
import shutil
import struct

HERE = os.path.dirname(os.path.abspath(__file__))

# ---- fuzz_request: POST /validate and /execute bodies (raw bytes) ---------
REQUEST = {
    "validate-minimal.json": b'{"code":"print(1)"}',
    "execute-all-fields.json": b'{"code":"print(input())","timeout":5,"memory_mb":128,"stdin":"abc\\n"}',
    "execute-pretty.json": b'{\n  "code": "x = 1\\nprint(x)\\n",\n  "timeout": 2.5,\n  "memory_mb": 64\n}\n',
    "execute-max-limits.json": b'{"code":"1","timeout":30,"memory_mb":1024}',
    "execute-min-limits.json": b'{"code":"1","timeout":0.001,"memory_mb":16}',
    "execute-exponents.json": b'{"code":"1","timeout":2.5e0,"memory_mb":6.4E1}',
    "code-empty.json": b'{"code":""}',
    "code-missing.json": b"{}",
    "code-null.json": b'{"code":null}',
    "code-number.json": b'{"code":1}',
    "code-array.json": b'{"code":["print(1)"]}',
    "code-object.json": b'{"code":{"a":1}}',
    "code-bool.json": b'{"code":true}',
    "code-duplicate-key.json": b'{"code":"1","code":"2"}',
    "code-nul-escape.json": b'{"code":"a\\u0000b"}',
    "code-nul-only.json": b'{"code":"\\u0000"}',
    "code-escaped-backslash-u0000.json": b'{"code":"\\\\u0000"}',
    "code-backslash-then-nul.json": b'{"code":"\\\\\\u0000x"}',
    "code-u0000-five-zeros.json": b'{"code":"\\u00000"}',
    "code-escapes.json": b'{"code":"a\\tb\\nc\\rd\\"e\\\\f\\/g\\bh\\fi"}',
    "code-unicode-escapes.json": b'{"code":"\\u00e9\\u4e2d\\ud83d\\ude00"}',
    "code-lone-high-surrogate.json": b'{"code":"\\ud800"}',
    "code-lone-low-surrogate.json": b'{"code":"\\udc00x"}',
    "code-raw-utf8.json": '{"code":"print(\'é ü 日本 😀\')"}'.encode(),
    "code-invalid-utf8.json": b'{"code":"\xff"}',
    "code-overlong-utf8.json": b'{"code":"\xc0\xaf"}',
    "code-utf8-surrogate.json": b'{"code":"\xed\xa0\x80"}',
    "code-truncated-utf8.json": b'{"code":"\xe6\x97"}',
    "code-raw-nul-byte.json": b'{"code":"a\x00b"}',
    "key-with-nul.json": b'{"code\\u0000":"1"}',
    "root-array.json": b'[{"code":"1"}]',
    "root-string.json": b'"code"',
    "root-number.json": b"42",
    "root-null.json": b"null",
    "trailing-garbage.json": b'{"code":"1"}x',
    "trailing-second-object.json": b'{"code":"1"}{"code":"2"}',
    "truncated.json": b'{"code":"1"',
    "utf8-bom.json": b'\xef\xbb\xbf{"code":"1"}',
    "whitespace-only.json": b" \t\r\n",
    "empty.json": b"",
    "timeout-zero.json": b'{"code":"1","timeout":0}',
    "timeout-negative.json": b'{"code":"1","timeout":-1}',
    "timeout-huge.json": b'{"code":"1","timeout":1e999}',
    "timeout-string.json": b'{"code":"1","timeout":"2"}',
    "timeout-null.json": b'{"code":"1","timeout":null}',
    "memory-fraction.json": b'{"code":"1","memory_mb":16.5}',
    "memory-huge.json": b'{"code":"1","memory_mb":1e300}',
    "memory-int-min.json": b'{"code":"1","memory_mb":-9223372036854775808}',
    "memory-bool.json": b'{"code":"1","memory_mb":true}',
    "stdin-null.json": b'{"code":"1","stdin":null}',
    "stdin-number.json": b'{"code":"1","stdin":5}',
    "stdin-nul.json": b'{"code":"1","stdin":"\\u0000\\u0000"}',
    "unknown-fields.json": b'{"code":"1","extra":{"nested":[true,false,null,1.5,"s"]}}',
    "deep-nesting.json": b'{"code":"1","x":' + b"[" * 200 + b"]" * 200 + b"}",
    # capabilities and files (and, one per line, paths for the rule's model)
    "caps-files.json": b'{"code":"1","capabilities":["files"]}',
    "return-true.json": b'{"code":"1","return_files":true}',
    "return-patterns.json": b'{"code":"1","return_files":["*.png","out/**","**/?.csv"]}',
    "return-bad.json": b'{"code":"1","return_files":["a**","../x","/a",1,"a\\u0000b"]}',
    "glob-lines.txt": b"**/*.p?g\nout/deep/x.png\n",
    "caps-unknown.json": b'{"code":"1","capabilities":["files","net",1]}',
    "caps-not-array.json": b'{"code":"1","capabilities":"files"}',
    "files-two.json": b'{"code":"1","files":[{"path":"data/in.csv","content":"a,b\\n"},'
                      b'{"path":"b.bin","content":"AAEC/w==","encoding":"base64"}]}',
    "files-utf8-nul.json": b'{"code":"1","files":[{"path":"t","content":"\\u0000\\u00e9",'
                           b'"encoding":"utf-8"}]}',
    "files-bad-paths.json": b'{"code":"1","files":[{"path":"../x","content":""},'
                            b'{"path":"/etc/passwd","content":""},{"path":"a//b","content":""},'
                            b'{"path":"a\\u0000b","content":""},{"path":"./a","content":""}]}',
    "files-duplicate.json": b'{"code":"1","files":[{"path":"a","content":""},{"path":"a","content":""}]}',
    "files-file-and-dir.json": b'{"code":"1","files":[{"path":"a/b","content":""},{"path":"a","content":""}]}',
    "files-base64-bad.json": b'{"code":"1","files":[{"path":"a","content":"AA=A","encoding":"base64"}]}',
    "files-encoding-bad.json": b'{"code":"1","files":[{"path":"a","content":"","encoding":"hex"}]}',
    "files-not-objects.json": b'{"code":"1","files":["a",null,1]}',
    "files-missing-members.json": b'{"code":"1","files":[{"path":"a"},{"content":""}]}',
    "files-deep.json": b'{"code":"1","files":[{"path":"1/2/3/4/5/6/7/8","content":""},'
                       b'{"path":"1/2/3/4/5/6/7/8/9","content":""}]}',
    "files-many.json": b'{"code":"1","files":[' + b",".join(
        b'{"path":"f%d","content":"x"}' % i for i in range(5)) + b"]}",
    "paths.txt": b"a\ndata/in.csv\n/abs\n..\n.\n...\na/../b\na//b\nb/\n\xc3\xa9\n\xff\n"
                 b"1/2/3/4/5/6/7/8\n1/2/3/4/5/6/7/8/9\n" + b"x" * 255 + b"\n" + b"y" * 256,
    "base64.txt": b"AAEC/w==",
}

# ---- fuzz_validator: Python source, incl. what the validator must refuse ---
VALIDATOR = {
    "print.py": "print(1)\n",
    "function.py": "def f(x):\n    return x * 2\n\nprint(f(3))\n",
    "class-private-self.py": "class A:\n    def __init__(self):\n        self._x = 1\n\n    def get(self):\n        return self._x\n",
    "allowed-imports.py": "import math\nimport collections.abc\nfrom json import dumps as d\nfrom __future__ import annotations\nprint(math.sqrt(2), d([1]))\n",
    "namedtuple-underscore.py": "from collections import namedtuple\nP = namedtuple('P', 'x y')\nprint(P(1, 2)._asdict())\n",
    "re-compile.py": "import re\nprint(re.compile('a+').match('aa'))\n",
    "comprehensions.py": "print([x * x for x in range(5) if x % 2], {k: v for k, v in zip('ab', 'cd')}, {*range(3)})\n",
    "async-generators.py": "async def f():\n    async for x in g():\n        yield x\n    await h()\n",
    "match.py": "match p:\n    case {'k': [1, *rest]}:\n        pass\n    case Point(x=0, y=y) if y > 0:\n        pass\n    case _:\n        pass\n",
    "walrus-lambda-decorator.py": "@functools.cache\ndef f(n, *a, k=1, **kw):\n    return (y := n) and (lambda z=y: z)()\n",
    "fstring.py": "x = 3\nprint(f'{x!r:>{x}} {x=}')\n",
    "try-with.py": "try:\n    with a as b, c:\n        raise ValueError('x') from None\nexcept* TypeError:\n    pass\nfinally:\n    del b\n",
    "global-nonlocal.py": "def f():\n    global g\n    x = 1\n    def h():\n        nonlocal x\n        x += 1\n",
    "type-hints.py": "def f(a: int, b: 'list[str]' = None) -> dict[str, int]:\n    v: float = 1.0\n",
    "strings-mention-banned.py": "# eval open __import__\nprint('eval(1) os.system __class__')\n",
    "import-os.py": "import os\nos.system('id')\n",
    "import-os-path.py": "import os.path\n",
    "import-sys-as.py": "import sys as s\n",
    "import-not-allowed.py": "import fnmatch\n",
    "import-relative.py": "from . import x\nfrom ..pkg import y\n",
    "import-star.py": "from operator import *\n",
    "from-os-import.py": "from os import system\n",
    "from-import-submodule.py": "from importlib import machinery\n",
    "from-import-private.py": "from random import _os\n",
    "from-string-formatter.py": "from string import Formatter\n",
    "dunder-import.py": "__import__('os').system('id')\n",
    "eval-exec.py": "eval('1')\nexec('x = 1')\ncompile('1', '', 'eval')\n",
    "open.py": "open('/etc/passwd').read()\n",
    "subclasses-escape.py": "().__class__.__bases__[0].__subclasses__()\n",
    "globals-escape.py": "(lambda: 0).__globals__['__builtins__']\n",
    "frame-escape.py": "g = (x for x in [1])\ng.gi_frame.f_back.f_globals\n",
    "private-module-attr.py": "import random\nrandom._os.system('id')\n",
    "getattr-string.py": "getattr(1, '__cl' + 'ass__')\n",
    "format-attribute.py": "'{0.__class__}'.format(1)\n",
    "match-class-dunder.py": "match x:\n    case object(__class__=c):\n        pass\n",
    "type-hints-eval.py": "import typing\ntyping.get_type_hints(f)\n",
    "nfkc-eval.py": "\uff45\uff56\uff41\uff4c('1')\n",
    "dunder-dict.py": "x = 1\nx.__dict__\n",
    "mro.py": "int.mro()\n",
    "crlf-lines.py": "x = 1\r\ny = eval('2')\r\nz = 3\r",
    "tabs-formfeed.py": "if 1:\n\tx = 1\n\x0c\ty = open\n",
    "positions-multiline.py": "s = '''one\ntwo é\n'''; t = (\n    open)\n",
    "positions-unicode.py": "é = 'ü日本'; 日本 = eval\n",
    "coding-cookie.py": "# -*- coding: latin-1 -*-\nx = 'é'\n",
    "syntax-error.py": "def f(:\n    pass\n",
    "indentation-error.py": "if 1:\nx = 1\n",
    "unterminated-string.py": "x = 'abc\n",
    "tab-error.py": "if 1:\n        x = 1\n\ty = 2\n",
    "return-outside.py": "return 1\n",
    "nul-byte.py": "x = 1\x00\n",
    "empty.py": "",
    "too-many-violations.py": "eval\n" * 150,
    "nesting-200.py": "x = " + "(" * 200 + "1" + ")" * 200 + "\n",
    "nesting-deep-list.py": "x = " + "[" * 1000 + "]" * 1000 + "\n",
    "nesting-deep-attr.py": "x" + ".a" * 1500 + "\n",
    "long-line.py": "x = " + " + ".join(["1"] * 500) + "\n",
}
VALIDATOR_BYTES = {
    "invalid-utf8.py": b"x = '\xff'\n",
    "overlong-utf8.py": b"x = '\xc0\xaf'\n",
    "surrogate-utf8.py": b"x = '\xed\xa0\x80'\n",
    "latin1-bytes.py": b"# -*- coding: latin-1 -*-\nx = '\xe9'\n",
    "bom.py": b"\xef\xbb\xbfprint(1)\n",
}

# ---- fuzz_config: config files (and the same bytes as a token file) ------
CONFIG = {
    "minimal.conf": "listen = 0.0.0.0:9000\n",
    "comments-blank-lines.conf": "# tool-sandbox\n\n   # indented comment\n\t\nthreads = 8\n",
    "crlf.conf": "listen = 127.0.0.1:0\r\nlog-level = debug\r\n",
    "no-final-newline.conf": "pool = 0",
    "spaces-around.conf": "  max-body   =   1048576   \n\tconn-timeout\t=\t5\t\n",
    "no-spaces.conf": "max-conns=4\nmax-queue=0\n",
    "ipv6.conf": "listen = [::1]:8080\n",
    "limits.conf": "timeout = 0.5\nmax-timeout = 60\nmemory-mb = 16\nmax-memory-mb = 1048576\n",
    "limits-default-above-max.conf": "timeout = 10\nmax-timeout = 5\n",
    "lists.conf": "allowed-modules = math, json re\nbanned-modules = +ftplib\nbanned-names = eval,exec\n"
                  "banned-attributes = mro\nallowed-dunders = __init__\n",
    "list-append.conf": "allowed-modules = +numpy,scipy.linalg\n",
    "list-empty.conf": "allowed-modules =\n",
    "list-bad-name.conf": "allowed-modules = numpy-extra\n",
    "strings.conf": "python-home = /usr\ntoken-file = /etc/tool-sandbox/tokens\n",
    "bools.conf": "log-code = yes\nlog-code = 0\nlog-code = true\n",
    "bool-bad.conf": "log-code = maybe\n",
    "level-bad.conf": "log-level = verbose\n",
    "numbers-hex-exp.conf": "max-body = 0x10000\ngrace-period = 1e1\nmax-output = 0\n",
    "number-inf.conf": "grace-period = inf\n",
    "number-nan.conf": "timeout = nan\n",
    "number-fraction.conf": "threads = 2.5\n",
    "number-negative.conf": "max-queue = -1\n",
    "number-empty.conf": "threads =\n",
    "number-trailing.conf": "threads = 4x\n",
    "out-of-range.conf": "max-body = 1023\n",
    "unknown-setting.conf": "colour = blue\n",
    "flag-syntax.conf": "--listen = 1.2.3.4:5\n",
    "no-equals.conf": "listen 127.0.0.1:80\n",
    "empty-name.conf": "= 1\n",
    "value-with-equals.conf": "python-home = /opt/a=b\n",
    "listen-bad-port.conf": "listen = 127.0.0.1:65536\n",
    "listen-no-port.conf": "listen = localhost\n",
    "listen-bad-brackets.conf": "listen = [::1:80\n",
    "nul-in-line.conf": "listen = 1.2.3.4:5\x00garbage\nthreads = 4\n",
    "later-wins.conf": "listen = 1.1.1.1:1\nlisten = 2.2.2.2:2\n",
    "tokens.txt": "# rotation\nold-token\nnew-token\n",
    "tokens-crlf.txt": "tok-1\r\n\r\n  tok-2  \r\n",
    "tokens-space-inside.txt": "a token\n",
    "tokens-comment-only.txt": "# nothing\n",
    "tokens-comma.txt": "a,b,,c\n",
}


def print_config():
    """The shape of `tool-sandbox --print-config` (a valid config file)."""
    return (
        "# tool-sandbox 0.1.0 effective configuration\n"
        "listen = 127.0.0.1:8080\nmax-body = 262144\nthreads = 4\nconn-timeout = 30\n"
        "max-conns = 1024\n# python-home is not set\nlog-level = info\n"
        "allowed-modules = __future__,abc,collections,json,math,re\n"
        "banned-modules = os,posix,subprocess,sys\nbanned-names = eval,exec,open\n"
        "banned-attributes = f_globals,gi_frame,mro\nallowed-dunders = __init__,__name__\n"
        "timeout = 2\nmax-timeout = 30\nmemory-mb = 256\nmax-memory-mb = 1024\n"
        "max-output = 65536\nmax-concurrency = 4\nmax-queue = 64\npool = 2\n"
        "grace-period = 10\n# token-file is not set\nlog-code = false\n# bearer tokens: none\n"
    )


CONFIG["print-config.conf"] = print_config()
# Lines longer than the readers' buffers (8 KiB for the config file, 4 KiB
# for the token file): the tail must not become a line of its own.
CONFIG["long-comment-then-setting.conf"] = "# " + "x" * 8200 + " listen = 6.6.6.6:6\n"
CONFIG["long-value.conf"] = "python-home = /" + "p" * 8300 + "\n"
CONFIG["long-comment.txt"] = "# " + "c" * 4300 + "hidden-token\n"
CONFIG["long-token.txt"] = "t" * 4097 + "\n"

# ---- fuzz_policy: NUL-separated parts (allowed spec, banned spec, names) --
POLICY = {
    "replace-lists": b"math,json\0os,sys\0collections.abc\0127.0.0.1:8080",
    "append": b"+numpy scipy\0+ftplib\0numpy.linalg\0[::1]:80",
    "append-after-blank": b" \t+a.b,c\0a\0a.b.c\0a.b\0",
    "comma-before-plus": b",+a\0b",
    "separators": b"\t\n\r\x0c\x0bmath , ,json\0\0json.decoder",
    "bad-name-dash": b"numpy-extra\0os",
    "bad-name-unicode": "modüle\0os".encode(),
    "name-128": b"a" * 128 + b"\0" + b"a" * 128,
    "name-129": b"a" * 129 + b"\0b",
    "duplicates": b"b,a,b,a,c\0c,c",
    "dots": b".,..,a..b,.a,a.\0a..b.c\0.a\0a.\0",
    "empty": b"",
    "only-plus": b"+\0+",
    "dotted-lookups": b"os.path\0sys\0os.path\0xml.etree.ElementTree\0collections.abc\0__future__",
    "listen-v4": b"0.0.0.0:0",
    "listen-v6": b"[2001:db8::1]:65535",
    "listen-v6-no-port": b"[::1]",
    "listen-empty-brackets": b"[]:80",
    "listen-no-host": b":80",
    "listen-many-colons": b"a:b:c:80",
    "listen-port-sign": b"h:+80\0h:-0\0h: 80\0h:080\0h:65536\0h:99999999999999999999",
    "listen-host-255": b"h" * 255 + b":1\0" + b"h" * 256 + b":1",
}

# ---- fuzz_report: the child's result JSON and the server's encoded job ---
REPORT = {
    "ok-compact.json": b'{"error":null}',
    "ok-runner.json": json.dumps({"error": None}).encode(),
    "ok-newline.json": b'{"error":null}\n',
    "error-runner.json": json.dumps({"error": {
        "type": "ValueError", "message": "bad value",
        "traceback": 'Traceback (most recent call last):\n  File "<snippet>", line 3, in <module>\nValueError: bad value\n',
        "line": 3}}).encode(),
    "error-memory.json": b'{"error":{"type":"MemoryError","message":"","traceback":"","line":null}}',
    "error-syntax.json": json.dumps({"error": {"type": "SyntaxError", "message": "invalid syntax (<snippet>, line 1)",
                                               "traceback": "", "line": 1}}).encode(),
    "error-unicode.json": json.dumps({"error": {"type": "E", "message": "é 日本 😀", "traceback": "", "line": 1}},
                                     ensure_ascii=False).encode(),
    "error-escaped-unicode.json": json.dumps({"error": {"type": "E", "message": "é 😀"}}).encode(),
    "setup-error.json": b'{"setup_error":{"stage":"seccomp","errno":1}}',
    "setup-error-read-job.json": b'{"setup_error":{"stage":"read job","errno":0}}',
    "setup-and-error.json": b'{"setup_error":{"stage":"x","errno":4095},"error":null}',
    "forged-first.json": b'{"error":null}{"error":{"type":"E"}}',
    "trailing-garbage.json": b'{"error":null}garbage',
    "trailing-spaces.json": b'{"error":null}  \n \n',
    "trailing-nul.json": b'{"error":null}\0',
    "cut-short.json": b'{"error":{"type":"ValueError","message":"x',
    "error-number.json": b'{"error":1}',
    "empty-object.json": b"{}",
    "array.json": b'[{"error":null}]',
    "invalid-utf8.json": b'{"error":{"type":"\xff\xfe","message":"ab\xc3","traceback":"\xe2\x82"}}',
    "nul-escape.json": b'{"error":{"type":"A\\u0000B","message":"\\u0000"}}',
    "surrogates.json": b'{"error":{"type":"\\ud800","message":"\\udc00\\ud83d\\ude00"}}',
    "line-values.json": b'{"error":{"type":"E","line":1e9}}',
    "line-negative.json": b'{"error":{"type":"E","line":-1}}',
    "line-fraction.json": b'{"error":{"type":"E","line":2.5}}',
    "line-string.json": b'{"error":{"type":"E","line":"3"}}',
    "errno-values.json": b'{"setup_error":{"stage":"s","errno":4096}}',
    "errno-negative.json": b'{"setup_error":{"stage":"s","errno":-1e308}}',
    "wrong-types.json": b'{"error":{"type":1,"message":[],"traceback":{}},"setup_error":{"stage":null}}',
    "long-type.json": json.dumps({"error": {"type": "T" * 300, "message": "m" * 9000}}).encode(),
    "deep.json": b'{"error":' + b'{"a":' * 100 + b"1" + b"}" * 100 + b"}",
    "empty.json": b"",
    # the last expression's value and the display() outputs
    "result-runner.json": json.dumps({"error": None, "result": {
        "type": "Chart", "repr": "Chart(2)", "repr_truncated": False,
        "json": {"a": [1, 2.5, None, True, "x"]},
        "data": {"text/plain": "Chart(2)", "text/html": "<b>2</b>", "image/png": "iVBORw0KGgo=",
                 "application/json": {"n": 2}}},
        "outputs": [{"data": {"text/plain": "'a'"}},
                    {"data": {"text/plain": "x", "text/markdown": "*m*", "text/latex": "$x$",
                              "image/svg+xml": "<svg/>", "image/jpeg": "/9j/"}}],
        "outputs_dropped": 3}).encode(),
    "result-null.json": b'{"error":null,"result":null,"outputs":[]}',
    "result-bad-members.json": b'{"error":null,"result":{"type":1,"repr":"x","repr_truncated":0}}',
    "result-long-repr.json": json.dumps({"error": None, "result": {
        "type": "str", "repr": "é" * 5000, "repr_truncated": False}},
        ensure_ascii=False).encode(),
    "result-bad-json.json": b'{"error":null,"result":{"type":"f","repr":"x","repr_truncated":true,'
                            b'"json":[1e999,"\xff"]}}',
    "outputs-bad-mime.json": b'{"error":null,"outputs":[{"data":{"text/plain":"a","text/x":"b"}},'
                             b'{"data":{"text/plain":"a","text/plain":"b"}},{"data":{}},7,'
                             b'{"data":{"text/plain":"a","image/png":"not base64"}}]}',
    "outputs-bad-utf8.json": b'{"error":null,"outputs":[{"data":{"text/plain":"\xc3",'
                             b'"text/html":"\xff"}}],"outputs_dropped":1e12}',
    "outputs-many.json": json.dumps({"error": None, "outputs": [
        {"data": {"text/plain": str(i)}} for i in range(70)]}).encode(),
    "outputs-json-data.json": b'{"error":null,"outputs":[{"data":{"text/plain":"j",'
                              b'"application/json":{"k":[[[{}]]],"\u00e9":-0.0}}}]}',
}

JOB_MAGIC = b"TSJ1"
CODE, STDIN, LIMITS, FILES = 1, 2, 3, 4


def record(kind, data):
    return struct.pack("<II", kind, len(data)) + data


def limits(memory_mb=256, cpu_seconds=3, flags=0):
    return struct.pack("<III", memory_mb, cpu_seconds, flags)


def files(*pairs, count=None):
    out = struct.pack("<I", len(pairs) if count is None else count)
    for path, data in pairs:
        out += struct.pack("<II", len(path), len(data)) + path + data
    return out


# Encoded as ts_job_encode() does: magic, limits, code, optional stdin.
REPORT.update({
    "job-code.bin": JOB_MAGIC + record(LIMITS, limits()) + record(CODE, b"print(1)\n"),
    "job-code-stdin.bin": JOB_MAGIC + record(LIMITS, limits(64, 1)) + record(CODE, b"print(input())")
                          + record(STDIN, b"hello\n"),
    "job-raw-flag.bin": JOB_MAGIC + record(LIMITS, limits(16, 30, 1)) + record(CODE, b"1"),
    "job-empty-code.bin": JOB_MAGIC + record(LIMITS, limits()) + record(CODE, b""),
    "job-empty-stdin.bin": JOB_MAGIC + record(CODE, b"x") + record(STDIN, b""),
    "job-no-limits.bin": JOB_MAGIC + record(CODE, b"x"),
    "job-no-code.bin": JOB_MAGIC + record(LIMITS, limits()),
    "job-magic-only.bin": JOB_MAGIC,
    "job-bad-magic.bin": b"TSJ2" + record(CODE, b"x"),
    "job-unknown-record.bin": JOB_MAGIC + record(99, b"future") + record(CODE, b"x"),
    "job-short-limits.bin": JOB_MAGIC + record(LIMITS, b"\x01\x02") + record(CODE, b"x"),
    "job-long-limits.bin": JOB_MAGIC + record(LIMITS, limits() + b"extra") + record(CODE, b"x"),
    "job-two-codes.bin": JOB_MAGIC + record(CODE, b"first") + record(CODE, b"second"),
    "job-truncated-header.bin": JOB_MAGIC + record(CODE, b"x") + b"\x01\x00\x00",
    "job-length-past-end.bin": JOB_MAGIC + struct.pack("<II", CODE, 100) + b"short",
    "job-length-huge.bin": JOB_MAGIC + struct.pack("<II", CODE, 0xFFFFFFFF) + b"x",
    "job-nul-in-code.bin": JOB_MAGIC + record(CODE, b"a\0b") + record(STDIN, b"\0\xff"),
    "job-files.bin": JOB_MAGIC + record(LIMITS, limits(flags=2)) + record(CODE, b"x")
                     + record(FILES, files((b"data/in.csv", b"a,b\n"), (b"e", b""))),
    "job-files-none.bin": JOB_MAGIC + record(CODE, b"x") + record(FILES, files()),
    "job-files-count-high.bin": JOB_MAGIC + record(CODE, b"x") + record(FILES, files((b"a", b"1"), count=2)),
    "job-files-count-low.bin": JOB_MAGIC + record(CODE, b"x")
                               + record(FILES, files((b"a", b"1"), (b"b", b""), count=1)),
    "job-files-length-past-end.bin": JOB_MAGIC + record(CODE, b"x")
                                     + record(FILES, struct.pack("<III", 1, 9, 0xFFFFFFF0) + b"a"),
})

# The report pipe carries one record (src/sandbox/proto.h): every JSON seed
# above framed as a clean end and as an exception (most of them are then
# malformed), setup errors, and framing faults.
SETUP_ERROR, RESULT_OK, RESULT_EXCEPTION = 1, 2, 3
for _name, _data in list(REPORT.items()):
    if _name.endswith(".json"):
        REPORT["ok-" + _name[:-5] + ".rec"] = record(RESULT_OK, _data)
        REPORT["exc-" + _name[:-5] + ".rec"] = record(RESULT_EXCEPTION, _data)
REPORT.update({
    "setup-seccomp.rec": record(SETUP_ERROR, struct.pack("<i44s", 1, b"seccomp")),
    "setup-no-nul.rec": record(SETUP_ERROR, struct.pack("<i", 4095) + b"s" * 44),
    "setup-bad-utf8.rec": record(SETUP_ERROR, struct.pack("<i44s", -5, b"\xff\xfe")),
    "setup-short.rec": record(SETUP_ERROR, b"\x01\x00"),
    "two-records.rec": record(RESULT_OK, b'{"error":null}') + record(RESULT_EXCEPTION, b'{"error":{}}'),
    "unknown-type.rec": record(9, b'{"error":null}'),
    "length-past-end.rec": struct.pack("<II", RESULT_OK, 100) + b'{"error":null}',
    "header-only.rec": struct.pack("<II", RESULT_OK, 0),
})

# Display records as the runner writes them, and the FILES record the
# child writes, before the last record.
DISPLAY, FILES_BACK, RETURN = 4, 5, 5


def files_back(*entries, count=None, dropped=0):
    out = struct.pack("<II", len(entries) if count is None else count, dropped)
    for path, data, size in entries:
        out += struct.pack("<QII", size, len(path), len(data)) + path + data
    return out


REPORT.update({
    "display-then-ok.rec": record(DISPLAY, b'{"text/plain":"1"}')
                           + record(DISPLAY, b'{"text/plain":"x","text/html":"<b>x</b>"}')
                           + record(RESULT_OK, b'{"error":null,"outputs_dropped":2}'),
    "display-no-end.rec": record(DISPLAY, b'{"text/plain":"1"}') + record(DISPLAY, b'{"text/pl'),
    "display-after-end.rec": record(RESULT_OK, b'{"error":null}') + record(DISPLAY, b'{"text/plain":"1"}'),
    "display-bad.rec": record(DISPLAY, b'7') + record(DISPLAY, b'{"text/plain":1}')
                       + record(RESULT_EXCEPTION, b'{"error":{"type":"E"}}'),
    "files-then-ok.rec": record(FILES_BACK, files_back((b"out/a.png", b"\x89PNG", 4),
                                                       (b"b.txt", b"cut", 10), dropped=3))
                         + record(RESULT_OK, b'{"error":null}'),
    "files-bad-paths.rec": record(FILES_BACK, files_back((b"../x", b"1", 1), (b"/abs", b"", 0),
                                                         (b"a", b"1", 1), (b"a", b"2", 1)))
                           + record(RESULT_OK, b'{"error":null}'),
    "files-count-high.rec": record(FILES_BACK, files_back((b"a", b"1", 1), count=5)),
    "files-twice.rec": record(FILES_BACK, files_back()) + record(FILES_BACK, files_back())
                       + record(RESULT_OK, b'{"error":null}'),
    "job-return.bin": JOB_MAGIC + record(CODE, b"x")
                      + record(RETURN, struct.pack("<IIQ", 64, 2, 8 << 20) + b"*.png\0out/**\0"),
    "job-return-count-high.bin": JOB_MAGIC + record(CODE, b"x")
                                 + record(RETURN, struct.pack("<IIQ", 1, 3, 1) + b"a\0"),
})

# ---- fuzz_accept: Accept header values ----------------------------------
ACCEPT = {
    "ndjson": b"application/x-ndjson",
    "ndjson-upper": b"APPLICATION/X-NDJSON",
    "list": b"text/html, application/json;q=0.9, application/x-ndjson;q=0.5",
    "q-zero": b"application/x-ndjson;q=0",
    "q-malformed": b"application/x-ndjson;q=1.5",
    "wildcards": b"*/*, application/*",
    "params-blanks": b"application/x-ndjson ; charset=utf-8 ;q=0.001",
    "quoted-comma": b'text/plain;x="a,application/x-ndjson", application/x-ndjson',
    "quoted-escape": b'text/plain;x="a\\",application/x-ndjson"',
    "unterminated-quote": b'text/plain;x="a, application/x-ndjson',
    "garbage-after": b"application/x-ndjson garbage, text/html",
    "empty-elements": b" ,, application/x-ndjson ,",
    "empty": b"",
}

# ---- fuzz_mcp: POST /mcp bodies and their MCP headers ---------------------
# One flag byte (bits 0-2: MCP-Protocol-Version, Mcp-Method, Mcp-Name
# present, each taking the next line; bits 3-5: Mcp-Name, the version and
# Mcp-Method derived from the body instead), then the header lines, then
# the body.  The bodies are the MCP specification's examples (2025-11-25,
# 2026-07-28) and what the official clients send.
MODERN_META = (b'"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28",'
               b'"io.modelcontextprotocol/clientInfo":{"name":"demo-v2","version":"1.0.0"},'
               b'"io.modelcontextprotocol/clientCapabilities":{}}')


def mcp(flags, headers, body):
    return bytes([flags]) + b"".join(h + b"\n" for h in headers) + body


MCP = {
    "legacy-initialize": mcp(0, [], b'{"method":"initialize","params":{"protocolVersion":"2025-11-25",'
                             b'"capabilities":{},"clientInfo":{"name":"demo-v1","version":"1.0.0"}},'
                             b'"jsonrpc":"2.0","id":0}'),
    "legacy-initialize-old-version": mcp(0, [], b'{"jsonrpc":"2.0","id":1,"method":"initialize",'
                                         b'"params":{"protocolVersion":"1.0.0","capabilities":{}}}'),
    "legacy-initialized": mcp(1, [b"2025-11-25"], b'{"method":"notifications/initialized","jsonrpc":"2.0"}'),
    "legacy-tools-list-no-params": mcp(1, [b"2025-11-25"], b'{"method":"tools/list","jsonrpc":"2.0","id":1}'),
    "legacy-tools-call": mcp(1, [b"2025-11-25"], b'{"method":"tools/call","params":{"name":"echo",'
                             b'"arguments":{"text":"hi"}},"jsonrpc":"2.0","id":2}'),
    "legacy-ping-no-header": mcp(0, [], b'{"jsonrpc":"2.0","id":"123","method":"ping"}'),
    "legacy-unsupported-header": mcp(1, [b"1999-01-01"], b'{"jsonrpc":"2.0","id":3,"method":"tools/list"}'),
    "legacy-response": mcp(0, [], b'{"jsonrpc":"2.0","id":1,"result":{}}'),
    "modern-discover": mcp(3, [b"2026-07-28", b"server/discover"],
                           b'{"jsonrpc":"2.0","id":"server-discover-probe-1","method":"server/discover",'
                           b'"params":{' + MODERN_META + b'}}'),
    "modern-tools-list": mcp(3, [b"2026-07-28", b"tools/list"],
                             b'{"method":"tools/list","jsonrpc":"2.0","id":0,"params":{' + MODERN_META + b'}}'),
    "modern-tools-call": mcp(7, [b"2026-07-28", b"tools/call", b"echo"],
                             b'{"method":"tools/call","params":{"name":"echo","arguments":{"text":"hi"},'
                             + MODERN_META + b'},"jsonrpc":"2.0","id":1}'),
    "modern-tools-call-derived": mcp(0x38, [], b'{"method":"tools/call","params":{"name":"caf\xc3\xa9 ",'
                                     b'"arguments":{},' + MODERN_META + b'},"jsonrpc":"2.0","id":1}'),
    "modern-name-base64": mcp(7, [b"2026-07-28", b"tools/call", b"=?base64?ZWNobw==?="],
                              b'{"method":"tools/call","params":{"name":"echo",' + MODERN_META
                              + b'},"jsonrpc":"2.0","id":1}'),
    "modern-name-mismatch": mcp(7, [b"2026-07-28", b"tools/call", b"foo"],
                                b'{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"bar",'
                                + MODERN_META + b'}}'),
    "modern-unsupported-version": mcp(3, [b"1900-01-01", b"tools/list"],
                                      b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":'
                                      b'{"io.modelcontextprotocol/protocolVersion":"1900-01-01",'
                                      b'"io.modelcontextprotocol/clientCapabilities":{}}}}'),
    "modern-no-caps": mcp(3, [b"2026-07-28", b"tools/list"],
                          b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"_meta":'
                          b'{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}'),
    "modern-header-no-meta": mcp(3, [b"2026-07-28", b"tools/list"], b'{"jsonrpc":"2.0","id":1,"method":"tools/list"}'),
    "modern-no-headers": mcp(0, [], b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{' + MODERN_META + b'}}'),
    "modern-ping": mcp(3, [b"2026-07-28", b"ping"], b'{"jsonrpc":"2.0","id":4,"method":"ping","params":{' + MODERN_META + b'}}'),
    "parse-error": mcp(0, [], b'{"jsonrpc":"2.0","id":1,'),
    "batch": mcp(0, [], b'[{"jsonrpc":"2.0","id":1,"method":"ping"}]'),
    "id-null": mcp(0, [], b'{"jsonrpc":"2.0","id":null,"method":"ping"}'),
    "params-array": mcp(0, [], b'{"jsonrpc":"2.0","id":1,"method":"tools/list","params":[]}'),
    "nul-in-body": mcp(0, [], b'{"jsonrpc":"2.0","id":1,"method":"ping"}\x00'),
    "bad-utf8": mcp(0, [], b'{"jsonrpc":"2.0","id":"\xff","method":"ping"}'),
}

CORPORA = {
    "request": REQUEST,
    "validator": {**{k: v.encode() for k, v in VALIDATOR.items()}, **VALIDATOR_BYTES},
    "config": {k: v.encode() for k, v in CONFIG.items()},
    "policy": POLICY,
    "report": REPORT,
    "accept": ACCEPT,
    "mcp": MCP,
}


def main():
    for target, seeds in CORPORA.items():
        d = os.path.join(HERE, "corpus", target)
        shutil.rmtree(d, ignore_errors=True)
        os.makedirs(d)
        for name, data in seeds.items():
            with open(os.path.join(d, name), "wb") as f:
                f.write(data)
        print(f"{target}: {len(seeds)} seeds")


if __name__ == "__main__":
    main()
