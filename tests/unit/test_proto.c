/* The wire protocol (src/sandbox/proto.c), both ways: what the child
 * encodes, the server decodes to the same thing; any other bytes decode
 * to a malformed report, never to more. */
#include <errno.h>
#include <stdarg.h>
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
  ts_report_decode(buf, n, NULL, r);
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
  ts_report_decode(buf, (size_t)n, NULL, &r);
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
  ts_report_decode(buf, (size_t)n, NULL, &r);
  cr_assert_eq(r.kind, TS_REPORT_SETUP_ERROR);
  cr_assert_eq(strlen(r.setup_stage), sizeof r.setup_stage - 1);
}

static struct ts_child_report decode_bytes(const void *buf, size_t len) {
  struct ts_child_report r;

  ts_report_decode(buf, len, NULL, &r);
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

/* A session's call that ends after its report says so first: the report
 * decodes as ever, but it is no finished result (the server waits for the
 * exit); an ENDS record with a payload is malformed. */
Test(report, ends_record_is_no_finished_result) {
  char buf[512];
  size_t n;
  struct ts_child_report r;

  n = record(buf, TS_REC_ENDS, 0, "", 0);
  n += record(buf + n, TS_REC_RESULT_EXCEPTION, 32, "{\"error\":{\"type\":\"MemoryError\"}}", 32);
  cr_assert(!ts_report_is_result(buf, n));
  r = decode_bytes(buf, n);
  cr_assert_eq(r.kind, TS_REPORT_EXCEPTION);
  cr_assert_str_eq(r.type, "MemoryError");
  ts_child_report_free(&r);
  n = record(buf, TS_REC_ENDS, 1, "x", 1);
  n += record(buf + n, TS_REC_RESULT_OK, 14, "{\"error\":null}", 14);
  cr_assert_eq(decode_bytes(buf, n).kind, TS_REPORT_MALFORMED, "ENDS with a payload");
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

/* ---- the result and the display outputs ---- */

/* A report built in memory, record by record (records larger than a
 * pipe holds). */
struct rbuf {
  char *p;
  size_t len;
};

static void add_record(struct rbuf *b, uint32_t type, const char *payload, size_t n) {
  struct ts_rec_hdr h = {type, (uint32_t)n};

  b->p = realloc(b->p, b->len + sizeof h + n);
  cr_assert(b->p);
  memcpy(b->p + b->len, &h, sizeof h);
  memcpy(b->p + b->len + sizeof h, payload, n);
  b->len += sizeof h + n;
}

static void add_display(struct rbuf *b, const char *bundle) {
  add_record(b, TS_REC_DISPLAY, bundle, strlen(bundle));
}

/* The records of b, then a RESULT_OK of {"error":null, <members>},
 * decoded; kind OK required.  b is emptied. */
static void decode_with(struct rbuf *b, const char *members, struct ts_child_report *r) {
  size_t cap = strlen(members) + 32;
  char *json = malloc(cap);

  cr_assert(json);
  (void)snprintf(json, cap, "{\"error\":null%s%s}", members[0] ? "," : "", members);
  add_record(b, TS_REC_RESULT_OK, json, strlen(json));
  ts_report_decode(b->p, b->len, NULL, r);
  cr_assert_eq(r->kind, TS_REPORT_OK, "%s", members);
  free(json);
  free(b->p);
  b->p = NULL;
  b->len = 0;
}

static void decode_members(const char *members, struct ts_child_report *r) {
  struct rbuf b = {NULL, 0};

  decode_with(&b, members, r);
}

Test(display, result_and_outputs_round_trip) {
  struct ts_child_report r;
  struct rbuf b = {NULL, 0};
  char *text;

  add_display(&b, "{\"text/plain\":\"'a'\"}");
  add_display(&b, "{\"text/plain\":\"x\",\"text/markdown\":\"*m*\",\"text/latex\":\"$x$\","
                  "\"image/svg+xml\":\"<svg/>\",\"image/jpeg\":\"/9j/\"}");
  decode_with(&b,
              "\"result\":{\"type\":\"Chart\",\"repr\":\"Chart(2)\",\"repr_truncated\":false,"
              "\"json\":{\"a\":[1,2.5,null,true,\"x\"]},"
              "\"data\":{\"text/plain\":\"Chart(2)\",\"text/html\":\"<b>2</b>\","
              "\"image/png\":\"iVBORw0KGgo=\",\"application/json\":{\"n\":2}}},"
              "\"outputs_dropped\":3",
              &r);
  cr_assert_not_null(r.result);
  cr_assert_str_eq(r.result->type, "Chart");
  cr_assert_str_eq(r.result->repr, "Chart(2)");
  cr_assert(!r.result->repr_truncated);
  text = cJSON_PrintUnformatted(r.result->json);
  cr_assert_str_eq(text, "{\"a\":[1,2.5,null,true,\"x\"]}");
  free(text);
  cr_assert(r.result->has_data);
  cr_assert_str_eq(r.result->data.text[TS_MIME_PLAIN], "Chart(2)");
  cr_assert_str_eq(r.result->data.text[TS_MIME_HTML], "<b>2</b>");
  cr_assert_str_eq(r.result->data.text[TS_MIME_PNG], "iVBORw0KGgo=");
  cr_assert_eq(cJSON_GetObjectItem(r.result->data.json, "n")->valuedouble, 2);
  cr_assert_eq(r.noutputs, 2);
  cr_assert_str_eq(r.outputs[0].text[TS_MIME_PLAIN], "'a'");
  cr_assert_null(r.outputs[0].text[TS_MIME_HTML]);
  cr_assert_str_eq(r.outputs[1].text[TS_MIME_MARKDOWN], "*m*");
  cr_assert_str_eq(r.outputs[1].text[TS_MIME_LATEX], "$x$");
  cr_assert_str_eq(r.outputs[1].text[TS_MIME_SVG], "<svg/>");
  cr_assert_str_eq(r.outputs[1].text[TS_MIME_JPEG], "/9j/");
  cr_assert_eq(r.outputs_dropped, 3);
  ts_child_report_free(&r);
  cr_assert_null(r.result);
  cr_assert_null(r.outputs);

  /* None of it: a report as it was. */
  decode_members("\"audit\":[]", &r);
  cr_assert_null(r.result);
  cr_assert_eq(r.noutputs, 0);
  cr_assert_eq(r.outputs_dropped, 0);
  ts_child_report_free(&r);
  decode_members("\"result\":null,\"outputs\":[{\"data\":{\"text/plain\":\"x\"}}]", &r);
  cr_assert_null(r.result);
  cr_assert_eq(r.noutputs, 0, "outputs come in DISPLAY records only");
  ts_child_report_free(&r);
}

/* The records around the bundles: a report that stops before its last
 * record keeps what it displayed (a child killed at its deadline); a
 * display after the last record, or a second FILES record, breaks it. */
Test(display, bundles_of_an_unfinished_report_stay) {
  struct ts_child_report r;
  struct rbuf b = {NULL, 0};
  static const char ok[] = "{\"error\":null}";

  add_display(&b, "{\"text/plain\":\"1\"}");
  add_display(&b, "{\"text/plain\":\"2\"}");
  ts_report_decode(b.p, b.len, NULL, &r);
  cr_assert_eq(r.kind, TS_REPORT_MALFORMED, "no last record");
  cr_assert_eq(r.noutputs, 2);
  cr_assert(!ts_report_is_result(b.p, b.len));
  ts_child_report_free(&r);
  ts_report_decode(b.p, b.len - 3, NULL, &r);
  cr_assert_eq(r.noutputs, 1, "the record cut short is left out");
  ts_child_report_free(&r);

  add_record(&b, TS_REC_RESULT_OK, ok, sizeof ok - 1);
  cr_assert(ts_report_is_result(b.p, b.len));
  add_display(&b, "{\"text/plain\":\"3\"}");
  cr_assert(!ts_report_is_result(b.p, b.len));
  ts_report_decode(b.p, b.len, NULL, &r);
  cr_assert_eq(r.kind, TS_REPORT_MALFORMED, "a record after the last one");
  cr_assert_eq(r.noutputs, 0, "nothing of a malformed report stays");
  ts_child_report_free(&r);
  free(b.p);
}

Test(display, malformed_bundles_are_dropped_and_counted) {
  static const char *const bad[] = {
      "{}",                                                    /* no text/plain */
      "{\"text/plain\":1}",                                    /* not a string */
      "{\"text/plain\":\"a\",\"text/x-python\":\"b\"}",        /* not in the allowlist */
      "{\"text/plain\":\"a\",\"application/javascript\":\"alert(1)\"}",
      "{\"text/plain\":\"a\",\"text/plain\":\"b\"}",           /* twice */
      "{\"text/plain\":\"a\",\"application/json\":1,\"application/json\":2}",
      "{\"text/plain\":\"a\",\"text/html\":\"\xff\xfe\"}",     /* invalid UTF-8 */
      "{\"text/plain\":\"\xc3\"}",
      "{\"text/plain\":\"a\",\"image/png\":\"not base64!\"}", /* not base64 */
      "{\"text/plain\":\"a\",\"image/jpeg\":\"\xc3\xa9\"}",
      "{\"text/plain\":\"a\",\"application/json\":{\"k\":\"\xff\"}}",
      "{\"text/plain\":\"a\",\"application/json\":{\"\xff\":1}}",
      "{\"text/plain\":\"a\",\"application/json\":1e999}",     /* infinity */
      "{\"text/plain\":\"a\",\"text/html\":null}",
      "[\"text/plain\"]",
      "\"text/plain\"",
  };
  char members[512];
  struct ts_child_report r;

  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    struct rbuf b = {NULL, 0};
    add_display(&b, "{\"text/plain\":\"kept\"}");
    add_display(&b, bad[i]);
    add_display(&b, "7");
    add_display(&b, "{}");
    (void)snprintf(members, sizeof members,
                   "\"result\":{\"type\":\"C\",\"repr\":\"c\",\"repr_truncated\":false,"
                   "\"data\":%s}",
                   bad[i]);
    decode_with(&b, members, &r);
    cr_assert_eq(r.noutputs, 1, "%s", bad[i]);
    cr_assert_str_eq(r.outputs[0].text[TS_MIME_PLAIN], "kept");
    cr_assert_eq(r.outputs_dropped, 4, "%s: the bundle, 7, {} and the result's", bad[i]);
    cr_assert_not_null(r.result, "%s: the result stays, without its bundle", bad[i]);
    cr_assert(!r.result->has_data);
    ts_child_report_free(&r);
  }
}

Test(display, a_malformed_result_is_no_result) {
  static const char *const bad[] = {
      "1",
      "{\"repr\":\"x\",\"repr_truncated\":false}",                  /* no type */
      "{\"type\":\"int\",\"repr_truncated\":false}",                 /* no repr */
      "{\"type\":\"int\",\"repr\":\"1\"}",                           /* no flag */
      "{\"type\":\"int\",\"repr\":1,\"repr_truncated\":false}",
      "{\"type\":[],\"repr\":\"1\",\"repr_truncated\":false}",
  };
  char members[256];
  struct ts_child_report r;

  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    (void)snprintf(members, sizeof members, "\"result\":%s", bad[i]);
    decode_members(members, &r);
    cr_assert_null(r.result, "%s", bad[i]);
    ts_child_report_free(&r);
  }
  /* A bad json member is left out; the rest stays. */
  decode_members("\"result\":{\"type\":\"int\",\"repr\":\"1\",\"repr_truncated\":false,"
                 "\"json\":[\"\xff\"]}",
                 &r);
  cr_assert_not_null(r.result);
  cr_assert_null(r.result->json);
  ts_child_report_free(&r);
  decode_members("\"result\":{\"type\":\"float\",\"repr\":\"inf\",\"repr_truncated\":false,"
                 "\"json\":-1e400}",
                 &r);
  cr_assert_null(r.result->json);
  ts_child_report_free(&r);
  decode_members("\"outputs_dropped\":1e12", &r);
  cr_assert_eq(r.outputs_dropped, 0, "an absurd count is dropped");
  ts_child_report_free(&r);
}

/* Appends to s, up to stop; returns the new end. */
__attribute__((format(printf, 3, 4))) static char *put(char *s, const char *stop,
                                                        const char *fmt, ...) {
  va_list ap;
  int n;

  va_start(ap, fmt);
  n = vsnprintf(s, (size_t)(stop - s), fmt, ap);
  va_end(ap);
  cr_assert(n >= 0 && n < stop - s);
  return s + n;
}

/* The server's own bounds, whatever the child says: the repr's and
 * text/plain's cap, the number of bundles, their bytes, the JSON values. */
Test(display, oversized_parts_are_bounded) {
  size_t big = TS_RESULT_REPR_MAX + 100, n;
  char *members = malloc(TS_REPORT_MAX), *s, *stop = members + TS_REPORT_MAX;
  struct ts_child_report r;
  struct rbuf b = {NULL, 0};

  cr_assert(members);
  /* A repr past the cap is cut (and said to be), at a character boundary;
   * a JSON value past its cap is left out; a text/plain past the cap
   * drops the bundle. */
  s = members;
  s = put(s, stop, "\"result\":{\"type\":\"%s\",\"repr\":\"", "T");
  for (size_t i = 0; i < TS_RESULT_REPR_MAX - 1; i++)
    *s++ = 'x';
  s = put(s, stop, "\xc3\xa9\",\"repr_truncated\":false,\"json\":[");
  for (size_t i = 0; i < TS_RESULT_REPR_MAX; i++)
    s = put(s, stop, "%s1", i ? "," : "");
  s = put(s, stop, "],\"data\":{\"text/plain\":\"");
  for (size_t i = 0; i < big; i++)
    *s++ = 'p';
  s = put(s, stop, "\",\"text/html\":\"h\"}}");
  decode_members(members, &r);
  cr_assert_not_null(r.result);
  cr_assert_eq(strlen(r.result->repr), TS_RESULT_REPR_MAX - 1, "the cut character is gone");
  cr_assert(r.result->repr_truncated);
  cr_assert_null(r.result->json, "%zu values: past the cap", TS_RESULT_REPR_MAX);
  cr_assert(!r.result->has_data);
  cr_assert_eq(r.outputs_dropped, 1);
  ts_child_report_free(&r);

  /* 70 bundles: TS_OUTPUTS_MAX kept, the rest counted. */
  for (int i = 0; i < 70; i++) {
    char one[64];
    (void)snprintf(one, sizeof one, "{\"text/plain\":\"%d\"}", i);
    add_display(&b, one);
  }
  decode_with(&b, "\"outputs_dropped\":5", &r);
  cr_assert_eq(r.noutputs, TS_OUTPUTS_MAX);
  cr_assert_str_eq(r.outputs[TS_OUTPUTS_MAX - 1].text[TS_MIME_PLAIN], "63");
  cr_assert_eq(r.outputs_dropped, 5 + 70 - TS_OUTPUTS_MAX);
  ts_child_report_free(&r);

  /* Bytes: three bundles of 1.5 MiB of HTML, then a small one; the third
   * passes TS_OUTPUTS_MAX_BYTES, the small one fits, and so does a result
   * whose bundle is small, while a large one does not. */
  n = TS_OUTPUTS_MAX_BYTES * 3 / 8;
  for (int k = 0; k < 3; k++) {
    s = members;
    s = put(s, stop, "{\"text/plain\":\"p\",\"text/html\":\"");
    memset(s, 'h', n);
    s += n;
    s = put(s, stop, "\"}");
    add_display(&b, members);
  }
  add_display(&b, "{\"text/plain\":\"small\"}");
  s = members;
  s = put(s, stop, "\"result\":{\"type\":\"T\",\"repr\":\"t\",\"repr_truncated\":false,"
                  "\"data\":{\"text/plain\":\"t\",\"text/html\":\"");
  memset(s, 'h', n);
  s += n;
  s = put(s, stop, "\"}}");
  decode_with(&b, members, &r);
  cr_assert_eq(r.noutputs, 3);
  cr_assert_eq(strlen(r.outputs[1].text[TS_MIME_HTML]), n);
  cr_assert_str_eq(r.outputs[2].text[TS_MIME_PLAIN], "small");
  cr_assert(!r.result->has_data);
  cr_assert_eq(r.outputs_dropped, 2);
  ts_child_report_free(&r);

  /* application/json: TS_OUTPUTS_MAX_JSON_VALUES in all. */
  for (int k = 0; k < 3; k++) {
    s = members;
    s = put(s, stop, "{\"text/plain\":\"j\",\"application/json\":[");
    for (int i = 0; i < TS_OUTPUTS_MAX_JSON_VALUES / 2 - 1; i++)
      s = put(s, stop, "%s0", i ? "," : "");
    s = put(s, stop, "]}");
    add_display(&b, members);
  }
  decode_with(&b, "", &r);
  cr_assert_eq(r.noutputs, 2, "two arrays of half the values each fit, the third does not");
  cr_assert_eq(r.outputs_dropped, 1);
  ts_child_report_free(&r);
  free(members);
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
