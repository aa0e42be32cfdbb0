/* The value of a snippet's last expression (`result`) and its display()
 * outputs, through HTTP: what comes back for ordinary values, for values
 * whose repr raises or is huge, for objects of the IPython display
 * protocol, and what the bounds drop and say they dropped. */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <criterion/criterion.h>

#include "harness.h"

TestSuite(results, .fini = srv_cleanup_all, .timeout = 120);

static const char *const runtime_only[] = {"--static-validation", "false", NULL};

static cJSON *run(unsigned port, const char *code) {
  return execute_code(port, code, 0);
}

static const char *str_of(const cJSON *o, const char *name) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
  return cJSON_IsString(v) ? v->valuestring : NULL;
}

static const cJSON *get(const cJSON *o, const char *name) {
  return cJSON_GetObjectItemCaseSensitive(o, name);
}

static void assert_ok(const cJSON *doc, const char *code) {
  const char *status = str_of(doc, "status");
  char *text = cJSON_PrintUnformatted(doc);

  cr_assert(status && strcmp(status, "ok") == 0, "%s\nanswer: %.2000s", code, text);
  free(text);
}

/* The result of `code` must have this type and repr, not be truncated,
 * and carry `json` (compact JSON text) or none when json_want is NULL. */
static void assert_result(unsigned port, const char *code, const char *type, const char *repr,
                          const char *json_want) {
  cJSON *doc = run(port, code);
  const cJSON *res = get(doc, "result");
  const cJSON *json;

  assert_ok(doc, code);
  cr_assert(cJSON_IsObject(res), "%s: no result", code);
  cr_assert_str_eq(str_of(res, "type"), type, "%s", code);
  cr_assert_str_eq(str_of(res, "repr"), repr, "%s", code);
  cr_assert(cJSON_IsFalse(get(res, "repr_truncated")), "%s", code);
  json = get(res, "json");
  if (json_want) {
    char *text;
    cr_assert_not_null(json, "%s: no json", code);
    text = cJSON_PrintUnformatted(json);
    cr_assert_str_eq(text, json_want, "%s", code);
    free(text);
  } else {
    cr_assert_null(json, "%s: json present", code);
  }
  cr_assert_null(get(res, "data"), "%s: a plain value has no bundle", code);
  cr_assert_str_eq(str_of(doc, "stdout"), "", "%s: the value is not printed", code);
  cJSON_Delete(doc);
}

static void assert_no_result(unsigned port, const char *code, const char *stdout_want) {
  cJSON *doc = run(port, code);

  assert_ok(doc, code);
  cr_assert(cJSON_IsNull(get(doc, "result")), "%s", code);
  cr_assert_str_eq(str_of(doc, "stdout"), stdout_want, "%s", code);
  cr_assert(cJSON_IsArray(get(doc, "outputs")) && cJSON_GetArraySize(get(doc, "outputs")) == 0);
  cr_assert_eq(get(doc, "outputs_dropped")->valuedouble, 0);
  cJSON_Delete(doc);
}

Test(results, the_last_expression_is_the_result) {
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  assert_result(s.port, "6 * 7", "int", "42", "42");
  assert_result(s.port, "x = 'caf\xc3\xa9'\nx", "str", "'caf\xc3\xa9'", "\"caf\xc3\xa9\"");
  assert_result(s.port, "import math\n{'pi': round(math.pi, 2), 'ok': [True, None, -1.5]}",
                "dict", "{'pi': 3.14, 'ok': [True, None, -1.5]}",
                "{\"pi\":3.14,\"ok\":[true,null,-1.5]}");
  assert_result(s.port, "[i * i for i in range(4)]", "list", "[0, 1, 4, 9]", "[0,1,4,9]");
  assert_result(s.port, "def f():\n    return 2\ny = f()\ny + 1", "int", "3", "3");
  /* Not JSON as it is: tuples, int keys, big ints, nan, sets, objects. */
  assert_result(s.port, "(1, 2)", "tuple", "(1, 2)", NULL);
  assert_result(s.port, "{1: 'a'}", "dict", "{1: 'a'}", NULL);
  assert_result(s.port, "2 ** 60", "int", "1152921504606846976", NULL);
  assert_result(s.port, "float('nan')", "float", "nan", NULL);
  assert_result(s.port, "{1}", "set", "{1}", NULL);
  assert_result(s.port, "class Point:\n    def __repr__(self):\n        return 'Point()'\nPoint()",
                "Point", "Point()", NULL);
  assert_result(s.port, "x = []\nx.append(x)\nx", "list", "[[...]]", NULL);
  /* Constants (the compiler drops a constant statement), a statement on
   * the same line, a conditional expression, and a last value reached on
   * two paths. */
  assert_result(s.port, "x = 1\n'done'", "str", "'done'", "\"done\"");
  assert_result(s.port, "x = 2; x * 3", "int", "6", "6");
  assert_result(s.port, "a = 0\n'yes' if a else 'no'", "str", "'no'", "\"no\"");
  assert_result(s.port, "a = 1\n(lambda: 5)() if a else 7", "int", "5", "5");
  /* A last expression the compiler folds and drops, after a call whose
   * value (None) is the last one the compiled code still discards. */
  assert_result(s.port, "abs(1)\n6 * 7", "int", "42", "42");
  assert_result(s.port, "abs(1)\n-(2 ** 3)", "int", "-8", "-8");
  assert_result(s.port, "abs(1)\n(1, -2)[1]", "int", "-2", "-2");
  assert_result(s.port, "abs(1)\n'ab' * 2", "str", "'abab'", "\"abab\"");
  /* None, and statements that are no expression, give none. */
  assert_no_result(s.port, "None", "");
  assert_no_result(s.port, "print('hi')", "hi\n");
  assert_no_result(s.port, "x = 5", "");
  assert_no_result(s.port, "for i in range(2):\n    i", "");
  /* An if whose body ends in an expression: the last statement is not one. */
  assert_no_result(s.port, "if True:\n    5 + int('1')", "");
  assert_no_result(s.port, "a = 1\nif a:\n    abs(-3)\nelse:\n    abs(-4)", "");
  assert_no_result(s.port, "def f():\n    return 1", "");
  assert_no_result(s.port, "", "");
  srv_stop(&s);
}

/* The body's text: numbers as the server printed them. */
static char *run_text(unsigned port, const char *code) {
  char *json, *text;
  cJSON *req = cJSON_CreateObject();
  struct http_resp r;

  cJSON_AddStringToObject(req, "code", code);
  json = cJSON_PrintUnformatted(req);
  cJSON_Delete(req);
  HTTP_OK(post_json(port, "/execute", json, &r));
  free(json);
  assert_status(&r, 200);
  text = strdup(r.body);
  http_resp_free(&r);
  return text;
}

Test(results, json_numbers_are_exact) {
  struct ts_srv s;
  char *text;

  srv_start(&s, NULL, NULL);
  text = run_text(s.port, "[2 ** 53, -(2 ** 53), 0.1 + 0.2, 1e300, 5e-324, -0.0, 10 ** 15 + 1]");
  cr_assert_not_null(strstr(text, "\"json\":[9007199254740992,-9007199254740992,"
                                  "0.30000000000000004,1e+300,4.94065645841247e-324,-0,"
                                  "1000000000000001]"),
                     "%s", text);
  free(text);
  srv_stop(&s);
}

Test(results, an_error_has_no_result_and_compile_errors_stay_the_snippets) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = run(s.port, "x = 1\n1 / 0");
  cr_assert_str_eq(str_of(doc, "status"), "error");
  cr_assert_str_eq(str_of(get(doc, "error"), "type"), "ZeroDivisionError");
  cr_assert_eq(get(get(doc, "error"), "line")->valuedouble, 2);
  cr_assert(cJSON_IsNull(get(doc, "result")));
  cJSON_Delete(doc);
  /* The compiler's own SyntaxError, after the parser's: as before. */
  doc = run(s.port, "x = 1\nreturn x");
  cr_assert_str_eq(str_of(doc, "status"), "error");
  cr_assert_str_eq(str_of(get(doc, "error"), "type"), "SyntaxError");
  cr_assert_eq(get(get(doc, "error"), "line")->valuedouble, 2);
  cJSON_Delete(doc);
  /* The result is computed by the code that ran: once. */
  doc = run(s.port, "n = [0]\ndef f():\n    n[0] += 1\n    print('call', n[0])\n    return n[0]\nf()");
  assert_ok(doc, "f()");
  cr_assert_str_eq(str_of(doc, "stdout"), "call 1\n");
  cr_assert_str_eq(str_of(get(doc, "result"), "repr"), "1");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(results, a_repr_that_raises_or_is_huge_does_not_break_the_report) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *res;
  const char *repr;

  srv_start(&s, NULL, NULL);
  doc = run(s.port, "class Bad:\n    def __repr__(self):\n        raise ValueError('no')\nBad()");
  assert_ok(doc, "Bad()");
  res = get(doc, "result");
  cr_assert_str_eq(str_of(res, "type"), "Bad");
  cr_assert_str_eq(str_of(res, "repr"), "<repr failed: ValueError>");
  cr_assert(cJSON_IsFalse(get(res, "repr_truncated")));
  cJSON_Delete(doc);

  doc = run(s.port, "'x' * 100000");
  assert_ok(doc, "'x' * 100000");
  res = get(doc, "result");
  repr = str_of(res, "repr");
  cr_assert_eq(strlen(repr), 8192);
  cr_assert_eq(strncmp(repr, "'xxx", 4), 0);
  cr_assert(cJSON_IsTrue(get(res, "repr_truncated")));
  cr_assert_null(get(res, "json"), "past the cap: no json");
  cJSON_Delete(doc);

  /* Cut at a character boundary, in UTF-8 bytes. */
  doc = run(s.port, "'\xc3\xa9' * 10000");
  res = get(doc, "result");
  repr = str_of(res, "repr");
  cr_assert_eq(strlen(repr), 8191, "4095 two-byte characters after the quote");
  cr_assert(cJSON_IsTrue(get(res, "repr_truncated")));
  cJSON_Delete(doc);

  /* A repr that returns a str subclass, or a lone surrogate. */
  doc = run(s.port,
            "class S(str):\n    def __len__(self):\n        raise ValueError\n"
            "class R:\n    def __repr__(self):\n        return S('r' + chr(0xd800))\nR()");
  assert_ok(doc, "R()");
  cr_assert_str_eq(str_of(get(doc, "result"), "repr"), "r\\ud800");
  cJSON_Delete(doc);

  /* A repr that never returns is bounded by the timeout. */
  doc = execute_code(s.port, "class Slow:\n    def __repr__(self):\n        while True:\n            pass\nSlow()",
              1);
  cr_assert_str_eq(str_of(doc, "status"), "timeout");
  cr_assert(cJSON_IsNull(get(doc, "result")));
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* Decodes standard base64 into a new buffer; -1 on a bad character. */
static long b64_decode(const char *s, unsigned char **out) {
  static const char alphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t n = strlen(s), k = 0;
  uint32_t acc = 0;
  int bits = 0;
  unsigned char *buf = malloc(n / 4 * 3 + 3);

  cr_assert_not_null(buf);
  for (size_t i = 0; i < n && s[i] != '='; i++) {
    const char *p = strchr(alphabet, s[i]);
    if (!p || !s[i]) {
      free(buf);
      return -1;
    }
    acc = acc << 6 | (uint32_t)(p - alphabet);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      buf[k++] = (unsigned char)(acc >> bits);
    }
  }
  *out = buf;
  return (long)k;
}

static const char rich_class[] =
    "class Chart:\n"
    "    def __init__(self, n):\n"
    "        self.n = n\n"
    "    def __repr__(self):\n"
    "        return 'Chart(%d)' % self.n\n"
    "    def _repr_html_(self):\n"
    "        return '<b>chart %d</b>' % self.n\n"
    "    def _repr_png_(self):\n"
    "        return b'\\x89PNG\\r\\n\\x1a\\n' + bytes(range(256)) * self.n\n"
    "    def _repr_markdown_(self):\n"
    "        raise ValueError('skipped')\n"
    "    def _repr_latex_(self):\n"
    "        return 42\n"
    "    def _repr_json_(self):\n"
    "        return {'n': self.n}, {'metadata': 1}\n";

static void assert_png(const cJSON *data, int n) {
  const char *b64 = str_of(data, "image/png");
  unsigned char *png = NULL;
  long len;

  cr_assert_not_null(b64, "no image/png");
  len = b64_decode(b64, &png);
  cr_assert(png && len == 8 + 256 * n, "decoded %ld bytes", len);
  cr_assert_eq(memcmp(png, "\x89PNG\r\n\x1a\n", 8), 0);
  for (long i = 8; i < len; i++)
    cr_assert_eq(png[i], (unsigned char)((i - 8) % 256), "byte %ld", i);
  free(png);
}

Test(results, display_gives_mime_bundles_in_order) {
  struct ts_srv s;
  char code[4096];
  cJSON *doc;
  const cJSON *outputs, *data, *res;

  srv_start(&s, NULL, NULL);
  (void)snprintf(code, sizeof code,
                 "%sdisplay('first line')\ndisplay(Chart(1), 7)\nprint('printed')\ndisplay(int)\n"
                 "Chart(2)",
                 rich_class);
  doc = run(s.port, code);
  assert_ok(doc, code);
  cr_assert_str_eq(str_of(doc, "stdout"), "printed\n", "display prints nothing");
  outputs = get(doc, "outputs");
  cr_assert_eq(cJSON_GetArraySize(outputs), 4);
  cr_assert_eq(get(doc, "outputs_dropped")->valuedouble, 0);

  data = get(cJSON_GetArrayItem(outputs, 0), "data");
  cr_assert_str_eq(str_of(data, "text/plain"), "'first line'");
  cr_assert_eq(cJSON_GetArraySize(data), 1, "text only");

  data = get(cJSON_GetArrayItem(outputs, 1), "data");
  cr_assert_str_eq(str_of(data, "text/plain"), "Chart(1)");
  cr_assert_str_eq(str_of(data, "text/html"), "<b>chart 1</b>");
  assert_png(data, 1);
  cr_assert_eq(get(get(data, "application/json"), "n")->valuedouble, 1, "(data, metadata)");
  cr_assert_null(get(data, "text/markdown"), "a method that raises is skipped");
  cr_assert_null(get(data, "text/latex"), "a value of the wrong type is skipped");
  cr_assert_eq(cJSON_GetArraySize(data), 4);

  data = get(cJSON_GetArrayItem(outputs, 2), "data");
  cr_assert_str_eq(str_of(data, "text/plain"), "7");
  data = get(cJSON_GetArrayItem(outputs, 3), "data");
  cr_assert_str_eq(str_of(data, "text/plain"), "<class 'int'>");

  /* The result carries its bundle too. */
  res = get(doc, "result");
  cr_assert_str_eq(str_of(res, "type"), "Chart");
  cr_assert_str_eq(str_of(res, "repr"), "Chart(2)");
  cr_assert_null(get(res, "json"));
  data = get(res, "data");
  cr_assert_str_eq(str_of(data, "text/plain"), "Chart(2)");
  cr_assert_str_eq(str_of(data, "text/html"), "<b>chart 2</b>");
  assert_png(data, 2);
  cJSON_Delete(doc);

  /* Outputs made before an error are still there; a class's display
   * methods want an instance and are not called. */
  (void)snprintf(code, sizeof code, "%sdisplay(Chart)\ndisplay(Chart(1))\n1 / 0", rich_class);
  doc = run(s.port, code);
  cr_assert_str_eq(str_of(doc, "status"), "error");
  outputs = get(doc, "outputs");
  cr_assert_eq(cJSON_GetArraySize(outputs), 2);
  cr_assert_str_eq(str_of(get(cJSON_GetArrayItem(outputs, 0), "data"), "text/plain"),
                   "<class '__main__.Chart'>");
  cr_assert_eq(cJSON_GetArraySize(get(cJSON_GetArrayItem(outputs, 0), "data")), 1);
  cr_assert_str_eq(str_of(get(cJSON_GetArrayItem(outputs, 1), "data"), "text/html"),
                   "<b>chart 1</b>");
  cr_assert(cJSON_IsNull(get(doc, "result")));
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(results, display_floods_are_bounded_and_counted) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *outputs;

  srv_start(&s, NULL, NULL);
  /* By count: 64 kept, the rest counted. */
  doc = run(s.port, "for i in range(100):\n    display(i)\n'done'");
  assert_ok(doc, "display flood");
  outputs = get(doc, "outputs");
  cr_assert_eq(cJSON_GetArraySize(outputs), 64);
  cr_assert_str_eq(str_of(get(cJSON_GetArrayItem(outputs, 63), "data"), "text/plain"), "63");
  cr_assert_eq(get(doc, "outputs_dropped")->valuedouble, 36);
  cr_assert_str_eq(str_of(get(doc, "result"), "repr"), "'done'");
  cJSON_Delete(doc);

  /* By bytes: 4 MiB in all.  The second 3 MiB page does not fit, the small
   * one after it does; the result's own bundle no longer fits either. */
  doc = run(s.port,
            "class Page:\n    def _repr_html_(self):\n        return 'x' * (3 << 20)\n"
            "display(Page(), Page(), 'small')\nPage()");
  assert_ok(doc, "byte flood");
  outputs = get(doc, "outputs");
  cr_assert_eq(cJSON_GetArraySize(outputs), 2);
  cr_assert_eq(strlen(str_of(get(cJSON_GetArrayItem(outputs, 0), "data"), "text/html")),
               (size_t)3 << 20);
  cr_assert_str_eq(str_of(get(cJSON_GetArrayItem(outputs, 1), "data"), "text/plain"), "'small'");
  cr_assert_eq(get(doc, "outputs_dropped")->valuedouble, 2);
  cr_assert(cJSON_IsObject(get(doc, "result")), "the result itself stays");
  cr_assert_null(get(get(doc, "result"), "data"));
  cJSON_Delete(doc);

  /* application/json data counts its values too. */
  doc = run(s.port,
            "class Big:\n    def _repr_json_(self):\n        return list(range(20000))\n"
            "display(Big())");
  assert_ok(doc, "json flood");
  cr_assert_eq(get(doc, "outputs_dropped")->valuedouble, 1);
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* A display method may call display() itself: its output comes first,
 * both are counted once, and a full budget drops no plain result. */
Test(results, display_inside_a_display_method) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *outputs;

  srv_start(&s, NULL, NULL);
  doc = run(s.port,
            "class R:\n"
            "    def __repr__(self):\n"
            "        return 'R()'\n"
            "    def _repr_markdown_(self):\n"
            "        display('inner')\n"
            "        return '*r*'\n"
            "class Page:\n"
            "    def _repr_html_(self):\n"
            "        return 'x' * (4 << 20)\n"
            "display(R(), Page())\n"
            "7");
  assert_ok(doc, "nested display");
  outputs = get(doc, "outputs");
  cr_assert_eq(cJSON_GetArraySize(outputs), 2);
  cr_assert_str_eq(str_of(get(cJSON_GetArrayItem(outputs, 0), "data"), "text/plain"), "'inner'");
  cr_assert_str_eq(str_of(get(cJSON_GetArrayItem(outputs, 1), "data"), "text/markdown"), "*r*");
  cr_assert_eq(get(doc, "outputs_dropped")->valuedouble, 1, "the page only");
  cr_assert_str_eq(str_of(get(doc, "result"), "repr"), "7");
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* With the validator out of the way, the runtime layer alone: the code of
 * the last expression is checked like the rest, and the snippet's repr
 * and display methods run under the audit hook. */
Test(results, the_runtime_layer_covers_the_result_and_display_methods) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *audit;
  char *text;

  srv_start(&s, runtime_only, NULL);
  doc = run(s.port, "x = 1\n().__class__.__base__");
  cr_assert_str_eq(str_of(doc, "status"), "error");
  cr_assert_str_eq(str_of(get(doc, "error"), "type"), "SandboxRefused");
  audit = get(doc, "audit");
  cr_assert_eq(cJSON_GetArraySize(audit), 1);
  cr_assert_str_eq(str_of(cJSON_GetArrayItem(audit, 0), "event"), "code");
  cr_assert_eq(get(cJSON_GetArrayItem(audit, 0), "line")->valuedouble, 2);
  cr_assert(cJSON_IsNull(get(doc, "result")));
  cJSON_Delete(doc);

  doc = run(s.port,
            "class Sneaky:\n"
            "    def __repr__(self):\n"
            "        import subprocess\n"
            "        return 'never'\n"
            "    def _repr_html_(self):\n"
            "        import socket\n"
            "        return 'never'\n"
            "    def _repr_markdown_(self):\n"
            "        return '*fine*'\n"
            "display(Sneaky())\n"
            "Sneaky()");
  text = cJSON_PrintUnformatted(doc);
  assert_ok(doc, text);
  cr_assert_str_eq(str_of(get(doc, "result"), "repr"), "<repr failed: ImportError>");
  cr_assert_str_eq(str_of(get(get(doc, "result"), "data"), "text/markdown"), "*fine*");
  cr_assert_null(get(get(get(doc, "result"), "data"), "text/html"));
  audit = get(doc, "audit");
  cr_assert_eq(cJSON_GetArraySize(audit), 4, "%s", text);
  cr_assert_str_eq(str_of(cJSON_GetArrayItem(audit, 0), "detail"), "subprocess");
  cr_assert_str_eq(str_of(cJSON_GetArrayItem(audit, 1), "detail"), "socket");
  cr_assert_eq(get(cJSON_GetArrayItem(audit, 1), "line")->valuedouble, 6);
  free(text);
  cJSON_Delete(doc);

  /* display itself hands out nothing of the runner's. */
  doc = run(s.port, "print(display.__globals__)");
  cr_assert_str_eq(str_of(doc, "status"), "error");
  cr_assert_str_eq(str_of(cJSON_GetArrayItem(get(doc, "audit"), 0), "event"), "code");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(results, info_lists_the_limits) {
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc;
  const cJSON *limits;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_get(s.port, "/info", &r));
  doc = json_body(&r);
  limits = get(doc, "limits");
  cr_assert_eq(get(limits, "result_repr_bytes")->valuedouble, 8192);
  cr_assert_eq(get(limits, "outputs_max")->valuedouble, 64);
  cr_assert_eq(get(limits, "outputs_bytes")->valuedouble, 4 << 20);
  cr_assert_eq(get(limits, "outputs_json_values")->valuedouble, 16384);
  cJSON_Delete(doc);
  http_resp_free(&r);
  srv_stop(&s);
}

/* --max-outputs and --max-outputs-bytes: the runner and the server both
 * hold the configured bounds, and /info says them. */
Test(results, the_display_limits_are_configurable) {
  static const char *const few[] = {"--max-outputs", "2", "--max-outputs-bytes", "1024", NULL};
  static const char *const many[] = {"--max-outputs", "200", "--max-outputs-bytes", "8388608", NULL};
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc;

  srv_start(&s, few, NULL);
  HTTP_OK(http_get(s.port, "/info", &r));
  doc = json_body(&r);
  cr_assert_eq(get(get(doc, "limits"), "outputs_max")->valuedouble, 2);
  cr_assert_eq(get(get(doc, "limits"), "outputs_bytes")->valuedouble, 1024);
  cJSON_Delete(doc);
  http_resp_free(&r);
  doc = run(s.port, "for i in range(3):\n    display(i)\ndisplay('x' * 2000)");
  assert_ok(doc, "three small, one large");
  cr_assert_eq(cJSON_GetArraySize(get(doc, "outputs")), 2);
  cr_assert_eq(get(doc, "outputs_dropped")->valuedouble, 2);
  cJSON_Delete(doc);
  srv_stop(&s);

  /* More than the defaults (64 bundles, 4 MiB): 150 small, five of
   * 1.5 MiB of HTML. */
  srv_start(&s, many, NULL);
  doc = run(s.port, "class H:\n    def _repr_html_(self):\n        return 'h' * (3 << 19)\n"
                    "for i in range(150):\n    display(i)\n"
                    "for i in range(5):\n    display(H())");
  assert_ok(doc, "150 small, five of 1.5 MiB");
  cr_assert_eq(cJSON_GetArraySize(get(doc, "outputs")), 155);
  cr_assert_eq(get(doc, "outputs_dropped")->valuedouble, 0);
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* A bundle reaches the server as it is made: a run stopped at its
 * deadline keeps the outputs it made before. */
Test(results, outputs_made_before_a_timeout_stay) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = execute_code(s.port, "display('before')\nwhile True:\n    pass", 0.5);
  cr_assert_str_eq(str_of(doc, "status"), "timeout");
  cr_assert_eq(cJSON_GetArraySize(get(doc, "outputs")), 1);
  cr_assert_str_eq(str_of(get(cJSON_GetArrayItem(get(doc, "outputs"), 0), "data"), "text/plain"),
                   "'before'");
  cr_assert(cJSON_IsNull(get(doc, "result")));
  cJSON_Delete(doc);
  srv_stop(&s);
}
