/* JSON string escaping of arbitrary bytes: exact outputs, U+FFFD for every
 * byte that is not part of a well-formed character, cuts only between
 * whole units, and cJSON items that parse back to the same text. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>

#include "server/request.h"
#include "util/common.h"
#include "util/json.h"

#define FFFD "\xef\xbf\xbd"

TestSuite(json);

/* Escapes len bytes with room to spare and checks the exact result. */
static void expect_escape(const char *s, size_t len, const char *want) {
  char out[256];
  size_t n = ts_json_escape_bytes(out, sizeof out, s, len);

  cr_expect_str_eq(out, want);
  cr_expect_eq(n, strlen(want), "returned %zu for \"%s\"", n, want);
}

#define EXPECT_ESCAPE(lit, want) expect_escape(lit, sizeof lit - 1, want)

Test(json, quotes_and_backslashes) {
  EXPECT_ESCAPE("", "");
  EXPECT_ESCAPE("plain text", "plain text");
  EXPECT_ESCAPE("say \"hi\"", "say \\\"hi\\\"");
  EXPECT_ESCAPE("C:\\dir\\", "C:\\\\dir\\\\");
  EXPECT_ESCAPE("/ is left alone", "/ is left alone");
}

Test(json, controls) {
  EXPECT_ESCAPE("a\nb\tc\rd", "a\\nb\\tc\\rd");
  EXPECT_ESCAPE("\x01\x08\x0c\x1b\x1f", "\\u0001\\u0008\\u000c\\u001b\\u001f");
  EXPECT_ESCAPE("del\x7f", "del\\u007f");
  EXPECT_ESCAPE("\x20~", " ~");
}

Test(json, nul_bytes_are_escaped_not_the_end) {
  EXPECT_ESCAPE("a\0b", "a\\u0000b");
  EXPECT_ESCAPE("\0\0", "\\u0000\\u0000");
}

Test(json, well_formed_utf8_is_copied) {
  EXPECT_ESCAPE("caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80", "caf\xc3\xa9 \xe6\x97\xa5 \xf0\x9f\x98\x80");
  EXPECT_ESCAPE("\xf4\x8f\xbf\xbf", "\xf4\x8f\xbf\xbf"); /* U+10FFFF */
}

/* One U+FFFD per byte that does not start a whole, well-formed character. */
Test(json, invalid_bytes_become_u_fffd) {
  EXPECT_ESCAPE("\xff", FFFD);
  EXPECT_ESCAPE("a\x80z", "a" FFFD "z");                 /* lone continuation */
  EXPECT_ESCAPE("\xc0\xaf", FFFD FFFD);                  /* overlong '/' */
  EXPECT_ESCAPE("\xed\xa0\x80", FFFD FFFD FFFD);         /* surrogate */
  EXPECT_ESCAPE("\xf4\x90\x80\x80", FFFD FFFD FFFD FFFD); /* past U+10FFFF */
  EXPECT_ESCAPE("ok\xe2\x82", "ok" FFFD FFFD);           /* truncated at the end */
  EXPECT_ESCAPE("\xc3\"", FFFD "\\\"");                  /* cut by a quote */
  EXPECT_ESCAPE("\xe2\x82\xac\xe2\x82", "\xe2\x82\xac" FFFD FFFD);
}

Test(json, c_string_version_stops_at_nul) {
  char out[64];

  cr_expect_eq(ts_json_escape(out, sizeof out, "q\"\n\xff\0ignored"), 8);
  cr_expect_str_eq(out, "q\\\"\\n" FFFD);
}

/* The escaped units of "a\"é\x01😀\xff" and where each one ends. */
static const char unit_input[] = "a\"\xc3\xa9\x01\xf0\x9f\x98\x80\xff";
static const char unit_full[] = "a\\\"\xc3\xa9\\u0001\xf0\x9f\x98\x80" FFFD;
static const size_t unit_ends[] = {0, 1, 3, 5, 11, 15, 18};

/* Every cap: the output is the longest run of whole units that fits with
 * its NUL, never part of an escape or of a character. */
Test(json, a_cut_falls_between_units) {
  for (size_t cap = 1; cap <= sizeof unit_full + 1; cap++) {
    char out[sizeof unit_full + 8];
    size_t want = 0, n;

    memset(out, 'X', sizeof out);
    for (size_t i = 0; i < TS_ARRAY_LEN(unit_ends); i++)
      if (unit_ends[i] < cap)
        want = unit_ends[i];
    n = ts_json_escape_bytes(out, cap, unit_input, sizeof unit_input - 1);
    cr_expect_eq(n, want, "cap %zu: %zu bytes, want %zu", cap, n, want);
    cr_expect_eq(out[n], '\0', "cap %zu: not NUL-terminated", cap);
    cr_expect_eq(memcmp(out, unit_full, n), 0, "cap %zu", cap);
    cr_expect_eq(out[cap], 'X', "cap %zu: wrote past the cap", cap);
  }
}

Test(json, a_zero_cap_writes_nothing) {
  char out[4] = "XYZ";

  cr_expect_eq(ts_json_escape_bytes(out, 0, "abc", 3), 0);
  cr_expect_eq(ts_json_escape(out, 0, "abc"), 0);
  cr_expect_str_eq(out, "XYZ");
}

/* {"s": item} printed by cJSON and parsed back. */
static char *round_trip(cJSON *item) {
  cJSON *doc = cJSON_CreateObject(), *back;
  char *text, *s;

  cr_assert(doc && item);
  cJSON_AddItemToObject(doc, "s", item);
  text = cJSON_PrintUnformatted(doc);
  cr_assert(text);
  back = cJSON_Parse(text);
  cr_assert(back, "not JSON: %s", text);
  cr_assert(cJSON_IsString(cJSON_GetObjectItemCaseSensitive(back, "s")), "%s", text);
  s = strdup(cJSON_GetObjectItemCaseSensitive(back, "s")->valuestring);
  cJSON_Delete(back);
  cJSON_free(text);
  cJSON_Delete(doc);
  return s;
}

Test(json, bytes_item_is_a_quoted_literal) {
  cJSON *item = ts_json_bytes("x\"\n\xff", 4);

  cr_assert(item);
  cr_expect(cJSON_IsRaw(item));
  cr_expect_str_eq(item->valuestring, "\"x\\\"\\n" FFFD "\"");
  cJSON_Delete(item);
  item = ts_json_bytes(NULL, 0);
  cr_assert(item);
  cr_expect_str_eq(item->valuestring, "\"\"");
  cJSON_Delete(item);
}

Test(json, bytes_item_round_trips) {
  static const char text[] = "tab\there \"q\" \\ caf\xc3\xa9 \xf0\x9f\x98\x80 \x1f\x7f";
  char *back = round_trip(ts_json_bytes(text, sizeof text - 1));

  cr_expect_str_eq(back, text);
  free(back);
}

Test(json, bytes_item_replaces_invalid_bytes) {
  static const char in[] = "ok\xff\xc0\xaf\xed\xa0\x80\xe2\x82";
  char *back = round_trip(ts_json_bytes(in, sizeof in - 1));

  cr_expect_str_eq(back, "ok" FFFD FFFD FFFD FFFD FFFD FFFD FFFD FFFD);
  free(back);
}

/* Every byte value, NUL included, comes back: the printable and control
 * ones as themselves, the others (none of which start a character here)
 * as U+FFFD.  cJSON's own strings stop at a NUL, so the request decoder,
 * which keeps "\u0000" with its length, reads it back. */
Test(json, every_byte_round_trips) {
  char in[256], want[128 + 128 * 3];
  size_t w = 0;
  cJSON *item, *doc, *root;
  char *text;
  struct ts_str s;
  struct ts_reqerr e;

  for (size_t i = 0; i < 256; i++) {
    in[i] = (char)i;
    if (i < 0x80)
      want[w++] = (char)i;
    else {
      memcpy(want + w, FFFD, 3);
      w += 3;
    }
  }
  cr_assert(doc = cJSON_CreateObject());
  cr_assert(item = ts_json_bytes(in, sizeof in));
  cJSON_AddItemToObject(doc, "code", item);
  cr_assert(text = cJSON_PrintUnformatted(doc));
  root = ts_json_parse_object(text, strlen(text), &e);
  cr_assert(root, "%s: %s", e.code, e.message);
  cr_assert_eq(ts_json_get_str(root, "code", &s, &e), 1);
  cr_expect_eq(s.len, w);
  cr_expect_eq(memcmp(s.s, want, w), 0);
  cJSON_Delete(root);
  cJSON_free(text);
  cJSON_Delete(doc);
}
