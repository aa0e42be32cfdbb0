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
