/* API tests of the HTTP front end: routing, methods, content types, body
 * decoding and limits, /validate results, robustness against malformed
 * requests, configuration errors and connection handling.  Each test runs
 * its own server on its own port (tests run in parallel). */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "harness.h"
#include "util/utf8.h"

TestSuite(http, .fini = srv_cleanup_all, .timeout = 120);
TestSuite(config, .fini = srv_cleanup_all, .timeout = 60);

/* ---- helpers ---- */

static const char *const json_ct[] = {"Content-Type: application/json", NULL};

/* {"code": <code>} with proper escaping (code must not hold NUL). */
static char *code_json(const char *code) {
  cJSON *o = cJSON_CreateObject();
  char *s;

  cJSON_AddStringToObject(o, "code", code);
  s = cJSON_PrintUnformatted(o);
  cJSON_Delete(o);
  cr_assert(s, "out of memory");
  return s;
}

/* POSTs {"code": code} to /validate, requires 200 and the result shape;
 * returns the parsed document. */
static cJSON *validate_json(unsigned port, const char *json) {
  struct http_resp r;
  cJSON *doc, *valid, *viol;

  HTTP_OK(post_json(port, "/validate", json, &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  http_resp_free(&r);
  valid = cJSON_GetObjectItemCaseSensitive(doc, "valid");
  viol = cJSON_GetObjectItemCaseSensitive(doc, "violations");
  cr_assert(cJSON_IsBool(valid), "\"valid\" is not a boolean");
  cr_assert(cJSON_IsArray(viol), "\"violations\" is not an array");
  cr_assert_eq(cJSON_IsTrue(valid), cJSON_GetArraySize(viol) == 0,
               "\"valid\" disagrees with the violation count (%d)", cJSON_GetArraySize(viol));
  return doc;
}

static cJSON *validate_code(unsigned port, const char *code) {
  char *json = code_json(code);
  cJSON *doc = validate_json(port, json);

  free(json);
  return doc;
}

static bool is_valid(const cJSON *doc) {
  return cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "valid"));
}

static int violation_count(const cJSON *doc) {
  return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "violations"));
}

static const char *rules_of(const cJSON *doc, char *buf, size_t n) {
  const cJSON *v;
  size_t at = 0;

  buf[0] = '\0';
  cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(doc, "violations")) {
    const cJSON *rule = cJSON_GetObjectItemCaseSensitive(v, "rule");
    int w = snprintf(buf + at, n - at, "%s%s", at ? "," : "",
                     cJSON_IsString(rule) ? rule->valuestring : "?");
    if (w < 0 || (size_t)w >= n - at)
      break;
    at += (size_t)w;
  }
  return buf;
}

/* The first violation with `rule` (and `line` when > 0), or NULL. */
static const cJSON *find_violation(const cJSON *doc, const char *rule, int line) {
  const cJSON *v;

  cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(doc, "violations")) {
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(v, "rule");
    const cJSON *l = cJSON_GetObjectItemCaseSensitive(v, "line");
    if (cJSON_IsString(r) && strcmp(r->valuestring, rule) == 0 &&
        (line <= 0 || (cJSON_IsNumber(l) && l->valueint == line)))
      return v;
  }
  return NULL;
}

static const cJSON *must_find_violation(const cJSON *doc, const char *rule, int line) {
  const cJSON *v = find_violation(doc, rule, line);
  char rules[512];

  cr_assert(v, "no violation \"%s\"%s in [%s]", rule, line > 0 ? " at that line" : "",
            rules_of(doc, rules, sizeof rules));
  return v;
}

static int int_field(const cJSON *v, const char *name) {
  const cJSON *f = cJSON_GetObjectItemCaseSensitive(v, name);

  cr_assert(cJSON_IsNumber(f), "violation field \"%s\" is not a number", name);
  return f->valueint;
}

/* Every violation has the documented fields with sane values. */
static void check_violation_shape(const cJSON *doc) {
  const cJSON *v;

  cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(doc, "violations")) {
    const cJSON *rule = cJSON_GetObjectItemCaseSensitive(v, "rule");
    const cJSON *msg = cJSON_GetObjectItemCaseSensitive(v, "message");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(v, "name");
    cr_assert(cJSON_IsString(rule) && rule->valuestring[0], "violation without a rule");
    cr_assert(cJSON_IsString(msg) && msg->valuestring[0], "violation \"%s\" without a message",
              rule->valuestring);
    cr_assert(!name || cJSON_IsString(name) || cJSON_IsNull(name),
              "violation \"%s\": name is neither a string nor null", rule->valuestring);
    cr_assert_geq(int_field(v, "line"), 1, "rule %s: line < 1", rule->valuestring);
    cr_assert_geq(int_field(v, "col"), 1, "rule %s: col < 1", rule->valuestring);
    cr_assert_geq(int_field(v, "end_line"), int_field(v, "line"), "rule %s: end_line < line",
                  rule->valuestring);
  }
}

static void assert_healthy(unsigned port) {
  struct http_resp r;
  cJSON *doc;

  HTTP_OK(http_get(port, "/healthz", &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "status")), "ok");
  cJSON_Delete(doc);
  http_resp_free(&r);
}

static char *repeat(const char *unit, size_t times, const char *prefix, const char *suffix) {
  size_t ul = strlen(unit), pl = strlen(prefix), sl = strlen(suffix);
  char *s = malloc(pl + ul * times + sl + 1);
  char *p = s;

  cr_assert(s, "out of memory");
  memcpy(p, prefix, pl);
  p += pl;
  for (size_t i = 0; i < times; i++, p += ul)
    memcpy(p, unit, ul);
  memcpy(p, suffix, sl);
  p[sl] = '\0';
  return s;
}

/* ---- /healthz ---- */

Test(http, healthz_get) {
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_get(s.port, "/healthz", &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  cr_assert(cJSON_IsObject(doc));
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(doc, "status")), "ok");
  cr_assert_eq(cJSON_GetArraySize(doc), 1, "unexpected members: %s", r.body);
  cr_assert(http_header(&r, "cache-control"), "no Cache-Control header");
  cr_assert_str_eq(http_header(&r, "Cache-Control"), "no-store");
  cJSON_Delete(doc);
  http_resp_free(&r);
  srv_stop(&s);
}

Test(http, healthz_head_has_no_body) {
  struct ts_srv s;
  struct http_resp r;
  const char *cl;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_request(s.port, "HEAD", "/healthz", NULL, NULL, 0, &r));
  assert_status(&r, 200);
  cr_assert_eq(r.body_len, 0);
  cl = http_header(&r, "content-length");
  cr_assert(!cl || strtoul(cl, NULL, 10) > 0, "HEAD Content-Length should be the GET one");
  http_resp_free(&r);
  /* No stray body bytes: everything up to the close ends with the head. */
  {
    static const char req[] = "HEAD /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
    char buf[4096];
    size_t got = 0;
    ssize_t n;
    const char *end;
    int fd = http_connect(s.port);
    cr_assert(fd >= 0, "%s", http_last_error());
    cr_assert_eq(send(fd, req, sizeof req - 1, MSG_NOSIGNAL), (ssize_t)sizeof req - 1);
    while (got < sizeof buf - 1 && (n = recv(fd, buf + got, sizeof buf - 1 - got, 0)) > 0)
      got += (size_t)n;
    close(fd);
    buf[got] = '\0';
    end = strstr(buf, "\r\n\r\n");
    cr_assert(end, "no complete head: %s", buf);
    cr_assert_eq((size_t)(end + 4 - buf), got, "bytes after the HEAD response head: %s", end + 4);
  }
  assert_healthy(s.port);
  srv_stop(&s);
}

/* ---- routing ---- */

Test(http, unknown_paths_are_404) {
  static const char *const paths[] = {"/",          "/nope",      "/validate/",
                                      "/VALIDATE",  "/Healthz",   "/healthz/",
                                      "//validate", "/validate/x", "/execute/../validate",
                                      NULL};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; paths[i]; i++) {
    struct http_resp r;
    HTTP_OK(http_get(s.port, paths[i], &r));
    cr_log_info("GET %s -> %d", paths[i], r.status);
    assert_json_error(&r, 404, "not_found");
    http_resp_free(&r);
    /* a POST with a JSON body too: 404 before anything else */
    HTTP_OK(post_json(s.port, paths[i], "{\"code\":\"1\"}", &r));
    assert_json_error(&r, 404, "not_found");
    http_resp_free(&r);
  }
  srv_stop(&s);
}

/* A percent-encoded NUL must not cut the path short: "/validate%00" is not
 * "/validate". */
Test(http, percent_encoded_nul_in_path_is_404) {
  static const char *const paths[] = {"/validate%00", "/validate%00/../x", "/healthz%00.txt",
                                      NULL};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; paths[i]; i++) {
    struct http_resp r;
    HTTP_OK(post_json(s.port, paths[i], "{\"code\":\"1\"}", &r));
    cr_log_info("POST %s -> %d", paths[i], r.status);
    cr_assert_eq(r.status, 404, "POST %s answered %d: %s", paths[i], r.status, r.body);
    http_resp_free(&r);
  }
  srv_stop(&s);
}

Test(http, not_found_message_names_the_path) {
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_get(s.port, "/no-such-thing", &r));
  assert_json_error_msg(&r, 404, "not_found", "/no-such-thing");
  http_resp_free(&r);
  srv_stop(&s);
}

/* ---- methods ---- */

static void expect_405(unsigned port, const char *method, const char *path, const char *allow,
                       bool with_body) {
  struct http_resp r;

  HTTP_OK(http_request(port, method, path, with_body ? json_ct : NULL,
                       with_body ? "{\"code\":\"1\"}" : NULL, with_body ? 12 : 0, &r));
  cr_log_info("%s %s -> %d", method, path, r.status);
  if (strcmp(method, "HEAD") == 0)
    assert_status(&r, 405);
  else
    assert_json_error_msg(&r, 405, "method_not_allowed", method);
  cr_assert(http_header(&r, "Allow"), "%s %s: 405 without an Allow header", method, path);
  cr_assert_str_eq(http_header(&r, "allow"), allow, "%s %s: wrong Allow", method, path);
  cr_assert_eq(http_header_count(&r, "Allow"), 1, "%s %s: several Allow headers", method, path);
  http_resp_free(&r);
}

Test(http, validate_wrong_methods_are_405) {
  static const char *const methods[] = {"GET", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", NULL};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; methods[i]; i++)
    expect_405(s.port, methods[i], "/validate", "POST", false);
  expect_405(s.port, "PUT", "/validate", "POST", true);
  expect_405(s.port, "PATCH", "/validate", "POST", true);
  assert_healthy(s.port);
  srv_stop(&s);
}

Test(http, healthz_wrong_methods_are_405) {
  static const char *const methods[] = {"POST", "PUT", "DELETE", "PATCH", "OPTIONS", NULL};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; methods[i]; i++)
    expect_405(s.port, methods[i], "/healthz", "GET, HEAD", false);
  expect_405(s.port, "POST", "/healthz", "GET, HEAD", true);
  assert_healthy(s.port);
  srv_stop(&s);
}

Test(http, get_with_a_body_is_answered_and_the_body_ignored) {
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_request(s.port, "GET", "/healthz", json_ct, "{\"x\":1}", 7, &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  srv_stop(&s);
}

/* ---- content types ---- */

Test(http, unsupported_content_types_are_415) {
  static const char *const types[] = {"text/plain",
                                      "application/x-www-form-urlencoded",
                                      "multipart/form-data; boundary=xyz",
                                      "application/xml",
                                      "application/jsonx",
                                      "application/json5",
                                      "text/json",
                                      "json",
                                      NULL};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; types[i]; i++) {
    char hdr[200];
    const char *hdrs[] = {hdr, NULL};
    struct http_resp r;
    snprintf(hdr, sizeof hdr, "Content-Type: %s", types[i]);
    HTTP_OK(http_request(s.port, "POST", "/validate", hdrs, "{\"code\":\"1\"}", 12, &r));
    cr_log_info("Content-Type %s -> %d", types[i], r.status);
    assert_json_error(&r, 415, "unsupported_media_type");
    http_resp_free(&r);
  }
  srv_stop(&s);
}

/* "+json" needs a subtype name in front of it. */
Test(http, content_type_with_empty_subtype_is_415) {
  static const char *const hdrs[] = {"Content-Type: application/+json", NULL};
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_request(s.port, "POST", "/validate", hdrs, "{\"code\":\"1\"}", 12, &r));
  assert_json_error(&r, 415, "unsupported_media_type");
  http_resp_free(&r);
  srv_stop(&s);
}

Test(http, json_content_types_are_accepted) {
  static const char *const types[] = {"application/json",
                                      "application/json; charset=utf-8",
                                      "application/json;charset=UTF-8",
                                      "APPLICATION/JSON",
                                      "Application/Json ; charset=utf-8",
                                      "application/vnd.api+json",
                                      NULL};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; types[i]; i++) {
    char hdr[200];
    const char *hdrs[] = {hdr, NULL};
    struct http_resp r;
    snprintf(hdr, sizeof hdr, "Content-Type: %s", types[i]);
    HTTP_OK(http_request(s.port, "POST", "/validate", hdrs, "{\"code\":\"1\"}", 12, &r));
    cr_assert_eq(r.status, 200, "Content-Type %s: got %d: %s", types[i], r.status, r.body);
    http_resp_free(&r);
  }
  srv_stop(&s);
}

Test(http, absent_content_type_is_accepted) {
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_request(s.port, "POST", "/validate", NULL, "{\"code\":\"1\"}", 12, &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  cr_assert(is_valid(doc));
  cJSON_Delete(doc);
  http_resp_free(&r);
  srv_stop(&s);
}

/* ---- body decoding ---- */

Test(http, bodies_that_are_not_a_json_object_are_400) {
  static const char *const bodies[] = {
      "{", "nope", "", "[1,2]", "\"str\"", "null", "1", "true", "{\"code\":\"x\",}",
      "{\"code\":\"x\"} trailing", "{'code':'x'}", "{\"code\":\"x\"}{}", "{\"code\":\"\\x\"}",
      "{\"code\":\"unterminated}", " ", "\t\r\n", NULL};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; bodies[i]; i++) {
    struct http_resp r;
    HTTP_OK(post_json(s.port, "/validate", bodies[i], &r));
    cr_log_info("body '%s' -> %d %s", bodies[i], r.status, r.body);
    assert_json_error(&r, 400, "invalid_json");
    http_resp_free(&r);
  }
  assert_healthy(s.port);
  srv_stop(&s);
}

Test(http, empty_body_without_content_length_is_400) {
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_request(s.port, "POST", "/validate", json_ct, NULL, 0, &r));
  assert_json_error_msg(&r, 400, "invalid_json", "empty");
  http_resp_free(&r);
  srv_stop(&s);
}

Test(http, bad_code_field_is_400_naming_the_field) {
  static const struct {
    const char *body, *code;
  } cases[] = {
      {"{\"code\": 5}", "invalid_field"},
      {"{\"code\": [\"x\"]}", "invalid_field"},
      {"{\"code\": true}", "invalid_field"},
      {"{\"code\": {\"a\": 1}}", "invalid_field"},
      {"{\"code\": null}", "missing_field"},
      {"{}", "missing_field"},
      {"{\"cod\": \"x\", \"code\": \"1\"}", "unknown_field"},
      {"{\"CODE\": \"x\"}", "unknown_field"},
  };
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    struct http_resp r;
    HTTP_OK(post_json(s.port, "/validate", cases[i].body, &r));
    cr_log_info("%s -> %d %s", cases[i].body, r.status, r.body);
    assert_json_error_msg(&r, 400, cases[i].code,
                          strcmp(cases[i].code, "unknown_field") ? "'code'" : "(the fields are: code");
    http_resp_free(&r);
  }
  srv_stop(&s);
}

Test(http, invalid_utf8_is_400) {
  static const char *const bodies[] = {
      "{\"code\":\"\xff\"}",           /* never valid */
      "{\"code\":\"\xc3\x28\"}",       /* bad continuation */
      "{\"code\":\"\xc0\xaf\"}",       /* overlong '/' */
      "{\"code\":\"\xe0\x80\xaf\"}",   /* overlong 3 bytes */
      "{\"code\":\"\xed\xa0\x80\"}",   /* UTF-16 surrogate */
      "{\"code\":\"\xf4\x90\x80\x80\"}", /* above U+10FFFF */
      "{\"code\":\"1\"}\xe2\x82",      /* truncated at the end */
      "{\"code\":\"x\x80\"}",          /* lone continuation byte */
      NULL};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; bodies[i]; i++) {
    struct http_resp r;
    HTTP_OK(post_json(s.port, "/validate", bodies[i], &r));
    assert_json_error(&r, 400, "invalid_json");
    http_resp_free(&r);
  }
  /* a raw NUL byte in the body is not text either */
  {
    static const char body[] = "{\"code\":\"x\0y\"}";
    struct http_resp r;
    HTTP_OK(post_json_len(s.port, "/validate", body, sizeof body - 1, &r));
    assert_json_error(&r, 400, "invalid_json");
    http_resp_free(&r);
  }
  /* valid multi-byte text is fine */
  {
    cJSON *doc = validate_code(s.port, "s = 'h\xc3\xa9llo \xe2\x82\xac \xf0\x9f\x98\x80'");
    cr_assert(is_valid(doc));
    cJSON_Delete(doc);
  }
  srv_stop(&s);
}

Test(http, deeply_nested_json_is_400_not_a_crash) {
  struct ts_srv s;
  char *arrays = repeat("[", 100000, "", "");
  char *in_code = repeat("[", 100000, "{\"code\":", "");
  char *objects = repeat("{\"a\":", 50000, "", "");
  char *closed = repeat("[", 5000, "{\"code\":\"1\",\"x\":", "");
  const char *const bodies[] = {arrays, in_code, objects, NULL};

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; bodies[i]; i++) {
    struct http_resp r;
    HTTP_OK(post_json(s.port, "/validate", bodies[i], &r));
    assert_json_error(&r, 400, "invalid_json");
    http_resp_free(&r);
  }
  /* a well-formed but too deep document (closed brackets) */
  {
    size_t n = strlen(closed);
    char *full = malloc(n + 5000 + 2);
    struct http_resp r;
    cr_assert(full);
    memcpy(full, closed, n);
    memset(full + n, ']', 5000);
    memcpy(full + n + 5000, "}", 2);
    HTTP_OK(post_json(s.port, "/validate", full, &r));
    assert_json_error(&r, 400, "invalid_json");
    http_resp_free(&r);
    free(full);
  }
  assert_healthy(s.port);
  free(arrays);
  free(in_code);
  free(objects);
  free(closed);
  srv_stop(&s);
}

Test(http, unknown_fields_are_refused) {
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, NULL);
  HTTP_OK(post_json(s.port, "/validate", "{\"code\":\"x = 1\",\"extra\":[1,{\"y\":null}]}", &r));
  assert_json_error_msg(&r, 400, "unknown_field", "'extra'");
  http_resp_free(&r);
  srv_stop(&s);
}

/* ---- body size limit ---- */

static const char *const max4k[] = {"--max-body", "4096", NULL};

/* A {"code": "..."} body of exactly `size` bytes. */
static char *body_of_size(size_t size) {
  static const char pre[] = "{\"code\":\"x = 1 #", post[] = "\"}";
  size_t fixed = sizeof pre - 1 + sizeof post - 1;
  char *b;

  cr_assert_geq(size, fixed);
  b = malloc(size + 1);
  cr_assert(b);
  memcpy(b, pre, sizeof pre - 1);
  memset(b + sizeof pre - 1, 'a', size - fixed);
  memcpy(b + size - (sizeof post - 1), post, sizeof post);
  return b;
}

Test(http, declared_length_over_the_cap_is_413_without_reading_the_body) {
  static const char head[] = "POST /validate HTTP/1.1\r\nHost: x\r\n"
                             "Content-Type: application/json\r\nContent-Length: 5000\r\n\r\n";
  struct ts_srv s;
  struct http_resp r;
  long elapsed = 0;
  int rc;

  srv_start(&s, max4k, NULL);
  /* Only the head is sent and the connection stays open: the answer must
   * come at once, not after a body that never arrives. */
  rc = http_send_raw_ex(s.port, head, sizeof head - 1, false, 5000, &r, &elapsed);
  cr_assert_eq(rc, 1, "no 413 within 5 s of the head (rc %d): %s", rc, http_last_error());
  cr_assert_lt(elapsed, 3000, "the 413 took %ld ms", elapsed);
  assert_json_error_msg(&r, 413, "body_too_large", "4096");
  http_resp_free(&r);
  assert_healthy(s.port);
  srv_stop(&s);
}

/* A client that writes its whole body before reading (Python's http.client)
 * must read the 413, not a reset: the server answers from the head, then
 * keeps reading and discarding the body for a while (linger.h). */
Test(http, a_client_that_writes_all_before_reading_gets_the_413) {
  static const size_t sizes[] = {64 * 1024, 4 * 1024 * 1024};
  struct ts_srv s;

  srv_start(&s, max4k, NULL);
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
    char head[256];
    int hl = snprintf(head, sizeof head,
                      "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                      "Content-Length: %zu\r\n\r\n",
                      sizes[i]);
    char *req = malloc((size_t)hl + sizes[i]);
    struct http_resp r;
    int send_err = -1, rc;

    cr_assert(req);
    memcpy(req, head, (size_t)hl);
    memset(req + hl, ' ', sizes[i]);
    rc = http_write_then_read(s.port, req, (size_t)hl + sizes[i], &r, &send_err);
    cr_assert_eq(send_err, 0, "writing %zu bytes of body failed: %s", sizes[i],
                 strerror(send_err));
    cr_assert_eq(rc, 1, "no response after %zu bytes of body: %s", sizes[i], http_last_error());
    assert_json_error_msg(&r, 413, "body_too_large", "4096");
    http_resp_free(&r);
    free(req);
  }
  assert_healthy(s.port);
  srv_stop(&s);
}

Test(http, full_body_over_the_cap_is_413) {
  struct ts_srv s;
  struct http_resp r;
  char *b = body_of_size(5000);
  char *huge = body_of_size(3 * 1024 * 1024);

  srv_start(&s, max4k, NULL);
  HTTP_OK(post_json(s.port, "/validate", b, &r));
  assert_json_error(&r, 413, "body_too_large");
  http_resp_free(&r);
  /* 4097: one byte over */
  b[4097 - 2] = '"';
  b[4097 - 1] = '}';
  HTTP_OK(post_json_len(s.port, "/validate", b, 4097, &r));
  assert_json_error(&r, 413, "body_too_large");
  http_resp_free(&r);
  /* a huge declared body: the server may answer before the client is done
   * sending, or reset; either way it must stay up */
  if (post_json(s.port, "/validate", huge, &r) == 0) {
    assert_json_error(&r, 413, "body_too_large");
    http_resp_free(&r);
  }
  assert_healthy(s.port);
  free(b);
  free(huge);
  srv_stop(&s);
}

Test(http, body_of_exactly_the_cap_is_accepted) {
  struct ts_srv s;
  struct http_resp r;
  char *b = body_of_size(4096);
  cJSON *doc;

  srv_start(&s, max4k, NULL);
  cr_assert_eq(strlen(b), 4096);
  HTTP_OK(post_json(s.port, "/validate", b, &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  cr_assert(is_valid(doc), "%s", r.body);
  cJSON_Delete(doc);
  http_resp_free(&r);
  free(b);
  srv_stop(&s);
}

/* Encodes body as chunks of `chunk` bytes. */
static char *chunked(const char *body, size_t len, size_t chunk, size_t *out_len) {
  size_t cap = len + (len / chunk + 2) * 16 + 8, n = 0;
  char *c = malloc(cap);

  cr_assert(c);
  for (size_t at = 0; at < len; at += chunk) {
    size_t k = len - at < chunk ? len - at : chunk;
    n += (size_t)snprintf(c + n, cap - n, "%zx\r\n", k);
    memcpy(c + n, body + at, k);
    n += k;
    memcpy(c + n, "\r\n", 2);
    n += 2;
  }
  memcpy(c + n, "0\r\n\r\n", 5);
  n += 5;
  *out_len = n;
  return c;
}

Test(http, chunked_bodies_are_limited_too) {
  static const char *const hdrs[] = {"Content-Type: application/json",
                                     "Transfer-Encoding: chunked", NULL};
  struct ts_srv s;
  struct http_resp r;
  size_t n;
  char *big = body_of_size(8000), *exact = body_of_size(4096), *small = body_of_size(100);
  char *enc;
  cJSON *doc;

  srv_start(&s, max4k, NULL);
  enc = chunked(big, 8000, 1000, &n);
  HTTP_OK(http_request(s.port, "POST", "/validate", hdrs, enc, n, &r));
  assert_json_error(&r, 413, "body_too_large");
  http_resp_free(&r);
  free(enc);

  enc = chunked(exact, 4096, 1000, &n);
  HTTP_OK(http_request(s.port, "POST", "/validate", hdrs, enc, n, &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  free(enc);

  enc = chunked(small, 100, 7, &n);
  HTTP_OK(http_request(s.port, "POST", "/validate", hdrs, enc, n, &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  cr_assert(is_valid(doc));
  cJSON_Delete(doc);
  http_resp_free(&r);
  free(enc);

  /* far past the cap and the drain limit: dropped or 413, server alive */
  {
    char *flood = body_of_size(3 * 1024 * 1024);
    enc = chunked(flood, 3 * 1024 * 1024, 65536, &n);
    if (http_request(s.port, "POST", "/validate", hdrs, enc, n, &r) == 0) {
      assert_json_error(&r, 413, "body_too_large");
      http_resp_free(&r);
    } else {
      cr_log_info("chunked flood: %s", http_last_error());
    }
    free(enc);
    free(flood);
  }
  assert_healthy(s.port);
  free(big);
  free(exact);
  free(small);
  srv_stop(&s);
}

/* ---- /validate results ---- */

/* The seed's rule, on a server whose default is the strict policy. */
static const char *const strict_server[] = {"--policy", "strict", NULL};

Test(http, validate_import_os) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *v;

  srv_start(&s, strict_server, NULL);
  doc = validate_code(s.port, "import os");
  cr_assert(!is_valid(doc));
  check_violation_shape(doc);
  v = must_find_violation(doc, "import-banned", 1);
  cr_assert_eq(int_field(v, "col"), 8, "the violation points at the module name");
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v, "name")), "os");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(http, validate_clean_code) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = validate_code(s.port, "print(1)");
  cr_assert(is_valid(doc));
  cr_assert_eq(violation_count(doc), 0);
  cJSON_Delete(doc);
  doc = validate_code(s.port, "def f(x):\n    return [i * i for i in range(x)]\n\nprint(f(3))\n");
  cr_assert(is_valid(doc));
  cJSON_Delete(doc);
  doc = validate_code(s.port, "");
  cr_assert(is_valid(doc), "empty code should be valid");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(http, validate_null_byte) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = validate_json(s.port, "{\"code\":\"x=1\\u0000\"}");
  cr_assert(!is_valid(doc));
  check_violation_shape(doc);
  must_find_violation(doc, "null-byte", 0);
  cJSON_Delete(doc);
  /* a NUL in the middle must not hide what follows */
  doc = validate_json(s.port, "{\"code\":\"x=1\\u0000\\nimport os\"}");
  cr_assert(!is_valid(doc));
  must_find_violation(doc, "null-byte", 0);
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(http, validate_reports_every_violation) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *v;

  srv_start(&s, strict_server, NULL);
  doc = validate_code(s.port, "import os\nimport sys\nx = eval('1')\nimport subprocess\n");
  cr_assert(!is_valid(doc));
  check_violation_shape(doc);
  cr_assert_geq(violation_count(doc), 4);
  v = must_find_violation(doc, "banned-name", 3);
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v, "name")), "eval");
  v = must_find_violation(doc, "import-banned", 1);
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v, "name")), "os");
  v = must_find_violation(doc, "import-banned", 2);
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v, "name")), "sys");
  v = must_find_violation(doc, "import-banned", 4);
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(v, "name")),
                   "subprocess");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(http, validate_syntax_error) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *v;

  srv_start(&s, NULL, NULL);
  doc = validate_code(s.port, "def f(:\n    pass\n");
  cr_assert(!is_valid(doc));
  check_violation_shape(doc);
  v = must_find_violation(doc, "syntax-error", 1);
  (void)v;
  cJSON_Delete(doc);
  doc = validate_code(s.port, "x = 1\ny = (\n");
  cr_assert(!is_valid(doc));
  v = must_find_violation(doc, "syntax-error", 0);
  cr_assert_geq(int_field(v, "line"), 2, "syntax error reported before line 2");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(http, validate_columns_count_code_points) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *v;

  srv_start(&s, NULL, NULL);
  /* "é = 1; eval(1)": é is 2 bytes but one code point, so eval is at
   * column 8 (9 if bytes were counted) */
  doc = validate_code(s.port, "\xc3\xa9 = 1; eval(1)");
  cr_assert(!is_valid(doc));
  v = must_find_violation(doc, "banned-name", 1);
  cr_assert_eq(int_field(v, "col"), 8, "col %d", int_field(v, "col"));
  cr_assert_eq(int_field(v, "end_col"), 12, "end_col %d", int_field(v, "end_col"));
  cJSON_Delete(doc);
  /* a 4-byte character (U+1F600) is one code point too */
  doc = validate_code(s.port, "s = '\xf0\x9f\x98\x80'; eval(1)");
  v = must_find_violation(doc, "banned-name", 1);
  cr_assert_eq(int_field(v, "col"), 10, "col %d", int_field(v, "col"));
  cJSON_Delete(doc);
  /* and on a later line, columns restart */
  doc = validate_code(s.port, "\xc3\xa9\xc3\xa9 = 1\nif 1:\n\teval(1)");
  v = must_find_violation(doc, "banned-name", 3);
  cr_assert_eq(int_field(v, "col"), 2, "col %d", int_field(v, "col"));
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(http, validate_pathological_code_is_answered) {
  struct ts_srv s;
  char *parens = repeat("(", 100000, "x = ", "");
  char *unary = repeat("-", 100000, "x = ", "1");
  char *attrs = repeat(".y", 20000, "x = a", "");
  char *lines = repeat("x = 1\n", 20000, "", "import socket\n");
  const char *const codes[] = {parens, unary, attrs, NULL};

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; codes[i]; i++) {
    char *json = code_json(codes[i]);
    struct http_resp r;
    HTTP_OK(post_json(s.port, "/validate", json, &r));
    cJSON *doc;
    char rules[512];
    cr_log_info("pathological code %zu -> %d %.300s", i, r.status, r.body);
    assert_status(&r, 200);
    doc = json_body(&r);
    cr_assert(!is_valid(doc), "pathological code %zu passed as valid", i);
    cr_assert(find_violation(doc, "too-complex", 0) || find_violation(doc, "syntax-error", 0),
              "pathological code %zu: rules [%s]", i, rules_of(doc, rules, sizeof rules));
    cJSON_Delete(doc);
    http_resp_free(&r);
    free(json);
  }
  {
    cJSON *doc = validate_code(s.port, lines);
    cr_assert(!is_valid(doc));
    must_find_violation(doc, "import-banned", 20001);
    cJSON_Delete(doc);
  }
  assert_healthy(s.port);
  free(parens);
  free(unary);
  free(attrs);
  free(lines);
  srv_stop(&s);
}

/* ---- robustness ---- */

struct raw_case {
  const char *name;
  char *bytes;
  size_t len;
  bool must_fail; /* a 2xx answer would be wrong */
};

static struct raw_case raw_lit(const char *name, const char *s, bool must_fail) {
  struct raw_case c = {name, strdup(s), strlen(s), must_fail};

  cr_assert(c.bytes);
  return c;
}

Test(http, malformed_requests_do_not_hurt_the_server) {
  /* A connection the server neither answers nor closes (e.g. after lone
   * CRLFs) must at least go at the idle timeout. */
  static const char *const args[] = {"--conn-timeout", "3", NULL};
  struct ts_srv s;
  struct raw_case cases[40];
  size_t n = 0;
  unsigned seed = 12345;

  srv_start(&s, args, NULL);
  {
    char *g = malloc(4096);
    cr_assert(g);
    for (size_t i = 0; i < 4096; i++) {
      seed = seed * 1103515245u + 12345u;
      g[i] = (char)(seed >> 16);
    }
    cases[n++] = (struct raw_case){"4 KB of random bytes", g, 4096, true};
  }
  cases[n++] = raw_lit("text garbage", "hello there\r\n\r\n", true);
  cases[n++] = raw_lit("no version", "GET /healthz\r\n\r\n", false);
  cases[n++] = raw_lit("method only", "GET\r\n\r\n", true);
  cases[n++] = raw_lit("lone CRLFs", "\r\n\r\n", true);
  cases[n++] = raw_lit("nothing", "", true);
  cases[n++] = raw_lit("HTTP/1.1 without Host", "GET /healthz HTTP/1.1\r\n\r\n", false);
  cases[n++] = raw_lit("HTTP/2.0", "GET /healthz HTTP/2.0\r\nHost: x\r\n\r\n", false);
  cases[n++] = raw_lit("HTTP/9.9", "GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n", false);
  cases[n++] = raw_lit("bad version", "GET /healthz FTP/1.0\r\nHost: x\r\n\r\n", true);
  cases[n++] = raw_lit("header without colon", "GET /healthz HTTP/1.1\r\nHost: x\r\nnocolon\r\n\r\n",
                       false);
  cases[n++] = raw_lit("obs-fold", "GET /healthz HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", false);
  cases[n++] = raw_lit("bare LF", "GET /healthz HTTP/1.1\nHost: x\n\n", false);
  cases[n++] = raw_lit("Content-Length abc",
                       "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n{}", true);
  cases[n++] = raw_lit("Content-Length -1",
                       "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n{}", true);
  cases[n++] = raw_lit("Content-Length huge",
                       "POST /validate HTTP/1.1\r\nHost: x\r\n"
                       "Content-Length: 99999999999999999999999\r\n\r\n{}",
                       true);
  cases[n++] = raw_lit("two Content-Lengths",
                       "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n"
                       "Content-Length: 12\r\n\r\n{\"code\":\"1\"}",
                       false);
  cases[n++] = raw_lit("Content-Length and chunked",
                       "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\n"
                       "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
                       false);
  cases[n++] = raw_lit("bad chunk size",
                       "POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                       "zz\r\n{}\r\n0\r\n\r\n",
                       true);
  cases[n++] = raw_lit("chunk size overflow",
                       "POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                       "ffffffffffffffffffff\r\n{}\r\n0\r\n\r\n",
                       true);
  cases[n++] = raw_lit("unknown transfer coding",
                       "POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: gzip\r\n\r\n{}", false);
  cases[n++] = raw_lit("truncated body",
                       "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{\"co", true);
  cases[n++] = raw_lit("truncated chunked body",
                       "POST /validate HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
                       "a\r\n{\"co",
                       true);
  cases[n++] = raw_lit("absolute URI", "GET http://127.0.0.1/healthz HTTP/1.1\r\nHost: x\r\n\r\n",
                       false);
  cases[n++] = raw_lit("asterisk", "OPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n", false);
  cases[n++] = raw_lit("TLS hello", "\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", true);
  {
    static const char req[] = "GET /he\0althz HTTP/1.1\r\nHost: x\r\n\r\n";
    char *b = malloc(sizeof req);
    cr_assert(b);
    memcpy(b, req, sizeof req);
    cases[n++] = (struct raw_case){"NUL in the path", b, sizeof req - 1, false};
  }
  cases[n++] = (struct raw_case){
      "100 KB header",
      repeat("a", 100 * 1024, "GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ", "\r\n\r\n"), 0, true};
  cases[n++] = (struct raw_case){
      "5000 headers", repeat("X-H: v\r\n", 5000, "GET /healthz HTTP/1.1\r\nHost: x\r\n", "\r\n"), 0,
      true};
  cases[n++] = (struct raw_case){
      "10 KB path", repeat("a", 10 * 1024, "GET /", " HTTP/1.1\r\nHost: x\r\n\r\n"), 0, true};
  cases[n++] = (struct raw_case){
      "100 KB path", repeat("a", 100 * 1024, "GET /", " HTTP/1.1\r\nHost: x\r\n\r\n"), 0, true};
  cases[n++] = (struct raw_case){"10 KB method",
                                 repeat("X", 10 * 1024, "", " /healthz HTTP/1.1\r\nHost: x\r\n\r\n"),
                                 0, true};
  cases[n++] = (struct raw_case){
      "100 KB request line, no CRLF", repeat("a", 100 * 1024, "GET /", ""), 0, true};
  for (size_t i = 0; i < n; i++)
    if (!cases[i].len && cases[i].bytes)
      cases[i].len = strlen(cases[i].bytes);

  for (size_t i = 0; i < n; i++) {
    struct http_resp r;
    int rc = http_send_raw(s.port, cases[i].bytes, cases[i].len, &r);
    cr_assert_neq(rc, -1, "%s: no answer and no close: %s", cases[i].name, http_last_error());
    if (rc == 1) {
      cr_log_info("%s -> %d", cases[i].name, r.status);
      if (cases[i].must_fail)
        cr_assert(r.status >= 400, "%s: answered %d", cases[i].name, r.status);
      if (strcmp(cases[i].name, "10 KB path") == 0)
        cr_assert(r.status == 404 || r.status == 414 || r.status == 431,
                  "10 KB path: %d", r.status);
      if (r.status == 404 || r.status == 405 || r.status == 415)
        cJSON_Delete(json_body(&r)); /* our own errors are JSON */
      http_resp_free(&r);
    } else {
      cr_log_info("%s -> connection closed (%s)", cases[i].name, http_last_error());
    }
    {
      char ctx[200];
      snprintf(ctx, sizeof ctx, "after the raw request \"%s\"", cases[i].name);
      srv_assert_alive(&s, ctx);
    }
    free(cases[i].bytes);
  }
  assert_healthy(s.port);
  srv_stop(&s);
}

Test(http, own_json_errors_for_long_paths_stay_small) {
  struct ts_srv s;
  struct http_resp r;
  char *path = repeat("a", 10 * 1024, "/", "");

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_get(s.port, path, &r));
  if (r.status == 404) {
    assert_json_error(&r, 404, "not_found");
    cr_assert_lt(r.body_len, 2048, "404 echoes the whole path: %zu bytes", r.body_len);
  } else {
    cr_assert(r.status == 414 || r.status == 431, "status %d", r.status);
  }
  http_resp_free(&r);
  free(path);
  srv_stop(&s);
}

Test(http, idle_connections_time_out_and_do_not_block_others) {
  static const char *const args[] = {"--conn-timeout", "1", NULL};
  static const char partial[] = "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\n{";
  struct ts_srv s;
  struct http_resp r;
  long elapsed = 0;
  int rc;

  srv_start(&s, args, NULL);
  /* A connection that sends part of a body and stalls... */
  rc = http_send_raw_ex(s.port, partial, sizeof partial - 1, false, 8000, &r, &elapsed);
  /* ...is closed by the server after about a second (or answered 408) */
  cr_assert_neq(rc, -1, "the stalled connection was not closed: %s", http_last_error());
  if (rc == 1) {
    cr_assert_geq(r.status, 400);
    http_resp_free(&r);
  }
  cr_assert_lt(elapsed, 6000, "closed after %ld ms", elapsed);
  assert_healthy(s.port);
  srv_stop(&s);
}

struct load_arg {
  unsigned port;
  int ok, bad;
  char why[256];
};

static void *load_main(void *p) {
  struct load_arg *a = p;

  for (int i = 0; i < 25; i++) {
    struct http_resp r;
    const char *body = (i % 3 == 0) ? "{\"code\":\"import os\"}"
                       : (i % 3 == 1) ? "{\"code\":\"print(1)\"}"
                                      : "{nope";
    int want = (i % 3 == 2) ? 400 : 200;
    if (post_json(a->port, "/validate", body, &r) == 0 && r.status == want) {
      a->ok++;
    } else {
      a->bad++;
      snprintf(a->why, sizeof a->why, "status %d: %s", r.status, http_last_error());
    }
    http_resp_free(&r);
  }
  return NULL;
}

Test(http, concurrent_requests) {
  struct ts_srv s;
  struct load_arg args[8];
  pthread_t th[8];

  srv_start(&s, NULL, NULL);
  for (int i = 0; i < 8; i++) {
    args[i] = (struct load_arg){.port = s.port};
    cr_assert_eq(pthread_create(&th[i], NULL, load_main, &args[i]), 0);
  }
  for (int i = 0; i < 8; i++)
    pthread_join(th[i], NULL);
  for (int i = 0; i < 8; i++)
    cr_assert_eq(args[i].bad, 0, "thread %d: %d failures, last %s", i, args[i].bad, args[i].why);
  assert_healthy(s.port);
  srv_stop(&s);
}

/* ---- connections ---- */

Test(http, keep_alive_two_validates_on_one_connection) {
  struct ts_srv s;
  struct http_req reqs[2] = {
      {"POST", "/validate", json_ct, "{\"code\":\"import socket\"}", 24},
      {"POST", "/validate", json_ct, "{\"code\":\"print(1)\"}", 19},
  };
  struct http_resp out[2];
  cJSON *d0, *d1;

  srv_start(&s, NULL, NULL);
  for (int pipelined = 0; pipelined < 2; pipelined++) {
    HTTP_OK(http_keepalive(s.port, reqs, 2, pipelined, out));
    assert_status(&out[0], 200);
    assert_status(&out[1], 200);
    {
      const char *conn = http_header(&out[0], "Connection");
      cr_assert(!conn || strcasecmp(conn, "close") != 0, "first response closes the connection");
    }
    d0 = json_body(&out[0]);
    d1 = json_body(&out[1]);
    cr_assert(!is_valid(d0), "first answer: %s", out[0].body);
    cr_assert(is_valid(d1), "second answer: %s", out[1].body);
    cJSON_Delete(d0);
    cJSON_Delete(d1);
    http_resp_free(&out[0]);
    http_resp_free(&out[1]);
  }
  srv_stop(&s);
}

/* Errors found once the body is read keep the connection. */
Test(http, keep_alive_after_body_errors) {
  struct ts_srv s;
  struct http_req reqs[5] = {
      {"POST", "/validate", json_ct, "{nope", 5},
      {"POST", "/validate", json_ct, "{\"code\":5}", 10},
      {"POST", "/validate", json_ct, "{}", 2},
      {"POST", "/validate", json_ct, "{\"code\":\"import os\"}", 20},
      {"POST", "/validate", json_ct, "{\"code\":\"1\"}", 12},
  };
  struct http_resp out[5];

  srv_start(&s, NULL, NULL);
  for (int pipelined = 0; pipelined < 2; pipelined++) {
    HTTP_OK(http_keepalive(s.port, reqs, 5, pipelined, out));
    assert_json_error(&out[0], 400, "invalid_json");
    assert_json_error(&out[1], 400, "invalid_field");
    assert_json_error(&out[2], 400, "missing_field");
    assert_status(&out[3], 200);
    assert_status(&out[4], 200);
    for (int i = 0; i < 5; i++)
      http_resp_free(&out[i]);
  }
  srv_stop(&s);
}

/* Answers decided from the head alone (errors, but also /healthz) may
 * close the connection (the body was never read), but then they must say
 * so with Connection: close. */
Test(http, early_errors_announce_connection_close) {
  static const char *const text_ct[] = {"Content-Type: text/plain", NULL};
  static const char *const big[] = {"Content-Type: application/json", "Content-Length: 5000",
                                    NULL};
  struct ts_srv s;
  const struct http_req firsts[] = {
      {"GET", "/nothing", NULL, NULL, 0},
      {"GET", "/validate", NULL, NULL, 0},
      {"POST", "/healthz", json_ct, "{}", 2},
      {"POST", "/validate", text_ct, "{}", 2},
      {"POST", "/validate", big, "", 0},
      {"GET", "/healthz", NULL, NULL, 0},
      {"HEAD", "/healthz", NULL, NULL, 0},
      {"GET", "/healthz", json_ct, "ignored body", 12},
  };
  static const int status[] = {404, 405, 405, 415, 413, 200, 200, 200};

  srv_start(&s, max4k, NULL);
  for (size_t i = 0; i < sizeof firsts / sizeof firsts[0]; i++) {
    struct http_req reqs[2] = {firsts[i], {"GET", "/healthz", NULL, NULL, 0}};
    struct http_resp out[2];
    int rc = http_keepalive(s.port, reqs, 2, false, out);
    const char *conn = http_header(&out[0], "Connection");
    cr_log_info("case %zu: rc %d, status %d, Connection: %s", i, rc, out[0].status,
                conn ? conn : "-");
    assert_status(&out[0], status[i]);
    if (rc != 0)
      cr_assert(conn && strcasecmp(conn, "close") == 0,
                "case %zu: %d response closed the connection without Connection: close", i,
                out[0].status);
    else
      assert_status(&out[1], 200);
    http_resp_free(&out[0]);
    http_resp_free(&out[1]);
  }
  srv_stop(&s);
}

Test(http, http_1_0_and_expect_continue) {
  static const char v10[] = "GET /healthz HTTP/1.0\r\n\r\n";
  static const char *const expect[] = {"Content-Type: application/json",
                                       "Expect: 100-continue", NULL};
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, NULL);
  cr_assert_eq(http_send_raw(s.port, v10, sizeof v10 - 1, &r), 1, "%s", http_last_error());
  assert_status(&r, 200);
  http_resp_free(&r);
  HTTP_OK(http_request(s.port, "POST", "/validate", expect, "{\"code\":\"1\"}", 12, &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  srv_stop(&s);
}

Test(http, expect_continue_over_the_cap_is_refused_at_once) {
  static const char head[] = "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                             "Expect: 100-continue\r\nContent-Length: 100000\r\n\r\n";
  struct ts_srv s;
  struct http_resp r;
  long elapsed = 0;

  srv_start(&s, max4k, NULL);
  cr_assert_eq(http_send_raw_ex(s.port, head, sizeof head - 1, false, 5000, &r, &elapsed), 1,
               "%s", http_last_error());
  assert_json_error(&r, 413, "body_too_large");
  cr_assert_lt(elapsed, 3000);
  http_resp_free(&r);
  srv_stop(&s);
}

Test(http, sigint_stops_cleanly) {
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  assert_healthy(s.port);
  srv_stop_signal(&s, SIGINT);
  cr_assert(strstr(s.log, "SIGINT"), "no shutdown message: %s", s.log);
}

Test(http, sigterm_with_an_open_idle_connection) {
  static const char partial[] = "POST /validate HTTP/1.1\r\nHost: x\r\n";
  struct ts_srv s;
  int idle, half;

  srv_start(&s, NULL, NULL);
  /* an idle connection and a half-sent request must not hold up the
   * shutdown (5 s budget) */
  idle = http_connect(s.port);
  half = http_connect(s.port);
  cr_assert(idle >= 0 && half >= 0, "%s", http_last_error());
  cr_assert_eq(send(half, partial, sizeof partial - 1, MSG_NOSIGNAL), (ssize_t)sizeof partial - 1);
  assert_healthy(s.port);
  srv_stop(&s);
  close(idle);
  close(half);
  cr_assert(strstr(s.log, "SIGTERM"), "no shutdown message: %s", s.log);
}

/* ---- configuration ---- */

Test(config, env_listen_without_flag) {
  static const char *const env[] = {"TOOL_SANDBOX_LISTEN=127.0.0.1:0", NULL};
  struct srv_opts o = {.env = env, .no_listen = true};
  struct ts_srv s;

  srv_start_opts(&s, &o);
  cr_assert_neq(s.port, 0);
  assert_healthy(s.port);
  srv_stop(&s);
}

Test(config, env_max_body_and_flag_precedence) {
  static const char *const env[] = {"TOOL_SANDBOX_MAX_BODY=1024", NULL};
  static const char *const flag[] = {"--max-body", "4096", NULL};
  struct ts_srv s;
  struct http_resp r;
  char *b = body_of_size(2000);

  srv_start(&s, NULL, env);
  HTTP_OK(post_json(s.port, "/validate", b, &r));
  assert_json_error_msg(&r, 413, "body_too_large", "1024");
  http_resp_free(&r);
  srv_stop(&s);

  srv_start(&s, flag, env); /* the flag wins over the environment */
  HTTP_OK(post_json(s.port, "/validate", b, &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  srv_stop(&s);
  free(b);
}

static void expect_usage_error(const char *const args[], const char *const env[],
                               const char *needle) {
  struct cmd_result r;

  srv_run(args, env, &r);
  cr_assert_eq(r.exit_code, 2, "%s...: exit %d (signal %d), stderr: %s", args[0], r.exit_code,
               r.term_sig, r.err);
  cr_assert(strstr(r.err, needle), "stderr lacks \"%s\": %s", needle, r.err);
  cr_assert(!strstr(r.err, "listening on"), "it started anyway: %s", r.err);
  cmd_result_free(&r);
}

Test(config, bad_flags_exit_2) {
  static const char *const listen_bad[] = {"--listen", "nonsense", NULL};
  static const char *const listen_port[] = {"--listen", "127.0.0.1:99999", NULL};
  static const char *const listen_noport[] = {"--listen", "127.0.0.1:", NULL};
  static const char *const listen_nohost[] = {"--listen", ":8080", NULL};
  static const char *const body_abc[] = {"--max-body", "abc", NULL};
  static const char *const body_small[] = {"--max-body", "10", NULL};
  static const char *const body_frac[] = {"--max-body", "4096.5", NULL};
  static const char *const threads0[] = {"--threads", "0", NULL};
  static const char *const level[] = {"--log-level", "loud", NULL};
  static const char *const unknown[] = {"--bogus", NULL};
  static const char *const positional[] = {"--listen", "127.0.0.1:0", "extra", NULL};
  static const char *const missing[] = {"--listen", NULL};
  static const char *const limits[] = {"--listen", "127.0.0.1:0", "--timeout", "10",
                                       "--max-timeout", "5", NULL};

  expect_usage_error(listen_bad, NULL, "nonsense");
  expect_usage_error(listen_port, NULL, "port");
  expect_usage_error(listen_noport, NULL, "port");
  expect_usage_error(listen_nohost, NULL, "host");
  expect_usage_error(body_abc, NULL, "max-body");
  expect_usage_error(body_small, NULL, "range");
  expect_usage_error(body_frac, NULL, "max-body");
  expect_usage_error(threads0, NULL, "threads");
  expect_usage_error(level, NULL, "loud");
  expect_usage_error(unknown, NULL, "--help");
  expect_usage_error(positional, NULL, "extra");
  expect_usage_error(missing, NULL, "listen");
  expect_usage_error(limits, NULL, "limit");
}

Test(config, bad_environment_exits_2) {
  static const char *const none[] = {NULL};
  static const char *const env_body[] = {"TOOL_SANDBOX_MAX_BODY=abc", NULL};
  static const char *const env_listen[] = {"TOOL_SANDBOX_LISTEN=nonsense", NULL};

  expect_usage_error(none, env_body, "TOOL_SANDBOX_MAX_BODY");
  expect_usage_error(none, env_listen, "nonsense");
}

Test(config, help_and_version_exit_0) {
  static const char *const help[] = {"--help", NULL};
  static const char *const version[] = {"--version", NULL};
  struct cmd_result r;

  srv_run(help, NULL, &r);
  cr_assert_eq(r.exit_code, 0, "--help: exit %d, stderr %s", r.exit_code, r.err);
  cr_assert(strstr(r.out, "Usage"), "--help output: %s", r.out);
  cr_assert(strstr(r.out, "--listen") && strstr(r.out, "TOOL_SANDBOX_LISTEN"), "%s", r.out);
  cmd_result_free(&r);

  srv_run(version, NULL, &r);
  cr_assert_eq(r.exit_code, 0, "--version: exit %d, stderr %s", r.exit_code, r.err);
  cr_assert_str_eq(r.out, "tool-sandbox " TS_VERSION "\n");
  cmd_result_free(&r);
}

Test(config, port_in_use_exits_1) {
  struct ts_srv s;
  struct cmd_result r;
  char addr[64];
  const char *args[] = {"--listen", addr, NULL};

  srv_start(&s, NULL, NULL);
  snprintf(addr, sizeof addr, "127.0.0.1:%u", s.port);
  srv_run(args, NULL, &r);
  cr_assert_eq(r.exit_code, 1, "exit %d, stderr %s", r.exit_code, r.err);
  cr_assert(strstr(r.err, "cannot listen"), "%s", r.err);
  cmd_result_free(&r);
  assert_healthy(s.port);
  srv_stop(&s);
}

/* What the client sent is quoted in error messages: raw bytes that are not
 * UTF-8 must not make the body invalid JSON. */
Test(http, error_bodies_stay_valid_json_with_raw_bytes_in_the_request) {
  static const char req[] = "GET /\xff\xfe\xc3 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
  static const char req2[] = "POST /validate HTTP/1.1\r\nHost: x\r\nContent-Type: text/\xc3\r\n"
                             "Content-Length: 2\r\nConnection: close\r\n\r\n{}";
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  cr_assert_eq(http_send_raw(s.port, req, sizeof req - 1, &r), 1);
  cr_assert_eq(r.status, 404);
  doc = cJSON_Parse(r.body);
  cr_assert(doc, "not JSON: %s", r.body);
  /* Each invalid byte is U+FFFD, the body well-formed UTF-8. */
  cr_assert(ts_utf8_valid(r.body, r.body_len), "invalid UTF-8 in the body");
  cr_assert(strstr(r.body, "/\xef\xbf\xbd\xef\xbf\xbd\xef\xbf\xbd"), "%s", r.body);
  cJSON_Delete(doc);
  http_resp_free(&r);
  cr_assert_eq(http_send_raw(s.port, req2, sizeof req2 - 1, &r), 1);
  cr_assert_eq(r.status, 415);
  cr_assert(ts_utf8_valid(r.body, r.body_len), "invalid UTF-8 in the body");
  cr_assert(strstr(r.body, "text/\xef\xbf\xbd"), "%s", r.body);
  http_resp_free(&r);
  srv_stop(&s);
}
