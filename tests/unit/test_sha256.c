/* SHA-256: the FIPS 180-4 / NIST example vectors and lengths around the
 * padding boundaries.  The non-NIST digests were computed with Python's
 * hashlib over the pattern() bytes below. */
#include <criterion/criterion.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/sha256.h"

TestSuite(sha256);

static void check_hex(const void *data, size_t len, const char *want) {
  char got[TS_SHA256_HEX_LEN + 1];

  memset(got, 'X', sizeof got);
  ts_sha256_hex(data, len, got);
  cr_assert_eq(got[TS_SHA256_HEX_LEN], '\0', "hex output not NUL-terminated");
  cr_assert_str_eq(got, want, "len %zu", len);
}

/* Streams data through the context in pieces of `step` bytes. */
static void stream_hex(const void *data, size_t len, size_t step, char out[65]) {
  static const char digits[] = "0123456789abcdef";
  const uint8_t *p = data;
  struct ts_sha256_ctx c;
  uint8_t d[TS_SHA256_LEN];

  ts_sha256_init(&c);
  for (size_t off = 0; off < len; off += step)
    ts_sha256_update(&c, p + off, len - off < step ? len - off : step);
  ts_sha256_final(&c, d);
  for (size_t i = 0; i < TS_SHA256_LEN; i++) {
    out[2 * i] = digits[d[i] >> 4];
    out[2 * i + 1] = digits[d[i] & 0xf];
  }
  out[64] = '\0';
}

/* Deterministic bytes, including 0x00 and 0xff somewhere in the first 256. */
static uint8_t *pattern(size_t n) {
  uint8_t *b = malloc(n ? n : 1);
  cr_assert_not_null(b);
  for (size_t i = 0; i < n; i++)
    b[i] = (uint8_t)(i * 31 + 7);
  return b;
}

Test(sha256, nist_empty) {
  check_hex("", 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  check_hex(NULL, 0, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

Test(sha256, nist_abc) {
  check_hex("abc", 3, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
}

Test(sha256, nist_448_bits) {
  const char *m = "abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq";
  cr_assert_eq(strlen(m), 56);
  check_hex(m, strlen(m), "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

Test(sha256, nist_896_bits) {
  const char *m = "abcdefghbcdefghicdefghijdefghijkefghijklfghijklmghijklmn"
                  "hijklmnoijklmnopjklmnopqklmnopqrlmnopqrsmnopqrstnopqrstu";
  cr_assert_eq(strlen(m), 112);
  check_hex(m, strlen(m), "cf5b16a778af8380036ce59e7b0492370b249b11e8f07a51afac45037afee9d1");
}

Test(sha256, nist_million_a) {
  const char *want = "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0";
  size_t n = 1000000;
  char *m = malloc(n), got[65];

  cr_assert_not_null(m);
  memset(m, 'a', n);
  check_hex(m, n, want);
  /* Odd piece sizes so the partial-block path is exercised throughout. */
  stream_hex(m, n, 1, got);
  cr_assert_str_eq(got, want);
  stream_hex(m, n, 997, got);
  cr_assert_str_eq(got, want);
  free(m);
}

Test(sha256, block_boundaries) {
  static const struct {
    size_t len;
    const char *hex;
  } v[] = {
    {1, "ca358758f6d27e6cf45272937977a748fd88391db679ceda7dc7bf1f005ee879"},
    {55, "8aa994584139d128848eeebc4e815639ba5ab6e6e39574195a63ac4f14f7c43b"},  /* pad fits */
    {56, "ad574708f75c044c9b85de64cb568ee7711ff4f36448c6242f053ba8f6cc2b63"},  /* spills */
    {57, "5b46e502092be01b1100193e089fdda95638c12e19a1d24f308eb2c3d3ae849d"},
    {63, "280ed3e8ff1df845b2e7dfe6ac6cee817bef20e783cc65abc41b818b4d2fe076"},
    {64, "c6ab9724ade5b6a7a1edfffb12f3aa9181351355af8fd08c919952ad211339dd"},
    {65, "788367c73c7ddf4c53f65e68cc0d943e6227ab55b0e78ba63ace822b1c6301c0"},
    {111, "dd1413178fb627f9abbc041ffe39c44aa7aaa0e2e6d2ca5c4528ac7073a2da45"},
    {112, "a65c92dac124062d0ab951a42773cb04fc98d1d4bf8897b176f8cff3509d379e"},
    {119, "3d610547d68216dedf7435a4fb6260353911f6b3fd3f18805ddb8be285d726fe"},
    {120, "1f80156a804cb7862ad113e8200e9d74499723e7c7854d5f48776d3148e09656"},
    {127, "192409cd280e14b743642ad1343fbd3e82d9305de72c078117745a679210cc3d"},
    {128, "cc548ca2dec1f6fe4f58b2e27aa9c7521607df1130d140b55a4dad0665302356"},
    {129, "81e89a7b2911aaa7795f9e3d4910cb47d6cd2b00d83b8399481527261a1a7519"},
    {1000, "5097e7d587352f5097062ae679f37bda5802d9f875aba14c8cb4d1a188ada179"},
  };

  for (size_t i = 0; i < sizeof v / sizeof v[0]; i++) {
    uint8_t *b = pattern(v[i].len);
    char got[65];

    check_hex(b, v[i].len, v[i].hex);
    for (size_t step = 1; step <= 65; step++) {
      stream_hex(b, v[i].len, step, got);
      cr_assert_str_eq(got, v[i].hex, "len %zu streamed in pieces of %zu", v[i].len, step);
    }
    free(b);
  }
}

Test(sha256, embedded_nul) {
  check_hex("a\0b", 3, "59b271ae1bbcb1d31d41929817f4b16fb439eb4f31520b5ad1d5ce98920a7138");
}

Test(sha256, every_two_way_split) {
  const char *want = "81e89a7b2911aaa7795f9e3d4910cb47d6cd2b00d83b8399481527261a1a7519";
  uint8_t *b = pattern(129);

  for (size_t cut = 0; cut <= 129; cut++) {
    struct ts_sha256_ctx c;
    uint8_t d[TS_SHA256_LEN];
    char got[65];

    ts_sha256_init(&c);
    ts_sha256_update(&c, b, cut);
    ts_sha256_update(&c, NULL, 0);
    ts_sha256_update(&c, b + cut, 129 - cut);
    ts_sha256_final(&c, d);
    for (size_t i = 0; i < TS_SHA256_LEN; i++)
      snprintf(got + 2 * i, 3, "%02x", d[i]);
    cr_assert_str_eq(got, want, "cut at %zu", cut);
  }
  free(b);
}

Test(sha256, raw_matches_hex) {
  uint8_t d[TS_SHA256_LEN];
  char hex[65], again[65];

  ts_sha256("abc", 3, d);
  ts_sha256_hex("abc", 3, hex);
  for (size_t i = 0; i < TS_SHA256_LEN; i++)
    snprintf(again + 2 * i, 3, "%02x", d[i]);
  cr_assert_str_eq(again, hex);
  cr_assert_eq(d[0], 0xba);
  cr_assert_eq(d[31], 0xad);
}

Test(sha256, context_reusable_after_init) {
  struct ts_sha256_ctx c;
  uint8_t d1[TS_SHA256_LEN], d2[TS_SHA256_LEN];

  ts_sha256_init(&c);
  ts_sha256_update(&c, "garbage", 7);
  ts_sha256_final(&c, d1);
  ts_sha256_init(&c);
  ts_sha256_update(&c, "abc", 3);
  ts_sha256_final(&c, d2);
  ts_sha256("abc", 3, d1);
  cr_assert_arr_eq(d1, d2, sizeof d1);
}
