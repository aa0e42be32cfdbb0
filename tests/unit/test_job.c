/* The child->parent report parser: any bytes a compromised child writes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <criterion/criterion.h>

#include "sandbox/job.h"

/* A compromised child's report: invalid UTF-8 cuts the text there, in one
 * pass (a 64 KiB traceback with a bad byte in the middle). */
Test(child_report, invalid_utf8_is_cut_at_the_first_bad_byte) {
  size_t n = 70000;
  char *tb = malloc(n);
  cJSON *root = cJSON_CreateObject(), *e = cJSON_AddObjectToObject(root, "error");
  struct ts_child_report r;
  char *text;

  cr_assert(tb);
  memset(tb, 'a', n - 1);
  tb[n - 1] = '\0';
  tb[30000] = (char)0xff;
  cJSON_AddStringToObject(e, "type", "ValueError");
  cJSON_AddStringToObject(e, "traceback", tb);
  text = cJSON_PrintUnformatted(root);
  cr_assert_eq(ts_child_report_parse(text, strlen(text), &r), 0);
  cr_assert(r.has_error);
  cr_assert_str_eq(r.type, "ValueError");
  cr_assert_eq(strlen(r.traceback), 30000);
  ts_child_report_free(&r);
  cJSON_Delete(root);
  free(text);
  free(tb);
}

/* Decides whether the server may answer before the child's exit. */
Test(child_report, complete_only_when_one_whole_report) {
  static const struct {
    const char *s;
    bool complete;
  } cases[] = {
      {"{\"error\":null}", true},
      {"{\"error\":null}\n", true},
      {"{\"error\":{\"type\":\"ValueError\",\"message\":\"x\"}}", true},
      {"", false},
      {"{\"error\":null", false},                            /* cut short */
      {"{\"error\":null}{\"error\":{\"type\":\"E\"}}", false}, /* forged first */
      {"{\"error\":null}garbage", false},
      {"{\"error\":1}", false},
      {"{}", false},
      {"[{\"error\":null}]", false},
      {"{\"setup_error\":{\"stage\":\"seccomp\",\"errno\":1},\"error\":null}", false},
      {"\xff\xfe", false},
  };

  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
    cr_expect_eq(ts_child_report_complete(cases[i].s, strlen(cases[i].s)), cases[i].complete,
                 "case %zu: %s", i, cases[i].s);
  cr_expect(!ts_child_report_complete(NULL, 0));
}

/* The audit trace is the child's word: well-formed entries are kept up to
 * TS_AUDIT_MAX, the rest is counted as dropped, never trusted further. */
Test(child_report, audit_trace_is_bounded_and_checked) {
  char buf[16384];
  size_t n = 0;
  struct ts_child_report r;

  n += (size_t)snprintf(buf + n, sizeof buf - n,
                        "{\"error\":null,\"audit_dropped\":2,\"audit\":["
                        "{\"event\":\"open\",\"detail\":\"/etc/passwd (mode r)\",\"line\":3,"
                        "\"action\":\"refused\"},"
                        "{\"event\":\"import\",\"detail\":\"os\",\"line\":null,\"action\":\"allowed\"},"
                        "{\"event\":\"x\",\"detail\":\"y\",\"action\":\"deleted\"},"
                        "{\"event\":1,\"detail\":\"y\",\"action\":\"refused\"},"
                        "7");
  for (int i = 0; i < 40; i++)
    n += (size_t)snprintf(buf + n, sizeof buf - n,
                          ",{\"event\":\"e%d\",\"detail\":\"d\",\"line\":1e12,\"action\":\"refused\"}",
                          i);
  n += (size_t)snprintf(buf + n, sizeof buf - n, "]}");
  cr_assert_lt(n, sizeof buf);
  cr_assert_eq(ts_child_report_parse(buf, n, &r), 0);
  cr_assert_eq(r.naudit, TS_AUDIT_MAX);
  cr_assert_str_eq(r.audit[0].event, "open");
  cr_assert_str_eq(r.audit[0].detail, "/etc/passwd (mode r)");
  cr_assert(r.audit[0].refused);
  cr_assert_eq(r.audit[0].line, 3);
  cr_assert(!r.audit[1].refused);
  cr_assert_eq(r.audit[1].line, 0);
  cr_assert_str_eq(r.audit[2].event, "e0");
  cr_assert_eq(r.audit[2].line, 0, "an absurd line number is dropped");
  /* 2 reported + 3 malformed (bad action, non-string event, not an
   * object) + 40 - 30 past the cap */
  cr_assert_eq(r.audit_dropped, 2 + 3 + 10);
  ts_child_report_free(&r);
}
