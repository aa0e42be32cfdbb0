/* The JSON-RPC envelope of POST /mcp (mcp_proto.h).  The checks follow
 * the order of the 2026-07-28 transport's "Server Validation": the body,
 * the JSON-RPC request, the headers against the body, the version, then
 * the required _meta fields.  Statuses: the modern era's are fixed by its
 * specification (400 for every refusal here); the legacy era answers a
 * body it cannot read with 400 and leaves method errors to the result. */
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/mcp_proto.h"
#include "util/filepath.h"
#include "util/utf8.h"

static const char *const legacy_versions[] = {TS_MCP_LEGACY_VERSION, "2025-06-18",
                                              TS_MCP_DEFAULT_LEGACY};

bool ts_mcp_legacy_version(const char *version) {
  for (size_t i = 0; i < sizeof legacy_versions / sizeof legacy_versions[0]; i++)
    if (strcmp(version, legacy_versions[i]) == 0)
      return true;
  return false;
}

__attribute__((format(printf, 4, 5))) static int fail(struct ts_mcp_error *e, unsigned http,
                                                      int code, const char *fmt, ...) {
  va_list ap;

  e->http = http;
  e->code = code;
  va_start(ap, fmt);
  (void)vsnprintf(e->message, sizeof e->message, fmt, ap);
  va_end(ap);
  return -1;
}

int ts_mcp_header_name(const char *hdr, char *out, size_t cap) {
  size_t n = strlen(hdr);

  if (n >= 11 && strncmp(hdr, "=?base64?", 9) == 0 && strcmp(hdr + n - 2, "?=") == 0) {
    size_t bad = 0, len = n - 11, pad = 0;
    long k;
    /* Room for what it decodes to (three bytes a quad, less the padding),
     * not for the Base64 text: a name that fits must fit in either form
     * (fuzz/regressions/mcp/base64-name-longer-than-its-room).  The
     * decoder writes a quad only once all four of its bytes are read and
     * valid, so an invalid text writes no more than this either. */
    if (len % 4 != 0)
      return -1;
    pad = (len >= 1 && hdr[n - 3] == '=') + (len >= 2 && hdr[n - 4] == '=');
    if (len / 4 * 3 - pad + 1 > cap)
      return -1;
    k = ts_base64_decode(hdr + 9, len, out, &bad);
    if (k < 0 || memchr(out, '\0', (size_t)k) || !ts_utf8_valid(out, (size_t)k))
      return -1;
    out[k] = '\0';
    return (int)k;
  }
  if (n + 1 > cap)
    return -1;
  /* a plain value: visible ASCII and spaces only */
  for (size_t i = 0; i < n; i++)
    if ((unsigned char)hdr[i] < 0x20 || (unsigned char)hdr[i] > 0x7e)
      return -1;
  memcpy(out, hdr, n + 1);
  return (int)n;
}

/* A JSON-RPC id: a string or a number (MCP: never null). */
/* A JSON-RPC id the answer can give back exactly: a string, or an
 * integer a double holds exactly (cJSON keeps numbers as doubles). */
static bool id_ok(const cJSON *id) {
  double v = id ? id->valuedouble : 0;

  return cJSON_IsString(id) ||
         (cJSON_IsNumber(id) && v == floor(v) && v > -9007199254740992.0 && v < 9007199254740992.0);
}

/* An object whose members are named twice: JSON parsers differ on which
 * one counts (cJSON takes the first), so a proxy reading the same body
 * could see another message.  Objects of the envelope only. */
static bool duplicate_members(const cJSON *obj) {
  size_t n = 0;

  if (!cJSON_IsObject(obj))
    return false;
  for (const cJSON *a = obj->child; a; a = a->next, n++) {
    if (n > 256)
      return true; /* (more members than any envelope needs) */
    for (const cJSON *b = a->next; b; b = b->next)
      if (a->string && b->string && strcmp(a->string, b->string) == 0)
        return true;
  }
  return false;
}

/* The modern era's checks of a request with _meta's version. */
static int modern(const struct ts_mcp_headers *h, struct ts_mcp_msg *m, const cJSON *meta,
                  struct ts_mcp_error *e) {
  const cJSON *ver = cJSON_GetObjectItemCaseSensitive(meta, TS_MCP_META_VERSION);
  const cJSON *caps = cJSON_GetObjectItemCaseSensitive(meta, TS_MCP_META_CAPS);
  char name[512];

  m->era = TS_MCP_MODERN;
  if (!h->version || !h->method)
    return fail(e, 400, TS_MCP_HEADER_MISMATCH, "Header mismatch: %s header is required",
                !h->version ? "MCP-Protocol-Version" : "Mcp-Method");
  if (!cJSON_IsString(ver))
    return fail(e, 400, TS_RPC_INVALID_PARAMS,
                "Invalid params: _meta." TS_MCP_META_VERSION " must be a string");
  if (strcmp(h->version, ver->valuestring) != 0)
    return fail(e, 400, TS_MCP_HEADER_MISMATCH,
                "Header mismatch: MCP-Protocol-Version header value '%.40s' does not match body "
                "value '%.40s'",
                h->version, ver->valuestring);
  if (strcmp(h->method, m->method) != 0)
    return fail(e, 400, TS_MCP_HEADER_MISMATCH,
                "Header mismatch: Mcp-Method header value '%.60s' does not match body value "
                "'%.60s'",
                h->method, m->method);
  if (strcmp(m->method, "tools/call") == 0) {
    const cJSON *body_name = cJSON_GetObjectItemCaseSensitive(m->params, "name");
    if (!h->name)
      return fail(e, 400, TS_MCP_HEADER_MISMATCH,
                  "Header mismatch: Mcp-Name header is required for tools/call");
    if (ts_mcp_header_name(h->name, name, sizeof name) < 0)
      return fail(e, 400, TS_MCP_HEADER_MISMATCH,
                  "Header mismatch: Mcp-Name header value is not valid");
    if (!cJSON_IsString(body_name) || strcmp(name, body_name->valuestring) != 0)
      return fail(e, 400, TS_MCP_HEADER_MISMATCH,
                  "Header mismatch: Mcp-Name header value '%.60s' does not match body value "
                  "'%.60s'",
                  name, cJSON_IsString(body_name) ? body_name->valuestring : "");
  }
  if (strcmp(ver->valuestring, TS_MCP_MODERN_VERSION) != 0) {
    cJSON *sup;
    fail(e, 400, TS_MCP_UNSUPPORTED_VERSION, "Unsupported protocol version");
    e->data = cJSON_CreateObject();
    sup = cJSON_AddArrayToObject(e->data, "supported");
    cJSON_AddItemToArray(sup, cJSON_CreateString(TS_MCP_MODERN_VERSION));
    for (size_t i = 0; i < sizeof legacy_versions / sizeof legacy_versions[0]; i++)
      cJSON_AddItemToArray(sup, cJSON_CreateString(legacy_versions[i]));
    cJSON_AddStringToObject(e->data, "requested", ver->valuestring);
    return -1;
  }
  if (!cJSON_IsObject(caps))
    return fail(e, 400, TS_RPC_INVALID_PARAMS,
                "Invalid params: _meta." TS_MCP_META_CAPS " is required (an object)");
  m->version = TS_MCP_MODERN_VERSION;
  return 0;
}

int ts_mcp_parse(const char *body, size_t len, const struct ts_mcp_headers *h,
                 struct ts_mcp_msg *m, struct ts_mcp_error *e) {
  const cJSON *v, *meta;
  char *copy;

  memset(m, 0, sizeof *m);
  memset(e, 0, sizeof *e);
  m->era = TS_MCP_LEGACY;
  if (len == 0 || !ts_utf8_valid(body, len) || memchr(body, '\0', len))
    return fail(e, 400, TS_RPC_PARSE_ERROR, "Parse error: the body is not JSON text");
  /* cJSON ends a string at an escaped NUL, so "ping\u0000x" would be read
   * as "ping": no NUL, escaped or not (a snippet's own NUL is refused by
   * the validator anyway). */
  if (memmem(body, len, "\\u0000", 6))
    return fail(e, 400, TS_RPC_INVALID_REQUEST,
                "Invalid Request: a NUL character (\\u0000) is not accepted");
  if (!(copy = malloc(len + 1)))
    return fail(e, 500, TS_RPC_INTERNAL_ERROR, "Internal error: out of memory");
  memcpy(copy, body, len);
  copy[len] = '\0';
  m->root = cJSON_ParseWithOpts(copy, NULL, true);
  free(copy);
  if (!m->root)
    return fail(e, 400, TS_RPC_PARSE_ERROR, "Parse error: the body is not valid JSON");
  if (cJSON_IsArray(m->root))
    return fail(e, 400, TS_RPC_INVALID_REQUEST,
                "Invalid Request: batches are not supported; send one message per POST");
  if (!cJSON_IsObject(m->root))
    return fail(e, 400, TS_RPC_INVALID_REQUEST, "Invalid Request: not a JSON-RPC message");
  if (duplicate_members(m->root) ||
      duplicate_members(cJSON_GetObjectItemCaseSensitive(m->root, "params")) ||
      duplicate_members(cJSON_GetObjectItemCaseSensitive(
          cJSON_GetObjectItemCaseSensitive(m->root, "params"), "_meta")))
    return fail(e, 400, TS_RPC_INVALID_REQUEST,
                "Invalid Request: a member is named twice in the message");
  v = cJSON_GetObjectItemCaseSensitive(m->root, "id");
  if (v && id_ok(v))
    m->id = v;
  if (!cJSON_IsString(v = cJSON_GetObjectItemCaseSensitive(m->root, "jsonrpc")) ||
      strcmp(v->valuestring, "2.0") != 0)
    return fail(e, 400, TS_RPC_INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"");
  v = cJSON_GetObjectItemCaseSensitive(m->root, "method");
  if (!v) {
    /* a response: the server sends no request, so none is awaited */
    return fail(e, 400, TS_RPC_INVALID_REQUEST,
                "Invalid Request: this server sends no requests; a response is not expected");
  }
  if (!cJSON_IsString(v) || !v->valuestring[0])
    return fail(e, 400, TS_RPC_INVALID_REQUEST, "Invalid Request: method must be a string");
  m->method = v->valuestring;
  v = cJSON_GetObjectItemCaseSensitive(m->root, "id");
  if (v && !id_ok(v))
    return fail(e, 400, TS_RPC_INVALID_REQUEST,
                "Invalid Request: id must be a string or an integer below 2^53");
  m->notification = v == NULL;
  v = cJSON_GetObjectItemCaseSensitive(m->root, "params");
  if (v && !cJSON_IsObject(v))
    return fail(e, 400, TS_RPC_INVALID_REQUEST, "Invalid Request: params must be an object");
  m->params = v;
  meta = cJSON_GetObjectItemCaseSensitive(m->params, "_meta");
  if (cJSON_IsObject(meta) && cJSON_GetObjectItemCaseSensitive(meta, TS_MCP_META_VERSION))
    return m->notification ? 0 : modern(h, m, meta, e);
  /* The legacy era, or a modern request that lacks its _meta. */
  if (h->version && strcmp(h->version, TS_MCP_MODERN_VERSION) == 0) {
    m->era = TS_MCP_MODERN;
    return fail(e, 400, TS_RPC_INVALID_PARAMS,
                "Invalid params: _meta." TS_MCP_META_VERSION " is required");
  }
  if (strcmp(m->method, "initialize") == 0 || m->notification) {
    m->version = TS_MCP_LEGACY_VERSION;
    return 0;
  }
  if (h->version && !ts_mcp_legacy_version(h->version))
    return fail(e, 400, TS_RPC_TRANSPORT_ERROR,
                "Bad Request: Unsupported protocol version: %.40s (supported versions: "
                TS_MCP_MODERN_VERSION ", " TS_MCP_LEGACY_VERSION ", 2025-06-18, "
                TS_MCP_DEFAULT_LEGACY ")",
                h->version);
  m->version = h->version ? h->version : TS_MCP_DEFAULT_LEGACY;
  return 0;
}

void ts_mcp_msg_free(struct ts_mcp_msg *m) {
  cJSON_Delete(m->root);
  memset(m, 0, sizeof *m);
}

void ts_mcp_error_free(struct ts_mcp_error *e) {
  cJSON_Delete(e->data);
  e->data = NULL;
}

static cJSON *envelope(const cJSON *id) {
  cJSON *doc = cJSON_CreateObject();

  if (!doc)
    return NULL;
  cJSON_AddStringToObject(doc, "jsonrpc", "2.0");
  if (cJSON_IsNumber(id)) {
    /* an integer below 2^53 (id_ok), written whole: cJSON would print a
     * large one with 15 digits */
    char digits[32];
    (void)snprintf(digits, sizeof digits, "%.0f", id->valuedouble);
    cJSON_AddItemToObject(doc, "id", cJSON_CreateRaw(digits));
  } else {
    cJSON_AddItemToObject(doc, "id", id ? cJSON_Duplicate(id, false) : cJSON_CreateNull());
  }
  return doc;
}

cJSON *ts_mcp_error_response(const cJSON *id, struct ts_mcp_error *e) {
  cJSON *doc = envelope(id), *err;

  if (!doc) {
    ts_mcp_error_free(e);
    return NULL;
  }
  err = cJSON_AddObjectToObject(doc, "error");
  ts_utf8_scrub(e->message); /* cut by a printf, or holding a header's bytes */
  cJSON_AddNumberToObject(err, "code", e->code);
  cJSON_AddStringToObject(err, "message", e->message);
  if (e->data)
    cJSON_AddItemToObject(err, "data", e->data);
  e->data = NULL;
  return doc;
}

cJSON *ts_mcp_result_response(const cJSON *id, cJSON *result) {
  cJSON *doc = envelope(id);

  if (!doc) {
    cJSON_Delete(result);
    return NULL;
  }
  cJSON_AddItemToObject(doc, "result", result);
  return doc;
}
