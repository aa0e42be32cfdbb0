/* The Python layer's runtime half, through HTTP: with the validator out of
 * the way (--static-validation false), the runtime layer alone refuses
 * what reaches the interpreter's internals, says so in the audit trace, and
 * lets ordinary code run.  The corpora (tests/corpus) cover the techniques
 * at scale; these tests pin the mechanisms one by one. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <criterion/criterion.h>

#include "harness.h"

TestSuite(python_layer, .fini = srv_cleanup_all, .timeout = 120);

static const char *const runtime_only[] = {"--static-validation", "false", NULL};

/* Runs code, returns the parsed body (caller frees). */
static cJSON *run(unsigned port, const char *code) { return execute_code(port, code, 0); }

static const char *str_of(const cJSON *o, const char *name) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
  return cJSON_IsString(v) ? v->valuestring : "";
}

/* The execution ended with an error, nothing marked ESCAPED was printed,
 * and the audit trace holds a refusal of `event` whose detail contains
 * `detail`. */
static void assert_refused(unsigned port, const char *code, const char *event,
                           const char *detail) {
  cJSON *doc = run(port, code);
  const cJSON *audit = cJSON_GetObjectItemCaseSensitive(doc, "audit");
  const cJSON *e;
  bool found = false;

  cr_assert_str_eq(str_of(doc, "status"), "error", "not refused: %s\nstdout: %s", code,
                   str_of(doc, "stdout"));
  cr_assert_null(strstr(str_of(doc, "stdout"), "ESCAPED"), "%s", code);
  cr_assert(cJSON_IsArray(audit));
  cJSON_ArrayForEach(e, audit) {
    if (strcmp(str_of(e, "event"), event) == 0 && strstr(str_of(e, "detail"), detail) &&
        strcmp(str_of(e, "action"), "refused") == 0)
      found = true;
  }
  cr_assert(found, "no '%s' refusal with '%s' in the audit trace of:\n%s\ntrace: %s", event,
            detail, code, cJSON_PrintUnformatted(audit));
  cJSON_Delete(doc);
}

static void assert_runs(unsigned port, const char *code, const char *stdout_want) {
  cJSON *doc = run(port, code);
  const cJSON *audit = cJSON_GetObjectItemCaseSensitive(doc, "audit");

  cr_assert_str_eq(str_of(doc, "status"), "ok", "%s\nanswer: %s", code,
                   cJSON_PrintUnformatted(doc));
  cr_assert_str_eq(str_of(doc, "stdout"), stdout_want, "%s", code);
  cr_assert(cJSON_IsArray(audit) && cJSON_GetArraySize(audit) == 0, "%s", code);
  cJSON_Delete(doc);
}

Test(python_layer, the_compiled_code_is_checked_in_every_name_position) {
  struct ts_srv s;
  static const char *const cases[][2] = {
      {"print(().__class__.__base__.__subclasses__())", "__class__"},
      {"import random as __builtins__\ndef f():\n    return _os\nprint('ESCAPED', f())",
       "__builtins__"},
      {"import random\nprint('ESCAPED', random._os)", "_os"},
      {"match print:\n    case object(__self__=b):\n        print('ESCAPED', b)", "__self__"},
      {"try:\n    1/0\nexcept Exception as __builtins__:\n    pass", "__builtins__"},
      {"def f(__builtins__=None):\n    pass", "__builtins__"},
      {"def g():\n    yield 1\nprint('ESCAPED', g().gi_frame)", "gi_frame"},
      {"print('ESCAPED', type(1).mro())", "mro"},
      {"from random import _os\nprint('ESCAPED', _os)", "_os"},
      {"print(dict(__builtins__=1))", "__builtins__"},
  };

  srv_start(&s, runtime_only, NULL);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    assert_refused(s.port, cases[i][0], "code", cases[i][1]);
  srv_stop(&s);
}

Test(python_layer, names_computed_at_run_time_are_refused_by_the_stdlib_sinks) {
  struct ts_srv s;

  srv_start(&s, runtime_only, NULL);
  assert_refused(s.port,
                 "import operator\nn = '__glo'\nprint('ESCAPED', operator.attrgetter(n + "
                 "'bals__')(print))",
                 "operator.attrgetter", "__globals__");
  assert_refused(s.port,
                 "import operator\nn = '_o'\nimport random\nprint('ESCAPED', "
                 "operator.methodcaller(n + 's'))",
                 "operator.methodcaller", "_os");
  assert_refused(s.port,
                 "import string, json\nn = '__glo'\nprint('ESCAPED', "
                 "string.Formatter().vformat('{0.' + n + 'bals__}', [json.dumps], {}))",
                 "string.Formatter", "__globals__");
  assert_refused(s.port,
                 "import functools\nn = '__glo'\nclass C: pass\n"
                 "functools.update_wrapper(C(), print, assigned=[n + 'bals__'])",
                 "functools.update_wrapper", "__globals__");
  srv_stop(&s);
}

Test(python_layer, classes_from_a_namespace_dict_and_metaclasses_are_refused) {
  struct ts_srv s;

  srv_start(&s, runtime_only, NULL);
  assert_refused(s.port, "X = type('X', (), {})", "type", "3 arguments");
  /* The real type, reached through typing, still cannot build a class
   * with a lying __subclasshook__ or define a metaclass: the guard sits
   * on type.__new__ itself. */
  assert_refused(s.port,
                 "import typing\nT = typing.get_origin(typing.Type[int])\nn = '__subclass'\n"
                 "X = T('X', (), {n + 'hook__': classmethod(lambda c, o: True)})",
                 "class", "__subclasshook__");
  assert_refused(s.port,
                 "import typing\nT = typing.get_origin(typing.Type[int])\n"
                 "M = T('M', (T,), {})",
                 "class", "metaclass");
  assert_refused(s.port, "class M(type):\n    pass", "class", "subclassing builtins.type");
  assert_refused(s.port,
                 "import abc\nn = '__match_'\nP = abc.ABCMeta('P', (), {n + 'args__': "
                 "('_' + 'os',)})",
                 "class", "__match_args__");
  srv_stop(&s);
}

Test(python_layer, the_audit_hook_refuses_what_no_check_above_saw) {
  struct ts_srv s;
  /* With the code check switched off by a policy that allows a module
   * which hands out frames would be a different server; instead, reach
   * the hook through stdlib code that the code check cannot see into. */
  srv_start(&s, runtime_only, NULL);
  /* A codec imports its module from the standard library's own code, past
   * the snippet's __import__: the hook refuses a module outside the
   * allowlist (the idna codec imports stringprep; bz2_codec's bz2 is
   * imported in the zygote by shutil, a module of the standard policy). */
  assert_refused(s.port, "print('abc'.encode('idna'))", "import", "stringprep");
  /* typing would evaluate a string annotation with eval(): refused before
   * eval() runs (it would put the real builtins into the globals first). */
  assert_refused(s.port,
                 "import typing\ndef f(x: 'print(\"ESCAPED\")'): pass\n"
                 "typing.get_type_hints(f)",
                 "typing", "string annotation");
  srv_stop(&s);
}

/* Allowed modules come as views: public attributes only, and no module
 * outside the allowlist (typing.sys, dataclasses.sys, random._os). */
Test(python_layer, allowed_modules_are_views_without_their_imports) {
  static const char *const cases[] = {
      "import typing\nprint('ESCAPED', typing.sys)",
      "import dataclasses\nprint('ESCAPED', dataclasses.sys)",
      "import enum\nprint('ESCAPED', enum.sys)",
      "import contextlib\nprint('ESCAPED', contextlib.os)",
  };
  struct ts_srv s;

  srv_start(&s, runtime_only, NULL);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cJSON *doc = run(s.port, cases[i]);
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(doc, "error");
    cr_assert_str_eq(str_of(doc, "status"), "error", "%s", cases[i]);
    cr_assert_str_eq(str_of(e, "type"), "AttributeError", "%s", cases[i]);
    cJSON_Delete(doc);
  }
  assert_runs(s.port, "import collections.abc, json\nprint(json.decoder.JSONDecodeError.__name__, "
              "isinstance([], collections.abc.Sequence))", "JSONDecodeError True\n");
  srv_stop(&s);
}

Test(python_layer, ordinary_code_runs_with_an_empty_audit_trace) {
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  assert_runs(s.port,
              "import datetime\nprint(datetime.datetime.strptime('2024-03-01 12:30', "
              "'%Y-%m-%d %H:%M').isoformat())",
              "2024-03-01T12:30:00\n");
  assert_runs(s.port,
              "from dataclasses import dataclass, field\n@dataclass(order=True)\nclass P:\n"
              "    x: int\n    y: int = 0\n    tags: list = field(default_factory=list)\n"
              "match P(1, 2):\n    case P(a, b):\n        print(a + b)",
              "3\n");
  assert_runs(s.port,
              "from enum import Enum, auto\nclass C(Enum):\n    R = auto()\n    G = auto()\n"
              "print([c.name for c in C], len(C.__members__))",
              "['R', 'G'] 2\n");
  assert_runs(s.port,
              "from typing import NamedTuple, Optional\nclass N(NamedTuple):\n    a: int\n"
              "    nxt: Optional['N'] = None\nprint(N(1)._asdict())",
              "{'a': 1, 'nxt': None}\n");
  assert_runs(s.port,
              "class V:\n    def __init__(self, x):\n        self._x = x\n"
              "    def __repr__(self):\n        return f'{self.__class__.__name__}({self._x})'\n"
              "print(V(2))",
              "V(2)\n");
  assert_runs(s.port,
              "try:\n    try:\n        1/0\n    except ZeroDivisionError as e:\n"
              "        raise ValueError('bad') from e\nexcept ValueError as e:\n"
              "    print(type(e.__cause__).__name__)",
              "ZeroDivisionError\n");
  srv_stop(&s);
}

/* A module the operator allows by name (--allowed-modules +os) is the
 * module itself under both policies, its file calls included: the
 * standard policy's views do not narrow what the operator opened, and the
 * kernel still confines it (the root holds /tmp and /usr, no /etc). */
Test(python_layer, an_operator_allowed_module_is_not_narrowed_by_the_standard_views) {
  const char *const args[] = {"--allowed-modules", "+os", NULL};
  /* The sanitizer build's root holds /proc as well (the sanitizers read
   * /proc/self/maps), so the check is of what the root must and must not
   * hold. */
  static const char code[] = "import os\nroot = os.listdir('/')\n"
                             "print('tmp' in root and 'usr' in root, 'etc' in root or 'root' in root,"
                             " callable(os.fork))";
  struct ts_srv s;

  srv_start(&s, args, NULL);
  assert_runs(s.port, code, "True False True\n");
  srv_stop(&s);
  srv_start(&s, NULL, NULL);
  assert_refused(s.port, "import os\nprint(os.listdir('/'))", "os.listdir",
                 "the files capability");
  srv_stop(&s);
}
