/* API tests of transactional sessions: create, execute with each commit
 * mode, rollback, setup_code, GET, DELETE, another token's sessions,
 * expiry, --max-sessions, bad inputs, forks, and /execute unchanged.
 * Each waits on what the server reports, never on the clock. */
#include <signal.h>
#include <stdio.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "harness.h"

TestSuite(sessions, .fini = srv_cleanup_all, .timeout = 120);

static int req(unsigned port, const char *method, const char *path, const char *token,
               const char *body, struct http_resp *r) {
  char h[300];
  const char *hdrs[3] = {"Content-Type: application/json", NULL, NULL};

  if (token) {
    snprintf(h, sizeof h, "Authorization: Bearer %s", token);
    hdrs[1] = h;
  }
  return http_request(port, method, path, hdrs, body, body ? strlen(body) : 0, r);
}

/* POST /sessions with `body` (NULL: none); asserts a 201 and copies the id. */
static cJSON *create(unsigned port, const char *token, const char *body, char id[33]) {
  struct http_resp r;
  cJSON *doc;
  const cJSON *sid;

  HTTP_OK(req(port, "POST", "/sessions", token, body, &r));
  assert_status(&r, 201);
  doc = json_body(&r);
  http_resp_free(&r);
  sid = cJSON_GetObjectItem(doc, "session_id");
  cr_assert(cJSON_IsString(sid) && strlen(sid->valuestring) == 32, "session_id: 32 hex digits");
  cr_assert_eq(strspn(sid->valuestring, "0123456789abcdef"), 32);
  memcpy(id, sid->valuestring, 33);
  cr_assert(cJSON_IsString(cJSON_GetObjectItem(doc, "expires_at")));
  return doc;
}

/* POST /sessions/ID/execute with `body`; asserts a 200 and returns it. */
static cJSON *call(unsigned port, const char *token, const char *id, const char *body) {
  char path[128];
  struct http_resp r;
  cJSON *doc;

  snprintf(path, sizeof path, "/sessions/%s/execute", id);
  HTTP_OK(req(port, "POST", path, token, body, &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  http_resp_free(&r);
  return doc;
}

static const char *str_of(const cJSON *o, const char *k) {
  const cJSON *v = cJSON_GetObjectItem(o, k);
  return cJSON_IsString(v) ? v->valuestring : "(none)";
}

/* status, session.revision, .committed, .reason of a call's answer */
static void expect(const cJSON *doc, const char *status, int revision, bool committed,
                   const char *reason) {
  const cJSON *s = cJSON_GetObjectItem(doc, "session");

  cr_assert_str_eq(str_of(doc, "status"), status);
  cr_assert(cJSON_IsObject(s), "the answer has a session object");
  cr_assert_eq(cJSON_GetObjectItem(s, "revision")->valueint, revision, "revision %d, not %d",
               revision, cJSON_GetObjectItem(s, "revision")->valueint);
  cr_assert_eq(cJSON_IsTrue(cJSON_GetObjectItem(s, "committed")), committed);
  cr_assert_str_eq(str_of(s, "reason"), reason);
}

/* The repr of a call's result, or "" */
static const char *repr_of(const cJSON *doc) {
  const cJSON *r = cJSON_GetObjectItem(doc, "result");
  return cJSON_IsObject(r) ? str_of(r, "repr") : "";
}

static void path_of(char *buf, size_t n, const char *id, const char *tail) {
  snprintf(buf, n, "/sessions/%s%s", id, tail);
}

/* Every body is read strictly: a field no endpoint takes is a 400 naming
 * it (MCP refuses the same typo), and nothing runs. */
Test(sessions, unknown_fields_are_refused_by_name_everywhere) {
  struct ts_srv s;
  struct http_resp r;
  char id[33], path[128];
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\": \"print(1)\", \"tiemout\": 5}", &r));
  assert_json_error_msg(&r, 400, "unknown_field", "'tiemout'");
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/validate", "{\"code\": \"1\", \"polcy\": \"strict\"}", &r));
  assert_json_error_msg(&r, 400, "unknown_field", "'polcy'");
  http_resp_free(&r);
  /* /validate takes /execute's body as it is */
  HTTP_OK(post_json(s.port, "/validate", "{\"code\": \"1\", \"timeout\": 5, \"stdin\": \"\"}", &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute",
                    "{\"code\": \"1\", \"files\": [{\"path\": \"a\", \"content\": \"\", "
                    "\"mode\": 1}]}", &r));
  assert_json_error_msg(&r, 400, "unknown_field", "'files[0].mode'");
  http_resp_free(&r);
  HTTP_OK(req(s.port, "POST", "/sessions", NULL, "{\"tll\": 60}", &r));
  assert_json_error_msg(&r, 400, "unknown_field", "'tll'");
  http_resp_free(&r);
  doc = create(s.port, NULL, "{\"ttl\": 60}", id);
  cJSON_Delete(doc);
  path_of(path, sizeof path, id, "/execute");
  HTTP_OK(req(s.port, "POST", path, NULL, "{\"code\": \"x = 1\", \"comit\": \"never\"}", &r));
  assert_json_error_msg(&r, 400, "unknown_field", "'comit'");
  http_resp_free(&r);
  /* nothing ran: the session is still at its first revision */
  doc = call(s.port, NULL, id, "{\"code\": \"'x' in dir()\", \"commit\": \"never\"}");
  expect(doc, "ok", 0, false, "never");
  cr_assert_str_eq(repr_of(doc), "False");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(sessions, commit_modes_and_rollback) {
  struct ts_srv s;
  char id[33];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  d = create(s.port, NULL, NULL, id);
  cr_assert_eq(cJSON_GetObjectItem(d, "revision")->valueint, 0);
  cJSON_Delete(d);

  d = call(s.port, NULL, id, "{\"code\":\"x = 1\\nprint(x)\"}");
  expect(d, "ok", 1, true, "ok");
  cr_assert_str_eq(str_of(d, "stdout"), "1\n");
  cJSON_Delete(d);

  /* on_success: a call that raised leaves the state as it was */
  d = call(s.port, NULL, id, "{\"code\":\"x = 100\\nraise ValueError('no')\"}");
  expect(d, "error", 1, false, "failed");
  cJSON_Delete(d);
  d = call(s.port, NULL, id, "{\"code\":\"x\"}");
  expect(d, "ok", 2, true, "ok");
  cr_assert_str_eq(repr_of(d), "1");
  cJSON_Delete(d);

  /* a timeout: rolled back, its process gone */
  d = call(s.port, NULL, id, "{\"code\":\"x = 5\\nwhile True: pass\",\"timeout\":0.5}");
  expect(d, "timeout", 2, false, "process_ended");
  cJSON_Delete(d);

  /* always: the state of a call that raised is kept */
  d = call(s.port, NULL, id, "{\"code\":\"x = 7\\nraise KeyError(1)\",\"commit\":\"always\"}");
  expect(d, "error", 3, true, "always");
  cJSON_Delete(d);
  /* never: not even an ok call's */
  d = call(s.port, NULL, id, "{\"code\":\"x = 8\",\"commit\":\"never\"}");
  expect(d, "ok", 3, false, "never");
  cJSON_Delete(d);
  /* rejected by the validator: never runs, the session unchanged */
  d = call(s.port, NULL, id, "{\"code\":\"import socket\\nx = 9\"}");
  expect(d, "rejected", 3, false, "rejected");
  cr_assert(cJSON_IsArray(cJSON_GetObjectItem(d, "violations")));
  cJSON_Delete(d);
  d = call(s.port, NULL, id, "{\"code\":\"x\",\"commit\":\"never\"}");
  expect(d, "ok", 3, false, "never");
  cr_assert_str_eq(repr_of(d), "7");
  cJSON_Delete(d);

  /* a state that builds on itself */
  d = call(s.port, NULL, id, "{\"code\":\"def f(v):\\n    return v * 6\\ny = f(x)\\ny\"}");
  expect(d, "ok", 4, true, "ok");
  cr_assert_str_eq(repr_of(d), "42");
  cJSON_Delete(d);

  cr_assert_eq(metric_value(s.port, "tool_sandbox_session_calls_total{outcome=\"committed\"}"), 4);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_session_calls_total{outcome=\"rolled_back\"}"),
               4);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_sessions_created_total"), 1);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_sessions_active"), 1);
  srv_stop(&s);
}

Test(sessions, setup_code) {
  struct ts_srv s;
  struct http_resp r;
  char id[33];
  cJSON *d, *setup;

  srv_start(&s, NULL, NULL);
  d = create(s.port, NULL, "{\"setup_code\":\"data = [1, 2, 3]\",\"ttl\":60}", id);
  cr_assert_eq(cJSON_GetObjectItem(d, "revision")->valueint, 1);
  cr_assert_eq(cJSON_GetObjectItem(d, "ttl")->valuedouble, 60);
  setup = cJSON_GetObjectItem(d, "setup");
  expect(setup, "ok", 1, true, "ok");
  cJSON_Delete(d);
  d = call(s.port, NULL, id, "{\"code\":\"sum(data)\"}");
  cr_assert_str_eq(repr_of(d), "6");
  cJSON_Delete(d);

  /* A setup that fails leaves no session. */
  HTTP_OK(req(s.port, "POST", "/sessions", NULL, "{\"setup_code\":\"1 / 0\"}", &r));
  assert_json_error(&r, 422, "setup_failed");
  d = json_body(&r);
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(d, "setup"), "status"), "error");
  cJSON_Delete(d);
  http_resp_free(&r);
  /* ... nor does one the validator refuses */
  HTTP_OK(req(s.port, "POST", "/sessions", NULL, "{\"setup_code\":\"import socket\"}", &r));
  assert_json_error(&r, 422, "setup_failed");
  d = json_body(&r);
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(d, "setup"), "status"), "rejected");
  cJSON_Delete(d);
  http_resp_free(&r);
  cr_assert(wait_metric(s.port, "tool_sandbox_sessions_active", 1, HARNESS_WAIT_MS),
            "only the first session is left");
  srv_stop(&s);
}

Test(sessions, get_then_delete_then_404) {
  struct ts_srv s;
  struct http_resp r;
  char id[33], path[128];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"memory_mb\":128}", id));
  cJSON_Delete(call(s.port, NULL, id, "{\"code\":\"a = 1\"}"));
  path_of(path, sizeof path, id, "");
  HTTP_OK(req(s.port, "GET", path, NULL, NULL, &r));
  assert_status(&r, 200);
  d = json_body(&r);
  http_resp_free(&r);
  cr_assert_str_eq(str_of(d, "session_id"), id);
  cr_assert_eq(cJSON_GetObjectItem(d, "revision")->valueint, 1);
  cr_assert_eq(cJSON_GetObjectItem(d, "memory_mb")->valueint, 128);
  cr_assert_gt(cJSON_GetObjectItem(d, "state_kb")->valuedouble, 0);
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(d, "busy")));
  cr_assert(cJSON_IsString(cJSON_GetObjectItem(d, "last_used_at")));
  cJSON_Delete(d);

  HTTP_OK(req(s.port, "DELETE", path, NULL, NULL, &r));
  assert_status(&r, 204);
  cr_assert_eq(r.body_len, 0);
  http_resp_free(&r);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_sessions_active"), 0);

  HTTP_OK(req(s.port, "GET", path, NULL, NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  HTTP_OK(req(s.port, "DELETE", path, NULL, NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  path_of(path, sizeof path, id, "/execute");
  HTTP_OK(req(s.port, "POST", path, NULL, "{\"code\":\"a\"}", &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  /* ids that cannot be one: the same 404 */
  HTTP_OK(req(s.port, "GET", "/sessions/nope", NULL, NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  HTTP_OK(req(s.port, "GET", "/sessions/0123456789abcdef0123456789abcdef", NULL, NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  /* a method the path does not take */
  HTTP_OK(req(s.port, "PUT", "/sessions/0123456789abcdef0123456789abcdef", NULL, "{}", &r));
  assert_json_error(&r, 405, "method_not_allowed");
  cr_assert_str_eq(http_header(&r, "Allow"), "GET, HEAD, DELETE");
  http_resp_free(&r);
  srv_stop(&s);
}

Test(sessions, another_tokens_session_is_not_found) {
  const char *const env[] = {"TOOL_SANDBOX_TOKENS=alice-token,bob-token", NULL};
  struct ts_srv s;
  struct http_resp r;
  char id[33], path[128], xpath[128];

  srv_start(&s, NULL, env);
  cJSON_Delete(create(s.port, "alice-token", NULL, id));
  path_of(path, sizeof path, id, "");
  path_of(xpath, sizeof xpath, id, "/execute");
  HTTP_OK(req(s.port, "GET", path, "bob-token", NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  HTTP_OK(req(s.port, "POST", xpath, "bob-token", "{\"code\":\"1\"}", &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  HTTP_OK(req(s.port, "DELETE", path, "bob-token", NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  HTTP_OK(req(s.port, "GET", path, NULL, NULL, &r));
  assert_json_error(&r, 401, "unauthorized");
  http_resp_free(&r);
  /* still there for its owner */
  HTTP_OK(req(s.port, "GET", path, "alice-token", NULL, &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  cJSON_Delete(call(s.port, "alice-token", id, "{\"code\":\"1\"}"));
  srv_stop(&s);
}

Test(sessions, idle_session_expires_without_a_request) {
  struct ts_srv s;
  struct http_resp r;
  char id[33], path[128];

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"ttl\":1}", id));
  /* The expiry needs no request: the metric says so first. */
  cr_assert(wait_metric(s.port, "tool_sandbox_sessions_expired_total", 1, HARNESS_WAIT_MS));
  cr_assert(wait_metric(s.port, "tool_sandbox_sessions_active", 0, HARNESS_WAIT_MS));
  path_of(path, sizeof path, id, "");
  HTTP_OK(req(s.port, "GET", path, NULL, NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  srv_stop(&s);
}

Test(sessions, max_sessions_gives_429_with_retry_after) {
  const char *const args[] = {"--max-sessions", "1", NULL};
  struct ts_srv s;
  struct http_resp r;
  char id[33], id2[33], path[128];

  srv_start(&s, args, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  HTTP_OK(req(s.port, "POST", "/sessions", NULL, NULL, &r));
  assert_json_error(&r, 429, "too_many_requests");
  cr_assert_not_null(http_header(&r, "Retry-After"));
  http_resp_free(&r);
  path_of(path, sizeof path, id, "");
  HTTP_OK(req(s.port, "DELETE", path, NULL, NULL, &r));
  assert_status(&r, 204);
  http_resp_free(&r);
  cJSON_Delete(create(s.port, NULL, NULL, id2));
  cr_assert_str_neq(id, id2);
  srv_stop(&s);
}

Test(sessions, bad_inputs_name_the_field) {
  const char *const args[] = {"--session-ttl-max", "100", NULL};
  static const struct {
    const char *path; /* "X": the session's execute */
    const char *body, *code, *field;
  } cases[] = {
      {"/sessions", "{\"ttl\":0}", "limit_exceeded", "ttl"},
      {"/sessions", "{\"ttl\":101}", "limit_exceeded", "ttl"},
      {"/sessions", "{\"ttl\":\"long\"}", "invalid_field", "ttl"},
      {"/sessions", "{\"ttl\":1e400}", "invalid_field", "'ttl' is out of range"},
      {"/sessions", "{\"memory_mb\":-1e400}", "invalid_field", "'memory_mb' is out of range"},
      {"/sessions", "{\"memory_mb\":1}", "limit_exceeded", "memory_mb"},
      {"/sessions", "{\"setup_code\":5}", "invalid_field", "setup_code"},
      {"/sessions", "[1]", "invalid_json", "object"},
      {"X", "{\"code\":\"1\",\"commit\":\"sometimes\"}", "invalid_field", "commit"},
      {"X", "{\"code\":\"1\",\"commit\":true}", "invalid_field", "commit"},
      {"X", "{\"commit\":\"never\"}", "missing_field", "code"},
      {"X", "{\"code\":\"1\",\"memory_mb\":64}", "invalid_field", "memory_mb"},
      /* files, return_files and capabilities are read as /execute reads them */
      {"X", "{\"code\":\"1\",\"files\":[{\"path\":\"../x\",\"content\":\"\"}]}",
       "invalid_field", "files[0].path"},
      {"X", "{\"code\":\"1\",\"files\":{}}", "invalid_field", "files"},
      {"X", "{\"code\":\"1\",\"return_files\":[\"/abs\"]}", "invalid_field",
       "return_files[0]"},
      {"X", "{\"code\":\"1\",\"capabilities\":[\"net\"]}", "invalid_field",
       "capabilities[0]"},
      {"X", "{\"code\":\"1\",\"timeout\":-1}", "limit_exceeded", "timeout"},
  };
  struct ts_srv s;
  struct http_resp r;
  char id[33], xpath[128];

  srv_start(&s, args, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  path_of(xpath, sizeof xpath, id, "/execute");
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const char *path = strcmp(cases[i].path, "X") == 0 ? xpath : cases[i].path;
    HTTP_OK(req(s.port, "POST", path, NULL, cases[i].body, &r));
    assert_json_error_msg(&r, 400, cases[i].code, cases[i].field);
    http_resp_free(&r);
  }
  /* none of them touched the session */
  cr_assert_eq(metric_value(s.port, "tool_sandbox_session_calls_total{outcome=\"committed\"}"), 0);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_sessions_active"), 1);
  srv_stop(&s);
}

/* POST /sessions/ID/fork; asserts a 201 and copies the new id. */
static cJSON *fork_session(unsigned port, const char *token, const char *id, char out[33]) {
  char path[128];
  struct http_resp r;
  cJSON *doc;

  path_of(path, sizeof path, id, "/fork");
  HTTP_OK(req(port, "POST", path, token, NULL, &r));
  assert_status(&r, 201);
  doc = json_body(&r);
  http_resp_free(&r);
  cr_assert_eq(strlen(str_of(doc, "session_id")), 32);
  cr_assert_str_eq(str_of(doc, "forked_from"), id);
  (void)snprintf(out, 33, "%s", str_of(doc, "session_id"));
  cr_assert_str_neq(out, id);
  /* the routing prefix of its origin (README: scaling out) */
  cr_assert_eq(strncmp(out, id, 8), 0);
  return doc;
}

/* The README's walk-through: a fork holds the state at its origin's
 * revision; the two then commit and roll back apart, and either outlives
 * the other. */
Test(sessions, fork_walkthrough) {
  struct ts_srv s;
  struct http_resp r;
  char id[33], fid[33], path[128];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"setup_code\":\"data = [1, 2, 3]\"}", id));
  d = fork_session(s.port, NULL, id, fid);
  cr_assert_eq(cJSON_GetObjectItem(d, "revision")->valueint, 1);
  cJSON_Delete(d);
  d = call(s.port, NULL, id, "{\"code\":\"data.append(4)\\ndata\"}");
  expect(d, "ok", 2, true, "ok");
  cr_assert_str_eq(repr_of(d), "[1, 2, 3, 4]");
  cJSON_Delete(d);
  d = call(s.port, NULL, fid, "{\"code\":\"data.append(5)\\ndata\"}");
  expect(d, "ok", 2, true, "ok");
  cr_assert_str_eq(repr_of(d), "[1, 2, 3, 5]");
  cJSON_Delete(d);
  d = call(s.port, NULL, fid, "{\"code\":\"data.clear()\\n1 / 0\"}");
  expect(d, "error", 2, false, "failed");
  cJSON_Delete(d);
  path_of(path, sizeof path, id, "");
  HTTP_OK(req(s.port, "DELETE", path, NULL, NULL, &r));
  assert_status(&r, 204);
  http_resp_free(&r);
  d = call(s.port, NULL, fid, "{\"code\":\"data\",\"commit\":\"never\"}");
  expect(d, "ok", 2, false, "never");
  cr_assert_str_eq(repr_of(d), "[1, 2, 3, 5]");
  cJSON_Delete(d);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_sessions_forked_total"), 1);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_sessions_created_total"), 1);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_sessions_active"), 1);
  path_of(path, sizeof path, fid, "");
  HTTP_OK(req(s.port, "DELETE", path, NULL, NULL, &r));
  assert_status(&r, 204);
  http_resp_free(&r);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_sessions_active"), 0);
  srv_stop(&s);
}

/* A fork's working directory is a copy of its origin's: each then keeps
 * and rolls back its own. */
Test(sessions, fork_has_its_own_files) {
  struct ts_srv s;
  char id[33], fid[33];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  d = call(s.port, NULL, id,
           "{\"code\":\"open('a.txt', 'w').write('origin')\",\"capabilities\":[\"files\"]}");
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);
  cJSON_Delete(fork_session(s.port, NULL, id, fid));
  d = call(s.port, NULL, fid,
           "{\"code\":\"open('a.txt', 'a').write('+fork')\\nopen('b.txt', 'w').write('b')\","
           "\"capabilities\":[\"files\"]}");
  expect(d, "ok", 2, true, "ok");
  cJSON_Delete(d);
  d = call(s.port, NULL, id,
           "{\"code\":\"open('a.txt', 'w').write('gone')\\n1 / 0\",\"capabilities\":[\"files\"]}");
  expect(d, "error", 1, false, "failed");
  cJSON_Delete(d);
  d = call(s.port, NULL, id,
           "{\"code\":\"open('a.txt').read()\",\"return_files\":true,\"commit\":\"never\"}");
  cr_assert_str_eq(repr_of(d), "'origin'");
  cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(d, "files")), 0, "nothing changed");
  cJSON_Delete(d);
  d = call(s.port, NULL, fid,
           "{\"code\":\"open('a.txt').read() + open('b.txt').read()\",\"capabilities\":[\"files\"],"
           "\"commit\":\"never\"}");
  cr_assert_str_eq(repr_of(d), "'origin+forkb'");
  cJSON_Delete(d);
  srv_stop(&s);
}

/* Unknown, deleted and another token's sessions: 404; a fork is its
 * maker's; the forks of one session are bounded (429). */
Test(sessions, fork_errors) {
  const char *const env[] = {"TOOL_SANDBOX_TOKENS=alice-token,bob-token", NULL};
  const char *const args[] = {"--max-sessions", "12", "--max-sessions-per-token", "12", NULL};
  struct ts_srv s;
  struct http_resp r;
  char id[33], fid[33], path[128];

  srv_start(&s, args, env);
  cJSON_Delete(create(s.port, "alice-token", NULL, id));
  path_of(path, sizeof path, id, "/fork");
  HTTP_OK(req(s.port, "POST", path, "bob-token", NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  HTTP_OK(req(s.port, "POST", "/sessions/0123456789abcdef0123456789abcdef/fork", "alice-token",
              NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  HTTP_OK(req(s.port, "POST", path, NULL, NULL, &r));
  assert_status(&r, 401);
  http_resp_free(&r);
  cJSON_Delete(fork_session(s.port, "alice-token", id, fid));
  path_of(path, sizeof path, fid, "");
  HTTP_OK(req(s.port, "GET", path, "bob-token", NULL, &r));
  assert_json_error(&r, 404, "session_not_found");
  http_resp_free(&r);
  for (int i = 2; i < 8; i++) {
    char next[33];
    cJSON_Delete(fork_session(s.port, "alice-token", i % 2 ? id : fid, next));
    memcpy(fid, next, sizeof fid);
  }
  path_of(path, sizeof path, id, "/fork");
  HTTP_OK(req(s.port, "POST", path, "alice-token", NULL, &r));
  assert_json_error_msg(&r, 429, "too_many_requests", "forks");
  cr_assert_not_null(http_header(&r, "Retry-After"));
  http_resp_free(&r);
  srv_stop(&s);
}

/* A session running a call cannot be forked (409); its fork's calls and
 * its own wait for each other (they share a sandbox) but both run. */
Test(sessions, fork_while_busy_and_calls_of_a_box) {
  struct ts_srv s;
  struct http_resp r, a;
  char id[33], fid[33], path[128], xpath[128];
  bool busy = false;
  int fd;
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"setup_code\":\"x = 0\"}", id));
  cJSON_Delete(fork_session(s.port, NULL, id, fid));
  path_of(path, sizeof path, id, "");
  path_of(xpath, sizeof xpath, id, "/execute");
  fd = http_post_open(s.port, xpath,
                      "{\"code\":\"import time\\ntime.sleep(1)\\nx = 1\",\"timeout\":10}");
  cr_assert_geq(fd, 0);
  for (int i = 0; i < HARNESS_WAIT_MS / 20 && !busy; i++) {
    HTTP_OK(req(s.port, "GET", path, NULL, NULL, &r));
    d = json_body(&r);
    busy = cJSON_IsTrue(cJSON_GetObjectItem(d, "busy"));
    cJSON_Delete(d);
    http_resp_free(&r);
    if (!busy)
      usleep(20000);
  }
  cr_assert(busy, "the session reports its call");
  path_of(path, sizeof path, id, "/fork");
  HTTP_OK(req(s.port, "POST", path, NULL, NULL, &r));
  assert_json_error(&r, 409, "session_busy");
  http_resp_free(&r);
  /* the fork's call waits for the box, then runs */
  d = call(s.port, NULL, fid, "{\"code\":\"x = 2\\nx\"}");
  expect(d, "ok", 2, true, "ok");
  cr_assert_str_eq(repr_of(d), "2");
  cJSON_Delete(d);
  cr_assert_eq(http_read_answer(fd, "POST", xpath, HARNESS_WAIT_MS, &a), 0);
  assert_status(&a, 200);
  http_resp_free(&a);
  close(fd);
  d = call(s.port, NULL, id, "{\"code\":\"x\"}");
  cr_assert_str_eq(repr_of(d), "1");
  cJSON_Delete(d);
  srv_stop(&s);
}

Test(sessions, one_call_at_a_time) {
  struct ts_srv s;
  struct http_resp r, a;
  char id[33], path[128], xpath[128];
  int fd;
  bool busy = false;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  path_of(path, sizeof path, id, "");
  path_of(xpath, sizeof xpath, id, "/execute");
  fd = http_post_open(s.port, xpath, "{\"code\":\"import time\\ntime.sleep(2)\",\"timeout\":5}");
  cr_assert_geq(fd, 0);
  /* Wait until the server says the call runs. */
  for (int i = 0; i < HARNESS_WAIT_MS / 20 && !busy; i++) {
    cJSON *d;
    HTTP_OK(req(s.port, "GET", path, NULL, NULL, &r));
    d = json_body(&r);
    busy = cJSON_IsTrue(cJSON_GetObjectItem(d, "busy"));
    cJSON_Delete(d);
    http_resp_free(&r);
    if (!busy)
      usleep(20000);
  }
  cr_assert(busy, "the session reports its call");
  {
    /* While a call runs, its state is not read: variables is null. */
    cJSON *d;
    HTTP_OK(req(s.port, "GET", path, NULL, NULL, &r));
    d = json_body(&r);
    http_resp_free(&r);
    cr_assert(cJSON_IsNull(cJSON_GetObjectItem(d, "variables")), "no variables during a call");
    cJSON_Delete(d);
  }
  HTTP_OK(req(s.port, "POST", xpath, NULL, "{\"code\":\"1\"}", &r));
  assert_json_error(&r, 409, "session_busy");
  http_resp_free(&r);
  cr_assert_eq(http_read_answer(fd, "POST", xpath, HARNESS_WAIT_MS, &a), 0);
  assert_status(&a, 200);
  http_resp_free(&a);
  close(fd);
  srv_stop(&s);
}

Test(sessions, stateless_execute_is_unchanged_and_info_shows_the_limits) {
  const char *const args[] = {"--max-sessions", "3", "--session-ttl-max", "120", NULL};
  struct ts_srv s;
  struct http_resp r;
  char id[33];
  cJSON *d, *lim;

  srv_start(&s, args, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"setup_code\":\"x = 1\"}", id));
  d = execute_code(s.port, "x", 0);
  cr_assert_str_eq(str_of(d, "status"), "error", "/execute does not see a session's state");
  cr_assert_null(cJSON_GetObjectItem(d, "session"));
  cJSON_Delete(d);

  HTTP_OK(http_get(s.port, "/info", &r));
  d = json_body(&r);
  http_resp_free(&r);
  lim = cJSON_GetObjectItem(cJSON_GetObjectItem(d, "limits"), "sessions");
  cr_assert_eq(cJSON_GetObjectItem(lim, "max")->valueint, 3);
  cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(lim, "ttl_seconds"), "max")->valueint, 120);
  cr_assert_eq(cJSON_GetObjectItem(cJSON_GetObjectItem(lim, "ttl_seconds"), "default")->valueint,
               120);
  cJSON_Delete(d);
  srv_stop(&s);
}

Test(sessions, off_with_max_sessions_0) {
  const char *const args[] = {"--max-sessions", "0", NULL};
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, args, NULL);
  HTTP_OK(req(s.port, "POST", "/sessions", NULL, "{}", &r));
  assert_json_error(&r, 501, "not_implemented");
  http_resp_free(&r);
  srv_stop(&s);
}

Test(sessions, a_zygote_restart_keeps_them) {
  struct ts_srv s;
  struct srv_kids k;
  char id[33];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"setup_code\":\"kept = 'yes'\"}", id));
  srv_kids(s.pid, &k);
  cr_assert_gt(k.zygote, 0);
  cr_assert_eq(kill(k.zygote, SIGKILL), 0);
  cr_assert(wait_metric(s.port, "tool_sandbox_zygote_restarts_total", 1, HARNESS_WAIT_MS));
  d = call(s.port, NULL, id, "{\"code\":\"kept\"}");
  expect(d, "ok", 2, true, "ok");
  cr_assert_str_eq(repr_of(d), "'yes'");
  cJSON_Delete(d);
  srv_stop(&s);
}

/* ---- the audit hook between a session's calls ---- */

/* A call of `code` (any status); the answer. */
static cJSON *call_code(unsigned port, const char *id, const char *code) {
  cJSON *body = cJSON_CreateObject();
  char *text;
  cJSON *d;

  cJSON_AddStringToObject(body, "code", code);
  text = cJSON_PrintUnformatted(body);
  d = call(port, NULL, id, text);
  free(text);
  cJSON_Delete(body);
  return d;
}

/* Whether the call's audit trace holds an entry whose event is `event`. */
static bool audited(const cJSON *doc, const char *event) {
  const cJSON *e;

  cJSON_ArrayForEach(e, cJSON_GetObjectItem(doc, "audit"))
    if (strcmp(str_of(e, "event"), event) == 0)
      return true;
  return false;
}

/* The review's reproducer: call 1 sets warnings.showwarning to a function
 * that, run unwatched by the next call's compile (its SyntaxWarning),
 * evaluates a string through typing with the real eval and shadows the
 * audit hook's decide; call 2 then lists / and writes a file. */
static const char escape_call1[] =
    "import warnings, functools\n"
    "warnings.simplefilter('always')\n"
    "def J(*p):\n"
    "    return ''.join(p)\n"
    "def sw(message, category, filename, lineno, file=None, line=None):\n"
    "    expr = J(\n"
    "        \"[(osg := [c for c in ().__cla\", \"ss__.__ba\", \"se__.__subcla\", \"sses__() if "
    "c.__na\", \"me__ == '_wrap_close'][0]\",\n"
    "        \".__in\", \"it__.__glo\", \"bals__),\",\n"
    "        \" (sy := osg['sy' 's']), (B := sy.modules['buil' 'tins']), (gcm := "
    "sy.modules['g' 'c']), gcm.unfreeze(),\",\n"
    "        \" [[B.setattr(o, 'decide', lambda *a: None)]\",\n"
    "        \"   for o in gcm.get_objects() if B.type(o).__na\", \"me__ == '_Audit'],\",\n"
    "        \" B.setattr(sy.modules['__ma' 'in__'], 'LISTDIR', osg['listdir']),\",\n"
    "        \" B.setattr(sy.modules['__ma' 'in__'], 'OPENF', B.open)]\")\n"
    "    def h(x: expr):\n"
    "        pass\n"
    "    d = functools.singledispatch(J)\n"
    "    try:\n"
    "        d.register(h)\n"
    "    except BaseException:\n"
    "        pass\n"
    "warnings.showwarning = sw\n"
    "'stored'\n";
static const char escape_call2[] = "x = 1 is 1\n"
                                   "[LISTDIR('/'), OPENF('/tmp/pwned', 'w').write('call 2')]\n";

static void no_escape_through_the_next_compile(bool validator) {
  const char *const off[] = {"--static-validation", "false", NULL};
  struct ts_srv s;
  char id[33];
  cJSON *d;

  srv_start(&s, validator ? NULL : off, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  d = call_code(s.port, id, escape_call1);
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);
  d = call_code(s.port, id, escape_call2);
  cr_assert_str_eq(str_of(d, "status"), "error", "call 2 ran unwatched: %s", repr_of(d));
  cr_assert_str_eq(repr_of(d), "");
  cr_assert(audited(d, "typing"), "the warnings hook's eval is refused, in call 2's trace");
  cJSON_Delete(d);
  /* a compile that fails is the call's error, as ever */
  d = call_code(s.port, id, "return 1");
  cr_assert_str_eq(str_of(d, "status"), "error");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(d, "error"), "type"), "SyntaxError");
  cJSON_Delete(d);
  /* the session's later calls are watched as ever */
  d = call_code(s.port, id, "import subprocess\nsubprocess.run('id')");
  cr_assert_str_eq(str_of(d, "status"), validator ? "rejected" : "error");
  cJSON_Delete(d);
  d = call_code(s.port, id, "y = 2\ny");
  cr_assert_str_eq(str_of(d, "status"), "ok");
  cr_assert_str_eq(repr_of(d), "2");
  cJSON_Delete(d);
  srv_stop(&s);
}

Test(sessions, no_escape_through_the_next_compile_validator_on) {
  no_escape_through_the_next_compile(true);
}

Test(sessions, no_escape_through_the_next_compile_validator_off) {
  no_escape_through_the_next_compile(false);
}

/* Call 1 leaves hooks that the next call's compile and setup may run:
 * a warnings.showwarning, and (validator off: the validator refuses
 * __del__; weakref is allowed there) a weakref callback and a __del__ in a cycle the
 * collector finds while the warning is shown.  Each probe asks typing to
 * evaluate a string, which only a watched process refuses: P lists the
 * probes that ran unwatched. */
static const char hooks_call1_head[] =
    "import warnings, functools\n"
    "warnings.simplefilter('always')\n"
    "P = []\n"
    "def J(*p):\n"
    "    return ''.join(p)\n"
    "def probe(tag):\n"
    "    a = J(\"P.append('\", tag, \"') or int\")\n"
    "    def h(x: a):\n"
    "        pass\n"
    "    try:\n"
    "        functools.singledispatch(J).register(h)\n"
    "    except BaseException:\n"
    "        pass\n"
    "KEEP = []\n"
    "class D:\n"
    "    pass\n";
static const char hooks_call1_finalizers[] =
    "import weakref\n"
    "class D:\n"
    "    def __del__(self):\n"
    "        probe('del')\n"
    "class O:\n"
    "    pass\n"
    "o = O()\n"
    "W = weakref.ref(o, lambda r: probe('weakref'))\n"
    "KEEP.append(o)\n"
    "del o\n";
static const char hooks_call1_tail[] =
    "def sw(message, category, filename, lineno, file=None, line=None):\n"
    "    probe('warn')\n"
    "    KEEP.clear()\n"
    "    d = D()\n"
    "    d.me = d\n"
    "    d = None\n"
    "    junk = [[] for _ in range(5000)]\n"
    "warnings.showwarning = sw\n"
    "'stored'\n";

static void hooks_left_by_a_call_run_watched(bool validator) {
  const char *const off[] = {"--static-validation", "false", "--allowed-modules", "+weakref", NULL};
  char code[sizeof hooks_call1_head + sizeof hooks_call1_finalizers + sizeof hooks_call1_tail];
  struct ts_srv s;
  char id[33];
  cJSON *d;

  snprintf(code, sizeof code, "%s%s%s", hooks_call1_head, validator ? "" : hooks_call1_finalizers,
           hooks_call1_tail);
  srv_start(&s, validator ? NULL : off, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  d = call_code(s.port, id, code);
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);
  d = call_code(s.port, id, "x = 1 is 1\nP");
  cr_assert_str_eq(str_of(d, "status"), "ok");
  cr_assert_str_eq(repr_of(d), "[]", "probes run unwatched: %s", repr_of(d));
  cr_assert(audited(d, "typing"), "the probes are refused, in call 2's trace");
  if (!validator) {
    int n = 0;
    const cJSON *e;
    cJSON_ArrayForEach(e, cJSON_GetObjectItem(d, "audit")) n += strcmp(str_of(e, "event"), "typing") == 0;
    cr_assert_geq(n, 3, "the warning's, the weakref's and the finalizer's probes: %d", n);
  }
  cJSON_Delete(d);
  d = call_code(s.port, id, "import subprocess\nsubprocess.run('id')");
  cr_assert_str_eq(str_of(d, "status"), validator ? "rejected" : "error");
  cJSON_Delete(d);
  srv_stop(&s);
}

Test(sessions, hooks_left_by_a_call_run_watched_validator_on) {
  hooks_left_by_a_call_run_watched(true);
}

Test(sessions, hooks_left_by_a_call_run_watched_validator_off) {
  hooks_left_by_a_call_run_watched(false);
}

/* random's module-level state goes on from call to call, as in one
 * process (the fork's handlers reseed it). */
Test(sessions, random_state_is_kept) {
  struct ts_srv s;
  char id[33];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  d = call_code(s.port, id, "import random\nrandom.seed(42)\nr = random.Random(42)");
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);
  d = call_code(s.port, id, "[random.random(), r.random()]");
  cr_assert_str_eq(repr_of(d), "[0.6394267984578837, 0.6394267984578837]");
  cJSON_Delete(d);
  d = call_code(s.port, id, "random.random()");
  cr_assert_str_eq(repr_of(d), "0.025010755222666936");
  cr_assert_null(cJSON_GetObjectItem(d, "audit")->child, "nothing refused");
  cJSON_Delete(d);
  srv_stop(&s);
}

/* Each call has its own display budget. */
Test(sessions, display_limits_are_per_call) {
  struct ts_srv s;
  char id[33];
  cJSON *d;
  const cJSON *dropped, *outs;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  for (int i = 0; i < 2; i++) {
    d = call_code(s.port, id, "for i in range(40): display(i)");
    expect(d, "ok", i + 1, true, "ok");
    dropped = cJSON_GetObjectItem(d, "outputs_dropped");
    cr_assert(cJSON_IsNumber(dropped) && dropped->valueint == 0, "call %d dropped outputs", i + 1);
    cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(d, "outputs")), 40);
    cJSON_Delete(d);
  }
  d = call_code(s.port, id, "display('one')");
  outs = cJSON_GetObjectItem(d, "outputs");
  cr_assert_eq(cJSON_GetArraySize(outs), 1);
  cr_assert_eq(cJSON_GetObjectItem(d, "outputs_dropped")->valueint, 0);
  cJSON_Delete(d);
  srv_stop(&s);
}

/* One token cannot take every session: past --max-sessions-per-token its
 * POST /sessions gets 429, another token's does not. */
Test(sessions, max_sessions_per_token_gives_429_to_that_token) {
  const char *const args[] = {"--max-sessions-per-token", "2", "--max-sessions", "8", NULL};
  const char *const env[] = {"TOOL_SANDBOX_TOKENS=alice-token,bob-token", NULL};
  struct ts_srv s;
  struct http_resp r;
  char a1[33], a2[33], b1[33], path[128];
  cJSON *info;

  srv_start(&s, args, env);
  HTTP_OK(req(s.port, "GET", "/info", "alice-token", NULL, &r));
  assert_status(&r, 200);
  info = json_body(&r);
  http_resp_free(&r);
  {
    const cJSON *sess =
        cJSON_GetObjectItem(cJSON_GetObjectItem(info, "limits"), "sessions");
    cr_assert_eq(cJSON_GetObjectItem(sess, "max_per_token")->valueint, 2);
    cr_assert_eq(cJSON_GetObjectItem(sess, "memory_mb")->valueint, 4096);
  }
  cJSON_Delete(info);
  cJSON_Delete(create(s.port, "alice-token", NULL, a1));
  cJSON_Delete(create(s.port, "alice-token", NULL, a2));
  HTTP_OK(req(s.port, "POST", "/sessions", "alice-token", NULL, &r));
  assert_json_error_msg(&r, 429, "too_many_requests", "max-sessions-per-token");
  cr_assert_not_null(http_header(&r, "Retry-After"));
  http_resp_free(&r);
  cJSON_Delete(create(s.port, "bob-token", NULL, b1));
  path_of(path, sizeof path, a1, "");
  HTTP_OK(req(s.port, "DELETE", path, "alice-token", NULL, &r));
  assert_status(&r, 204);
  http_resp_free(&r);
  cJSON_Delete(create(s.port, "alice-token", NULL, a1));
  srv_stop(&s);
}

/* The sessions' memory_mb together stay within --sessions-memory-mb. */
Test(sessions, sessions_memory_budget_gives_429) {
  const char *const args[] = {"--sessions-memory-mb", "600", NULL};
  struct ts_srv s;
  struct http_resp r;
  char id1[33], id2[33], path[128];

  srv_start(&s, args, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"memory_mb\":300}", id1));
  cJSON_Delete(create(s.port, NULL, "{\"memory_mb\":256}", id2));
  HTTP_OK(req(s.port, "POST", "/sessions", NULL, "{\"memory_mb\":64}", &r));
  assert_json_error_msg(&r, 429, "too_many_requests", "sessions-memory-mb");
  cr_assert_not_null(http_header(&r, "Retry-After"));
  http_resp_free(&r);
  /* what fits still fits */
  cJSON_Delete(create(s.port, NULL, "{\"memory_mb\":32}", id2));
  path_of(path, sizeof path, id1, "");
  HTTP_OK(req(s.port, "DELETE", path, NULL, NULL, &r));
  assert_status(&r, 204);
  http_resp_free(&r);
  cJSON_Delete(create(s.port, NULL, "{\"memory_mb\":300}", id1));
  srv_stop(&s);
}

/* ---- GET's variables ---- */

/* GET /sessions/ID: asserts a 200 and a variables array. */
static cJSON *get_session(unsigned port, const char *id) {
  char path[128];
  struct http_resp r;
  cJSON *d;

  path_of(path, sizeof path, id, "");
  HTTP_OK(req(port, "GET", path, NULL, NULL, &r));
  assert_status(&r, 200);
  d = json_body(&r);
  http_resp_free(&r);
  cr_assert(cJSON_IsArray(cJSON_GetObjectItem(d, "variables")), "variables is a list");
  cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(d, "variables_dropped")));
  return d;
}

/* The variables as "name:type,name:type" */
static void vars_text(const cJSON *d, char *buf, size_t n) {
  const cJSON *v;
  size_t len = 0;

  buf[0] = '\0';
  cJSON_ArrayForEach(v, cJSON_GetObjectItem(d, "variables")) {
    int k = snprintf(buf + len, n - len, "%s%s:%s", len ? "," : "", str_of(v, "name"),
                     str_of(v, "type"));
    cr_assert(k > 0 && (size_t)k < n - len);
    len += (size_t)k;
  }
}

Test(sessions, get_lists_the_variables) {
  struct ts_srv s;
  char id[33], text[1024];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"setup_code\":\"n = 1\\nitems = [1, 2]\"}", id));
  d = get_session(s.port, id);
  vars_text(d, text, sizeof text);
  cr_assert_str_eq(text, "items:list,n:int");
  cr_assert_eq(cJSON_GetObjectItem(d, "variables_dropped")->valueint, 0);
  cJSON_Delete(d);

  d = call(s.port, NULL, id,
           "{\"code\":\"def f(x):\\n    return x\\nclass Point:\\n    pass\\np = Point()\\n"
           "_private = 2.5\\nimport math\\nfrom collections import OrderedDict\\n"
           "od = OrderedDict()\\nn = 'now a str'\"}");
  expect(d, "ok", 2, true, "ok");
  cJSON_Delete(d);
  /* a call that raised: what it bound is not in the state */
  d = call(s.port, NULL, id, "{\"code\":\"gone = 1\\nitems.append(3)\\n1 / 0\"}");
  expect(d, "error", 2, false, "failed");
  cJSON_Delete(d);
  /* nor what a commit=never call bound */
  d = call(s.port, NULL, id, "{\"code\":\"never = 1\",\"commit\":\"never\"}");
  expect(d, "ok", 2, false, "never");
  cJSON_Delete(d);

  /* sorted by name (code points: capitals first); no dunder names (the
   * module's __name__, __builtins__ the runner puts there); the class's
   * __qualname__ for the type */
  d = get_session(s.port, id);
  vars_text(d, text, sizeof text);
  cr_assert_str_eq(text,
                   "OrderedDict:type,Point:type,_private:float,f:function,items:list,math:module,"
                   "n:str,od:OrderedDict,p:Point");
  cr_assert_eq(cJSON_GetObjectItem(d, "revision")->valueint, 2);
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(d, "busy")));
  cJSON_Delete(d);

  /* A GET is not a call: no call counted, the state as it was */
  cr_assert_eq(metric_value(s.port, "tool_sandbox_session_calls_total{outcome=\"rolled_back\"}"),
               2);
  d = call(s.port, NULL, id, "{\"code\":\"len(items)\"}");
  cr_assert_str_eq(repr_of(d), "2");
  cJSON_Delete(d);
  srv_stop(&s);
}

Test(sessions, get_lists_at_most_100_variables) {
  struct ts_srv s;
  char id[33], code[150 * 16 + 64];
  size_t n = 0;
  const cJSON *vars, *v;
  cJSON *d, *body;
  int i = 0;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  /* 150 names, in reverse order of definition */
  for (int k = 149; k >= 0; k--)
    n += (size_t)snprintf(code + n, sizeof code - n, "v%03d = %d\n", k, k);
  n += (size_t)snprintf(code + n, sizeof code - n, "%s = 1\n",
                        "a_name_longer_than_two_hundred_bytes_"
                        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"
                        "xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");
  body = cJSON_CreateObject();
  cJSON_AddStringToObject(body, "code", code);
  {
    char *text = cJSON_PrintUnformatted(body);
    d = call(s.port, NULL, id, text);
    free(text);
  }
  cJSON_Delete(body);
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);

  d = get_session(s.port, id);
  vars = cJSON_GetObjectItem(d, "variables");
  cr_assert_eq(cJSON_GetArraySize(vars), 100);
  cr_assert_eq(cJSON_GetObjectItem(d, "variables_dropped")->valueint, 51);
  /* the first 100 by name: the long one (cut at 200 bytes), v000..v098 */
  cJSON_ArrayForEach(v, vars) {
    char want[16];
    if (i == 0) {
      cr_assert_eq(strlen(str_of(v, "name")), 200, "the name is cut at 200 bytes");
      cr_assert(strncmp(str_of(v, "name"), "a_name_longer", 13) == 0);
    } else {
      snprintf(want, sizeof want, "v%03d", i - 1);
      cr_assert_str_eq(str_of(v, "name"), want);
    }
    cr_assert_str_eq(str_of(v, "type"), "int");
    i++;
  }
  cJSON_Delete(d);
  srv_stop(&s);
}

static int str_cmp(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* "b:x,a:y" -> "a:y,b:x" in place (names without digits: ':' sorts
 * below every letter and '_') */
static void sort_tokens(char *list) {
  char copy[1024], *tok[64], *save = NULL;
  size_t n = 0, len = 0;

  snprintf(copy, sizeof copy, "%s", list);
  for (char *t = strtok_r(copy, ",", &save); t && n < 64; t = strtok_r(NULL, ",", &save))
    tok[n++] = t;
  qsort(tok, n, sizeof tok[0], str_cmp);
  list[0] = '\0';
  for (size_t i = 0; i < n; i++)
    len += (size_t)sprintf(list + len, "%s%s", i ? "," : "", tok[i]);
}

/* A class whose every method the listing could call loops forever: a GET
 * that ran any of them would take the query's whole time limit and come
 * back without variables.  It comes back whole.
 * With the validator off the class also tries the hooks both layers
 * refuse (__getattribute__, __getattr__, a property named __class__, a
 * metaclass): refused, and the listing still works. */
static void get_runs_none_of_their_code(bool validator) {
  static const char *const off[] = {"--static-validation", "false", NULL};
  static const char evil[] =
      "class Evil:\n"
      "    def __eq__(self, o):\n        while True: pass\n"
      "    def __ne__(self, o):\n        while True: pass\n"
      "    def __hash__(self):\n        while True: pass\n"
      "    def __repr__(self):\n        while True: pass\n"
      "    def __str__(self):\n        while True: pass\n"
      "    def __format__(self, spec):\n        while True: pass\n"
      "    def __len__(self):\n        while True: pass\n"
      "    def __bool__(self):\n        while True: pass\n"
      "    def __lt__(self, o):\n        while True: pass\n"
      "    @property\n"
      "    def value(self):\n        while True: pass\n"
      "evil = Evil()\n"
      "class EvilKey(str):\n"
      "    def __hash__(self):\n        while True: pass\n"
      "    def __eq__(self, o):\n        while True: pass\n"
      "    def __lt__(self, o):\n        while True: pass\n"
      "tricky = EvilKey('k')\n";
  /* hooks the layers may refuse (the validator refuses all; the runtime
   * layer, alone, lets __getattr__ be): what is kept is listed too */
  static const char *const hooks[][2] = {
      {"class G1:\n    def __getattribute__(self, n):\n        while True: pass\ng1 = G1()\n",
       ",G1:type,g1:G1"},
      {"class G2:\n    def __getattr__(self, n):\n        while True: pass\ng2 = G2()\n",
       ",G2:type,g2:G2"},
      {"class G3:\n    @property\n    def __class__(self):\n        while True: pass\n"
       "g3 = G3()\n",
       ",G3:type,g3:G3"},
      {"class M(type):\n    pass\nclass G4(metaclass=M):\n    pass\ng4 = G4()\n",
       ",G4:M,M:type,g4:G4"},
  };
  struct ts_srv s;
  char id[33], text[1024];
  cJSON *d, *body;
  char *json;

  srv_start(&s, validator ? NULL : off, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  body = cJSON_CreateObject();
  cJSON_AddStringToObject(body, "code", evil);
  json = cJSON_PrintUnformatted(body);
  d = call(s.port, NULL, id, json);
  free(json);
  cJSON_Delete(body);
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);
  {
    char want[1024] = "Evil:type,EvilKey:type,evil:Evil,tricky:EvilKey";
    char extra[256] = "";
    for (size_t i = 0; i < sizeof hooks / sizeof hooks[0]; i++) {
      body = cJSON_CreateObject();
      cJSON_AddStringToObject(body, "code", hooks[i][0]);
      json = cJSON_PrintUnformatted(body);
      d = call(s.port, NULL, id, json);
      free(json);
      cJSON_Delete(body);
      if (cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetObjectItem(d, "session"), "committed")))
        strcat(extra, hooks[i][1]);
      else if (i == 0 || i == 3 || validator)
        cr_assert_str_neq(str_of(d, "status"), "ok", "refused: %s", hooks[i][0]);
      cJSON_Delete(d);
    }
    /* __getattribute__ and metaclasses are refused by both layers */
    cr_assert(!strstr(extra, "g1") && !strstr(extra, "g4"), "kept: %s", extra);
    strcat(want, extra);
    sort_tokens(want);
    for (int round = 0; round < 3; round++) {
      /* a query that ran any of the snippet's code would hang until its
       * deadline and come back with no variables: the whole list is the
       * proof that none ran */
      d = get_session(s.port, id);
      vars_text(d, text, sizeof text);
      cr_assert_str_eq(text, want);
      cJSON_Delete(d);
    }
  }
  /* the state is whole, and its methods were never needed */
  d = call(s.port, NULL, id, "{\"code\":\"type(evil).__name__\"}");
  cr_assert_str_eq(repr_of(d), "'Evil'");
  cJSON_Delete(d);
  srv_stop(&s);
}

Test(sessions, get_runs_none_of_their_code_validator_on) {
  get_runs_none_of_their_code(true);
}

Test(sessions, get_runs_none_of_their_code_validator_off) {
  get_runs_none_of_their_code(false);
}

/* A gateway may choose the id (X-Session-Id), to route by its hash: it is
 * used when well-formed and free, otherwise a random one is. */
Test(sessions, gateway_chosen_id) {
  static const char want[] = "0123456789abcdef0123456789abcdef";
  const char *hdrs[] = {"Content-Type: application/json",
                        "X-Session-Id: 0123456789abcdef0123456789abcdef", NULL};
  const char *bad[] = {"Content-Type: application/json", "X-Session-Id: 0123456789ABCDEF", NULL};
  struct ts_srv s;
  struct http_resp r;
  cJSON *d;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_request(s.port, "POST", "/sessions", hdrs, "{}", 2, &r));
  assert_status(&r, 201);
  d = json_body(&r);
  http_resp_free(&r);
  cr_assert_str_eq(str_of(d, "session_id"), want);
  cJSON_Delete(d);
  /* taken: a random one */
  HTTP_OK(http_request(s.port, "POST", "/sessions", hdrs, "{}", 2, &r));
  assert_status(&r, 201);
  d = json_body(&r);
  http_resp_free(&r);
  cr_assert_str_neq(str_of(d, "session_id"), want);
  cr_assert_eq(strlen(str_of(d, "session_id")), 32);
  cJSON_Delete(d);
  /* malformed: a random one */
  HTTP_OK(http_request(s.port, "POST", "/sessions", bad, "{}", 2, &r));
  assert_status(&r, 201);
  d = json_body(&r);
  http_resp_free(&r);
  cr_assert_eq(strspn(str_of(d, "session_id"), "0123456789abcdef"), 32);
  cJSON_Delete(d);
  srv_stop(&s);
}

/* A later call whose last statement is a constant, or folds to one: the
 * runner compiles its tree (a "compile" event that names no file), which
 * the always-armed hook lets through for that very tree only. */
Test(sessions, later_calls_ending_in_a_constant) {
  static const struct {
    const char *code, *repr;
  } calls[] = {{"1", "1"}, {"x = 1\n'const'", "'const'"}, {"'const'", "'const'"},
               {"6 * 7", "42"}, {"abs(x)\n-(2 ** 3)", "-8"}, {"x + 1", "2"}};
  struct ts_srv s;
  char id[33];

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  for (size_t i = 0; i < sizeof calls / sizeof calls[0]; i++) {
    cJSON *d = call_code(s.port, id, calls[i].code);
    cr_assert_str_eq(str_of(d, "status"), "ok", "%s: %s", calls[i].code,
                     cJSON_PrintUnformatted(d));
    cr_assert_str_eq(repr_of(d), calls[i].repr, "%s", calls[i].code);
    cJSON_Delete(d);
  }
  srv_stop(&s);
}

/* ---- the working directory is part of the state ---- */

/* A call of `code` with the other fields of `extra` (a JSON object, or
 * NULL); the answer. */
static cJSON *call_with(unsigned port, const char *id, const char *code, const char *extra) {
  cJSON *body = extra ? cJSON_Parse(extra) : cJSON_CreateObject();
  char *text;
  cJSON *d;

  cr_assert(body, "extra is a JSON object: %s", extra);
  cJSON_AddStringToObject(body, "code", code);
  text = cJSON_PrintUnformatted(body);
  d = call(port, NULL, id, text);
  free(text);
  cJSON_Delete(body);
  return d;
}

static const char files_cap[] = "{\"capabilities\":[\"files\"]}";

/* The contents of the files a call looks at, None for one that is not
 * there: read in a call that commits nothing. */
static const char read_files[] = "def rd(p):\n"
                                 "    try:\n"
                                 "        return open(p).read()\n"
                                 "    except FileNotFoundError:\n"
                                 "        return None\n"
                                 "[rd(p) for p in ('a.txt', 'd/b.txt', 'c.txt', 'new.txt', "
                                 "'d/new.txt')]";

static void expect_files(unsigned port, const char *id, int revision, const char *want) {
  cJSON *d = call_with(port, id, read_files, "{\"capabilities\":[\"files\"],\"commit\":\"never\"}");

  expect(d, "ok", revision, false, "never");
  cr_assert_str_eq(repr_of(d), want);
  cJSON_Delete(d);
}

/* The files of the response, as "path=content;" in order. */
static void files_text(const cJSON *d, char *buf, size_t n) {
  const cJSON *f;
  size_t used = 0;

  buf[0] = '\0';
  cJSON_ArrayForEach(f, cJSON_GetObjectItem(d, "files"))
    used += (size_t)snprintf(buf + used, n - used, "%s=%s;", str_of(f, "path"),
                             str_of(f, "content"));
}

Test(sessions, a_committed_calls_files_persist) {
  struct ts_srv s;
  char id[33];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  /* written by the snippet, and sent with the call */
  d = call_with(s.port, id, "open('a.txt', 'w').write('one')",
                "{\"files\":[{\"path\":\"d/b.txt\",\"content\":\"two\"}]}");
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);
  expect_files(s.port, id, 1, "['one', 'two', None, None, None]");
  /* each committed call builds on the last */
  d = call_with(s.port, id, "open('c.txt', 'w').write(open('a.txt').read() * 2)", files_cap);
  expect(d, "ok", 2, true, "ok");
  cJSON_Delete(d);
  expect_files(s.port, id, 2, "['one', 'two', 'oneone', None, None]");
  /* a call's files replace the session's files of the same paths */
  d = call_with(s.port, id, "open('d/b.txt').read()",
                "{\"files\":[{\"path\":\"d/b.txt\",\"content\":\"TWO\"}]}");
  expect(d, "ok", 3, true, "ok");
  cr_assert_str_eq(repr_of(d), "'TWO'");
  cJSON_Delete(d);
  expect_files(s.port, id, 3, "['one', 'TWO', 'oneone', None, None]");
  /* without the capability a session call has no open, as ever */
  d = call_with(s.port, id, "open('a.txt').read()", NULL);
  cr_assert_str_eq(str_of(d, "status"), "rejected");
  cJSON_Delete(d);
  srv_stop(&s);
}

/* What a failed call did to the files: none of it is there at the next
 * call, whatever ended it. */
Test(sessions, a_rolled_back_calls_files_are_undone) {
  static const char changes[] = "open('a.txt', 'w').write('CHANGED')\n"
                                "open('d/b.txt', 'a').write('+more')\n"
                                "open('c.txt', 'w').write('')\n"
                                "open('new.txt', 'w').write('new')\n"
                                "open('d/new.txt', 'w').write('new')\n";
  static const struct {
    const char *tail, *extra, *status, *reason;
  } ends[] = {
      {"1 / 0", "{\"capabilities\":[\"files\"]}", "error", "failed"},
      {"while True: pass", "{\"capabilities\":[\"files\"],\"timeout\":0.5}", "timeout",
       "process_ended"},
      {"x = bytearray(1 << 40)", "{\"capabilities\":[\"files\"]}", "error", "process_ended"},
      {"'fine'", "{\"capabilities\":[\"files\"],\"commit\":\"never\"}", "ok", "never"},
      /* the job's own files are the call's too */
      {"1 / 0", "{\"files\":[{\"path\":\"d/new.txt\",\"content\":\"sent\"}]}", "error", "failed"},
  };
  const char *want = "['one', 'two', 'three', None, None]";
  struct ts_srv s;
  char id[33], code[512];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  d = call_with(s.port, id, "open('a.txt', 'w').write('one')\nopen('c.txt', 'w').write('three')",
                "{\"files\":[{\"path\":\"d/b.txt\",\"content\":\"two\"}]}");
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);
  expect_files(s.port, id, 1, want);
  for (size_t i = 0; i < sizeof ends / sizeof ends[0]; i++) {
    snprintf(code, sizeof code, "%s%s", changes, ends[i].tail);
    d = call_with(s.port, id, code, ends[i].extra);
    expect(d, ends[i].status, 1, false, ends[i].reason);
    cJSON_Delete(d);
    expect_files(s.port, id, 1, want);
  }
  /* and the session goes on from there */
  d = call_with(s.port, id, "open('new.txt', 'w').write('kept')", files_cap);
  expect(d, "ok", 2, true, "ok");
  cJSON_Delete(d);
  expect_files(s.port, id, 2, "['one', 'two', 'three', 'kept', None]");
  srv_stop(&s);
}

Test(sessions, return_files_are_what_the_call_changed) {
  struct ts_srv s;
  char id[33], got[512];
  cJSON *d;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  d = call_with(s.port, id,
                "open('a.txt', 'w').write('one')\nopen('b.txt', 'w').write('two')\n"
                "open('keep.txt', 'w').write('k')",
                "{\"return_files\":true}");
  expect(d, "ok", 1, true, "ok");
  files_text(d, got, sizeof got);
  cr_assert_str_eq(got, "a.txt=one;b.txt=two;keep.txt=k;");
  cJSON_Delete(d);
  /* a.txt rewritten with the same bytes, b.txt replaced by a file of the
   * job's that the snippet leaves alone, in.txt sent: none comes back;
   * c.txt made and keep.txt changed do */
  d = call_with(s.port, id,
                "open('a.txt', 'w').write('one')\nopen('c.txt', 'w').write('new')\n"
                "open('keep.txt', 'a').write('+')",
                "{\"return_files\":true,\"files\":[{\"path\":\"b.txt\",\"content\":\"job\"},"
                "{\"path\":\"in.txt\",\"content\":\"given\"}]}");
  expect(d, "ok", 2, true, "ok");
  files_text(d, got, sizeof got);
  cr_assert_str_eq(got, "c.txt=new;keep.txt=k+;");
  cJSON_Delete(d);
  /* a call that changes nothing returns nothing; the state is the last call's */
  d = call_with(s.port, id,
                "[open(p).read() for p in ('a.txt', 'b.txt', 'c.txt', 'keep.txt', 'in.txt')]",
                "{\"return_files\":true}");
  expect(d, "ok", 3, true, "ok");
  files_text(d, got, sizeof got);
  cr_assert_str_eq(got, "");
  cr_assert_str_eq(repr_of(d), "['one', 'job', 'new', 'k+', 'given']");
  cJSON_Delete(d);
  srv_stop(&s);
}

/* With the validator off (and os allowed), a snippet that writes,
 * changes, deletes, makes directories and takes permissions away in
 * /tmp, then fails, is rolled back to the last committed tree: names,
 * contents and modes. */
static const char walk_tree[] =
    "import os\n"
    "def tree():\n"
    "    out = []\n"
    "    for top, dirs, files in os.walk('.'):\n"
    "        for n in sorted(dirs + files):\n"
    "            p = top + '/' + n\n"
    "            st = os.lstat(p)\n"
    "            body = open(p).read() if n in files else '/'\n"
    "            out.append('%s %o %s' % (p, st.st_mode & 0o7777, body))\n"
    "    return sorted(out)\n";

Test(sessions, validator_off_writes_into_tmp_are_rolled_back) {
  const char *const args[] = {"--static-validation", "false", "--allowed-modules", "+os", NULL};
  struct ts_srv s;
  char id[33], code[2048], committed[1024];
  cJSON *d;

  srv_start(&s, args, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  snprintf(code, sizeof code,
           "%sos.mkdir('d')\nos.mkdir('d/e')\nopen('d/e/f.txt', 'w').write('f')\n"
           "open('a.txt', 'w').write('a')\nos.chmod('a.txt', 0o640)\nos.mkdir('ro')\n"
           "open('ro/x', 'w').write('x')\nos.chmod('ro', 0o500)\ntree()",
           walk_tree);
  d = call_with(s.port, id, code, files_cap);
  expect(d, "ok", 1, true, "ok");
  snprintf(committed, sizeof committed, "%s", repr_of(d));
  cr_assert(strstr(committed, "./a.txt 640 a") && strstr(committed, "./ro 500 /"), "%s",
            committed);
  cJSON_Delete(d);
  snprintf(code, sizeof code,
           "os.remove('a.txt')\nos.remove('d/e/f.txt')\nos.rmdir('d/e')\n"
           "open('d/new', 'w').write('n')\nos.makedirs('x/y/z')\nos.chmod('x/y', 0)\n"
           "os.chmod('ro', 0o700)\nopen('ro/x', 'w').write('changed')\nos.chmod('.', 0)\n"
           "raise RuntimeError('rolled back')");
  d = call_with(s.port, id, code, files_cap);
  expect(d, "error", 1, false, "failed");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(d, "error"), "message"), "rolled back",
                   "every change was made");
  cJSON_Delete(d);
  d = call_with(s.port, id, "tree()", "{\"capabilities\":[\"files\"],\"commit\":\"never\"}");
  expect(d, "ok", 1, false, "never");
  cr_assert_str_eq(repr_of(d), committed);
  cJSON_Delete(d);
  /* a tree deeper than a snapshot keeps cannot be the state: the call
   * says so and ends; the next call finds it gone */
  d = call_with(s.port, id, "os.makedirs('/'.join(['n'] * 40))", files_cap);
  expect(d, "error", 1, false, "process_ended");
  cr_assert_str_eq(str_of(cJSON_GetObjectItem(d, "error"), "type"), "OSError");
  cr_assert(strstr(str_of(cJSON_GetObjectItem(d, "error"), "message"), "nested too deep"));
  cJSON_Delete(d);
  d = call_with(s.port, id, "tree()", "{\"capabilities\":[\"files\"],\"commit\":\"never\"}");
  expect(d, "ok", 1, false, "never");
  cr_assert_str_eq(repr_of(d), committed);
  cJSON_Delete(d);
  srv_stop(&s);
}

#ifndef TS_SANITIZE /* no address-space limit under the sanitizers */
/* A call whose working directory does not fit in the session's memory
 * next to its state cannot be the state: it says so, ends, and the next
 * call finds the last committed files. */
Test(sessions, a_working_directory_that_cannot_be_kept_is_not_committed) {
  struct ts_srv s;
  char id[33];
  cJSON *d;
  const cJSON *e;

  srv_start(&s, NULL, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"memory_mb\":16}", id));
  d = call_with(s.port, id, "hold = bytearray(10 << 20)\nopen('a.txt', 'w').write('one')",
                files_cap);
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);
  d = call_with(s.port, id,
                "with open('new.txt', 'w') as f:\n"
                "    for i in range(8):\n"
                "        f.write('x' * (1 << 20))\n"
                "print('written')",
                files_cap);
  /* The session's 10 MiB and the copy of the files took more than half of
   * its 16: the allowance ran out (exec/outcome.h), not the snippet. */
  expect(d, "memory_limit", 1, false, "process_ended");
  cr_assert_str_eq(str_of(d, "stdout"), "written\n");
  e = cJSON_GetObjectItem(d, "error");
  cr_assert_str_eq(str_of(e, "type"), "MemoryError");
  cr_assert(strstr(str_of(e, "message"), "working directory could not be kept"), "%s",
            str_of(e, "message"));
  cJSON_Delete(d);
  d = call_with(s.port, id, "(len(hold), " "open('a.txt').read())", files_cap);
  expect(d, "ok", 2, true, "ok");
  cr_assert_str_eq(repr_of(d), "(10485760, 'one')");
  cJSON_Delete(d);
  expect_files(s.port, id, 2, "['one', None, None, None, None]");
  srv_stop(&s);
}
#endif

/* SIGTERM while a session and its forks each have a call: the running one
 * gets the grace period, the ones waiting for the box never start (each
 * would otherwise run to its end, one after the other, far past the
 * grace period). */
Test(sessions, sigterm_starts_no_waiting_call_of_a_box) {
  const char *const args[] = {"--grace-period", "1", "--max-timeout", "30", NULL};
  static const char body[] =
      "{\"code\":\"import time\\ntime.sleep(20)\\nprint('ran to its end')\",\"timeout\":25}";
  struct ts_srv s;
  struct http_resp r;
  char ids[3][33], path[3][128];
  int fds[3], busy = 0;

  srv_start(&s, args, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, ids[0]));
  cJSON_Delete(fork_session(s.port, NULL, ids[0], ids[1]));
  cJSON_Delete(fork_session(s.port, NULL, ids[0], ids[2]));
  for (int i = 0; i < 3; i++) {
    path_of(path[i], sizeof path[i], ids[i], "/execute");
    fds[i] = http_post_open(s.port, path[i], body);
    cr_assert_geq(fds[i], 0);
  }
  /* all three are running or waiting for the box */
  for (int t = 0; t < HARNESS_WAIT_MS / 20 && busy < 3; t++) {
    busy = 0;
    for (int i = 0; i < 3; i++) {
      char gp[128];
      cJSON *d;
      path_of(gp, sizeof gp, ids[i], "");
      HTTP_OK(req(s.port, "GET", gp, NULL, NULL, &r));
      d = json_body(&r);
      busy += cJSON_IsTrue(cJSON_GetObjectItem(d, "busy"));
      cJSON_Delete(d);
      http_resp_free(&r);
    }
    if (busy < 3)
      usleep(20000);
  }
  cr_assert_eq(busy, 3, "the three calls are in the box");
  srv_stop(&s);
  for (int i = 0; i < 3; i++) {
    cJSON *d, *sess;
    cr_assert_eq(http_read_answer(fds[i], "POST", path[i], HARNESS_WAIT_MS, &r), 0);
    assert_status(&r, 200);
    d = json_body(&r);
    sess = cJSON_GetObjectItem(d, "session");
    cr_assert_str_eq(str_of(d, "status"), "internal_error");
    {
      char *text = cJSON_PrintUnformatted(d);
      bool ran = text && strstr(text, "ran to its end");
      free(text);
      cr_assert(!ran, "a call ran after SIGTERM");
    }
    cr_assert(strcmp(str_of(sess, "reason"), "session_ended") == 0 ||
                  strcmp(str_of(sess, "reason"), "process_ended") == 0,
              "reason %s", str_of(sess, "reason"));
    cJSON_Delete(d);
    http_resp_free(&r);
    close(fds[i]);
  }
}

/* A holder's CPU time is bounded (RLIMIT_CPU, --max-timeout + 2 s) and the
 * parent's side of each fork is charged to it: a holder that has used a
 * third of it is replaced by a fork of itself, with no new revision, and
 * the state goes on. */
Test(sessions, worn_holder_is_replaced) {
  const char *const args[] = {"--max-timeout", "10", NULL};
  struct ts_srv s;
  char id[33];
  cJSON *d;
  double n = 0;

  srv_start(&s, args, NULL);
  cJSON_Delete(create(s.port, NULL, NULL, id));
  d = call(s.port, NULL, id,
           "{\"code\":\"import time\\nt = time.process_time()\\n"
           "while time.process_time() - t < 4.2: pass\\nx = 'kept'\",\"timeout\":10}");
  expect(d, "ok", 1, true, "ok");
  cJSON_Delete(d);
  for (int i = 0; i < HARNESS_WAIT_MS / 20 && n < 1; i++) {
    n = metric_value(s.port, "tool_sandbox_session_holders_refreshed_total");
    if (n < 1)
      usleep(20000);
  }
  cr_assert_eq(n, 1, "the worn holder was replaced");
  d = call(s.port, NULL, id, "{\"code\":\"x\"}");
  expect(d, "ok", 2, true, "ok");
  cr_assert_str_eq(repr_of(d), "'kept'");
  cJSON_Delete(d);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_session_calls_total{outcome=\"committed\"}"), 2);
  srv_stop(&s);
}

/* With the validator off a syntax error reaches the call's compile: the
 * call ends there (an ENDS record before its result), so even with commit
 * "always" the session keeps its state instead of a dying process. */
Test(sessions, syntax_error_with_always_keeps_the_state) {
  static const char *const off[] = {"--static-validation", "false", NULL};
  struct ts_srv s;
  char id[33];
  cJSON *d;

  srv_start(&s, off, NULL);
  cJSON_Delete(create(s.port, NULL, "{\"setup_code\":\"x = 1\"}", id));
  for (int i = 0; i < 3; i++) {
    d = call(s.port, NULL, id, "{\"code\":\"x = (\",\"commit\":\"always\"}");
    expect(d, "error", 1, false, "process_ended");
    cJSON_Delete(d);
  }
  d = call(s.port, NULL, id, "{\"code\":\"x\"}");
  expect(d, "ok", 2, true, "ok");
  cr_assert_str_eq(repr_of(d), "1");
  cJSON_Delete(d);
  srv_stop(&s);
}
