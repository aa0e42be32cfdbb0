#include <criterion/criterion.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "pyembed.h"
#include "validator.h"

static struct ts_policy pol;

/* Criterion forks a process per test: initialise Python once in each. */
static void setup(void) {
  static bool py_ready;
  ts_err err;

  if (!py_ready) {
    cr_assert_eq(ts_python_init(NULL, &err), 0, "%s", err.msg);
    py_ready = true;
  }
  cr_assert_eq(ts_policy_init_default(&pol, &err), 0, "%s", err.msg);
}

static void teardown(void) { ts_policy_free(&pol); }

TestSuite(validator, .init = setup, .fini = teardown);

/* The snippet, escaped and shortened for failure messages. */
static const char *show(const char *code, size_t len) {
  static char buf[256];
  size_t o = 0;

  for (size_t i = 0; i < len && o < sizeof buf - 8; i++) {
    unsigned char c = (unsigned char)code[i];
    if (c == '\n')
      o += (size_t)snprintf(buf + o, sizeof buf - o, "\\n");
    else if (c < 0x20 || c == 0x7f)
      o += (size_t)snprintf(buf + o, sizeof buf - o, "\\x%02x", c);
    else
      buf[o++] = (char)c;
  }
  if (o >= sizeof buf - 8)
    o += (size_t)snprintf(buf + o, sizeof buf - o, "...");
  buf[o] = '\0';
  return buf;
}

static void validate_n(const char *code, size_t len, struct ts_validation *v) {
  ts_err err;
  cr_assert_eq(ts_validate(&pol, code, len, v, &err), 0, "internal error on '%s': %s",
               show(code, len), err.msg);
}

static void validate(const char *code, struct ts_validation *v) {
  validate_n(code, strlen(code), v);
}

static const struct ts_violation *find(const struct ts_validation *v,
                                       const char *rule, const char *name) {
  for (size_t i = 0; i < v->n; i++)
    if (strcmp(v->v[i].rule, rule) == 0 &&
        (!name || (v->v[i].name && strcmp(v->v[i].name, name) == 0)))
      return &v->v[i];
  return NULL;
}

static const char *first_rule(const struct ts_validation *v) {
  return v->n ? v->v[0].rule : "(none)";
}

/* Expects a violation of `rule` naming `name` (NULL: any name). */
static void expect_rule(const char *code, const char *rule, const char *name) {
  struct ts_validation v;

  validate(code, &v);
  cr_expect_not(v.valid, "expected %s for '%s' but it was valid", rule, show(code, strlen(code)));
  cr_expect(find(&v, rule, name), "expected %s (%s) for '%s', got %zu violation(s), first %s: %s",
            rule, name ? name : "*", show(code, strlen(code)), v.n, first_rule(&v),
            v.n ? v.v[0].message : "");
  ts_validation_free(&v);
}

static void expect_valid(const char *code) {
  struct ts_validation v;

  validate(code, &v);
  cr_expect(v.valid && v.n == 0, "expected '%s' to be valid, got %s (%s): %s",
            show(code, strlen(code)), first_rule(&v),
            v.n && v.v[0].name ? v.v[0].name : "-", v.n ? v.v[0].message : "");
  ts_validation_free(&v);
}

/* Expects exactly one violation, at the given position. */
static void expect_at(const char *code, size_t len, const char *rule, int line,
                      int col, int end_line, int end_col) {
  struct ts_validation v;

  validate_n(code, len, &v);
  cr_expect_eq(v.n, 1, "'%s': expected 1 violation, got %zu (first %s)",
               show(code, len), v.n, first_rule(&v));
  if (v.n >= 1) {
    const struct ts_violation *x = &v.v[0];
    cr_expect_str_eq(x->rule, rule, "'%s': rule", show(code, len));
    cr_expect(x->line == line && x->col == col && x->end_line == end_line &&
                  x->end_col == end_col,
              "'%s': got %d:%d-%d:%d, want %d:%d-%d:%d (%s)", show(code, len),
              x->line, x->col, x->end_line, x->end_col, line, col, end_line,
              end_col, x->message);
  }
  ts_validation_free(&v);
}

struct bad {
  const char *code, *rule, *name;
};

static void expect_bad_table(const struct bad *t, size_t n) {
  for (size_t i = 0; i < n; i++)
    expect_rule(t[i].code, t[i].rule, t[i].name);
}

static void expect_valid_table(const char *const *t, size_t n) {
  for (size_t i = 0; i < n; i++)
    expect_valid(t[i]);
}

/* ---- imports ------------------------------------------------------------ */

Test(validator, imports_refused) {
  static const struct bad t[] = {
    {"import os", "import-banned", "os"},
    {"import os.path", "import-banned", "os.path"},
    {"import os as o", "import-banned", "os"},
    {"from os import path", "import-banned", "os"},
    {"from os.path import join", "import-banned", "os.path"},
    {"from os import *", "import-banned", "os"},
    {"import math, os", "import-banned", "os"},
    {"import math as m, sys as s", "import-banned", "sys"},
    {"import posix", "import-banned", "posix"},
    {"import _socket", "import-banned", "_socket"},
    {"import _ctypes", "import-banned", "_ctypes"},
    {"import _posixsubprocess", "import-banned", "_posixsubprocess"},
    {"import sys", "import-banned", "sys"},
    {"import subprocess", "import-banned", "subprocess"},
    {"import socket", "import-banned", "socket"},
    {"import builtins", "import-banned", "builtins"},
    {"from builtins import open", "import-banned", "builtins"},
    {"import shutil", "import-banned", "shutil"},
    {"import ctypes.util", "import-banned", "ctypes.util"},
    {"import requests", "import-banned", "requests"},
    {"import urllib.request", "import-banned", "urllib.request"},
    {"import pty", "import-banned", "pty"},
    {"import platform", "import-banned", "platform"},
    {"import importlib", "import-banned", "importlib"},
    {"from importlib import import_module", "import-banned", "importlib"},
    {"import pickle", "import-banned", "pickle"},
    {"import marshal", "import-banned", "marshal"},
    {"import types", "import-banned", "types"},
    {"import io", "import-banned", "io"},
    {"import __main__", "import-banned", "__main__"},
    {"import threading", "import-banned", "threading"},
    {"import inspect", "import-banned", "inspect"},
    {"import gc", "import-banned", "gc"},
    {"import asyncio", "import-banned", "asyncio"},
    {"import http.client", "import-banned", "http.client"},
    {"import tempfile", "import-banned", "tempfile"},
    {"import posixpath", "import-banned", "posixpath"},
    {"def f():\n    import os\n", "import-banned", "os"},
    {"import numpy", "import-not-allowed", "numpy"},
    {"import numpy.linalg", "import-not-allowed", "numpy.linalg"},
    {"from numpy import array", "import-not-allowed", "numpy"},
    {"import uuid", "import-not-allowed", "uuid"},
    {"import zoneinfo", "import-not-allowed", "zoneinfo"},
    {"import xml.etree.ElementTree", "import-not-allowed", "xml.etree.ElementTree"},
    {"import fnmatch", "import-not-allowed", "fnmatch"},
    {"import weakref", "import-not-allowed", "weakref"},
    {"from . import x", "import-relative", "."},
    {"from .. import y", "import-relative", ".."},
    {"from .mod import y", "import-relative", ".mod"},
    {"from operator import *", "import-star", "operator"},
    {"from string import *", "import-star", "string"},
    {"from typing import *", "import-star", "typing"},
    {"from functools import *", "import-star", "functools"},
    {"from operator import attrgetter", "banned-name", "attrgetter"},
    {"from operator import itemgetter, methodcaller", "banned-name", "methodcaller"},
    {"from random import _os", "banned-name", "_os"},
    {"from typing import get_type_hints", "banned-name", "get_type_hints"},
    {"from typing import ForwardRef", "banned-name", "ForwardRef"},
    {"from functools import singledispatch", "banned-name", "singledispatch"},
    {"from string import Formatter", "banned-name", "Formatter"},
    {"from contextlib import chdir", "banned-name", "chdir"},
    {"from math import eval", "banned-name", "eval"},
    {"from dataclasses import _create_fn", "banned-name", "_create_fn"},
  };
  expect_bad_table(t, TS_ARRAY_LEN(t));
}

Test(validator, imports_allowed) {
  static const char *const t[] = {
    "import math",
    "import math as m",
    "import json, re",
    "import collections.abc",
    "from collections.abc import Mapping",
    "from collections import defaultdict",
    "from collections import defaultdict, Counter as C",
    "from __future__ import annotations",
    "from math import *",
    "from itertools import *",
    "import datetime as dt",
    "from operator import itemgetter, add",
    "from typing import List, Optional, NamedTuple",
    "import hashlib\nhashlib.sha256(b'x').hexdigest()",
    "import random\nrandom.randint(1, 6)",
  };
  expect_valid_table(t, TS_ARRAY_LEN(t));
}

Test(validator, import_reports_the_alias_position) {
  expect_at("import math, os", 15, "import-banned", 1, 14, 1, 16);
  expect_at("from operator import attrgetter", 31, "banned-name", 1, 22, 1, 32);
}

/* ---- banned names ------------------------------------------------------- */

Test(validator, banned_names) {
  static const struct bad t[] = {
    {"eval('1')", "banned-name", "eval"},
    {"exec('x=1')", "banned-name", "exec"},
    {"open('/etc/passwd')", "banned-name", "open"},
    {"compile('1', 'f', 'eval')", "banned-name", "compile"},
    {"getattr(x, 'y')", "banned-name", "getattr"},
    {"setattr(x, 'y', 1)", "banned-name", "setattr"},
    {"delattr(x, 'y')", "banned-name", "delattr"},
    {"globals()", "banned-name", "globals"},
    {"locals()", "banned-name", "locals"},
    {"vars()", "banned-name", "vars"},
    {"__import__('os')", "banned-name", "__import__"},
    {"input()", "banned-name", "input"},
    {"exit()", "banned-name", "exit"},
    {"quit()", "banned-name", "quit"},
    {"breakpoint()", "banned-name", "breakpoint"},
    {"help(x)", "banned-name", "help"},
    {"memoryview(b'')", "banned-name", "memoryview"},
    {"__build_class__", "banned-name", "__build_class__"},
    {"__loader__", "banned-name", "__loader__"},
    {"__spec__", "banned-name", "__spec__"},
    {"license()", "banned-name", "license"},
    /* referenced, stored, deleted */
    {"f = eval", "banned-name", "eval"},
    {"g = [open]", "banned-name", "open"},
    {"print(getattr)", "banned-name", "getattr"},
    {"eval = 1", "banned-name", "eval"},
    {"del eval", "banned-name", "eval"},
    {"for exec in xs:\n    pass", "banned-name", "exec"},
    /* decorators and defaults */
    {"@eval\ndef f():\n    pass", "banned-name", "eval"},
    {"@eval\nclass C:\n    pass", "banned-name", "eval"},
    {"def f(x=eval):\n    pass", "banned-name", "eval"},
    {"def f(*, x=globals()):\n    pass", "banned-name", "globals"},
    {"lambda x=open: x", "banned-name", "open"},
    {"lambda: eval('1')", "banned-name", "eval"},
    {"[eval(s) for s in xs]", "banned-name", "eval"},
    {"class C(metaclass=getattr):\n    pass", "banned-name", "getattr"},
    /* as attributes, on any object */
    {"x.eval('1')", "banned-name", "eval"},
    {"builtins.open('f')", "banned-name", "open"},
    {"obj.open()", "banned-name", "open"},
    {"obj.exec", "banned-name", "exec"},
    {"x.getattr", "banned-name", "getattr"},
    {"operator.attrgetter('x')", "banned-name", "attrgetter"},
    {"operator.methodcaller('x')", "banned-name", "methodcaller"},
    {"x.compile('1')", "banned-name", "compile"},
    /* the parser NFKC-normalises identifiers */
    {"ｅｖａｌ(1)", "banned-name", "eval"},
    {"ｏｐｅｎ('f')", "banned-name", "open"},
    {"x.ｅｘｅｃ", "banned-name", "exec"},
    {"\xf0\x9d\x90\x9e\xf0\x9d\x90\xaf\xf0\x9d\x90\x9a\xf0\x9d\x90\xa5('1')", "banned-name", "eval"},
    /* inside f-strings */
    {"f'{eval(s)}'", "banned-name", "eval"},
    {"f'{x!r:{open}}'", "banned-name", "open"},
  };
  expect_bad_table(t, TS_ARRAY_LEN(t));
}

Test(validator, nfkc_position_counts_code_points) {
  expect_at("ｅｖａｌ(1)", strlen("ｅｖａｌ(1)"), "banned-name", 1, 1, 1, 5);
}

/* ---- dunders, internals, private attributes ----------------------------- */

Test(validator, dunders) {
  static const struct bad t[] = {
    {"x.__globals__", "dunder", "__globals__"},
    {"__builtins__", "dunder", "__builtins__"},
    {"__builtins__['eval']", "dunder", "__builtins__"},
    {"f.__code__", "dunder", "__code__"},
    {"x.__dict__", "dunder", "__dict__"},
    {"x.__class__", "dunder", "__class__"},
    {"C.__subclasses__()", "dunder", "__subclasses__"},
    {"C.__mro__", "dunder", "__mro__"},
    {"C.__base__", "dunder", "__base__"},
    {"x.__getattribute__('y')", "dunder", "__getattribute__"},
    {"x.__reduce_ex__(2)", "dunder", "__reduce_ex__"},
    {"m.__self__", "dunder", "__self__"},
    {"f.__closure__", "dunder", "__closure__"},
    {"f.__defaults__", "dunder", "__defaults__"},
    {"f.__wrapped__", "dunder", "__wrapped__"},
    {"e.__traceback__", "dunder", "__traceback__"},
    {"C.__init_subclass__", "dunder", "__init_subclass__"},
    {"d.__get__(x)", "dunder", "__get__"},
    {"x.__setattr__('a', 1)", "dunder", "__setattr__"},
    {"def f():\n    return __class__", "dunder", "__class__"},
    {"print(__file__)", "dunder", "__file__"},
    {"f'{x.__class__}'", "dunder", "__class__"},
    {"f'{x!r:>{y.__globals__}}'", "dunder", "__globals__"},
    {"f'{f\"{x.__dict__}\"}'", "dunder", "__dict__"},
    {"lambda f=(1).__class__: f", "dunder", "__class__"},
    {"match p:\n    case C(__class__=x):\n        pass", "dunder", "__class__"},
  };
  expect_bad_table(t, TS_ARRAY_LEN(t));
}

Test(validator, internal_attributes) {
  static const struct bad t[] = {
    {"g.gi_frame", "internal-attribute", "gi_frame"},
    {"g.gi_code", "internal-attribute", "gi_code"},
    {"g.gi_frame.f_back.f_globals", "internal-attribute", "f_back"},
    {"f.f_globals['x']", "internal-attribute", "f_globals"},
    {"f.f_locals", "internal-attribute", "f_locals"},
    {"f.f_builtins", "internal-attribute", "f_builtins"},
    {"tb.tb_frame", "internal-attribute", "tb_frame"},
    {"tb.tb_next", "internal-attribute", "tb_next"},
    {"c.cr_frame", "internal-attribute", "cr_frame"},
    {"c.cr_await", "internal-attribute", "cr_await"},
    {"a.ag_frame", "internal-attribute", "ag_frame"},
    {"code.co_code", "internal-attribute", "co_code"},
    {"code.co_consts", "internal-attribute", "co_consts"},
    {"int.mro()", "internal-attribute", "mro"},
    {"string.Formatter().get_field('0.x', [x], {})", "internal-attribute", "get_field"},
    {"string.Formatter", "internal-attribute", "Formatter"},
    {"typing.get_type_hints(f)", "internal-attribute", "get_type_hints"},
    {"typing.ForwardRef('x')", "internal-attribute", "ForwardRef"},
    {"functools.singledispatch", "internal-attribute", "singledispatch"},
    {"contextlib.chdir('/')", "internal-attribute", "chdir"},
    {"typing.sys.modules", "internal-attribute", "sys"},
    {"contextlib.os.system('id')", "internal-attribute", "os"},
    {"dataclasses.builtins", "internal-attribute", "builtins"},
    {"enum.bltns", "internal-attribute", "bltns"},
    {"json.codecs", "internal-attribute", "codecs"},
    {"typing.types.FunctionType", "internal-attribute", "types"},
    {"match p:\n    case C(gi_frame=f):\n        pass", "internal-attribute", "gi_frame"},
  };
  expect_bad_table(t, TS_ARRAY_LEN(t));
}

Test(validator, private_attributes) {
  static const struct bad t[] = {
    {"random._os", "private-attribute", "_os"},
    {"random._os.system('id')", "private-attribute", "_os"},
    {"x._private", "private-attribute", "_private"},
    {"typing._eval_type(x, {}, {})", "private-attribute", "_eval_type"},
    {"obj.__mangled", "private-attribute", "__mangled"},
    {"s = self\ns._x", "private-attribute", "_x"},
    {"self.x._y", "private-attribute", "_y"},
    {"match p:\n    case C(_x=1):\n        pass", "private-attribute", "_x"},
  };
  expect_bad_table(t, TS_ARRAY_LEN(t));
}

Test(validator, dunder_chain_reports_each_in_order) {
  struct ts_validation v;
  static const char *const want[] = {"__class__", "__bases__", "__subclasses__"};

  validate("().__class__.__bases__[0].__subclasses__()", &v);
  cr_assert_eq(v.n, 3, "got %zu violations", v.n);
  for (size_t i = 0; i < 3; i++) {
    cr_expect_str_eq(v.v[i].rule, "dunder");
    cr_expect_str_eq(v.v[i].name, want[i]);
  }
  ts_validation_free(&v);
}

/* ---- benign code -------------------------------------------------------- */

Test(validator, benign_code) {
  static const char *const t[] = {
    "",
    "\n",
    "x = 1",
    "print('hello')",
    "import math\nprint(math.sqrt(2))",
    "class P:\n"
    "    def __init__(self, x):\n        self.x = x\n"
    "    def __repr__(self):\n        return f'P({self.x!r})'\n"
    "    def __eq__(self, o):\n        return self.x == o.x\n"
    "    def __hash__(self):\n        return hash(self.x)\n",
    "class B(A):\n    def __init__(self):\n        super().__init__()\n",
    "from dataclasses import dataclass, field\n@dataclass\nclass P:\n"
    "    x: int = 0\n    ys: list = field(default_factory=list)\n"
    "    def __post_init__(self):\n        self.x += 1\n",
    "[x * x for x in range(10) if x % 2]",
    "{k: v for k, v in d.items()}",
    "{x for x in s}",
    "sum(x for x in y)",
    "f'{x!r:>10} {y:.2f} {z:{w}}'",
    "if __name__ == \"__main__\":\n    main()",
    "match p:\n"
    "    case Point(x=0, y=0):\n        pass\n"
    "    case [1, *rest]:\n        pass\n"
    "    case {'k': v, **kw}:\n        pass\n"
    "    case str() as s:\n        pass\n"
    "    case _:\n        pass\n",
    "def gen():\n    yield 1\n    yield from range(3)\n",
    "async def f():\n    await g()\n    async for x in y:\n        pass\n"
    "    async with z as w:\n        pass\n",
    "sq = lambda x: x * x",
    "try:\n    1 / 0\nexcept ZeroDivisionError as e:\n    print(e)\n"
    "else:\n    pass\nfinally:\n    pass\n",
    "with ctx() as c, other():\n    pass",
    "if (n := len(a)) > 10:\n    print(n)",
    "evaluation = 1",
    "x = \"import os\"",
    "x = 'eval(open(\"/etc/passwd\"))'",
    "# eval\n# import os\nx = 1",
    "self._cache = {}",
    "class C:\n    def f(self):\n        return self._cache\n",
    "class C:\n    @classmethod\n    def f(cls):\n        return cls._registry\n",
    "obj.open_account()",
    "print(open_file)",
    "eval_result = evaluate(expr)",
    "from typing import List, Optional, Dict\n"
    "def f(x: List[int], y: Optional[str] = None) -> Dict[str, int]:\n    return {}\n",
    "class C:\n    __slots__ = ('a', 'b')\n    __match_args__ = ('a',)\n",
    "__all__ = ['f']",
    "import functools\n@functools.lru_cache(maxsize=None)\n"
    "def fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n",
    "def f(open=1, eval=2):\n    pass",
    "f(open=1, exec=2)",
    "def eval():\n    pass",
    "class open:\n    pass",
    "x.__init__",
    "type(x).__name__",
    "obj.__len__()",
    "a.__add__(b) + a.__radd__(b)",
    "print(__name__, __doc__)",
    "from collections import namedtuple\nP = namedtuple('P', 'x y')\n"
    "p = P(1, 2)._replace(x=3)\nprint(p._asdict(), P._fields, P._make([1, 2]))",
    "import re\npat = re.compile(r'\\d+')",
    "'{0} {1}'.format(x, y)",
    "x = -1\ny = not x\nz = a if b else c",
    "x[1:2]\ndel x[0]",
    "assert x, 'msg'",
    "raise ValueError('x')",
    "for i in range(3):\n    continue\nwhile False:\n    break\n",
    "x @ y",
    "import string\nprint(string.ascii_letters)",
    "import operator\noperator.itemgetter(1)",
    "import enum\nclass Color(enum.Enum):\n    RED = 1\n",
    "x = 'é'; y = '日本語'; π = 3.14",
    "def f(*args, **kwargs):\n    return args, kwargs",
    "print(*a, sep='')\nx = {**a, **b}",
    "def outer():\n    n = 0\n    def inner():\n        nonlocal n\n        n += 1\n",
    "global counter\ncounter = 0",
    "from __future__ import annotations\nclass Node:\n    next: Node | None = None\n",
    "x = 1\r\ny = 2\r\n",
    "x = 1\ry = 2",
    "x = [\n1,\n2]\n",
    "x = 1  # comment with __class__ and eval",
  };
  expect_valid_table(t, TS_ARRAY_LEN(t));
}

Test(validator, coding_cookie_does_not_change_decoding) {
  /* Decoded as latin-1 the fullwidth letters would not be an identifier. */
  expect_rule("# -*- coding: latin-1 -*-\nｅｖａｌ(1)\n", "banned-name", "eval");
  expect_valid("# -*- coding: latin-1 -*-\nx = 'é'\n");
  expect_valid("# coding: no-such-codec\nx = 1\n");
}

Test(validator, large_benign_snippet) {
  static const char block[] =
      "def f%06d(x):\n    return [i * x for i in range(10) if i %% 3]\n\n";
  size_t cap = 110 * 1024, len = 0;
  char *code = malloc(cap);
  struct ts_validation v;

  cr_assert(code);
  for (int i = 0; len < 100 * 1024; i++)
    len += (size_t)snprintf(code + len, cap - len, block, i);
  validate_n(code, len, &v);
  cr_expect(v.valid, "100 KiB of benign code: %s", v.n ? v.v[0].message : "");
  ts_validation_free(&v);
  free(code);
}

/* ---- positions, syntax errors, encoding --------------------------------- */

Test(validator, positions) {
  expect_at("x=1\rimport os", 13, "import-banned", 2, 8, 2, 10);
  expect_at("x=1\r\nimport os", 14, "import-banned", 2, 8, 2, 10);
  expect_at("x = 1\n\ny.__class__", 18, "dunder", 3, 1, 3, 12);
  expect_at("é=1; é.__class__", strlen("é=1; é.__class__"), "dunder", 1, 6, 1, 17);
  expect_at("x = (\n  eval\n)", 14, "banned-name", 2, 3, 2, 7);
  expect_at("f(a,\n  b).__dict__", 18, "dunder", 1, 1, 2, 14);
}

/* Expected values are /usr/bin/python3's own SyntaxError attributes (end
 * clamped to the start where Python reports an end before it). */
Test(validator, syntax_errors_match_cpython) {
  static const struct {
    const char *code, *msg;
    int line, col, end_line, end_col;
  } t[] = {
    {"x = (1,\n", "'(' was never closed", 1, 5, 1, 5},
    {"é = (1,\n", "'(' was never closed", 1, 5, 1, 5},
    {"def f(:\n  pass", "invalid syntax", 1, 7, 1, 8},
    {"def f():\nreturn 1", "expected an indented block after function definition on line 1", 2, 1, 2, 7},
    {"if x:\n\tpass\n        pass", "inconsistent use of tabs and spaces in indentation", 3, 1, 3, 1},
    {"x = 'abc", "unterminated string literal (detected at line 1)", 1, 5, 1, 5},
    {"a b", "invalid syntax", 1, 3, 1, 4},
    {"f(**)", "invalid syntax", 1, 5, 1, 6},
  };
  for (size_t i = 0; i < TS_ARRAY_LEN(t); i++) {
    struct ts_validation v;
    size_t len = strlen(t[i].code);

    validate(t[i].code, &v);
    cr_expect_eq(v.n, 1, "'%s'", show(t[i].code, len));
    if (v.n != 1) {
      ts_validation_free(&v);
      continue;
    }
    cr_expect_str_eq(v.v[0].rule, "syntax-error", "'%s'", show(t[i].code, len));
    cr_expect_str_eq(v.v[0].message, t[i].msg, "'%s'", show(t[i].code, len));
    cr_expect_null(v.v[0].name);
    cr_expect(v.v[0].line == t[i].line && v.v[0].col == t[i].col &&
                  v.v[0].end_line == t[i].end_line && v.v[0].end_col == t[i].end_col,
              "'%s': got %d:%d-%d:%d, want %d:%d-%d:%d", show(t[i].code, len),
              v.v[0].line, v.v[0].col, v.v[0].end_line, v.v[0].end_col,
              t[i].line, t[i].col, t[i].end_line, t[i].end_col);
    ts_validation_free(&v);
  }
}

Test(validator, null_byte) {
  expect_at("x = 1\ny = 2\0\n", 13, "null-byte", 2, 6, 2, 7);
  expect_at("\0", 1, "null-byte", 1, 1, 1, 2);
  expect_at("a\rbé\0import os", 14, "null-byte", 2, 3, 2, 4);
  struct ts_validation v;
  validate_n("eval\0", 5, &v);
  cr_expect_str_eq(v.v[0].message, "source code cannot contain NUL bytes");
  ts_validation_free(&v);
}

Test(validator, invalid_utf8) {
  expect_at("x = '\xff'", 7, "encoding", 1, 6, 1, 7);
  expect_at("x = 1\n'\xed\xa0\x80'", 10, "encoding", 2, 2, 2, 3); /* surrogate */
  expect_at("\xc0\x80", 2, "encoding", 1, 1, 1, 2);               /* overlong */
  expect_at("x\xe2\x82", 3, "encoding", 1, 2, 1, 3);              /* truncated */
  expect_at("\xf4\x90\x80\x80", 4, "encoding", 1, 1, 1, 2);       /* > U+10FFFF */
  expect_valid("x = '\xf0\x9f\x98\x80'");
}

/* ---- limits ------------------------------------------------------------- */

static char *repeat(const char *a, size_t na, const char *b, size_t nb) {
  size_t la = strlen(a), lb = strlen(b);
  char *s = malloc(la * na + lb * nb + 1), *p = s;

  cr_assert(s);
  for (size_t i = 0; i < na; i++, p += la)
    memcpy(p, a, la);
  for (size_t i = 0; i < nb; i++, p += lb)
    memcpy(p, b, lb);
  *p = '\0';
  return s;
}

static void expect_only(char *code, const char *rule, const char *what) {
  struct ts_validation v;

  validate(code, &v);
  cr_expect_eq(v.n, 1, "%s: %zu violations", what, v.n);
  cr_expect(v.n && strcmp(v.v[0].rule, rule) == 0, "%s: want %s, got %s (%s)",
            what, rule, first_rule(&v), v.n ? v.v[0].message : "");
  ts_validation_free(&v);
  free(code);
}

Test(validator, deep_nesting_is_refused_cleanly) {
  expect_only(repeat("(", 300, ")", 300), "syntax-error", "300 parentheses");
  expect_only(repeat("[", 5000, "]", 5000), "syntax-error", "5000 nested lists");
  expect_only(repeat("-", 100000, "1", 1), "too-complex", "100000 unary minus");
  expect_only(repeat("1", 1, "+1", 100000), "too-complex", "100000 additions");
  expect_only(repeat("f", 1, "()", 100000), "too-complex", "100000 calls");
  /* parses, but deeper than the walk goes */
  expect_only(repeat("-", 1500, "1", 1), "too-complex", "1500 unary minus");
  expect_only(repeat("x", 1, ".a", 2000), "too-complex", "2000 attributes");
  char *ok = repeat("-", 900, "1", 1);
  expect_valid(ok);
  free(ok);
}

Test(validator, walk_depth_message) {
  char *code = repeat("-", 1500, "1", 1);
  struct ts_validation v;

  validate(code, &v);
  cr_assert_eq(v.n, 1);
  cr_expect(strstr(v.v[0].message, "nesting deeper than 1000"), "%s", v.v[0].message);
  ts_validation_free(&v);
  free(code);
}

Test(validator, reports_every_violation) {
  struct ts_validation v;
  static const char *const rules[] = {
    "import-banned", "import-banned", "banned-name", "dunder",
    "private-attribute", "internal-attribute", "import-not-allowed",
  };

  validate("import os\nimport sys\neval('1')\nx.__class__\nrandom._os\n"
           "g.gi_frame\nimport numpy\nprint('ok')\n", &v);
  cr_expect_not(v.valid);
  cr_assert_eq(v.n, TS_ARRAY_LEN(rules), "got %zu", v.n);
  for (size_t i = 0; i < v.n; i++) {
    cr_expect_str_eq(v.v[i].rule, rules[i]);
    cr_expect_eq(v.v[i].line, (int)i + 1);
  }
  ts_validation_free(&v);
}

Test(validator, violation_cap) {
  char *code = repeat("eval\n", 150, "", 0);
  struct ts_validation v;

  validate(code, &v);
  cr_assert_eq(v.n, TS_VALIDATE_MAX_VIOLATIONS + 1);
  cr_expect_str_eq(v.v[0].rule, "banned-name");
  cr_expect_str_eq(v.v[TS_VALIDATE_MAX_VIOLATIONS - 1].rule, "banned-name");
  cr_expect_str_eq(v.v[TS_VALIDATE_MAX_VIOLATIONS].rule, "too-many-violations");
  cr_expect_not(v.valid);
  ts_validation_free(&v);
  free(code);
}

/* ---- API ---------------------------------------------------------------- */

Test(validator, json_output) {
  struct ts_validation v;
  cJSON *j, *arr, *o;

  validate("x = 1\nimport os\n", &v);
  j = ts_validation_to_json(&v);
  cr_assert(j);
  cr_expect(cJSON_IsFalse(cJSON_GetObjectItem(j, "valid")));
  arr = cJSON_GetObjectItem(j, "violations");
  cr_assert_eq(cJSON_GetArraySize(arr), 1);
  o = cJSON_GetArrayItem(arr, 0);
  cr_expect_str_eq(cJSON_GetObjectItem(o, "rule")->valuestring, "import-banned");
  cr_expect_str_eq(cJSON_GetObjectItem(o, "name")->valuestring, "os");
  cr_expect_eq(cJSON_GetObjectItem(o, "line")->valueint, 2);
  cr_expect_eq(cJSON_GetObjectItem(o, "col")->valueint, 8);
  cr_expect_eq(cJSON_GetObjectItem(o, "end_line")->valueint, 2);
  cr_expect_eq(cJSON_GetObjectItem(o, "end_col")->valueint, 10);
  cr_expect(cJSON_IsString(cJSON_GetObjectItem(o, "message")));
  cJSON_Delete(j);
  ts_validation_free(&v);
  cr_expect_null(v.v);
  cr_expect_eq(v.n, 0);

  validate("x = (", &v);
  j = ts_validation_to_json(&v);
  o = cJSON_GetArrayItem(cJSON_GetObjectItem(j, "violations"), 0);
  cr_expect(cJSON_IsNull(cJSON_GetObjectItem(o, "name")));
  cJSON_Delete(j);
  ts_validation_free(&v);

  validate("x = 1", &v);
  j = ts_validation_to_json(&v);
  cr_expect(cJSON_IsTrue(cJSON_GetObjectItem(j, "valid")));
  cr_expect_eq(cJSON_GetArraySize(cJSON_GetObjectItem(j, "violations")), 0);
  cJSON_Delete(j);
  ts_validation_free(&v);
}

Test(validator, empty_and_bad_arguments) {
  struct ts_validation v;
  ts_err err;

  cr_expect_eq(ts_validate(&pol, NULL, 0, &v, &err), 0);
  cr_expect(v.valid);
  ts_validation_free(&v);
  cr_expect_eq(ts_validate(NULL, "x", 1, &v, &err), -1);
  cr_expect_eq(ts_validate(&pol, NULL, 3, &v, &err), -1);
  ts_validation_free(NULL);
}

Test(validator, respects_a_changed_policy) {
  ts_err err;
  cr_assert_eq(ts_strset_set_spec(&pol.allowed_modules, "+numpy", &err), 0);
  expect_valid("import numpy.linalg");
  cr_assert_eq(ts_strset_set_spec(&pol.banned_names, "+print", &err), 0);
  expect_rule("print(1)", "banned-name", "print");
  /* a banned submodule of an allowed package, imported as a name */
  cr_assert_eq(ts_strset_set_spec(&pol.banned_modules, "+json.evil", &err), 0);
  expect_rule("from json import evil", "import-banned", "json.evil");
  expect_rule("import json.evil", "import-banned", "json.evil");
  expect_valid("from json import loads");
}

static void *hammer(void *arg) {
  int bad = 0;
  (void)arg;
  for (int i = 0; i < 200; i++) {
    struct ts_validation v;
    ts_err err;
    const char *code = i % 2 ? "import os" : "import math\nprint(math.pi)";
    if (ts_validate(&pol, code, strlen(code), &v, &err) < 0 || v.valid != !(i % 2))
      bad++;
    ts_validation_free(&v);
  }
  return (void *)(intptr_t)bad;
}

Test(validator, concurrent_threads) {
  pthread_t th[4];
  for (size_t i = 0; i < TS_ARRAY_LEN(th); i++)
    cr_assert_eq(pthread_create(&th[i], NULL, hammer, NULL), 0);
  for (size_t i = 0; i < TS_ARRAY_LEN(th); i++) {
    void *r;
    pthread_join(th[i], &r);
    cr_expect_eq((intptr_t)r, 0, "thread %zu saw wrong results", i);
  }
}
