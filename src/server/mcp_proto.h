/* The JSON-RPC envelope of POST /mcp (the Model Context Protocol's
 * Streamable HTTP transport), for both protocol eras on one endpoint:
 *
 *   legacy (2025-11-25 and before): an initialize handshake, then
 *   requests with an MCP-Protocol-Version header (absent: 2025-03-26);
 *   modern (2026-07-28): stateless, every request carrying its protocol
 *   version and the client's capabilities in params._meta, mirrored in
 *   the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers.
 *
 * A request is modern when its params._meta holds the protocol version
 * (the specification's rule for a server of both eras).  This file only
 * reads a body and its headers into a message, or the error to answer
 * with (its JSON-RPC code and HTTP status); pure code, fuzzed
 * (fuzz/fuzz_mcp.c).  server/mcp.c answers the methods. */
#ifndef TS_SERVER_MCP_PROTO_H
#define TS_SERVER_MCP_PROTO_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#define TS_MCP_MODERN_VERSION "2026-07-28"
#define TS_MCP_LEGACY_VERSION "2025-11-25" /* what initialize answers */
#define TS_MCP_DEFAULT_LEGACY "2025-03-26" /* a legacy request without the header */
#define TS_MCP_META_VERSION "io.modelcontextprotocol/protocolVersion"
#define TS_MCP_META_CAPS "io.modelcontextprotocol/clientCapabilities"
#define TS_MCP_META_SERVER "io.modelcontextprotocol/serverInfo"

/* JSON-RPC and MCP error codes. */
#define TS_RPC_PARSE_ERROR (-32700)
#define TS_RPC_INVALID_REQUEST (-32600)
#define TS_RPC_METHOD_NOT_FOUND (-32601)
#define TS_RPC_INVALID_PARAMS (-32602)
#define TS_RPC_INTERNAL_ERROR (-32603)
#define TS_RPC_TRANSPORT_ERROR (-32000) /* legacy transport refusals, as the SDKs send them */
#define TS_MCP_HEADER_MISMATCH (-32020)
#define TS_MCP_UNSUPPORTED_VERSION (-32022)

/* The request headers that matter (NULL: absent). */
struct ts_mcp_headers {
  const char *version; /* MCP-Protocol-Version */
  const char *method;  /* Mcp-Method */
  const char *name;    /* Mcp-Name, maybe in its =?base64?...?= form */
};

enum ts_mcp_era { TS_MCP_LEGACY, TS_MCP_MODERN };

struct ts_mcp_msg {
  cJSON *root; /* owned: the whole message */
  enum ts_mcp_era era;
  bool notification;   /* no id: answered 202 without a body */
  const cJSON *id;     /* a string or a number; NULL for a notification */
  const char *method;
  const cJSON *params; /* an object, or NULL */
  const char *version; /* the protocol version the request is served under */
};

struct ts_mcp_error {
  unsigned http;
  int code;
  char message[256];
  cJSON *data; /* owned, or NULL */
};

/* Reads one POST body.  0: *m holds a request or a notification to
 * answer.  -1: answer with *e, and m->id (when the message had one) as
 * the response's id; m->root may still be set (free it either way with
 * ts_mcp_msg_free). */
int ts_mcp_parse(const char *body, size_t len, const struct ts_mcp_headers *h,
                 struct ts_mcp_msg *m, struct ts_mcp_error *e);
void ts_mcp_msg_free(struct ts_mcp_msg *m);
void ts_mcp_error_free(struct ts_mcp_error *e);

/* {"jsonrpc":"2.0","id":id,"error":{code,message,data?}} (id null when
 * NULL); takes e->data. */
cJSON *ts_mcp_error_response(const cJSON *id, struct ts_mcp_error *e);
/* {"jsonrpc":"2.0","id":id,"result":result}; takes result. */
cJSON *ts_mcp_result_response(const cJSON *id, cJSON *result);

/* The Mcp-Name header's value as text: itself, or its =?base64?B64?=
 * form decoded (which must be valid base64 of UTF-8 without a NUL).
 * Returns the length written (NUL-terminated), or -1 when it is invalid
 * or does not fit. */
int ts_mcp_header_name(const char *hdr, char *out, size_t cap);

/* Whether `version` is one this server speaks in the legacy era. */
bool ts_mcp_legacy_version(const char *version);

#endif
