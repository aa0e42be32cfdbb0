/* The request body decoders (src/server/request.c): what /validate and
 * /execute make of a body, and the status and code of every refusal.
 * fuzz/fuzz_request.c checks the same decoders for properties on random
 * bodies; these are the cases spelt out. */
#include <criterion/criterion.h>
#include <stdbool.h>
#include <string.h>

#include "server/request.h"

TestSuite(request);

/* A body from a string literal, embedded NULs included. */
#define BODY(lit) (lit), (sizeof(lit) - 1)
#define BODY_K(lit) BODY(lit), ts_fields_execute

/* The server's defaults: timeout 2 s (max 30), memory 256 MiB (max 1024). */
#define LIMITS 2.0, 30.0, 256L, 1024L

static cJSON *validate(const char *body, size_t len, struct ts_validate_req *req,
                       struct ts_reqerr *e) {
  memset(req, 0, sizeof *req);
  memset(e, 0, sizeof *e);
  return ts_validate_req_parse(body, len, req, e);
}

static cJSON *execute(const char *body, size_t len, struct ts_execute_req *req,
                      struct ts_reqerr *e) {
  memset(req, 0, sizeof *req);
  memset(e, 0, sizeof *e);
  return ts_execute_req_parse(body, len, ts_fields_execute, LIMITS, req, e);
}

static void expect_error(const struct ts_reqerr *e, int status, const char *code,
                         const char *in_message) {
  cr_assert_eq(e->status, status, "status %d, message: %s", e->status, e->message);
  cr_assert(e->code, "no code");
  cr_assert_str_eq(e->code, code, "message: %s", e->message);
  cr_assert_neq(e->message[0], '\0');
  if (in_message)
    cr_assert(strstr(e->message, in_message), "'%s' not in: %s", in_message, e->message);
}

/* Both endpoints refuse the body the same way. */
static void expect_refused(const char *body, size_t len, int status, const char *code,
                           const char *in_message) {
  struct ts_validate_req v;
  struct ts_execute_req x;
  struct ts_reqerr e;

  cr_assert_null(validate(body, len, &v, &e), "/validate accepted: %.*s", (int)len, body);
  expect_error(&e, status, code, in_message);
  cr_assert_null(execute(body, len, &x, &e), "/execute accepted: %.*s", (int)len, body);
  expect_error(&e, status, code, in_message);
}

/* ---- well-formed bodies ---- */

Test(request, validate_takes_the_code) {
  struct ts_validate_req req;
  struct ts_reqerr e;
  cJSON *root = validate(BODY("{\"code\": \"print(1)\"}"), &req, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_eq(req.code.len, 8);
  cr_assert_str_eq(req.code.s, "print(1)");
  cJSON_Delete(root);
}

/* /validate takes /execute's body (a firewall posts the same one to
 * both) and reads only what changes its answer. */
Test(request, validate_takes_the_execute_fields) {
  struct ts_validate_req req;
  struct ts_reqerr e;
  cJSON *root = validate(BODY("{\"stdin\": \"x\", \"code\": \"1\", \"timeout\": 2, \"memory_mb\": 64}"),
                         &req, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_str_eq(req.code.s, "1");
  cJSON_Delete(root);
}

Test(request, execute_applies_the_defaults) {
  struct ts_execute_req req;
  struct ts_reqerr e;
  cJSON *root = execute(BODY("{\"code\":\"x = 1\"}"), &req, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_eq(req.code.len, 5);
  cr_assert_str_eq(req.code.s, "x = 1");
  cr_assert_float_eq(req.timeout, 2.0, 1e-9);
  cr_assert_eq(req.memory_mb, 256);
  cr_assert_null(req.stdin_data.s, "stdin absent is NULL");
  cr_assert_eq(req.stdin_data.len, 0);
  cJSON_Delete(root);
}

Test(request, execute_takes_every_field) {
  struct ts_execute_req req;
  struct ts_reqerr e;
  cJSON *root = execute(
      BODY("{\"code\":\"input()\",\"stdin\":\"a\\nb\",\"timeout\":0.5,\"memory_mb\":64}"), &req, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_str_eq(req.code.s, "input()");
  cr_assert_eq(req.stdin_data.len, 3);
  cr_assert_str_eq(req.stdin_data.s, "a\nb");
  cr_assert_float_eq(req.timeout, 0.5, 1e-9);
  cr_assert_eq(req.memory_mb, 64);
  cJSON_Delete(root);
}

/* The maxima themselves are accepted: only what is above is refused. */
Test(request, execute_accepts_the_maxima) {
  struct ts_execute_req req;
  struct ts_reqerr e;
  cJSON *root = execute(BODY("{\"code\":\"1\",\"timeout\":30,\"memory_mb\":1024}"), &req, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_float_eq(req.timeout, 30.0, 1e-9);
  cr_assert_eq(req.memory_mb, 1024);
  cJSON_Delete(root);
}

/* JSON null is the same as absent: the default applies. */
Test(request, null_fields_are_absent) {
  struct ts_execute_req req;
  struct ts_reqerr e;
  cJSON *root = execute(
      BODY("{\"code\":\"1\",\"stdin\":null,\"timeout\":null,\"memory_mb\":null}"), &req, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_null(req.stdin_data.s);
  cr_assert_float_eq(req.timeout, 2.0, 1e-9);
  cr_assert_eq(req.memory_mb, 256);
  cJSON_Delete(root);
}

/* An empty stdin is present (s != NULL), unlike an absent one. */
Test(request, empty_stdin_is_present) {
  struct ts_execute_req req;
  struct ts_reqerr e;
  cJSON *root = execute(BODY("{\"code\":\"1\",\"stdin\":\"\"}"), &req, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_not_null(req.stdin_data.s);
  cr_assert_eq(req.stdin_data.len, 0);
  cr_assert_eq(req.stdin_data.s[0], '\0');
  cJSON_Delete(root);
}

/* ---- exact strings ---- */

/* "\u0000" is kept as a NUL byte with the exact length: cut at the NUL,
 * what is validated would not be what runs. */
Test(request, escaped_nul_in_code_is_kept) {
  static const char want[] = "a\0b\0";
  struct ts_validate_req v;
  struct ts_execute_req x;
  struct ts_reqerr e;
  cJSON *root = validate(BODY("{\"code\":\"a\\u0000b\\u0000\"}"), &v, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_eq(v.code.len, sizeof want - 1);
  cr_assert_eq(memcmp(v.code.s, want, sizeof want - 1), 0);
  cr_assert_eq(v.code.s[v.code.len], '\0', "NUL-terminated as well");
  cJSON_Delete(root);

  root = execute(BODY("{\"code\":\"\\u0000\",\"stdin\":\"x\\u0000y\"}"), &x, &e);
  cr_assert(root, "%s", e.message);
  cr_assert_eq(x.code.len, 1);
  cr_assert_eq(x.code.s[0], '\0');
  cr_assert_eq(x.stdin_data.len, 3);
  cr_assert_eq(memcmp(x.stdin_data.s, "x\0y", 3), 0);
  cJSON_Delete(root);
}

/* An escaped backslash followed by "u0000" is text, not a NUL. */
Test(request, escaped_backslash_before_u0000_is_text) {
  struct ts_validate_req req;
  struct ts_reqerr e;
  cJSON *root = validate(BODY("{\"code\":\"\\\\u0000\"}"), &req, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_eq(req.code.len, 6);
  cr_assert_str_eq(req.code.s, "\\u0000");
  cJSON_Delete(root);
}

Test(request, utf8_and_escapes_are_decoded) {
  struct ts_validate_req req;
  struct ts_reqerr e;
  cJSON *root = validate(BODY("{\"code\":\"s = '\xc3\xa9\\u00e9\\ud83d\\ude00'\"}"), &req, &e);

  cr_assert(root, "%s", e.message);
  cr_assert_str_eq(req.code.s, "s = '\xc3\xa9\xc3\xa9\xf0\x9f\x98\x80'");
  cr_assert_eq(req.code.len, strlen("s = '") + 2 + 2 + 4 + 1);
  cJSON_Delete(root);
}

/* ---- refused bodies ---- */

Test(request, missing_code) {
  expect_refused(BODY("{}"), 400, "missing_field", "code");
  expect_refused(BODY("{\"stdin\":\"x\"}"), 400, "missing_field", "code");
  expect_refused(BODY("{\"code\":null}"), 400, "missing_field", "code");
}

/* A field of no endpoint is named, never ignored: a typo would run with
 * the default, and a gateway that reads the body would see other fields
 * than the ones that run. */
Test(request, unknown_fields_are_refused_by_name) {
  struct ts_session_req sreq;
  struct ts_reqerr e = {0};
  int commit;
  cJSON *root;

  expect_refused(BODY("{\"Code\":\"1\"}"), 400, "unknown_field", "'Code'");
  expect_refused(BODY("{\"code\":\"1\",\"tiemout\":5}"), 400, "unknown_field", "'tiemout'");
  expect_refused(BODY("{\"code\":\"1\",\"commit\":\"always\"}"), 400, "unknown_field",
                 "'commit'");
  /* the client's name goes back as printable ASCII, cut */
  expect_refused(BODY("{\"code\":\"1\",\"a\\u0000\\u00e9'b\":1}"), 400, "unknown_field",
                 "'a????b'");
  expect_refused(BODY("{\"code\":\"1\",\"0123456789012345678901234567890123456789xyz\":1}"), 400,
                 "unknown_field", "'0123456789012345678901234567890123456789...'");
  /* a session's call takes commit, and its creation its own fields */
  root = ts_execute_req_parse(BODY("{\"code\":\"1\",\"commit\":\"always\"}"),
                              ts_fields_session_exec, LIMITS, &(struct ts_execute_req){0}, &e);
  cr_assert(root, "%s", e.message);
  cr_assert_eq(ts_session_exec_req_check(root, &commit, &e), 0, "%s", e.message);
  cr_assert_eq(commit, TS_REQ_COMMIT_ALWAYS);
  cJSON_Delete(root);
  cr_assert_null(ts_session_req_parse(BODY("{\"ttl\":5,\"code\":\"1\"}"), 60, 600, 1, 30, 64, 256,
                                      &sreq, &e));
  expect_error(&e, 400, "unknown_field", "'code'");
}

Test(request, code_of_the_wrong_type) {
  expect_refused(BODY("{\"code\":1}"), 400, "invalid_field", "a number");
  expect_refused(BODY("{\"code\":true}"), 400, "invalid_field", "a boolean");
  expect_refused(BODY("{\"code\":[\"1\"]}"), 400, "invalid_field", "an array");
  expect_refused(BODY("{\"code\":{}}"), 400, "invalid_field", "an object");
}

Test(request, execute_fields_of_the_wrong_type) {
  struct ts_execute_req req;
  struct ts_reqerr e;

  cr_assert_null(execute(BODY("{\"code\":\"1\",\"timeout\":\"5\"}"), &req, &e));
  expect_error(&e, 400, "invalid_field", "timeout");
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"timeout\":true}"), &req, &e));
  expect_error(&e, 400, "invalid_field", "timeout");
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"memory_mb\":\"64\"}"), &req, &e));
  expect_error(&e, 400, "invalid_field", "memory_mb");
  /* memory_mb is an integer */
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"memory_mb\":64.5}"), &req, &e));
  expect_error(&e, 400, "invalid_field", "memory_mb");
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"stdin\":5}"), &req, &e));
  expect_error(&e, 400, "invalid_field", "stdin");
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"stdin\":[]}"), &req, &e));
  expect_error(&e, 400, "invalid_field", "stdin");
  /* A number too large for a double is infinite, not a timeout. */
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"timeout\":1e999}"), &req, &e));
  expect_error(&e, 400, "invalid_field", "'timeout' is out of range");
}

/* Above a maximum (or below a minimum) is refused, never clamped. */
Test(request, limits_are_refused_not_clamped) {
  struct ts_execute_req req;
  struct ts_reqerr e;

  cr_assert_null(execute(BODY("{\"code\":\"1\",\"timeout\":30.5}"), &req, &e));
  expect_error(&e, 400, "limit_exceeded", "timeout");
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"timeout\":0}"), &req, &e));
  expect_error(&e, 400, "limit_exceeded", "timeout");
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"timeout\":-1}"), &req, &e));
  expect_error(&e, 400, "limit_exceeded", "timeout");
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"memory_mb\":1025}"), &req, &e));
  expect_error(&e, 400, "limit_exceeded", "memory_mb");
  cr_assert_null(execute(BODY("{\"code\":\"1\",\"memory_mb\":15}"), &req, &e));
  expect_error(&e, 400, "limit_exceeded", "memory_mb");
}

/* The maxima are the caller's, not built in. */
Test(request, limits_come_from_the_caller) {
  struct ts_execute_req req;
  struct ts_reqerr e;
  cJSON *root;

  memset(&e, 0, sizeof e);
  cr_assert_null(ts_execute_req_parse(BODY_K("{\"code\":\"1\",\"timeout\":1.5}"), 1.0, 1.0, 16, 16,
                                      &req, &e));
  expect_error(&e, 400, "limit_exceeded", "timeout");
  root = ts_execute_req_parse(BODY_K("{\"code\":\"1\",\"timeout\":1,\"memory_mb\":16}"), 1.0, 1.0,
                              16, 16, &req, &e);
  cr_assert(root, "%s", e.message);
  cJSON_Delete(root);
}

Test(request, empty_body) {
  expect_refused("", 0, 400, "invalid_json", "empty");
}

Test(request, invalid_utf8_body) {
  /* a lone continuation byte, an overlong '/', a surrogate, 0xFF (the
   * byte that stands for an escaped NUL inside the decoder) */
  expect_refused(BODY("{\"code\":\"\x80\"}"), 400, "invalid_json", "UTF-8");
  expect_refused(BODY("{\"code\":\"\xc0\xaf\"}"), 400, "invalid_json", "UTF-8");
  expect_refused(BODY("{\"code\":\"\xed\xa0\x80\"}"), 400, "invalid_json", "UTF-8");
  expect_refused(BODY("{\"code\":\"\xff\"}"), 400, "invalid_json", "UTF-8");
  expect_refused(BODY("{\"code\":\"\xe2\x82\"}"), 400, "invalid_json", "UTF-8");
}

/* A raw NUL byte is refused (only the escape "\u0000" stands for one),
 * inside a string or out of it, even after a complete object. */
Test(request, raw_nul_in_body) {
  expect_refused(BODY("{\"code\":\"a\0b\"}"), 400, "invalid_json", NULL);
  expect_refused(BODY("{\"code\":\"1\"}\0"), 400, "invalid_json", NULL);
  expect_refused(BODY("\0{\"code\":\"1\"}"), 400, "invalid_json", NULL);
}

/* A lone surrogate escape would decode to ill-formed UTF-8. */
Test(request, lone_surrogate_escape) {
  expect_refused(BODY("{\"code\":\"\\ud800\"}"), 400, "invalid_json", NULL);
  expect_refused(BODY("{\"code\":\"\\udc00x\"}"), 400, "invalid_json", NULL);
}

Test(request, not_json) {
  expect_refused(BODY("code=1"), 400, "invalid_json", "not valid JSON");
  expect_refused(BODY("{\"code\":\"1\""), 400, "invalid_json", "not valid JSON");
  expect_refused(BODY("{\"code\":\"1\"} {}"), 400, "invalid_json", "not valid JSON");
  expect_refused(BODY("{'code':'1'}"), 400, "invalid_json", "not valid JSON");
}

Test(request, json_that_is_not_an_object) {
  expect_refused(BODY("[\"code\"]"), 400, "invalid_json", "JSON object");
  expect_refused(BODY("\"code\""), 400, "invalid_json", "JSON object");
  expect_refused(BODY("42"), 400, "invalid_json", "JSON object");
  expect_refused(BODY("null"), 400, "invalid_json", "JSON object");
}

/* ---- the field accessors ---- */

static cJSON *object(const char *text) {
  struct ts_reqerr e;
  cJSON *root = ts_json_parse_object(text, strlen(text), &e);

  cr_assert(root, "%s: %s", text, e.message);
  return root;
}

Test(request, get_str) {
  cJSON *o = object("{\"s\":\"ab\",\"z\":\"\\u0000\",\"n\":1,\"nul\":null}");
  struct ts_str s = {0};
  struct ts_reqerr e = {0};

  cr_assert_eq(ts_json_get_str(o, "s", &s, &e), 1);
  cr_assert_eq(s.len, 2);
  cr_assert_str_eq(s.s, "ab");
  cr_assert_eq(ts_json_get_str(o, "z", &s, &e), 1);
  cr_assert_eq(s.len, 1);
  cr_assert_eq(s.s[0], '\0');
  s = (struct ts_str){NULL, 0};
  cr_assert_eq(ts_json_get_str(o, "absent", &s, &e), 0);
  cr_assert_eq(ts_json_get_str(o, "nul", &s, &e), 0);
  cr_assert_null(s.s, "an absent field leaves *out alone");
  cr_assert_eq(ts_json_get_str(o, "n", &s, &e), -1);
  expect_error(&e, 400, "invalid_field", "'n' must be a string, not a number");
  cJSON_Delete(o);
}

Test(request, get_number) {
  cJSON *o = object("{\"x\":1.5,\"lo\":-0.5,\"s\":\"1\",\"nul\":null}");
  struct ts_reqerr e = {0};
  double d = 7;

  cr_assert_eq(ts_json_get_number(o, "x", 0, 2, &d, &e), 1);
  cr_assert_float_eq(d, 1.5, 1e-12);
  d = 7;
  cr_assert_eq(ts_json_get_number(o, "absent", 0, 2, &d, &e), 0);
  cr_assert_eq(ts_json_get_number(o, "nul", 0, 2, &d, &e), 0);
  cr_assert_float_eq(d, 7, 1e-12, "an absent field leaves *out alone");
  cr_assert_eq(ts_json_get_number(o, "x", 0, 1, &d, &e), -1);
  expect_error(&e, 400, "limit_exceeded", "'x' must be between 0 and 1");
  cr_assert_eq(ts_json_get_number(o, "lo", 0, 1, &d, &e), -1);
  expect_error(&e, 400, "limit_exceeded", "'lo'");
  cr_assert_eq(ts_json_get_number(o, "s", 0, 2, &d, &e), -1);
  expect_error(&e, 400, "invalid_field", "'s' must be a number, not a string");
  cr_assert_float_eq(d, 7, 1e-12, "a refused field leaves *out alone");
  cJSON_Delete(o);
}

Test(request, get_int) {
  cJSON *o = object("{\"i\":64,\"f\":64.5,\"e\":6.4e1,\"b\":false}");
  struct ts_reqerr e = {0};
  long l = 7;

  cr_assert_eq(ts_json_get_int(o, "i", 16, 1024, &l, &e), 1);
  cr_assert_eq(l, 64);
  cr_assert_eq(ts_json_get_int(o, "e", 16, 1024, &l, &e), 1, "64.0 written as 6.4e1 is 64");
  cr_assert_eq(l, 64);
  l = 7;
  cr_assert_eq(ts_json_get_int(o, "absent", 16, 1024, &l, &e), 0);
  cr_assert_eq(l, 7);
  cr_assert_eq(ts_json_get_int(o, "f", 16, 1024, &l, &e), -1);
  expect_error(&e, 400, "invalid_field", "'f' must be an integer");
  cr_assert_eq(ts_json_get_int(o, "b", 16, 1024, &l, &e), -1);
  expect_error(&e, 400, "invalid_field", "'b' must be an integer");
  cr_assert_eq(ts_json_get_int(o, "i", 16, 63, &l, &e), -1);
  expect_error(&e, 400, "limit_exceeded", "'i' must be between 16 and 63");
  cr_assert_eq(ts_json_get_int(o, "i", 65, 100, &l, &e), -1);
  expect_error(&e, 400, "limit_exceeded", "'i'");
  cr_assert_eq(l, 7);
  cJSON_Delete(o);
}

Test(request, get_bool) {
  cJSON *o = object("{\"t\":true,\"f\":false,\"n\":0,\"nul\":null}");
  struct ts_reqerr e = {0};
  bool b = false;

  cr_assert_eq(ts_json_get_bool(o, "t", &b, &e), 1);
  cr_assert(b);
  cr_assert_eq(ts_json_get_bool(o, "f", &b, &e), 1);
  cr_assert_not(b);
  b = true;
  cr_assert_eq(ts_json_get_bool(o, "absent", &b, &e), 0);
  cr_assert_eq(ts_json_get_bool(o, "nul", &b, &e), 0);
  cr_assert(b);
  cr_assert_eq(ts_json_get_bool(o, "n", &b, &e), -1);
  expect_error(&e, 400, "invalid_field", "'n' must be a boolean, not a number");
  cJSON_Delete(o);
}
