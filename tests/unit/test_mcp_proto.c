/* The JSON-RPC envelope of POST /mcp (server/mcp_proto.c) without a
 * server: the Mcp-Name header in both forms, at the edge of its room, and
 * member names read case-sensitively.  The wire as a whole is in
 * tests/api/test_mcp.c; the fuzzer (fuzz/fuzz_mcp.c) checks the rest. */
#include <string.h>

#include <criterion/criterion.h>

#include "server/mcp_proto.h"

TestSuite(mcp_proto);

Test(mcp_proto, header_name_plain_and_base64) {
  char out[16];

  cr_assert_eq(ts_mcp_header_name("echo", out, sizeof out), 4);
  cr_assert_str_eq(out, "echo");
  cr_assert_eq(ts_mcp_header_name("=?base64?ZWNobw==?=", out, sizeof out), 4);
  cr_assert_str_eq(out, "echo");
  cr_assert_eq(ts_mcp_header_name("=?base64?Y2Fmw6k=?=", out, sizeof out), 5); /* café */
  cr_assert_str_eq(out, "caf\xc3\xa9");
  cr_assert_eq(ts_mcp_header_name("caf\xc3\xa9", out, sizeof out), -1, "not ASCII as it is");
  cr_assert_eq(ts_mcp_header_name("=?base64?AA==?=", out, sizeof out), -1, "a NUL");
  cr_assert_eq(ts_mcp_header_name("=?base64?/w==?=", out, sizeof out), -1, "not UTF-8");
  cr_assert_eq(ts_mcp_header_name("=?base64?ZWNob?=", out, sizeof out), -1, "not a quad");
}

/* A name needs room for itself and its NUL, in either form: the Base64
 * text is longer than what it decodes to, and must not be what counts
 * (fuzz/regressions/mcp/base64-name-longer-than-its-room). */
Test(mcp_proto, header_name_room_is_the_decoded_length) {
  char out[13];

  /* 12 bytes, "abcdefghijkl": 16 Base64 characters */
  cr_assert_eq(ts_mcp_header_name("=?base64?YWJjZGVmZ2hpamts?=", out, sizeof out), 12);
  cr_assert_str_eq(out, "abcdefghijkl");
  cr_assert_eq(ts_mcp_header_name("=?base64?YWJjZGVmZ2hpamts?=", out, 12), -1);
  /* 11 bytes with one '=' */
  cr_assert_eq(ts_mcp_header_name("=?base64?YWJjZGVmZ2hpams=?=", out, 12), 11);
  cr_assert_eq(ts_mcp_header_name("abcdefghijkl", out, 13), 12);
  cr_assert_eq(ts_mcp_header_name("abcdefghijkl", out, 12), -1);
}

static int parse(const char *body, const struct ts_mcp_headers *h, struct ts_mcp_msg *m,
                 struct ts_mcp_error *e) {
  return ts_mcp_parse(body, strlen(body), h, m, e);
}

Test(mcp_proto, member_names_are_case_sensitive) {
  struct ts_mcp_headers h = {0};
  struct ts_mcp_msg m;
  struct ts_mcp_error e;

  /* "ID" is not an id: a notification */
  cr_assert_eq(parse("{\"jsonrpc\":\"2.0\",\"ID\":1,\"method\":\"ping\"}", &h, &m, &e), 0);
  cr_assert(m.notification);
  ts_mcp_msg_free(&m);
  cr_assert_eq(parse("{\"JSONRPC\":\"2.0\",\"id\":1,\"method\":\"ping\"}", &h, &m, &e), -1);
  cr_assert_eq(e.code, TS_RPC_INVALID_REQUEST);
  ts_mcp_msg_free(&m);
  /* a _meta version under another case is not the modern envelope */
  cr_assert_eq(parse("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":"
                     "{\"_meta\":{\"io.modelcontextprotocol/PROTOCOLVERSION\":\"2026-07-28\"}}}",
                     &h, &m, &e),
               0);
  cr_assert_eq(m.era, TS_MCP_LEGACY);
  cr_assert_str_eq(m.version, TS_MCP_DEFAULT_LEGACY);
  ts_mcp_msg_free(&m);
}

Test(mcp_proto, modern_request_and_its_headers) {
  static const char body[] =
      "{\"jsonrpc\":\"2.0\",\"id\":\"x\",\"method\":\"tools/call\",\"params\":{\"name\":\"echo\","
      "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
      "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
  struct ts_mcp_headers h = {"2026-07-28", "tools/call", "=?base64?ZWNobw==?="};
  struct ts_mcp_msg m;
  struct ts_mcp_error e;

  cr_assert_eq(parse(body, &h, &m, &e), 0, "%s", e.message);
  cr_assert_eq(m.era, TS_MCP_MODERN);
  cr_assert_str_eq(m.version, TS_MCP_MODERN_VERSION);
  ts_mcp_msg_free(&m);
  h.name = "ech0";
  cr_assert_eq(parse(body, &h, &m, &e), -1);
  cr_assert_eq(e.code, TS_MCP_HEADER_MISMATCH);
  cr_assert_eq(e.http, 400);
  cr_assert_str_eq(m.id->valuestring, "x");
  ts_mcp_msg_free(&m);
}

/* What another JSON parser could read differently is refused: an escaped
 * NUL (cJSON ends the string there), a member named twice in the
 * envelope (cJSON takes the first), an id the answer cannot give back
 * exactly (cJSON keeps numbers as doubles). */
Test(mcp_proto, ambiguous_messages_are_refused) {
  static const char *const bad[] = {
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\\u0000x\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"method\":\"tools/list\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/call\",\"params\":{\"name\":\"a\","
      "\"name\":\"b\"}}",
      "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tools/list\",\"params\":{\"_meta\":{\"x\":1,"
      "\"x\":2}}}",
      "{\"jsonrpc\":\"2.0\",\"id\":9007199254740993,\"method\":\"ping\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":1.5,\"method\":\"ping\"}",
      "{\"jsonrpc\":\"2.0\",\"id\":1e400,\"method\":\"ping\"}",
  };
  struct ts_mcp_headers h = {0};
  struct ts_mcp_msg m;
  struct ts_mcp_error e;

  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    cr_assert_eq(parse(bad[i], &h, &m, &e), -1, "%s", bad[i]);
    cr_assert_eq(e.code, TS_RPC_INVALID_REQUEST, "%s: %d", bad[i], e.code);
    cr_assert_eq(e.http, 400);
    ts_mcp_msg_free(&m);
  }
  /* the largest integer id is given back whole */
  cr_assert_eq(parse("{\"jsonrpc\":\"2.0\",\"id\":9007199254740991,\"method\":\"ping\"}", &h, &m,
                     &e),
               0);
  {
    cJSON *doc = ts_mcp_result_response(m.id, cJSON_CreateObject());
    char *text = cJSON_PrintUnformatted(doc);
    cr_assert(strstr(text, "\"id\":9007199254740991,"), "%s", text);
    free(text);
    cJSON_Delete(doc);
  }
  ts_mcp_msg_free(&m);
}
