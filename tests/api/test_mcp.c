/* API tests of POST /mcp (the Model Context Protocol over Streamable HTTP,
 * both eras: 2025-11-25 with its initialize handshake, 2026-07-28
 * stateless with its headers) and GET /tools, over raw HTTP against the
 * real server: the happy paths of each era, every refusal of the
 * envelope (server/mcp_proto.c) with its HTTP status, JSON-RPC code and
 * id, the tools' results (structuredContent is the /execute answer, the
 * text a summary, display images become image items), the session tools,
 * and the HTTP front end's own answers on /mcp (Origin, methods, auth,
 * body cap, Content-Type).  The official clients are run against the
 * server by scripts/mcp-clients.sh; these tests pin the wire. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <criterion/criterion.h>

#include "harness.h"

TestSuite(mcp, .fini = srv_cleanup_all, .timeout = 120);

#define MODERN "2026-07-28"
/* The required per-request _meta of the modern era. */
#define META                                                                              \
  "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"" MODERN "\","                \
  "\"io.modelcontextprotocol/clientCapabilities\":{},"                                     \
  "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"api-tests\",\"version\":\"1\"}}"

/* ---- requests ---- */

/* POST /mcp with Content-Type: application/json and the given extra
 * header lines (NULL-terminated list, may be NULL). */
static void post_mcp(unsigned port, const char *const extra[], const char *body,
                     struct http_resp *r) {
  const char *hdrs[12] = {"Content-Type: application/json",
                          "Accept: application/json, text/event-stream"};
  size_t n = 2;

  for (size_t i = 0; extra && extra[i]; i++) {
    cr_assert(n + 1 < sizeof hdrs / sizeof hdrs[0]);
    hdrs[n++] = extra[i];
  }
  hdrs[n] = NULL;
  HTTP_OK(http_request(port, "POST", "/mcp", hdrs, body, strlen(body), r));
}

/* A legacy request: MCP-Protocol-Version (when version is not NULL) and
 * the body. */
static void post_legacy(unsigned port, const char *version, const char *body,
                        struct http_resp *r) {
  char h[128];
  const char *extra[] = {h, NULL};

  if (!version) {
    post_mcp(port, NULL, body, r);
    return;
  }
  snprintf(h, sizeof h, "MCP-Protocol-Version: %s", version);
  post_mcp(port, extra, body, r);
}

/* A modern request: the three headers (a NULL one left out). */
static void post_modern(unsigned port, const char *version, const char *method,
                        const char *name, const char *body, struct http_resp *r) {
  char hv[200], hm[200], hn[300];
  const char *extra[4];
  size_t n = 0;

  if (version) {
    snprintf(hv, sizeof hv, "MCP-Protocol-Version: %s", version);
    extra[n++] = hv;
  }
  if (method) {
    snprintf(hm, sizeof hm, "Mcp-Method: %s", method);
    extra[n++] = hm;
  }
  if (name) {
    snprintf(hn, sizeof hn, "Mcp-Name: %s", name);
    extra[n++] = hn;
  }
  extra[n] = NULL;
  post_mcp(port, extra, body, r);
}

static char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
static char *fmt(const char *f, ...) {
  va_list ap;
  char *s = NULL;

  va_start(ap, f);
  cr_assert(vasprintf(&s, f, ap) >= 0, "out of memory");
  va_end(ap);
  return s;
}

/* ---- answers ---- */

/* The id of a JSON-RPC answer as JSON text ("7", "\"a\"", "null"). */
static void assert_id(const cJSON *doc, const char *id) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(doc, "id");
  char *got;

  cr_assert(v, "the answer has no id");
  got = cJSON_PrintUnformatted(v);
  cr_assert_str_eq(got, id, "id %s, expected %s", got, id);
  free(got);
}

/* Asserts a JSON-RPC error answer: HTTP status, application/json,
 * jsonrpc "2.0", the id, error.code and a non-empty message (containing
 * `substr` when not NULL); returns the document (caller frees). */
static cJSON *rpc_error(const struct http_resp *r, int status, int code, const char *id,
                        const char *substr) {
  cJSON *doc, *err;
  const cJSON *c, *m;

  assert_status(r, status);
  doc = json_body(r);
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "jsonrpc")), "2.0");
  assert_id(doc, id);
  cr_assert_null(cJSON_GetObjectItem(doc, "result"), "an error answer has no result");
  err = cJSON_GetObjectItem(doc, "error");
  c = cJSON_GetObjectItem(err, "code");
  m = cJSON_GetObjectItem(err, "message");
  cr_assert(cJSON_IsNumber(c) && cJSON_IsString(m) && m->valuestring[0],
            "error is not {code, message}: %s", r->body);
  cr_assert_eq(c->valueint, code, "error code %d, expected %d: %s", c->valueint, code,
               r->body);
  if (substr)
    cr_assert(strstr(m->valuestring, substr), "message \"%s\" lacks \"%s\"", m->valuestring,
              substr);
  return doc;
}

static void rpc_error_free(const struct http_resp *r, int status, int code, const char *id,
                           const char *substr) {
  cJSON_Delete(rpc_error(r, status, code, id, substr));
}

/* Posts a legacy message (post_legacy) and asserts the JSON-RPC error it
 * gets (rpc_error). */
static void legacy_error(unsigned port, const char *version, const char *body, int status,
                         int code, const char *id, const char *substr) {
  struct http_resp r;

  post_legacy(port, version, body, &r);
  rpc_error_free(&r, status, code, id, substr);
  http_resp_free(&r);
}

/* The same for a modern message (post_modern). */
static void modern_error(unsigned port, const char *version, const char *method,
                         const char *name, const char *body, int status, int code,
                         const char *id, const char *substr) {
  struct http_resp r;

  post_modern(port, version, method, name, body, &r);
  rpc_error_free(&r, status, code, id, substr);
  http_resp_free(&r);
}

/* Asserts a 200 JSON-RPC result with that id; returns the result, detached
 * (caller frees). */
static cJSON *rpc_result(const struct http_resp *r, const char *id) {
  cJSON *doc, *res;

  assert_status(r, 200);
  doc = json_body(r);
  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(doc, "jsonrpc")), "2.0");
  assert_id(doc, id);
  cr_assert_null(cJSON_GetObjectItem(doc, "error"), "a result answer has no error: %s",
                 r->body);
  res = cJSON_DetachItemFromObject(doc, "result");
  cr_assert(cJSON_IsObject(res), "result is not an object: %s", r->body);
  cJSON_Delete(doc);
  return res;
}

/* A modern result carries resultType and the server's info in _meta; a
 * legacy one neither. */
static void assert_era_marks(const cJSON *res, bool modern) {
  const cJSON *meta = cJSON_GetObjectItem(res, "_meta");
  const cJSON *info = cJSON_GetObjectItem(meta, "io.modelcontextprotocol/serverInfo");

  if (modern) {
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(res, "resultType")), "complete");
    cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(info, "name")), "tool-sandbox");
    cr_assert(cJSON_IsString(cJSON_GetObjectItem(info, "version")));
  } else {
    cr_assert_null(cJSON_GetObjectItem(res, "resultType"));
    cr_assert_null(info);
  }
}

/* tools/call of `name` with `args` (a JSON object's text) in the given
 * era; asserts a 200 result and returns it. */
static cJSON *call_tool(unsigned port, bool modern, const char *name, const char *args) {
  static int next_id = 100;
  int id = next_id++;
  char ids[16];
  struct http_resp r;
  char *body;
  cJSON *res;

  if (modern) {
    body = fmt("{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":"
               "{\"name\":\"%s\",\"arguments\":%s," META "}}",
               id, name, args);
    post_modern(port, MODERN, "tools/call", name, body, &r);
  } else {
    body = fmt("{\"jsonrpc\":\"2.0\",\"id\":%d,\"method\":\"tools/call\",\"params\":"
               "{\"name\":\"%s\",\"arguments\":%s}}",
               id, name, args);
    post_legacy(port, "2025-11-25", body, &r);
  }
  free(body);
  snprintf(ids, sizeof ids, "%d", id);
  res = rpc_result(&r, ids);
  http_resp_free(&r);
  assert_era_marks(res, modern);
  cr_assert(cJSON_IsArray(cJSON_GetObjectItem(res, "content")), "content is an array");
  cr_assert(cJSON_IsBool(cJSON_GetObjectItem(res, "isError")), "isError is a boolean");
  return res;
}

/* tools/call of `tool` with the arguments `more` (JSON object members and
 * a comma, or "") and "session_id": id. */
static cJSON *call_in(unsigned port, bool modern, const char *tool, const char *id,
                      const char *more) {
  char *args = fmt("{%s\"session_id\":\"%s\"}", more, id);
  cJSON *res = call_tool(port, modern, tool, args);

  free(args);
  return res;
}

static bool is_error(const cJSON *res) { return cJSON_IsTrue(cJSON_GetObjectItem(res, "isError")); }

static const cJSON *structured(const cJSON *res) {
  return cJSON_GetObjectItem(res, "structuredContent");
}

/* The first content item's text (the summary). */
static const char *summary(const cJSON *res) {
  const cJSON *first = cJSON_GetArrayItem(cJSON_GetObjectItem(res, "content"), 0);

  cr_assert_str_eq(cJSON_GetStringValue(cJSON_GetObjectItem(first, "type")), "text");
  cr_assert(cJSON_IsString(cJSON_GetObjectItem(first, "text")));
  return cJSON_GetObjectItem(first, "text")->valuestring;
}

static const char *str_at(const cJSON *o, const char *k) {
  const char *s = cJSON_GetStringValue(cJSON_GetObjectItem(o, k));
  return s ? s : "(none)";
}

/* ---- the legacy era ---- */

Test(mcp, legacy_initialize_notifications_ping_and_tools_list) {
  static const char *const versions[] = {"2025-11-25", "2025-06-18"};
  struct ts_srv s;
  struct http_resp r;
  cJSON *res;
  const cJSON *tools, *t;

  srv_start(&s, NULL, NULL);
  /* The version asked for comes back when the server speaks it. */
  for (size_t i = 0; i < 2; i++) {
    char *body = fmt("{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"initialize\",\"params\":"
                     "{\"protocolVersion\":\"%s\",\"capabilities\":{},"
                     "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}",
                     versions[i]);
    post_legacy(s.port, NULL, body, &r);
    free(body);
    cr_assert_null(http_header(&r, "Mcp-Session-Id"), "no session id is issued");
    res = rpc_result(&r, "0");
    http_resp_free(&r);
    cr_assert_str_eq(str_at(res, "protocolVersion"), versions[i]);
    cr_assert(cJSON_IsObject(cJSON_GetObjectItem(cJSON_GetObjectItem(res, "capabilities"),
                                                 "tools")));
    cr_assert_str_eq(str_at(cJSON_GetObjectItem(res, "serverInfo"), "name"), "tool-sandbox");
    cr_assert(strstr(str_at(res, "instructions"), "python_execute"));
    assert_era_marks(res, false);
    cJSON_Delete(res);
  }
  /* One it does not speak: its latest legacy version, as a result. */
  post_legacy(s.port, NULL,
              "{\"jsonrpc\":\"2.0\",\"id\":\"init\",\"method\":\"initialize\",\"params\":"
              "{\"protocolVersion\":\"1999-01-01\",\"capabilities\":{},"
              "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}",
              &r);
  res = rpc_result(&r, "\"init\"");
  http_resp_free(&r);
  cr_assert_str_eq(str_at(res, "protocolVersion"), "2025-11-25");
  cJSON_Delete(res);

  /* Notifications: 202, no body. */
  post_legacy(s.port, "2025-11-25",
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}", &r);
  assert_status(&r, 202);
  cr_assert_eq(r.body_len, 0, "a 202 has no body: %s", r.body);
  http_resp_free(&r);
  post_legacy(s.port, "2025-11-25",
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":"
              "{\"requestId\":3}}",
              &r);
  assert_status(&r, 202);
  cr_assert_eq(r.body_len, 0);
  http_resp_free(&r);

  /* ping: an empty result. */
  post_legacy(s.port, "2025-11-25", "{\"jsonrpc\":\"2.0\",\"id\":\"123\",\"method\":\"ping\"}",
              &r);
  res = rpc_result(&r, "\"123\"");
  http_resp_free(&r);
  cr_assert_eq(cJSON_GetArraySize(res), 0, "ping's result is empty");
  cJSON_Delete(res);

  /* tools/list, without params (as SDK 1.x sends it) and with the legacy
   * default version (no header): the tools, no caching fields. */
  post_legacy(s.port, NULL, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", &r);
  res = rpc_result(&r, "1");
  http_resp_free(&r);
  assert_era_marks(res, false);
  cr_assert_null(cJSON_GetObjectItem(res, "ttlMs"));
  cr_assert_null(cJSON_GetObjectItem(res, "cacheScope"));
  tools = cJSON_GetObjectItem(res, "tools");
  cr_assert_eq(cJSON_GetArraySize(tools), 5, "2 tools and the 3 session tools");
  cJSON_ArrayForEach(t, tools) {
    const cJSON *in = cJSON_GetObjectItem(t, "inputSchema");
    const cJSON *out = cJSON_GetObjectItem(t, "outputSchema");
    cr_assert(cJSON_IsString(cJSON_GetObjectItem(t, "description")));
    cr_assert_str_eq(str_at(in, "type"), "object", "inputSchema of %s", str_at(t, "name"));
    cr_assert_str_eq(str_at(out, "type"), "object", "outputSchema of %s", str_at(t, "name"));
  }
  cr_assert_str_eq(str_at(cJSON_GetArrayItem(tools, 0), "name"), "python_execute");
  cr_assert_str_eq(str_at(cJSON_GetArrayItem(tools, 1), "name"), "python_validate");
  cJSON_Delete(res);

  /* A method the server does not have: -32601 with HTTP 200 (what the
   * legacy SDKs read), the id kept. */
  legacy_error(s.port, "2025-11-25",
               "{\"jsonrpc\":\"2.0\",\"id\":9,\"method\":\"resources/list\",\"params\":{}}",
               200, -32601, "9", "resources/list");
  /* server/discover is the modern era's. */
  legacy_error(s.port, "2025-11-25",
               "{\"jsonrpc\":\"2.0\",\"id\":10,\"method\":\"server/discover\"}",
               200, -32601, "10", NULL);
  /* A cursor the list never gave. */
  legacy_error(s.port, "2025-11-25",
               "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"tools/list\",\"params\":"
               "{\"cursor\":\"x\"}}", 200, -32602, "11", "cursor");
  /* A legacy request whose header names a version the server does not
   * speak: 400. */
  legacy_error(s.port, "1999-01-01", "{\"jsonrpc\":\"2.0\",\"id\":12,\"method\":\"tools/list\"}",
               400, -32000, "12", "Unsupported protocol version");
  srv_stop(&s);
}

/* ---- the modern era ---- */

Test(mcp, modern_discover_tools_list_and_unknown_methods) {
  struct ts_srv s;
  struct http_resp r;
  cJSON *res;
  const cJSON *v;
  bool has_modern = false, has_legacy = false;

  srv_start(&s, NULL, NULL);
  post_modern(s.port, MODERN, "server/discover", NULL,
              "{\"jsonrpc\":\"2.0\",\"id\":\"server-discover-probe-1\",\"method\":"
              "\"server/discover\",\"params\":{" META "}}",
              &r);
  res = rpc_result(&r, "\"server-discover-probe-1\"");
  http_resp_free(&r);
  assert_era_marks(res, true);
  cJSON_ArrayForEach(v, cJSON_GetObjectItem(res, "supportedVersions")) {
    has_modern |= strcmp(cJSON_GetStringValue(v), MODERN) == 0;
    has_legacy |= strcmp(cJSON_GetStringValue(v), "2025-11-25") == 0;
  }
  cr_assert(has_modern && has_legacy, "supportedVersions lists both eras");
  cr_assert(cJSON_IsObject(cJSON_GetObjectItem(res, "capabilities")));
  cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(res, "ttlMs")));
  cr_assert_str_eq(str_at(res, "cacheScope"), "public");
  cJSON_Delete(res);

  post_modern(s.port, MODERN, "tools/list", NULL,
              "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"tools/list\",\"params\":{" META "}}",
              &r);
  res = rpc_result(&r, "0");
  http_resp_free(&r);
  assert_era_marks(res, true);
  cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(res, "ttlMs")) &&
                cJSON_GetObjectItem(res, "ttlMs")->valuedouble >= 0,
            "ttlMs: an integer >= 0");
  cr_assert_str_eq(str_at(res, "cacheScope"), "public");
  cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(res, "tools")), 5);
  cJSON_Delete(res);

  /* ping and initialize are not methods of the modern era: 404/-32601,
   * the id kept. */
  modern_error(s.port, MODERN, "ping", NULL,
               "{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"ping\",\"params\":{" META "}}",
               404, -32601, "4", "ping");
  modern_error(s.port, MODERN, "initialize", NULL,
               "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"initialize\",\"params\":{" META "}}",
               404, -32601, "5", NULL);
  /* A notification with the envelope: 202, empty. */
  post_modern(s.port, MODERN, "notifications/cancelled", NULL,
              "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/cancelled\",\"params\":"
              "{\"requestId\":1," META "}}",
              &r);
  assert_status(&r, 202);
  cr_assert_eq(r.body_len, 0);
  http_resp_free(&r);
  srv_stop(&s);
}

Test(mcp, modern_header_checks) {
  static const char call_body[] =
      "{\"jsonrpc\":\"2.0\",\"id\":21,\"method\":\"tools/call\",\"params\":{\"name\":"
      "\"python_validate\",\"arguments\":{\"code\":\"x = 1\"}," META "}}";
  static const char list_body[] =
      "{\"jsonrpc\":\"2.0\",\"id\":\"L\",\"method\":\"tools/list\",\"params\":{" META "}}";
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc, *res;
  const cJSON *data, *v;
  bool listed = false;

  srv_start(&s, NULL, NULL);
  /* Each required header missing: 400/-32020, with the request's id. */
  modern_error(s.port, NULL, "tools/list", NULL, list_body,
               400, -32020, "\"L\"", "MCP-Protocol-Version");
  modern_error(s.port, MODERN, NULL, NULL, list_body, 400, -32020, "\"L\"", "Mcp-Method");
  modern_error(s.port, MODERN, "tools/call", NULL, call_body, 400, -32020, "21", "Mcp-Name");
  /* Each header unlike the body. */
  modern_error(s.port, "2026-07-29", "tools/call", "python_validate", call_body,
               400, -32020, "21", "MCP-Protocol-Version");
  modern_error(s.port, MODERN, "tools/list", "python_validate", call_body,
               400, -32020, "21", "Mcp-Method");
  modern_error(s.port, MODERN, "tools/call", "python_execute", call_body,
               400, -32020, "21", "Mcp-Name");
  /* Header values are case-sensitive. */
  modern_error(s.port, MODERN, "Tools/Call", "python_validate", call_body, 400, -32020, "21", NULL);
  /* The Base64 form of Mcp-Name is decoded before the comparison
   * (base64("python_validate") = cHl0aG9uX3ZhbGlkYXRl). */
  post_modern(s.port, MODERN, "tools/call", "=?base64?cHl0aG9uX3ZhbGlkYXRl?=", call_body, &r);
  res = rpc_result(&r, "21");
  http_resp_free(&r);
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(structured(res), "valid")));
  cJSON_Delete(res);
  /* ... and one that decodes to another name (python_execute) is not it,
   * nor is Base64 that does not decode. */
  modern_error(s.port, MODERN, "tools/call", "=?base64?cHl0aG9uX2V4ZWN1dGU=?=", call_body,
               400, -32020, "21", "Mcp-Name");
  modern_error(s.port, MODERN, "tools/call", "=?base64?!!!?=", call_body,
               400, -32020, "21", "Mcp-Name");

  /* A version the server does not speak, header and body agreeing:
   * -32022 with what it supports and what was asked. */
  post_modern(s.port, "2027-01-01", "tools/list", NULL,
              "{\"jsonrpc\":\"2.0\",\"id\":22,\"method\":\"tools/list\",\"params\":{\"_meta\":"
              "{\"io.modelcontextprotocol/protocolVersion\":\"2027-01-01\","
              "\"io.modelcontextprotocol/clientCapabilities\":{}}}}",
              &r);
  doc = rpc_error(&r, 400, -32022, "22", NULL);
  http_resp_free(&r);
  data = cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "error"), "data");
  cr_assert_str_eq(str_at(data, "requested"), "2027-01-01");
  cJSON_ArrayForEach(v, cJSON_GetObjectItem(data, "supported"))
    listed |= strcmp(cJSON_GetStringValue(v), MODERN) == 0;
  cr_assert(listed, "data.supported lists " MODERN);
  cJSON_Delete(doc);
  /* A legacy version in the modern envelope is not served either. */
  modern_error(s.port, "2025-11-25", "tools/list", NULL,
               "{\"jsonrpc\":\"2.0\",\"id\":23,\"method\":\"tools/list\",\"params\":{\"_meta\":"
               "{\"io.modelcontextprotocol/protocolVersion\":\"2025-11-25\","
               "\"io.modelcontextprotocol/clientCapabilities\":{}}}}", 400, -32022, "23", NULL);

  /* The required _meta fields: clientCapabilities missing, or the whole
   * envelope missing under a modern header: 400/-32602. */
  modern_error(s.port, MODERN, "tools/list", NULL,
               "{\"jsonrpc\":\"2.0\",\"id\":24,\"method\":\"tools/list\",\"params\":{\"_meta\":"
               "{\"io.modelcontextprotocol/protocolVersion\":\"" MODERN "\"}}}",
               400, -32602, "24", "clientCapabilities");
  modern_error(s.port, MODERN, "tools/list", NULL,
               "{\"jsonrpc\":\"2.0\",\"id\":25,\"method\":\"tools/list\",\"params\":{}}",
               400, -32602, "25", "protocolVersion");
  modern_error(s.port, MODERN, "tools/list", NULL,
               "{\"jsonrpc\":\"2.0\",\"id\":26,\"method\":\"tools/list\"}",
               400, -32602, "26", NULL);
  /* A version that is not a string. */
  modern_error(s.port, MODERN, "tools/list", NULL,
               "{\"jsonrpc\":\"2.0\",\"id\":27,\"method\":\"tools/list\",\"params\":{\"_meta\":"
               "{\"io.modelcontextprotocol/protocolVersion\":7,"
               "\"io.modelcontextprotocol/clientCapabilities\":{}}}}", 400, -32602, "27", NULL);
  srv_stop(&s);
}

/* ---- the envelope, either era ---- */

Test(mcp, malformed_messages) {
  static const struct {
    const char *body, *id;
    int code;
  } cases[] = {
      {"{\"jsonrpc\":\"2.0\",\"id\":1,", "null", -32700},               /* not JSON */
      {"", "null", -32700},                                                /* empty */
      {"[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}]", "null", -32600}, /* batch */
      {"\"ping\"", "null", -32600},                                        /* not an object */
      {"{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{}}", "1", -32600},      /* a response */
      {"{\"jsonrpc\":\"2.0\",\"id\":1,\"error\":{\"code\":1,\"message\":\"m\"}}", "1", -32600},
      {"{\"jsonrpc\":\"1.0\",\"id\":2,\"method\":\"ping\"}", "2", -32600},
      {"{\"id\":3,\"method\":\"ping\"}", "3", -32600},                      /* no jsonrpc */
      {"{\"jsonrpc\":\"2.0\",\"id\":null,\"method\":\"ping\"}", "null", -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":true,\"method\":\"ping\"}", "null", -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":{\"a\":1},\"method\":\"ping\"}", "null", -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":[1],\"method\":\"ping\"}", "null", -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":4,\"method\":\"tools/list\",\"params\":[]}", "4", -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"tools/list\",\"params\":\"x\"}", "5",
       -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":6,\"method\":7}", "6", -32600},
      {"{\"jsonrpc\":\"2.0\",\"id\":\"s\",\"method\":\"\"}", "\"s\"", -32600},
      /* member names are case-sensitive */
      {"{\"JSONRPC\":\"2.0\",\"id\":7,\"method\":\"ping\"}", "7", -32600},
  };
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    post_legacy(s.port, NULL, cases[i].body, &r);
    cr_log_info("case %zu: %s", i, cases[i].body);
    rpc_error_free(&r, 400, cases[i].code, cases[i].id, NULL);
    http_resp_free(&r);
  }
  /* The same refusals under the modern headers. */
  modern_error(s.port, MODERN, "tools/list", NULL, "{not json", 400, -32700, "null", NULL);
  modern_error(s.port, MODERN, "tools/list", NULL,
               "[{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{" META "}}]",
               400, -32600, "null", "batch");
  /* "ID" is not "id": a notification, answered 202. */
  post_legacy(s.port, "2025-11-25", "{\"jsonrpc\":\"2.0\",\"ID\":8,\"method\":\"ping\"}", &r);
  assert_status(&r, 202);
  cr_assert_eq(r.body_len, 0);
  http_resp_free(&r);
  /* id 0 is an id (SDK 1.x starts there), not a notification. */
  post_legacy(s.port, "2025-11-25", "{\"jsonrpc\":\"2.0\",\"id\":0,\"method\":\"ping\"}", &r);
  cJSON_Delete(rpc_result(&r, "0"));
  http_resp_free(&r);
  srv_assert_alive(&s, "after the malformed messages");
  srv_stop(&s);
}

/* ---- the tools ---- */

/* Runs the python_execute checks in one era. */
static void execute_checks(unsigned port, bool modern) {
  cJSON *res, *doc;
  const cJSON *sc, *content, *img;
  const char *text;

  /* ok: structuredContent is the /execute answer; the text has the
   * stdout and the result. */
  res = call_tool(port, modern, "python_execute", "{\"code\":\"print('hi')\\n6*7\"}");
  cr_assert(!is_error(res), "print ok is not an error");
  sc = structured(res);
  cr_assert_str_eq(str_at(sc, "status"), "ok");
  cr_assert_str_eq(str_at(sc, "stdout"), "hi\n");
  cr_assert_str_eq(str_at(cJSON_GetObjectItem(sc, "result"), "repr"), "42");
  text = summary(res);
  cr_assert(strstr(text, "status: ok"), "summary: %s", text);
  cr_assert(strstr(text, "stdout:\nhi\n"), "summary: %s", text);
  cr_assert(strstr(text, "result: 42"), "summary: %s", text);
  /* the same snippet through /execute: the same fields */
  doc = execute_code(port, "print('hi')\n6*7", 0);
  for (const cJSON *f = doc->child; f; f = f->next)
    cr_assert(cJSON_GetObjectItem(sc, f->string), "structuredContent lacks /execute's %s",
              f->string);
  for (const cJSON *f = sc->child; f; f = f->next)
    cr_assert(cJSON_GetObjectItem(doc, f->string), "structuredContent has %s, /execute not",
              f->string);
  cJSON_Delete(doc);
  cJSON_Delete(res);

  /* an exception: isError, the error line in the text */
  res = call_tool(port, modern, "python_execute", "{\"code\":\"x = 1\\n1/0\"}");
  cr_assert(is_error(res));
  cr_assert_str_eq(str_at(structured(res), "status"), "error");
  text = summary(res);
  cr_assert(strstr(text, "error: ZeroDivisionError"), "summary: %s", text);
  cr_assert(strstr(text, "(line 2)"), "summary: %s", text);
  cJSON_Delete(res);

  /* refused by the validator: isError, status rejected, the rule said */
  res = call_tool(port, modern, "python_execute", "{\"code\":\"import socket\"}");
  cr_assert(is_error(res));
  cr_assert_str_eq(str_at(structured(res), "status"), "rejected");
  cr_assert(cJSON_GetArraySize(cJSON_GetObjectItem(structured(res), "violations")) > 0);
  text = summary(res);
  cr_assert(strstr(text, "status: rejected") && strstr(text, "refused"), "summary: %s", text);
  cJSON_Delete(res);

  /* a timeout is an error too */
  res = call_tool(port, modern, "python_execute",
                  "{\"code\":\"while True: pass\",\"timeout\":0.3}");
  cr_assert(is_error(res));
  cr_assert_str_eq(str_at(structured(res), "status"), "timeout");
  cJSON_Delete(res);

  /* display() of an object with a PNG: an image item with its base64 */
  res = call_tool(port, modern, "python_execute",
                  "{\"code\":\"class P:\\n    def _repr_png_(self):\\n        return "
                  "b'\\\\x89PNG\\\\r\\\\n'\\ndisplay(P())\"}");
  cr_assert(!is_error(res), "display ok");
  content = cJSON_GetObjectItem(res, "content");
  cr_assert_eq(cJSON_GetArraySize(content), 2, "the summary and one image");
  img = cJSON_GetArrayItem(content, 1);
  cr_assert_str_eq(str_at(img, "type"), "image");
  cr_assert_str_eq(str_at(img, "mimeType"), "image/png");
  cr_assert_str_eq(str_at(img, "data"), "iVBORw0K");
  cr_assert_str_eq(str_at(img, "data"),
                   str_at(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(
                                                                     structured(res), "outputs"),
                                                                 0),
                                              "data"),
                          "image/png"));
  cJSON_Delete(res);

  /* bad arguments: a tool error the model can read, not a protocol error */
  static const char *const bad_args[] = {
      "{}",                                   /* no code */
      "{\"code\":5}",                         /* not a string */
      "{\"code\":\"1\",\"timeout\":-1}",      /* out of range */
      "{\"code\":\"1\",\"timeout\":3600}",    /* above --max-timeout */
      "{\"code\":\"1\",\"no_such\":true}",    /* unknown */
      "{\"code\":\"1\",\"timeout_s\":3}",      /* misspelt */
      "{\"code\":\"1\",\"memory_mb\":8}",      /* under its minimum */
      "{\"code\":\"1\",\"session_id\":\"XYZ\"}",
      "{\"code\":\"1\",\"session_id\":\"00000000000000000000000000000000\","
      "\"commit\":\"sometimes\"}",
  };
  for (size_t i = 0; i < sizeof bad_args / sizeof bad_args[0]; i++) {
    res = call_tool(port, modern, "python_execute", bad_args[i]);
    cr_assert(is_error(res), "arguments %s: isError", bad_args[i]);
    cr_assert_null(structured(res), "arguments %s: no structuredContent", bad_args[i]);
    cr_assert(summary(res)[0], "arguments %s: a reason", bad_args[i]);
    cJSON_Delete(res);
  }

  /* python_validate */
  res = call_tool(port, modern, "python_validate", "{\"code\":\"import socket\"}");
  cr_assert(!is_error(res), "a refusal is the tool's answer, not its failure");
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(structured(res), "valid")));
  cr_assert(strstr(summary(res), "not valid"), "summary: %s", summary(res));
  cJSON_Delete(res);
  res = call_tool(port, modern, "python_validate", "{\"code\":\"x = 1\"}");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(structured(res), "valid")));
  cJSON_Delete(res);
  /* memory_mb within its bounds is taken */
  res = call_tool(port, modern, "python_execute", "{\"code\":\"1\",\"memory_mb\":128}");
  cr_assert(!is_error(res), "memory_mb 128: %s", summary(res));
  cJSON_Delete(res);
  res = call_tool(port, modern, "python_validate", "{\"source\":\"x = 1\"}");
  cr_assert(is_error(res));
  cJSON_Delete(res);
}

Test(mcp, tools_call_legacy) {
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  execute_checks(s.port, false);
  srv_stop(&s);
}

Test(mcp, tools_call_modern) {
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  execute_checks(s.port, true);
  srv_stop(&s);
}

Test(mcp, tools_call_protocol_errors) {
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  /* An unknown tool: -32602, HTTP 200 in the legacy era, 400 in the
   * modern one. */
  legacy_error(s.port, "2025-11-25",
               "{\"jsonrpc\":\"2.0\",\"id\":31,\"method\":\"tools/call\",\"params\":"
               "{\"name\":\"nope\",\"arguments\":{}}}", 200, -32602, "31", "Unknown tool: nope");
  modern_error(s.port, MODERN, "tools/call", "nope",
               "{\"jsonrpc\":\"2.0\",\"id\":32,\"method\":\"tools/call\",\"params\":"
               "{\"name\":\"nope\",\"arguments\":{}," META "}}",
               400, -32602, "32", "Unknown tool: nope");
  /* No name, or arguments that are not an object. */
  legacy_error(s.port, "2025-11-25",
               "{\"jsonrpc\":\"2.0\",\"id\":33,\"method\":\"tools/call\",\"params\":{}}",
               200, -32602, "33", "name");
  legacy_error(s.port, "2025-11-25",
               "{\"jsonrpc\":\"2.0\",\"id\":34,\"method\":\"tools/call\",\"params\":"
               "{\"name\":\"python_execute\",\"arguments\":[1]}}", 200, -32602, "34", "arguments");
  modern_error(s.port, MODERN, "tools/call", "python_execute",
               "{\"jsonrpc\":\"2.0\",\"id\":35,\"method\":\"tools/call\",\"params\":"
               "{\"name\":\"python_execute\",\"arguments\":\"print(1)\"," META "}}",
               400, -32602, "35", "arguments");
  srv_stop(&s);
}

Test(mcp, session_tools) {
  struct ts_srv s;
  cJSON *res;
  char id[33], fork_id[33];
  const char *text;

  srv_start(&s, NULL, NULL);
  res = call_tool(s.port, true, "python_session_create", "{\"ttl\":60}");
  cr_assert(!is_error(res), "create: %s", summary(res));
  snprintf(id, sizeof id, "%s", str_at(structured(res), "session_id"));
  cr_assert_eq(strlen(id), 32);
  cr_assert(strstr(summary(res), id), "the text names the session");
  cJSON_Delete(res);

  res = call_in(s.port, false, "python_execute", id, "\"code\":\"x = 41\",");
  cr_assert(!is_error(res), "execute in the session: %s", summary(res));
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(cJSON_GetObjectItem(structured(res), "session"),
                                             "committed")));
  text = summary(res);
  cr_assert(strstr(text, "session: revision 1, kept"), "summary: %s", text);
  cJSON_Delete(res);
  /* a failing call leaves the state as it was */
  res = call_in(s.port, true, "python_execute", id, "\"code\":\"x = 0\\n1/0\",");
  cr_assert(is_error(res));
  cr_assert(strstr(summary(res), "not kept"), "summary: %s", summary(res));
  cJSON_Delete(res);

  res = call_in(s.port, true, "python_session_fork", id, "");
  cr_assert(!is_error(res), "fork: %s", summary(res));
  snprintf(fork_id, sizeof fork_id, "%s", str_at(structured(res), "session_id"));
  cr_assert_eq(strlen(fork_id), 32);
  cr_assert_str_neq(fork_id, id);
  cr_assert_str_eq(str_at(structured(res), "forked_from"), id);
  cJSON_Delete(res);

  res = call_in(s.port, true, "python_execute", fork_id, "\"code\":\"x + 1\",");
  cr_assert_str_eq(str_at(cJSON_GetObjectItem(structured(res), "result"), "repr"), "42");
  cJSON_Delete(res);

  res = call_in(s.port, false, "python_session_delete", id, "");
  cr_assert(!is_error(res), "delete: %s", summary(res));
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(structured(res), "deleted")));
  cJSON_Delete(res);
  /* gone: each tool says so as a tool error */
  for (int i = 0; i < 3; i++) {
    static const char *const tools[] = {"python_session_delete", "python_session_fork",
                                        "python_execute"};
    res = call_in(s.port, i == 1, tools[i], id, i == 2 ? "\"code\":\"x\"," : "");
    cr_assert(is_error(res), "%s", tools[i]);
    cr_assert(strstr(summary(res), "no such session"), "summary: %s", summary(res));
    cJSON_Delete(res);
  }
  /* the fork lives on */
  res = call_in(s.port, true, "python_execute", fork_id, "\"code\":\"x\",");
  cr_assert(!is_error(res));
  cJSON_Delete(res);
  /* bad session arguments */
  res = call_tool(s.port, true, "python_session_fork", "{}");
  cr_assert(is_error(res));
  cJSON_Delete(res);
  res = call_tool(s.port, true, "python_session_create", "{\"ttl\":-5}");
  cr_assert(is_error(res));
  cJSON_Delete(res);
  res = call_tool(s.port, true, "python_session_create", "{\"no_such\":1}");
  cr_assert(is_error(res), "an argument the schema does not have is refused");
  cr_assert(strstr(summary(res), "no_such"), "summary: %s", summary(res));
  cJSON_Delete(res);
  /* setup_code is POST /sessions', not the tool's (which does not list it) */
  res = call_tool(s.port, true, "python_session_create", "{\"setup_code\":\"x = 1\"}");
  cr_assert(is_error(res));
  cJSON_Delete(res);
  srv_stop(&s);
}

Test(mcp, sessions_off_hides_the_session_tools) {
  static const char *const args[] = {"--max-sessions", "0", NULL};
  struct ts_srv s;
  struct http_resp r;
  cJSON *res;

  srv_start(&s, args, NULL);
  post_legacy(s.port, "2025-11-25", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}",
              &r);
  res = rpc_result(&r, "1");
  http_resp_free(&r);
  cr_assert_eq(cJSON_GetArraySize(cJSON_GetObjectItem(res, "tools")), 2);
  cJSON_Delete(res);
  legacy_error(s.port, "2025-11-25",
               "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":"
               "{\"name\":\"python_session_create\",\"arguments\":{}}}",
               200, -32602, "2", "Unknown tool");
  res = call_tool(s.port, false, "python_execute",
                  "{\"code\":\"1\",\"session_id\":\"00000000000000000000000000000000\"}");
  cr_assert(is_error(res));
  cr_assert(strstr(summary(res), "sessions are off"), "summary: %s", summary(res));
  cJSON_Delete(res);
  srv_stop(&s);
}

/* ---- the HTTP front end on /mcp ---- */

Test(mcp, origin_methods_and_content_type) {
  static const char ping[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
  static const char *const local[] = {"Origin: http://localhost:1234", NULL};
  static const char *const local_ip[] = {"Origin: https://127.0.0.1", NULL};
  static const char *const evil[] = {"Origin: http://evil.example", NULL};
  static const char *const tricky[] = {"Origin: http://localhost.evil.example", NULL};
  static const char *const text_ct[] = {"Content-Type: text/plain", NULL};
  static const char *const json_charset[] = {"Content-Type: application/json; charset=utf-8",
                                             NULL};
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, NULL);
  post_mcp(s.port, NULL, ping, &r); /* no Origin: a CLI client */
  cJSON_Delete(rpc_result(&r, "1"));
  http_resp_free(&r);
  post_mcp(s.port, local, ping, &r);
  cJSON_Delete(rpc_result(&r, "1"));
  http_resp_free(&r);
  post_mcp(s.port, local_ip, ping, &r);
  cJSON_Delete(rpc_result(&r, "1"));
  http_resp_free(&r);
  /* A page elsewhere: 403, a JSON-RPC error without an id. */
  post_mcp(s.port, evil, ping, &r);
  rpc_error_free(&r, 403, -32000, "null", "evil.example");
  http_resp_free(&r);
  post_mcp(s.port, tricky, ping, &r);
  rpc_error_free(&r, 403, -32000, "null", NULL);
  http_resp_free(&r);

  /* No GET stream, no session to DELETE: 405, Allow: POST. */
  HTTP_OK(http_get(s.port, "/mcp", &r));
  assert_status(&r, 405);
  cr_assert_str_eq(http_header(&r, "Allow"), "POST");
  http_resp_free(&r);
  HTTP_OK(http_request(s.port, "DELETE", "/mcp", NULL, NULL, 0, &r));
  assert_status(&r, 405);
  cr_assert_str_eq(http_header(&r, "Allow"), "POST");
  http_resp_free(&r);

  /* A body that is not JSON by its type: 415; a charset parameter is fine. */
  HTTP_OK(http_request(s.port, "POST", "/mcp", text_ct, ping, strlen(ping), &r));
  assert_json_error(&r, 415, "unsupported_media_type");
  http_resp_free(&r);
  HTTP_OK(http_request(s.port, "POST", "/mcp", json_charset, ping, strlen(ping), &r));
  cJSON_Delete(rpc_result(&r, "1"));
  http_resp_free(&r);
  srv_stop(&s);
}

Test(mcp, auth_and_body_cap) {
  static const char *const args[] = {"--max-body", "4096", NULL};
  static const char *const env[] = {"TOOL_SANDBOX_TOKENS=mcp-token", NULL};
  static const char *const bearer[] = {"Authorization: Bearer mcp-token", NULL};
  static const char *const wrong[] = {"Authorization: Bearer other", NULL};
  static const char ping[] = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\"}";
  struct ts_srv s;
  struct http_resp r;
  char *big;
  size_t n = 6000;

  srv_start(&s, args, env);
  post_mcp(s.port, NULL, ping, &r);
  assert_json_error(&r, 401, "unauthorized");
  cr_assert(http_header(&r, "WWW-Authenticate"));
  http_resp_free(&r);
  post_mcp(s.port, wrong, ping, &r);
  assert_json_error(&r, 401, "unauthorized");
  http_resp_free(&r);
  post_mcp(s.port, bearer, ping, &r);
  cJSON_Delete(rpc_result(&r, "1"));
  http_resp_free(&r);
  /* A tool call under the token runs as it (sessions are the token's). */
  post_mcp(s.port, bearer,
           "{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"tools/call\",\"params\":{\"name\":"
           "\"python_execute\",\"arguments\":{\"code\":\"print(2)\"}}}",
           &r);
  {
    cJSON *res = rpc_result(&r, "2");
    cr_assert_str_eq(str_at(structured(res), "stdout"), "2\n");
    cJSON_Delete(res);
  }
  http_resp_free(&r);

  /* Over --max-body: 413. */
  big = malloc(n + 1);
  cr_assert(big);
  memset(big, ' ', n);
  memcpy(big, ping, strlen(ping));
  big[n] = '\0';
  post_mcp(s.port, bearer, big, &r);
  assert_json_error(&r, 413, "body_too_large");
  http_resp_free(&r);
  free(big);
  srv_stop(&s);
}

/* ---- GET /tools ---- */

static cJSON *get_tools(unsigned port) {
  struct http_resp r;
  cJSON *doc;

  HTTP_OK(http_get(port, "/tools", &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  http_resp_free(&r);
  return doc;
}

/* The three shapes name the same tools in the same order, with the same
 * description and input schema. */
static void check_shapes(const cJSON *doc) {
  const cJSON *mcp = cJSON_GetObjectItem(doc, "mcp"), *openai = cJSON_GetObjectItem(doc, "openai");
  const cJSON *anthropic = cJSON_GetObjectItem(doc, "anthropic");
  int n = cJSON_GetArraySize(mcp);

  cr_assert(n >= 2);
  cr_assert_eq(cJSON_GetArraySize(openai), n);
  cr_assert_eq(cJSON_GetArraySize(anthropic), n);
  for (int i = 0; i < n; i++) {
    const cJSON *m = cJSON_GetArrayItem(mcp, i), *o = cJSON_GetArrayItem(openai, i);
    const cJSON *a = cJSON_GetArrayItem(anthropic, i);
    const cJSON *fn = cJSON_GetObjectItem(o, "function");
    const char *name = str_at(m, "name");
    cr_assert_str_eq(str_at(o, "type"), "function");
    cr_assert_str_eq(str_at(fn, "name"), name);
    cr_assert_str_eq(str_at(a, "name"), name);
    cr_assert_str_eq(str_at(fn, "description"), str_at(m, "description"));
    cr_assert_str_eq(str_at(a, "description"), str_at(m, "description"));
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(fn, "parameters"),
                            cJSON_GetObjectItem(m, "inputSchema"), true),
              "%s: OpenAI parameters equal the MCP inputSchema", name);
    cr_assert(cJSON_Compare(cJSON_GetObjectItem(a, "input_schema"),
                            cJSON_GetObjectItem(m, "inputSchema"), true),
              "%s: Anthropic input_schema equals the MCP inputSchema", name);
  }
}

static const char *description_of(const cJSON *doc, const char *tool) {
  const cJSON *t;

  cJSON_ArrayForEach(t, cJSON_GetObjectItem(doc, "mcp"))
    if (strcmp(str_at(t, "name"), tool) == 0)
      return str_at(t, "description");
  cr_assert_fail("no tool %s", tool);
  return NULL;
}

Test(mcp, get_tools_shapes_and_the_configuration) {
  static const char *const args[] = {"--allowed-modules", "+zzmodule", "--max-timeout", "17",
                                     "--timeout", "3", NULL};
  struct ts_srv s, t;
  cJSON *doc, *doc2, *mcp_list;
  struct http_resp r;
  const char *d;

  srv_start(&s, NULL, NULL);
  doc = get_tools(s.port);
  check_shapes(doc);
  d = description_of(doc, "python_execute");
  cr_assert(strstr(d, "math"), "the allowed modules are listed: %s", d);
  cr_assert(strstr(d, "at most 30"), "the timeout limit: %s", d);
  cr_assert_null(strstr(d, "zzmodule"));
  /* the same tools as tools/list */
  post_legacy(s.port, NULL, "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\"}", &r);
  mcp_list = rpc_result(&r, "1");
  http_resp_free(&r);
  cr_assert(cJSON_Compare(cJSON_GetObjectItem(mcp_list, "tools"),
                          cJSON_GetObjectItem(doc, "mcp"), true),
            "GET /tools mcp is what tools/list lists");
  cJSON_Delete(mcp_list);
  srv_stop(&s);

  srv_start(&t, args, NULL);
  doc2 = get_tools(t.port);
  check_shapes(doc2);
  d = description_of(doc2, "python_execute");
  cr_assert(strstr(d, "zzmodule"), "an added module is listed: %s", d);
  cr_assert(strstr(d, "at most 17"), "the configured maximum: %s", d);
  cr_assert(strstr(d, "3 s of wall-clock"), "the configured default: %s", d);
  cr_assert(strstr(description_of(doc2, "python_validate"), "zzmodule"));
  cr_assert_str_neq(description_of(doc, "python_execute"), d);
  /* the schema follows the configuration too */
  {
    const cJSON *to = cJSON_GetObjectItem(
        cJSON_GetObjectItem(cJSON_GetObjectItem(cJSON_GetArrayItem(cJSON_GetObjectItem(doc2,
                                                                                         "mcp"),
                                                                    0),
                                                "inputSchema"),
                            "properties"),
        "timeout");
    cr_assert_eq(cJSON_GetObjectItem(to, "maximum")->valuedouble, 17);
  }
  cJSON_Delete(doc);
  cJSON_Delete(doc2);
  srv_stop(&t);
}
