/* API tests of POST /execute through the real binary: the seed's
 * behaviour (interception of open, eval and covert imports, captured
 * output, an infinite loop ended by the timeout), results and statuses,
 * limits, concurrency (429, /healthz and /validate never blocked by
 * executions) and output encoding. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "harness.h"

TestSuite(execute, .fini = srv_cleanup_all, .timeout = 120);

/* POST /execute {"code": code, extra...}; requires 200 and returns the
 * parsed body (caller frees). `extra` is JSON members without braces, e.g.
 * "\"timeout\": 0.5", or NULL. */
static cJSON *execute(unsigned port, const char *code, const char *extra) {
  cJSON *o = cJSON_CreateObject();
  char *json, *full;
  struct http_resp r;
  cJSON *doc;

  cJSON_AddStringToObject(o, "code", code);
  json = cJSON_PrintUnformatted(o);
  cJSON_Delete(o);
  cr_assert(json);
  if (extra) {
    size_t n = strlen(json) + strlen(extra) + 4;
    full = malloc(n);
    cr_assert(full);
    json[strlen(json) - 1] = '\0'; /* drop the closing brace */
    snprintf(full, n, "%s,%s}", json, extra);
    free(json);
    json = full;
  }
  HTTP_OK(post_json(port, "/execute", json, &r));
  free(json);
  assert_status(&r, 200);
  doc = json_body(&r);
  http_resp_free(&r);
  /* The documented shape, whatever the status. */
  cr_assert(cJSON_IsString(cJSON_GetObjectItem(doc, "status")));
  cr_assert(cJSON_IsString(cJSON_GetObjectItem(doc, "stdout")));
  cr_assert(cJSON_IsString(cJSON_GetObjectItem(doc, "stderr")));
  cr_assert(cJSON_IsBool(cJSON_GetObjectItem(doc, "stdout_truncated")));
  cr_assert(cJSON_IsBool(cJSON_GetObjectItem(doc, "stderr_truncated")));
  cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(doc, "stdout_bytes")));
  cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(doc, "stderr_bytes")));
  cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(doc, "duration_ms")));
  cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(doc, "cpu_ms")));
  cr_assert(cJSON_GetObjectItem(doc, "error"));
  cr_assert(cJSON_GetObjectItem(doc, "exit_code"));
  cr_assert(cJSON_GetObjectItem(doc, "signal"));
  return doc;
}

static const char *status_of(const cJSON *doc) {
  return cJSON_GetObjectItem(doc, "status")->valuestring;
}

static const char *str_of(const cJSON *doc, const char *k) {
  const cJSON *v = cJSON_GetObjectItem(doc, k);
  return cJSON_IsString(v) ? v->valuestring : NULL;
}

static double num_of(const cJSON *doc, const char *k) {
  const cJSON *v = cJSON_GetObjectItem(doc, k);
  cr_assert(cJSON_IsNumber(v), "%s is not a number", k);
  return v->valuedouble;
}

static void assert_status_is(const cJSON *doc, const char *want) {
  char *text = cJSON_PrintUnformatted(doc);
  cr_assert_str_eq(status_of(doc), want, "expected status %s, got %s", want, text);
  free(text);
}

/* Rejected with a violation of `rule`, and nothing ran. */
static void assert_rejected(unsigned port, const char *code, const char *rule) {
  cJSON *doc = execute(port, code, NULL);
  const cJSON *v, *viol;
  bool found = false;

  assert_status_is(doc, "rejected");
  viol = cJSON_GetObjectItem(doc, "violations");
  cr_assert(cJSON_IsArray(viol) && cJSON_GetArraySize(viol) > 0, "no violations for %s", code);
  cJSON_ArrayForEach(v, viol) found |= strcmp(str_of(v, "rule"), rule) == 0;
  cr_assert(found, "no %s violation for %s", rule, code);
  cr_assert_str_eq(str_of(doc, "stdout"), "");
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "exit_code")));
  cJSON_Delete(doc);
}

static void assert_still_works(unsigned port) {
  cJSON *doc = execute(port, "print(6 * 7)", NULL);
  assert_status_is(doc, "ok");
  cr_assert_str_eq(str_of(doc, "stdout"), "42\n");
  cJSON_Delete(doc);
}

/* ---- the seed's tests, through HTTP ---- */

Test(execute, seed_intercepts_open) {
  struct ts_srv s;
  srv_start(&s, NULL, NULL);
  assert_rejected(s.port, "print(open('/etc/passwd').read())", "banned-name");
  srv_stop(&s);
}

Test(execute, seed_intercepts_eval) {
  struct ts_srv s;
  srv_start(&s, NULL, NULL);
  assert_rejected(s.port, "eval('1 + 1')", "banned-name");
  assert_rejected(s.port, "f = eval\nf('1')", "banned-name");
  srv_stop(&s);
}

/* The seed's rule: --policy strict. */
static const char *const strict_server[] = {"--policy", "strict", NULL};

Test(execute, seed_intercepts_covert_imports) {
  struct ts_srv s;
  srv_start(&s, strict_server, NULL);
  assert_rejected(s.port, "import os\nos.system('id')", "import-banned");
  assert_rejected(s.port, "from subprocess import run", "import-banned");
  assert_rejected(s.port, "__import__('os').system('id')", "banned-name");
  assert_rejected(s.port, "getattr(__builtins__, 'op' + 'en')('/etc/passwd')", "banned-name");
  assert_rejected(s.port, "().__class__.__bases__[0].__subclasses__()", "dunder");
  assert_rejected(s.port, "import random\nrandom._os.system('id')", "private-attribute");
  srv_stop(&s);
}

/* The standard policy (the default) imports os as its view: what the view
 * does not hold is refused by the validator, by name, and absent at run
 * time. */
Test(execute, the_standard_views_refuse_what_they_do_not_hold) {
  const char *const runtime_only[] = {"--static-validation", "false", NULL};
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  assert_rejected(s.port, "import os\nos.system('id')", "view-member");
  assert_rejected(s.port, "from sys import settrace", "view-member");
  assert_rejected(s.port, "import sys\nsys._getframe()", "view-member");
  assert_rejected(s.port, "from subprocess import run", "import-banned");
  assert_rejected(s.port, "__import__('os').system('id')", "banned-name");
  assert_rejected(s.port, "().__class__.__bases__[0].__subclasses__()", "dunder");
  srv_stop(&s);
  srv_start(&s, runtime_only, NULL);
  doc = execute(s.port, "import os\nos.system('id')", NULL);
  assert_status_is(doc, "error");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(doc, "error"), "type"), "AttributeError");
  cJSON_Delete(doc);
  doc = execute(s.port, "import sys\nsys.settrace(print)", NULL);
  assert_status_is(doc, "error");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(doc, "error"), "type"), "AttributeError");
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* A thread is the kernel's refusal (a child's filter has no clone of a
 * thread); the runner adds the way out to its message.  HOME is the
 * working directory, for expanduser and pathlib's home(). */
Test(execute, a_thread_is_refused_by_the_kernel_with_the_way_out) {
  struct ts_srv s;
  cJSON *doc, *err;

  srv_start(&s, NULL, NULL);
  doc = execute(s.port, "import threading\nthreading.Thread(target=print).start()", NULL);
  assert_status_is(doc, "error");
  err = cJSON_GetObjectItem(doc, "error");
  cr_assert_str_eq(str_of(err, "type"), "RuntimeError");
  cr_assert(strstr(str_of(err, "message"), "can't start new thread") != NULL, "%s",
            str_of(err, "message"));
  cr_assert(strstr(str_of(err, "message"), "use asyncio") != NULL, "%s", str_of(err, "message"));
  cJSON_Delete(doc);
  doc = execute(s.port, "import os, pathlib\nprint(os.path.expanduser('~/x'), pathlib.Path.home())",
                NULL);
  assert_status_is(doc, "ok");
  cr_assert_str_eq(str_of(doc, "stdout"), "/tmp/x /tmp\n");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(execute, seed_captures_output) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = execute(s.port, "for i in range(3):\n    print('line', i)\nprint('done', end='')", NULL);
  assert_status_is(doc, "ok");
  cr_assert_str_eq(str_of(doc, "stdout"), "line 0\nline 1\nline 2\ndone");
  cr_assert_str_eq(str_of(doc, "stderr"), "");
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "error")));
  cr_assert_eq(num_of(doc, "exit_code"), 0);
  cr_assert(cJSON_IsNull(cJSON_GetObjectItem(doc, "signal")));
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(execute, seed_infinite_loop_ends_at_the_deadline) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  /* The loop never ends by itself: an answer at all (the client gives up
   * after 10 s), "timeout" and SIGKILL say that the deadline ended it; the
   * server's own clock says not before the limit.  How soon after the
   * limit is the benchmark's business, not a pass/fail here. */
  doc = execute(s.port, "print('start')\nwhile True:\n    pass", "\"timeout\": 0.5");
  assert_status_is(doc, "timeout");
  cr_assert_str_eq(str_of(doc, "stdout"), "start\n", "output before the loop is kept");
  cr_assert_geq(num_of(doc, "duration_ms"), 500);
  cr_assert_eq(num_of(doc, "signal"), 9);
  cJSON_Delete(doc);
  assert_still_works(s.port);
  srv_stop(&s);
}

/* The answer of a background request, parsed; requires 200 and a
 * timeout, and returns the server's duration_ms. */
static double timed_out_after(const struct bg *b) {
  cJSON *doc;
  double ms;

  cr_assert_eq(b->status, 200, "%s", b->text);
  doc = cJSON_Parse(b->text);
  cr_assert(doc, "not JSON: %s", b->text);
  assert_status_is(doc, "timeout");
  ms = num_of(doc, "duration_ms");
  cJSON_Delete(doc);
  return ms;
}

Test(execute, default_timeout_is_two_seconds) {
  struct ts_srv s;
  struct bg dflt = {0, "{\"code\":\"import time\\ntime.sleep(100)\"}", 0, ""},
            three = {0, "{\"code\":\"import time\\ntime.sleep(100)\",\"timeout\":3}", 0, ""};
  pthread_t t1, t2;
  double d, d3;

  srv_start(&s, NULL, NULL);
  dflt.port = three.port = s.port;
  /* No stopwatch on the client: the server never kills before the limit
   * (its own duration is at least 2 s), and a twin given "timeout": 3 at
   * the same time, on the same machine, ends after it; a default of 3 s
   * or more would not. */
  pthread_create(&t1, NULL, bg_post, &dflt);
  pthread_create(&t2, NULL, bg_post, &three);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  d = timed_out_after(&dflt);
  d3 = timed_out_after(&three);
  cr_assert_geq(d, 2000);
  cr_assert_geq(d3, 3000);
  cr_assert_lt(d, d3, "the default limit ended its execution after %.0f ms, the 3 s limit "
               "its twin after %.0f ms", d, d3);
  srv_stop(&s);
}

/* ---- results ---- */

Test(execute, exception_reports_type_message_line_and_traceback) {
  struct ts_srv s;
  cJSON *doc, *err;

  srv_start(&s, NULL, NULL);
  doc = execute(s.port, "def f(x):\n    return 1 / x\n\nprint('before')\nf(0)\n", NULL);
  assert_status_is(doc, "error");
  cr_assert_str_eq(str_of(doc, "stdout"), "before\n");
  err = cJSON_GetObjectItem(doc, "error");
  cr_assert(cJSON_IsObject(err));
  cr_assert_str_eq(str_of(err, "type"), "ZeroDivisionError");
  cr_assert_str_eq(str_of(err, "message"), "division by zero");
  cr_assert_eq(num_of(err, "line"), 2, "the innermost line of the snippet");
  cr_assert(strstr(str_of(err, "traceback"), "File \"<snippet>\", line 5"));
  cr_assert(strstr(str_of(err, "traceback"), "return 1 / x"), "source lines are shown");
  cr_assert_null(strstr(str_of(err, "traceback"), "runner"), "no frame of the runner leaks");
  cr_assert_eq(num_of(doc, "exit_code"), 1);
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(execute, builtins_outside_the_whitelist_do_not_exist_at_run_time) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, strict_server, NULL);
  /* dir() passes the validator but is not in the strict runtime whitelist
   * (the standard policy's is a checked one). */
  doc = execute(s.port, "print(dir())", NULL);
  assert_status_is(doc, "error");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(doc, "error"), "type"), "NameError");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(execute, allowed_modules_and_ordinary_code_run) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = execute(s.port,
                "from dataclasses import dataclass\n"
                "import math, json, re, collections, statistics, random, datetime\n"
                "@dataclass\nclass P:\n    x: int\n    y: int\n"
                "    def norm(self):\n        return math.hypot(self.x, self.y)\n"
                "class Q(P):\n    def __init__(self):\n        super().__init__(3, 4)\n"
                "c = collections.Counter('hello')\n"
                "print(Q().norm(), json.dumps({'a': [1, 2]}), c['l'],\n"
                "      statistics.mean([1, 2, 3]), re.sub('l+', 'L', 'hello'))\n"
                "print(f'{sum(x * x for x in range(10))}')\n"
                "match [1, 2]:\n    case [a, b]:\n        print(a + b)\n"
                "if __name__ == '__main__':\n    print('main')\n",
                NULL);
  assert_status_is(doc, "ok");
  cr_assert_str_eq(str_of(doc, "stdout"), "5.0 {\"a\": [1, 2]} 2 2 heLo\n285\n3\nmain\n");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(execute, syntax_error_is_rejected_with_its_position) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *v;

  srv_start(&s, NULL, NULL);
  doc = execute(s.port, "x = 1\ndef f(:\n    pass\n", NULL);
  assert_status_is(doc, "rejected");
  v = cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "violations"), 0);
  cr_assert_str_eq(str_of(v, "rule"), "syntax-error");
  cr_assert_eq(num_of(v, "line"), 2);
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(execute, output_is_always_valid_json) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *out;

  srv_start(&s, NULL, NULL);
  /* A NUL, control characters, a lone surrogate and non-ASCII text. */
  doc = execute(s.port, "print('a\\x00b\\x01\\x7f', '\\udcff', 'é中', end='')", NULL);
  assert_status_is(doc, "ok");
  out = cJSON_GetObjectItem(doc, "stdout");
  /* cJSON stops at the NUL; the raw body check is below. */
  cr_assert_str_eq(out->valuestring, "a");
  cJSON_Delete(doc);
  {
    struct http_resp r;
    HTTP_OK(post_json(s.port, "/execute",
                      "{\"code\":\"print('a\\\\x00b', '\\\\udcff', end='')\"}", &r));
    assert_status(&r, 200);
    cr_assert(strstr(r.body, "\"stdout\":\"a\\u0000b \\\\udcff\""),
              "NUL escaped and the surrogate backslash-escaped: %s", r.body);
    http_resp_free(&r);
  }
  srv_stop(&s);
}

/* What a stream of `len` ASCII bytes comes back as under a cap of `cap`:
 * whole, or its first and last halves of the cap around the marker line. */
static char *head_and_tail(const char *full, size_t len, size_t cap) {
  size_t head = cap / 2, tail = cap - head, n = len + 64;
  char *out = malloc(n);

  cr_assert(out);
  if (len <= cap) {
    memcpy(out, full, len);
    out[len] = '\0';
    return out;
  }
  snprintf(out, n, "%.*s\n[... %zu bytes left out ...]\n%.*s", (int)head, full,
           len - head - tail, (int)tail, full + len - tail);
  return out;
}

/* Lines of `width` bytes (a number, then `fill`), as the snippets below
 * print them. */
static char *numbered_lines(unsigned n, unsigned width, char fill) {
  char *s = malloc((size_t)n * width + 1), *p = s;

  cr_assert(s);
  for (unsigned i = 0; i < n; i++, p += width) {
    char num[16];
    snprintf(num, sizeof num, "%04u", i % 10000);
    memcpy(p, num, 4);
    memset(p + 4, fill, width - 5);
    p[width - 1] = '\n';
  }
  *p = '\0';
  return s;
}

/* Ordinary output well past the old 64 KiB cap is kept whole. */
Test(execute, ordinary_output_of_80_kb_is_kept_whole) {
  struct ts_srv s;
  char *want = numbered_lines(1000, 80, 'x');
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = execute(s.port, "for i in range(1000):\n    print('%04d' % i + 'x' * 75)", NULL);
  assert_status_is(doc, "ok");
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(doc, "stdout_truncated")));
  cr_assert_eq(num_of(doc, "stdout_bytes"), 80000);
  cr_assert_eq(num_of(doc, "stderr_bytes"), 0);
  cr_assert_str_eq(str_of(doc, "stdout"), want);
  cJSON_Delete(doc);
  free(want);
  srv_stop(&s);
}

/* Past the cap the run goes on; the answer keeps the head and the tail
 * around a line saying how much was left out, and counts every byte. */
Test(execute, output_past_the_cap_keeps_its_head_and_tail) {
  struct ts_srv s;
  const char *const args[] = {"--max-output", "1000", NULL};
  char *full = numbered_lines(200, 50, 'y'), *want = head_and_tail(full, 10000, 1000);
  struct http_resp r;
  cJSON *doc, *limits;

  srv_start(&s, args, NULL);
  doc = execute(s.port, "for i in range(200):\n    print('%04d' % i + 'y' * 45)", NULL);
  assert_status_is(doc, "ok");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "stdout_truncated")));
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(doc, "stderr_truncated")));
  cr_assert_eq(num_of(doc, "stdout_bytes"), 10000);
  cr_assert_str_eq(str_of(doc, "stdout"), want);
  cr_assert(strstr(str_of(doc, "stdout"), "\n[... 9000 bytes left out ...]\n0190y"));
  cJSON_Delete(doc);

  /* Cut at character boundaries: 'a' and 1000 two-byte characters; the
   * cap's halves end and start within one, which is left out whole. */
  doc = execute(s.port, "print('a' + '\\u00e9' * 1000)", NULL);
  assert_status_is(doc, "ok");
  cr_assert_eq(num_of(doc, "stdout_bytes"), 2002);
  {
    char e[2 * 249 + 1], exp[1200];
    for (int i = 0; i < 249; i++)
      memcpy(e + 2 * i, "\xc3\xa9", 2);
    e[sizeof e - 1] = '\0';
    snprintf(exp, sizeof exp, "a%s\n[... 1004 bytes left out ...]\n%s\n", e, e);
    cr_assert_str_eq(str_of(doc, "stdout"), exp);
  }
  cJSON_Delete(doc);

  HTTP_OK(http_get(s.port, "/info", &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  http_resp_free(&r);
  limits = cJSON_GetObjectItem(doc, "limits");
  cr_assert_eq(num_of(limits, "output_bytes_per_stream"), 1000);
  cr_assert_eq(num_of(limits, "output_ceiling_bytes_per_stream"), 16000);
  cJSON_Delete(doc);
  free(full);
  free(want);
  srv_stop(&s);
}

/* Only past the ceiling (16 x the cap unless set) is the child killed:
 * output_limit, with the head and the tail of what was read. */
Test(execute, print_flood_ends_at_the_ceiling) {
  struct ts_srv s;
  const char *const args[] = {"--max-output", "1000", NULL};
  const char *const set[] = {"--max-output", "1000", "--output-ceiling", "4000", NULL};
  cJSON *doc;
  char *full, *want;

  srv_start(&s, args, NULL);
  doc = execute(s.port, "while True:\n    print('x' * 100)", NULL);
  /* Killed at the ceiling, not at the deadline: a job past its deadline
   * is "timeout" whatever it wrote. */
  assert_status_is(doc, "output_limit");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "stdout_truncated")));
  /* What the server read before it killed the child: one byte past. */
  cr_assert_eq(num_of(doc, "stdout_bytes"), 16001);
  cr_assert(strstr(str_of(doc, "stdout"), "\n[... 15001 bytes left out ...]\n"), "%s",
            str_of(doc, "stdout"));
  cr_assert_eq(strlen(str_of(doc, "stdout")), 1000 + strlen("\n[... 15001 bytes left out ...]\n"));
  cJSON_Delete(doc);
  assert_still_works(s.port);
  srv_stop(&s);

  srv_start(&s, set, NULL);
  doc = execute(s.port, "while True:\n    print('z' * 99)", NULL);
  assert_status_is(doc, "output_limit");
  cr_assert_eq(num_of(doc, "stdout_bytes"), 4001);
  full = numbered_lines(41, 100, 'z');
  for (unsigned i = 0; i < 41; i++)
    memset(full + 100 * i, 'z', 4); /* no numbers in this one */
  want = head_and_tail(full, 4001, 1000);
  cr_assert_str_eq(str_of(doc, "stdout"), want);
  cJSON_Delete(doc);
  free(full);
  free(want);
  srv_stop(&s);
}

/* stderr is kept and bounded the same way (warnings print to it). */
Test(execute, stderr_past_the_cap_and_past_the_ceiling) {
  struct ts_srv s;
  const char *const args[] = {"--max-output", "1000", NULL};
  static const char code[] = "import warnings\nfor i in range(100):\n    warnings.warn('w%05d' % i)";
  char *full = malloc(100 * 128), *want;
  size_t len = 0;
  cJSON *doc;

  cr_assert(full);
  for (unsigned i = 0; i < 100; i++)
    len += (size_t)snprintf(full + len, 128,
                            "<snippet>:3: UserWarning: w%05u\n  warnings.warn('w%%05d' %% i)\n", i);
  want = head_and_tail(full, len, 1000);
  srv_start(&s, args, NULL);
  doc = execute(s.port, code, NULL);
  assert_status_is(doc, "ok");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "stderr_truncated")));
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(doc, "stdout_truncated")));
  cr_assert_eq(num_of(doc, "stderr_bytes"), (double)len);
  cr_assert_eq(num_of(doc, "stdout_bytes"), 0);
  cr_assert_str_eq(str_of(doc, "stderr"), want);
  cJSON_Delete(doc);

  doc = execute(s.port,
                "import warnings\nwarnings.simplefilter('always')\nwhile True:\n"
                "    warnings.warn('w' * 100)",
                NULL);
  assert_status_is(doc, "output_limit");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(doc, "stderr_truncated")));
  cr_assert_eq(num_of(doc, "stderr_bytes"), 16001);
  cr_assert(strstr(str_of(doc, "stderr"), "\n[... 15001 bytes left out ...]\n"));
  cJSON_Delete(doc);
  assert_still_works(s.port);
  free(full);
  free(want);
  srv_stop(&s);
}

Test(execute, memory_that_runs_out_while_growing_is_memory_limit) {
#ifdef TS_SANITIZE
  cr_skip_test("RLIMIT_AS is not applied in sanitizer builds; this runs on the normal build");
#else
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  /* A single request beyond the allowance: an error of type MemoryError,
   * not memory_limit, which needs the peak memory the kernel reports. */
  doc = execute(s.port, "x = bytearray(512 * 1024 * 1024)", "\"memory_mb\": 64");
  assert_status_is(doc, "error");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(doc, "error"), "type"), "MemoryError");
  cJSON_Delete(doc);
  doc = execute(s.port, "x = []\nwhile True:\n    x.append('y' * 100000)", "\"memory_mb\": 64");
  assert_status_is(doc, "memory_limit");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(doc, "error"), "type"), "MemoryError");
  cJSON_Delete(doc);
  assert_still_works(s.port);
  srv_stop(&s);
#endif
}

Test(execute, deep_recursion_is_an_error) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = execute(s.port, "def f(n):\n    return f(n + 1)\nf(0)", NULL);
  assert_status_is(doc, "error");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(doc, "error"), "type"), "RecursionError");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(execute, huge_power_ends_in_a_limit) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = execute(s.port, "x = 10 ** 10 ** 8", "\"timeout\": 1");
  cr_assert(strcmp(status_of(doc), "timeout") == 0 || strcmp(status_of(doc), "memory_limit") == 0,
            "got %s", status_of(doc));
  cJSON_Delete(doc);
  assert_still_works(s.port);
  srv_stop(&s);
}

Test(execute, stdin_is_served_when_input_is_allowed) {
  struct ts_srv s;
  const char *const args[] = {"--banned-names", "eval,exec,open,compile", NULL};
  cJSON *doc;

  srv_start(&s, args, NULL);
  doc = execute(s.port, "a = input()\nb = input('> ')\nprint(a.upper(), b)", "\"stdin\": \"hello\\nworld\\n\"");
  assert_status_is(doc, "ok");
  cr_assert_str_eq(str_of(doc, "stdout"), "> HELLO world\n");
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* ---- limits ---- */

Test(execute, limits_above_their_maximum_are_400) {
  struct ts_srv s;
  const char *const args[] = {"--max-timeout", "5", "--max-memory-mb", "512", NULL};
  struct http_resp r;

  srv_start(&s, args, NULL);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"1\",\"timeout\":10}", &r));
  assert_json_error_msg(&r, 400, "limit_exceeded", "timeout");
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"1\",\"timeout\":0}", &r));
  assert_json_error_msg(&r, 400, "limit_exceeded", "timeout");
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"1\",\"memory_mb\":4096}", &r));
  assert_json_error_msg(&r, 400, "limit_exceeded", "memory_mb");
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"1\",\"memory_mb\":1.5}", &r));
  assert_json_error_msg(&r, 400, "invalid_field", "memory_mb");
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"1\",\"timeout\":\"2\"}", &r));
  assert_json_error_msg(&r, 400, "invalid_field", "timeout");
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"1\",\"stdin\":5}", &r));
  assert_json_error_msg(&r, 400, "invalid_field", "stdin");
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute", "{\"timeout\":1}", &r));
  assert_json_error_msg(&r, 400, "missing_field", "code");
  http_resp_free(&r);
  srv_stop(&s);
}

/* ---- concurrency ---- */

static const char sleeper[] = "{\"code\":\"import time\\ntime.sleep(1.5)\\nprint('slept')\",\"timeout\":5}";
/* Sleeps far beyond every wait of a test: it ends when its client hangs
 * up, so a test decides when its slot frees, not the machine's speed. */
static const char holder[] = "{\"code\":\"import time\\ntime.sleep(100)\",\"timeout\":120}";

static int post_open(unsigned port, const char *json) {
  int fd = http_post_open(port, "/execute", json);

  cr_assert(fd >= 0, "%s", http_last_error());
  return fd;
}

/* Waits until the server reports `inflight` executions, `queued` of them
 * waiting for a slot (the others have their sandbox). */
static void wait_executions(unsigned port, double inflight, double queued) {
  cr_assert(wait_metric(port, "tool_sandbox_executions_in_flight", inflight, HARNESS_WAIT_MS) &&
                wait_metric(port, "tool_sandbox_execution_queue_depth", queued, HARNESS_WAIT_MS),
            "want %.0f executions in flight, %.0f queued; the server reports %.0f and %.0f",
            inflight, queued, metric_value(port, "tool_sandbox_executions_in_flight"),
            metric_value(port, "tool_sandbox_execution_queue_depth"));
}

Test(execute, full_slots_and_queue_give_429_with_retry_after) {
  struct ts_srv s;
  const char *const args[] = {"--max-concurrency", "1", "--max-queue", "1", "--max-timeout",
                              "120", NULL};
  struct bg b = {0, "{\"code\":\"print('B')\"}", 0, ""};
  pthread_t tb;
  struct http_resp r;
  int fa;

  srv_start(&s, args, NULL);
  b.port = s.port;
  fa = post_open(s.port, holder); /* A holds the only slot */
  wait_executions(s.port, 1, 0);
  pthread_create(&tb, NULL, bg_post, &b);
  wait_executions(s.port, 2, 1); /* B has the only place in the queue */
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"print(1)\"}", &r));
  assert_json_error(&r, 429, "too_many_requests");
  cr_assert_str_eq(http_header(&r, "Retry-After"), "1");
  http_resp_free(&r);
  /* A's client leaves: its sandbox is killed, and the queued one runs. */
  cr_assert(sock_quiet(fa), "A was answered while it should still be running");
  close(fa);
  pthread_join(tb, NULL);
  cr_assert_eq(b.status, 200, "the queued one ran too: %s", b.text);
  cr_assert(strstr(b.text, "\"status\":\"ok\"") && strstr(b.text, "\"stdout\":\"B\\n\""), "%s",
            b.text);
  assert_still_works(s.port);
  srv_stop(&s);
}

Test(execute, healthz_and_validate_answered_while_executions_run) {
  struct ts_srv s;
  const char *const args[] = {"--max-concurrency", "2", "--threads", "2", "--max-timeout",
                              "120", NULL};
  int jobs[4];
  struct http_resp r;

  srv_start(&s, args, NULL);
  /* Two executions running and two queued, none of which can end by
   * itself during the test. */
  for (int i = 0; i < 4; i++)
    jobs[i] = post_open(s.port, holder);
  wait_executions(s.port, 4, 2);
  /* Answered while they are all still there: if /healthz or /validate
   * waited behind them, they would wait 100 s, and the client gives up
   * after 10. */
  for (int i = 0; i < 10; i++) {
    HTTP_OK(http_get(s.port, "/healthz", &r));
    assert_status(&r, 200);
    http_resp_free(&r);
    HTTP_OK(post_json(s.port, "/validate", "{\"code\":\"print(1)\"}", &r));
    assert_status(&r, 200);
    http_resp_free(&r);
  }
  cr_assert_eq(metric_value(s.port, "tool_sandbox_executions_in_flight"), 4);
  for (int i = 0; i < 4; i++) {
    cr_assert(sock_quiet(jobs[i]), "execution %d was answered", i);
    close(jobs[i]);
  }
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_in_flight", 0, HARNESS_WAIT_MS),
            "the executions whose clients left are still in flight");
  srv_stop(&s);
}

Test(execute, sigterm_lets_running_executions_finish) {
  struct ts_srv s;
  struct bg a;
  pthread_t ta;

  srv_start(&s, NULL, NULL);
  a = (struct bg){s.port, sleeper, 0, ""};
  pthread_create(&ta, NULL, bg_post, &a);
  wait_executions(s.port, 1, 0); /* it has its sandbox */
  srv_stop(&s); /* SIGTERM; requires exit 0 */
  pthread_join(ta, NULL);
  cr_assert_eq(a.status, 200, "%s", a.text);
  cr_assert(strstr(a.text, "slept"), "%s", a.text);
}

Test(execute, unlisted_submodules_of_allowed_packages_are_refused_at_run_time) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  /* json.tool would bring in argparse, whose FileType opens files. */
  doc = execute(s.port, "from json import tool", NULL);
  assert_status_is(doc, "error");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(doc, "error"), "type"), "ImportError");
  cJSON_Delete(doc);
  doc = execute(s.port, "from collections import abc\nprint(abc.Mapping.__name__)", NULL);
  assert_status_is(doc, "ok");
  cr_assert_str_eq(str_of(doc, "stdout"), "Mapping\n");
  cJSON_Delete(doc);
  srv_stop(&s);
}
