/* Strict UTF-8: the boundaries of every range, overlong forms, surrogates,
 * truncation, and the offset where a prefix stops. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <string.h>

#include "util/common.h"
#include "util/utf8.h"

TestSuite(utf8);

struct utf8_case {
  const char *s;
  size_t len;
  size_t prefix; /* the expected ts_utf8_valid_prefix */
};

#define CASE(lit, prefix) {lit, sizeof lit - 1, prefix}

static void check(const struct utf8_case *t, size_t n) {
  for (size_t i = 0; i < n; i++) {
    cr_expect_eq(ts_utf8_valid_prefix(t[i].s, t[i].len), t[i].prefix, "case %zu: prefix %zu, want %zu",
                 i, ts_utf8_valid_prefix(t[i].s, t[i].len), t[i].prefix);
    cr_expect_eq(ts_utf8_valid(t[i].s, t[i].len), t[i].prefix == t[i].len, "case %zu", i);
  }
}

Test(utf8, well_formed_text_is_valid_whole) {
  static const struct utf8_case t[] = {
      CASE("", 0),
      CASE("plain ascii\x7f", 12),
      CASE("a\0b", 3),                     /* NUL is a character */
      CASE("\xc2\x80", 2),                 /* U+0080, the first 2-byte form */
      CASE("\xdf\xbf", 2),                 /* U+07FF */
      CASE("\xe0\xa0\x80", 3),             /* U+0800, the first 3-byte form */
      CASE("\xed\x9f\xbf", 3),             /* U+D7FF, just below the surrogates */
      CASE("\xee\x80\x80", 3),             /* U+E000, just above them */
      CASE("\xef\xbf\xbf", 3),             /* U+FFFF */
      CASE("\xf0\x90\x80\x80", 4),         /* U+10000, the first 4-byte form */
      CASE("\xf4\x8f\xbf\xbf", 4),         /* U+10FFFF, the last code point */
      CASE("\xc3\xa9\xe6\x97\xa5\xf0\x9f\x98\x80", 9), /* é 日 😀 */
  };
  check(t, TS_ARRAY_LEN(t));
}

Test(utf8, malformed_text_stops_at_the_bad_character) {
  static const struct utf8_case t[] = {
      CASE("\x80", 0),                     /* a lone continuation byte */
      CASE("ab\xbf", 2),
      CASE("\xc0\x80", 0),                 /* overlong NUL */
      CASE("\xc1\xbf", 0),                 /* overlong U+007F */
      CASE("\xe0\x9f\xbf", 0),             /* overlong U+07FF */
      CASE("\xf0\x8f\xbf\xbf", 0),         /* overlong U+FFFF */
      CASE("x\xed\xa0\x80", 1),            /* U+D800, a surrogate */
      CASE("x\xed\xbf\xbf", 1),            /* U+DFFF */
      CASE("\xf4\x90\x80\x80", 0),         /* U+110000, past the last */
      CASE("\xf5\x80\x80\x80", 0),
      CASE("\xfe", 0),
      CASE("\xff", 0),
      CASE("\xc3", 0),                     /* truncated at the end */
      CASE("ok\xe2\x82", 2),
      CASE("ok\xf0\x9f\x98", 2),
      CASE("\xc3(", 0),                    /* a continuation byte missing */
      CASE("\xe2(\xa1", 0),
      CASE("\xc3\xa9\xc3\xa9\xff\xc3\xa9", 4), /* é é, then a bad byte */
  };
  check(t, TS_ARRAY_LEN(t));
}

/* The prefix is always valid, and one byte more is not. */
Test(utf8, the_prefix_is_the_longest_valid_one) {
  static const char s[] = "a\xc3\xa9\xe6\x97\xa5\xed\xa0\x80z";
  size_t p = ts_utf8_valid_prefix(s, sizeof s - 1);

  cr_assert_eq(p, 6);
  for (size_t n = 0; n <= p; n++)
    cr_expect(ts_utf8_valid(s, n) == (n == 0 || n == 1 || n == 3 || n == 6), "n %zu", n);
  cr_expect(!ts_utf8_valid(s, p + 1));
}

/* A text read in pieces keeps back the start of a character its piece
 * cuts, and only that: what a continuation could never make valid is
 * passed on (and replaced) at once. */
Test(utf8, the_incomplete_tail_is_a_character_start_that_more_bytes_could_finish) {
  static const struct {
    const char *s;
    size_t len, tail;
  } t[] = {
      {"", 0, 0},
      {"abc", 3, 0},
      {"\xe2\x82\xac", 3, 0},         /* a whole euro sign */
      {"x\xe2", 2, 1},                /* its first byte */
      {"x\xe2\x82", 3, 2},            /* its first two */
      {"\xc3", 1, 1},
      {"\xf0\x9f\x98", 3, 3},         /* three of the four bytes of U+1F600 */
      {"\xf0\x9f", 2, 2},
      {"\xf4\x8f", 2, 2},             /* U+10FFFF could still come */
      {"\xf4\x90", 2, 0},             /* past U+10FFFF: never valid */
      {"\xe0\x80", 2, 0},             /* overlong */
      {"\xe0\xa0", 2, 2},
      {"\xed\xa0", 2, 0},             /* a surrogate */
      {"\xf0\x80", 2, 0},             /* overlong */
      {"\x80\x80", 2, 0},             /* continuation bytes alone */
      {"\xff", 1, 0},
      {"\xc0", 1, 0},                 /* starts no character */
      {"\xe2\x82\xac\x80", 4, 0},     /* a stray byte after a whole one */
      {"\xf0\x9f\x98\x80", 4, 0},
  };

  for (size_t i = 0; i < TS_ARRAY_LEN(t); i++)
    cr_expect_eq(ts_utf8_incomplete_tail(t[i].s, t[i].len), t[i].tail, "case %zu: %zu, want %zu",
                 i, ts_utf8_incomplete_tail(t[i].s, t[i].len), t[i].tail);
}

/* Cut anywhere, a valid text comes back whole: the head without its tail,
 * then the tail with the rest, are each valid. */
Test(utf8, any_cut_of_valid_text_rejoins_whole) {
  static const char s[] = "a\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80z";

  for (size_t cut = 0; cut <= sizeof s - 1; cut++) {
    size_t tail = ts_utf8_incomplete_tail(s, cut);
    cr_expect(ts_utf8_valid(s, cut - tail), "cut %zu", cut);
    cr_expect(ts_utf8_valid(s + cut - tail, sizeof s - 1 - cut + tail), "cut %zu", cut);
  }
}
