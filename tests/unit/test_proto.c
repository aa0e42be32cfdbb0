/* The wire protocol (src/sandbox/proto.c), both ways: what the child
 * encodes, the server decodes to the same thing; any other bytes decode
 * to a malformed report, never to more. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <criterion/criterion.h>

#include "sandbox/proto.h"

/* Encodes one record the way a child does (ts_report_write into a pipe)
 * and returns what the server would read. */
static char *through_pipe(uint32_t type, const void *payload, size_t len, size_t *out_len) {
  int p[2];
  size_t cap = len + 64, n = 0;
  char *buf = malloc(cap);
  ssize_t r;

  cr_assert(buf);
  cr_assert_eq(pipe2(p, O_CLOEXEC), 0);
  cr_assert_eq(fcntl(p[1], F_SETPIPE_SZ, 1 << 20) >= 0, 1);
  cr_assert_eq(ts_report_write(p[1], type, payload, len), 0);
  close(p[1]);
  while ((r = read(p[0], buf + n, cap - n)) > 0)
    n += (size_t)r;
  close(p[0]);
  *out_len = n;
  return buf;
}

static void decode_json(uint32_t type, const char *json, struct ts_child_report *r) {
  size_t n;
  char *buf = through_pipe(type, json, strlen(json), &n);

  cr_assert_eq(n, sizeof(struct ts_rec_hdr) + strlen(json));
  ts_report_decode(buf, n, r);
  free(buf);
}

Test(report, result_records_round_trip) {
  struct ts_child_report r;

  decode_json(TS_REC_RESULT_OK, "{\"error\":null}", &r);
  cr_assert_eq(r.kind, TS_REPORT_OK);
  cr_assert_null(r.type);
  ts_child_report_free(&r);

  decode_json(TS_REC_RESULT_EXCEPTION,
              "{\"error\":{\"type\":\"ValueError\",\"message\":\"bad\",\"traceback\":\"tb\","
              "\"line\":7}}",
              &r);
  cr_assert_eq(r.kind, TS_REPORT_EXCEPTION);
  cr_assert_str_eq(r.type, "ValueError");
  cr_assert_str_eq(r.message, "bad");
  cr_assert_str_eq(r.traceback, "tb");
  cr_assert_eq(r.line, 7);
  ts_child_report_free(&r);
  cr_assert_eq(r.kind, TS_REPORT_EXCEPTION, "free keeps the kind");
  cr_assert_null(r.type);
}

Test(report, setup_error_round_trips_without_allocation) {
  char buf[256];
  int p[2];
  ssize_t n;
  struct ts_child_report r;

  cr_assert_eq(pipe(p), 0);
  cr_assert_eq(ts_report_setup_error(p[1], "uid_map", EPERM), 0);
  cr_assert_eq(ts_report_setup_error(-1, "x", 1), -1, "a bad fd fails, quietly");
  close(p[1]);
  n = read(p[0], buf, sizeof buf);
  close(p[0]);
  cr_assert_eq(n, (ssize_t)(sizeof(struct ts_rec_hdr) + sizeof(struct ts_setup_error)));
  ts_report_decode(buf, (size_t)n, &r);
  cr_assert_eq(r.kind, TS_REPORT_SETUP_ERROR);
  cr_assert_str_eq(r.setup_stage, "uid_map");
  cr_assert_eq(r.setup_errno, EPERM);
  cr_assert(!ts_report_is_result(buf, (size_t)n));
  ts_child_report_free(&r);
}

/* A stage name longer than the record holds is cut, still terminated. */
Test(report, long_stage_is_cut) {
  char stage[200], buf[256];
  int p[2];
  ssize_t n;
  struct ts_child_report r;

  memset(stage, 's', sizeof stage - 1);
  stage[sizeof stage - 1] = '\0';
  cr_assert_eq(pipe(p), 0);
  cr_assert_eq(ts_report_setup_error(p[1], stage, 5), 0);
  close(p[1]);
  n = read(p[0], buf, sizeof buf);
  close(p[0]);
  ts_report_decode(buf, (size_t)n, &r);
  cr_assert_eq(r.kind, TS_REPORT_SETUP_ERROR);
  cr_assert_eq(strlen(r.setup_stage), sizeof r.setup_stage - 1);
}

static struct ts_child_report decode_bytes(const void *buf, size_t len) {
  struct ts_child_report r;

  ts_report_decode(buf, len, &r);
  return r;
}

static size_t record(char *buf, uint32_t type, uint32_t len, const char *payload, size_t n) {
  struct ts_rec_hdr h = {type, len};

  memcpy(buf, &h, sizeof h);
  memcpy(buf + sizeof h, payload, n);
  return sizeof h + n;
}

/* Anything but exactly one well-formed record is malformed: a forged
 * record before the real one, a record cut short, bytes after it, an
 * unknown type, JSON that does not match the record type. */
Test(report, anything_else_is_malformed) {
  char buf[512];
  size_t n, m;
  struct ts_child_report r;

  r = decode_bytes("", 0);
  cr_assert_eq(r.kind, TS_REPORT_NONE);
  r = decode_bytes("{\"error\":null}", 14);
  cr_assert_eq(r.kind, TS_REPORT_MALFORMED, "the old unframed JSON");

  n = record(buf, TS_REC_RESULT_OK, 14, "{\"error\":null}", 14);
  cr_assert(ts_report_is_result(buf, n));
  cr_assert_eq(decode_bytes(buf, n).kind, TS_REPORT_OK);
  cr_assert(!ts_report_is_result(buf, n - 1));
  cr_assert_eq(decode_bytes(buf, n - 1).kind, TS_REPORT_MALFORMED, "cut short");
  buf[n] = '\n';
  cr_assert(!ts_report_is_result(buf, n + 1));
  cr_assert_eq(decode_bytes(buf, n + 1).kind, TS_REPORT_MALFORMED, "trailing byte");

  m = record(buf, TS_REC_RESULT_EXCEPTION, 14, "{\"error\":null}", 14);
  cr_assert_eq(decode_bytes(buf, m).kind, TS_REPORT_MALFORMED, "exception without an error");
  m = record(buf, TS_REC_RESULT_OK, 17, "{\"error\":{\"a\":1}}", 17);
  cr_assert_eq(decode_bytes(buf, m).kind, TS_REPORT_MALFORMED, "clean end with an error");
  m = record(buf, 99, 14, "{\"error\":null}", 14);
  cr_assert_eq(decode_bytes(buf, m).kind, TS_REPORT_MALFORMED, "unknown type");
  m = record(buf, TS_REC_RESULT_OK, 3, "[1]", 3);
  cr_assert_eq(decode_bytes(buf, m).kind, TS_REPORT_MALFORMED, "not an object");
  m = record(buf, TS_REC_SETUP_ERROR, 4, "abcd", 4);
  cr_assert_eq(decode_bytes(buf, m).kind, TS_REPORT_MALFORMED, "short setup error");

  /* A snippet that forges a clean end before the runner's exception. */
  n = record(buf, TS_REC_RESULT_OK, 14, "{\"error\":null}", 14);
  n += record(buf + n, TS_REC_RESULT_EXCEPTION, 28, "{\"error\":{\"type\":\"ValueError\"}}", 28);
  cr_assert(!ts_report_is_result(buf, n));
  cr_assert_eq(decode_bytes(buf, n).kind, TS_REPORT_MALFORMED);
  cr_assert(!ts_report_is_result(NULL, 0));
}

/* A compromised child's report: invalid UTF-8 cuts the text there, in one
 * pass (a 64 KiB traceback with a bad byte in the middle). */
Test(report, invalid_utf8_is_cut_at_the_first_bad_byte) {
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
  decode_json(TS_REC_RESULT_EXCEPTION, text, &r);
  cr_assert_eq(r.kind, TS_REPORT_EXCEPTION);
  cr_assert_str_eq(r.type, "ValueError");
  cr_assert_eq(strlen(r.traceback), 30000);
  ts_child_report_free(&r);
  cJSON_Delete(root);
  free(text);
  free(tb);
}

/* A record larger than the server would read is refused by the writer. */
Test(report, writer_refuses_what_the_reader_would_not_take) {
  int p[2];

  cr_assert_eq(pipe(p), 0);
  cr_assert_eq(ts_report_write(p[1], TS_REC_RESULT_OK, "", TS_REPORT_MAX), -1);
  close(p[0]);
  close(p[1]);
}

/* The audit trace is the child's word: well-formed entries are kept up to
 * TS_AUDIT_MAX, the rest is counted as dropped, never trusted further. */
Test(report, audit_trace_is_bounded_and_checked) {
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
  decode_json(TS_REC_RESULT_OK, buf, &r);
  cr_assert_eq(r.kind, TS_REPORT_OK);
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

/* A record of many tiny values is not parsed at all: its cost would be
 * the server's, per value.  Separators inside strings are text. */
static char *values_json(size_t values, bool commas_in_a_string) {
  size_t cap = values * 3 + 64, n = 0;
  char *buf = malloc(cap);

  cr_assert(buf);
  n += (size_t)snprintf(buf + n, cap - n, "{\"error\":null,\"audit\":[");
  if (commas_in_a_string) {
    /* "\",\",...\\": escaped quotes and commas, an escaped backslash */
    buf[n++] = '"';
    for (size_t i = 0; i < values; i++) {
      buf[n++] = '\\';
      buf[n++] = '"';
      buf[n++] = ',';
    }
    buf[n++] = '\\';
    buf[n++] = '\\';
    buf[n++] = '"';
  } else {
    for (size_t i = 0; i < values; i++) {
      buf[n++] = '1';
      buf[n++] = ',';
    }
    n--; /* the last comma */
  }
  n += (size_t)snprintf(buf + n, cap - n, "]}");
  cr_assert_lt(n, cap);
  return buf;
}

Test(report, too_many_values_are_not_parsed) {
  struct ts_child_report r;
  /* the root, the audit array and its items: 4 + items at most */
  char *json = values_json(TS_REPORT_MAX_VALUES - 4, false);

  decode_json(TS_REC_RESULT_OK, json, &r);
  cr_assert_eq(r.kind, TS_REPORT_OK);
  cr_assert_eq(r.audit_dropped, TS_REPORT_MAX_VALUES - 4, "each non-object item is dropped");
  ts_child_report_free(&r);
  free(json);

  json = values_json(TS_REPORT_MAX_VALUES, false);
  decode_json(TS_REC_RESULT_OK, json, &r);
  cr_assert_eq(r.kind, TS_REPORT_MALFORMED);
  ts_child_report_free(&r);
  free(json);

  /* commas, escaped quotes and backslashes inside one string */
  json = values_json(TS_REPORT_MAX_VALUES * 4, true);
  decode_json(TS_REC_RESULT_OK, json, &r);
  cr_assert_eq(r.kind, TS_REPORT_OK);
  cr_assert_eq(r.audit_dropped, 1);
  ts_child_report_free(&r);
  free(json);
}

/* The job, both ways, and a reader that skips what it does not know. */
Test(job, round_trip_and_unknown_records) {
  struct ts_job in = {"print(1)", 8, "in", 2, {64, 3, TS_JOB_F_RAW}}, out;
  ts_err err;
  size_t len;
  char *buf = ts_job_encode(&in, &len, &err), *grown;

  cr_assert(buf);
  cr_assert_eq(ts_job_decode(buf, len, &out), 0);
  cr_assert_eq(out.code_len, 8);
  cr_assert_eq(memcmp(out.code, "print(1)", 8), 0);
  cr_assert_eq(out.stdin_len, 2);
  cr_assert_eq(out.limits.memory_mb, 64);
  cr_assert_eq(out.limits.cpu_seconds, 3);
  cr_assert_eq(out.limits.flags, TS_JOB_F_RAW);
  /* A record type from a later version, appended: skipped. */
  grown = malloc(len + 12);
  cr_assert(grown);
  memcpy(grown, buf, len);
  memcpy(grown + len, &(uint32_t[2]){77, 4}, 8);
  memcpy(grown + len + 8, "next", 4);
  cr_assert_eq(ts_job_decode(grown, len + 12, &out), 0);
  cr_assert_eq(out.code_len, 8);
  cr_assert_eq(ts_job_decode(grown, len + 11, &out), -1, "a record cut short");
  cr_assert_eq(ts_job_decode("TSJ0", 4, &out), -1, "wrong magic");
  cr_assert_eq(ts_job_decode("TSJ1", 4, &out), -1, "no code");
  free(grown);
  free(buf);
}
