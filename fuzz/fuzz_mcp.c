/* libFuzzer target: the JSON-RPC envelope of POST /mcp
 * (src/server/mcp_proto.c: ts_mcp_parse, ts_mcp_header_name,
 * ts_mcp_error_response, ts_mcp_result_response).
 *
 * Input: one flag byte, then lines.  The flag's bits 0, 1 and 2 say
 * whether MCP-Protocol-Version, Mcp-Method and Mcp-Name are present; each
 * present header takes the next line (up to '\n', cut at a NUL as a
 * header arrives); the rest is the body, as bytes.  Bit 3 replaces the
 * Mcp-Name line by the body's params.name in the =?base64?...?= form (so
 * that the fuzzer reaches the comparison after decoding), bit 4 the
 * MCP-Protocol-Version line by the body's _meta version and bit 5 the
 * Mcp-Method line by the body's method.  Checked besides memory safety:
 *  - an error has HTTP 400 (500 only with -32603), a known code and a
 *    message; data only with -32022, then {supported: [..2026-07-28..],
 *    requested: string}; an id, when kept, is a string or a number; the
 *    error response is {"jsonrpc":"2.0","id":id or null,"error":{...}};
 *  - a request read as modern has MCP-Protocol-Version equal to its
 *    _meta version, 2026-07-28, Mcp-Method equal to its method, for
 *    tools/call an Mcp-Name that decodes to params.name, and
 *    clientCapabilities an object;
 *  - a request read as legacy has no modern _meta, and its version is
 *    2025-11-25 for initialize, the header's (a legacy version) when
 *    there is one, else 2025-03-26;
 *  - a notification is exactly a message without an id;
 *  - ts_mcp_header_name: a plain value comes back as itself (printable
 *    ASCII), needs room for its NUL, and any UTF-8 text without a NUL,
 *    Base64-encoded by an encoder written here, decodes to itself. */
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "server/mcp_proto.h"

#define NAME_CAP 512
/* Member names are case-sensitive in JSON-RPC, as in mcp_proto.c. */
#define GET cJSON_GetObjectItemCaseSensitive

/* The answer's id is the request's: a number id is written whole, as
 * raw text (cJSON would print a large one with 15 digits). */
static bool same_id(const cJSON *out, const cJSON *in) {
  if (cJSON_IsNumber(in))
    return cJSON_IsRaw(out) && strtod(out->valuestring, NULL) == in->valuedouble;
  return cJSON_Compare(out, in, true);
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  return 0;
}

/* Standard Base64 with padding, independent of src/util. */
static char *b64(const uint8_t *in, size_t n) {
  static const char tab[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char *out = malloc((n + 2) / 3 * 4 + 1), *o = out;

  if (!out)
    abort();
  for (size_t i = 0; i < n; i += 3) {
    uint32_t v = (uint32_t)in[i] << 16;
    if (i + 1 < n)
      v |= (uint32_t)in[i + 1] << 8;
    if (i + 2 < n)
      v |= in[i + 2];
    *o++ = tab[v >> 18 & 63];
    *o++ = tab[v >> 12 & 63];
    *o++ = i + 1 < n ? tab[v >> 6 & 63] : '=';
    *o++ = i + 2 < n ? tab[v & 63] : '=';
  }
  *o = '\0';
  return out;
}

/* "=?base64?" B64(s) "?=" (caller frees). */
static char *sentinel(const uint8_t *s, size_t n) {
  char *enc = b64(s, n), *out = malloc(strlen(enc) + 12);

  if (!out)
    abort();
  memcpy(out, "=?base64?", 9);
  memcpy(out + 9, enc, strlen(enc));
  memcpy(out + 9 + strlen(enc), "?=", 3);
  free(enc);
  return out;
}

/* The next line of [*p, end) as a string cut at a NUL (caller frees). */
static char *take_line(const uint8_t **p, const uint8_t *end) {
  const uint8_t *nl = memchr(*p, '\n', (size_t)(end - *p));
  const uint8_t *e = nl ? nl : end;
  char *s = fuzz_strndup(*p, (size_t)(e - *p));

  *p = nl ? nl + 1 : end;
  return s;
}

static bool known_code(int code) {
  static const int codes[] = {TS_RPC_PARSE_ERROR,     TS_RPC_INVALID_REQUEST,
                              TS_RPC_METHOD_NOT_FOUND, TS_RPC_INVALID_PARAMS,
                              TS_RPC_INTERNAL_ERROR,   TS_RPC_TRANSPORT_ERROR,
                              TS_MCP_HEADER_MISMATCH,  TS_MCP_UNSUPPORTED_VERSION};
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++)
    if (code == codes[i])
      return true;
  return false;
}

/* params._meta's protocol version item of a parsed body, or NULL. */
static const cJSON *meta_version(const cJSON *root) {
  const cJSON *meta = GET(GET(root, "params"), "_meta");
  return cJSON_IsObject(meta) ? GET(meta, TS_MCP_META_VERSION) : NULL;
}

static void check_error(const struct ts_mcp_msg *m, struct ts_mcp_error *e) {
  cJSON *doc;
  const cJSON *err, *id;

  FUZZ_CHECK(e->http == 400 || (e->http == 500 && e->code == TS_RPC_INTERNAL_ERROR));
  FUZZ_CHECK(known_code(e->code));
  FUZZ_CHECK(memchr(e->message, '\0', sizeof e->message) && e->message[0]);
  if (e->data) {
    const cJSON *sup = GET(e->data, "supported"), *v;
    bool modern = false;
    FUZZ_CHECK(e->code == TS_MCP_UNSUPPORTED_VERSION);
    FUZZ_CHECK(cJSON_IsString(GET(e->data, "requested")));
    FUZZ_CHECK(cJSON_IsArray(sup));
    cJSON_ArrayForEach(v, sup) {
      FUZZ_CHECK(cJSON_IsString(v));
      modern |= strcmp(v->valuestring, TS_MCP_MODERN_VERSION) == 0;
    }
    FUZZ_CHECK(modern);
  } else {
    FUZZ_CHECK(e->code != TS_MCP_UNSUPPORTED_VERSION);
  }
  FUZZ_CHECK(!m->id || cJSON_IsString(m->id) || cJSON_IsNumber(m->id));
  if (e->code == TS_RPC_PARSE_ERROR)
    FUZZ_CHECK(!m->root && !m->id);
  doc = ts_mcp_error_response(m->id, e);
  FUZZ_CHECK(doc && !e->data);
  FUZZ_CHECK(strcmp(cJSON_GetStringValue(GET(doc, "jsonrpc")), "2.0") == 0);
  id = GET(doc, "id");
  FUZZ_CHECK(m->id ? same_id(id, m->id) : cJSON_IsNull(id));
  err = GET(doc, "error");
  FUZZ_CHECK(GET(err, "code")->valueint == e->code);
  FUZZ_CHECK(strcmp(cJSON_GetStringValue(GET(err, "message")), e->message) == 0);
  cJSON_Delete(doc);
}

static void check_ok(const struct ts_mcp_headers *h, const struct ts_mcp_msg *m) {
  const cJSON *ver = meta_version(m->root), *idv = GET(m->root, "id");
  cJSON *doc;

  FUZZ_CHECK(cJSON_IsObject(m->root));
  FUZZ_CHECK(m->method && m->method[0]);
  FUZZ_CHECK(strcmp(cJSON_GetStringValue(GET(m->root, "jsonrpc")), "2.0") == 0);
  FUZZ_CHECK(!m->params || cJSON_IsObject(m->params));
  FUZZ_CHECK(m->notification == (idv == NULL));
  FUZZ_CHECK(m->notification
                 ? !m->id
                 : (m->id == idv && (cJSON_IsString(idv) || cJSON_IsNumber(idv))));
  if (m->notification)
    return;
  FUZZ_CHECK(m->version);
  if (m->era == TS_MCP_MODERN) {
    const cJSON *meta = GET(m->params, "_meta");
    FUZZ_CHECK(cJSON_IsString(ver));
    FUZZ_CHECK(h->version && strcmp(h->version, ver->valuestring) == 0);
    FUZZ_CHECK(strcmp(m->version, TS_MCP_MODERN_VERSION) == 0 &&
               strcmp(ver->valuestring, TS_MCP_MODERN_VERSION) == 0);
    FUZZ_CHECK(h->method && strcmp(h->method, m->method) == 0);
    FUZZ_CHECK(cJSON_IsObject(GET(meta, TS_MCP_META_CAPS)));
    if (strcmp(m->method, "tools/call") == 0) {
      char name[NAME_CAP];
      const cJSON *body_name = GET(m->params, "name");
      FUZZ_CHECK(h->name && ts_mcp_header_name(h->name, name, sizeof name) >= 0);
      FUZZ_CHECK(cJSON_IsString(body_name) && strcmp(name, body_name->valuestring) == 0);
    }
  } else {
    FUZZ_CHECK(!ver);
    FUZZ_CHECK(!h->version || strcmp(h->version, TS_MCP_MODERN_VERSION) != 0);
    if (strcmp(m->method, "initialize") == 0)
      FUZZ_CHECK(strcmp(m->version, TS_MCP_LEGACY_VERSION) == 0);
    else if (h->version)
      FUZZ_CHECK(ts_mcp_legacy_version(h->version) && strcmp(m->version, h->version) == 0);
    else
      FUZZ_CHECK(strcmp(m->version, TS_MCP_DEFAULT_LEGACY) == 0);
  }
  doc = ts_mcp_result_response(m->id, cJSON_CreateObject());
  FUZZ_CHECK(doc);
  FUZZ_CHECK(same_id(GET(doc, "id"), m->id));
  cJSON_Delete(doc);
}

/* ts_mcp_header_name on a header value as it came, and on `text` encoded. */
static void check_header_name(const char *hdr, const uint8_t *text, size_t n) {
  char out[NAME_CAP], *enc;
  size_t hn = strlen(hdr);
  int k = ts_mcp_header_name(hdr, out, sizeof out);

  if (k >= 0) {
    FUZZ_CHECK((size_t)k < sizeof out && out[k] == '\0' && strlen(out) == (size_t)k);
    FUZZ_CHECK(fuzz_utf8_prefix((const uint8_t *)out, (size_t)k) == (size_t)k);
  }
  if (strncmp(hdr, "=?base64?", 9) != 0 || hn < 11 || strcmp(hdr + hn - 2, "?=") != 0) {
    bool printable = true;
    for (size_t i = 0; i < hn; i++)
      printable &= hdr[i] >= 0x20 && hdr[i] <= 0x7e;
    FUZZ_CHECK((k >= 0) == (printable && hn < sizeof out));
    if (k >= 0) {
      FUZZ_CHECK(strcmp(out, hdr) == 0);
      FUZZ_CHECK(ts_mcp_header_name(hdr, out, hn) == -1);     /* no room for the NUL */
      FUZZ_CHECK(ts_mcp_header_name(hdr, out, hn + 1) == (int)hn);
    }
  }
  /* Any text a client may send, encoded: comes back as itself. */
  if (n < sizeof out && !memchr(text, '\0', n) && fuzz_utf8_prefix(text, n) == n) {
    enc = sentinel(text, n);
    k = ts_mcp_header_name(enc, out, sizeof out);
    FUZZ_CHECK(k == (int)n && memcmp(out, text, n) == 0 && out[n] == '\0');
    free(enc);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const uint8_t *p = data + 1, *end = data + size;
  struct ts_mcp_headers h = {0};
  struct ts_mcp_msg m;
  struct ts_mcp_error e;
  char *version = NULL, *method = NULL, *name = NULL;
  uint8_t flags;
  int rc;

  if (size == 0)
    return 0;
  flags = data[0];
  if (flags & 1)
    h.version = version = take_line(&p, end);
  if (flags & 2)
    h.method = method = take_line(&p, end);
  if (flags & 4)
    h.name = name = take_line(&p, end);
  if (flags & 0x38) {
    /* Headers derived from the body, as a client makes them. */
    cJSON *root = cJSON_ParseWithLength((const char *)p, (size_t)(end - p));
    const cJSON *v;
    if ((flags & 8) &&
        cJSON_IsString(v = GET(GET(root, "params"), "name"))) {
      free(name);
      h.name = name = sentinel((const uint8_t *)v->valuestring, strlen(v->valuestring));
    }
    if ((flags & 16) && cJSON_IsString(v = meta_version(root))) {
      free(version);
      h.version = version = strdup(v->valuestring);
    }
    if ((flags & 32) && cJSON_IsString(v = GET(root, "method"))) {
      free(method);
      h.method = method = strdup(v->valuestring);
    }
    cJSON_Delete(root);
    if ((h.version && !version) || (h.method && !method))
      abort();
  }

  rc = ts_mcp_parse((const char *)p, (size_t)(end - p), &h, &m, &e);
  FUZZ_CHECK(rc == 0 || rc == -1);
  if (rc < 0)
    check_error(&m, &e);
  else
    check_ok(&h, &m);
  if (rc == 0)
    FUZZ_CHECK(e.data == NULL);
  ts_mcp_error_free(&e);
  ts_mcp_msg_free(&m);

  check_header_name(name ? name : "", p, (size_t)(end - p));
  free(version);
  free(method);
  free(name);
  return 0;
}
