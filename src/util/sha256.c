/* SHA-256 after FIPS 180-4, section 6.2.  Written for clarity over speed:
 * the service hashes request bodies and snippets, not gigabytes. */
#include <string.h>

#include "util/sha256.h"

static const uint32_t K[64] = {
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
};

static inline uint32_t rotr(uint32_t x, unsigned n) { return (x >> n) | (x << (32 - n)); }

/* Big-endian loads and stores byte by byte: independent of host byte order
 * and of the alignment of the caller's buffer. */
static inline uint32_t load_be32(const uint8_t *p) {
  return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | (uint32_t)p[3];
}

static inline void store_be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

static void compress(uint32_t h[8], const uint8_t block[64]) {
  uint32_t w[64], a, b, c, d, e, f, g, hh;

  for (size_t t = 0; t < 16; t++)
    w[t] = load_be32(block + 4 * t);
  for (int t = 16; t < 64; t++) {
    uint32_t s0 = rotr(w[t - 15], 7) ^ rotr(w[t - 15], 18) ^ (w[t - 15] >> 3);
    uint32_t s1 = rotr(w[t - 2], 17) ^ rotr(w[t - 2], 19) ^ (w[t - 2] >> 10);
    w[t] = w[t - 16] + s0 + w[t - 7] + s1;
  }

  a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
  for (int t = 0; t < 64; t++) {
    uint32_t S1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
    uint32_t ch = (e & f) ^ (~e & g);
    uint32_t t1 = hh + S1 + ch + K[t] + w[t];
    uint32_t S0 = rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22);
    uint32_t maj = (a & b) ^ (a & c) ^ (b & c);
    uint32_t t2 = S0 + maj;
    hh = g, g = f, f = e, e = d + t1, d = c, c = b, b = a, a = t1 + t2;
  }
  h[0] += a, h[1] += b, h[2] += c, h[3] += d;
  h[4] += e, h[5] += f, h[6] += g, h[7] += hh;
}

void ts_sha256_init(struct ts_sha256_ctx *c) {
  static const uint32_t iv[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                                 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
  memcpy(c->h, iv, sizeof iv);
  c->nbytes = 0;
  c->buflen = 0;
}

void ts_sha256_update(struct ts_sha256_ctx *c, const void *data, size_t len) {
  const uint8_t *p = data;

  if (len == 0)
    return;  /* also keeps memcpy away from a NULL data pointer */
  c->nbytes += len;
  if (c->buflen > 0) {
    size_t take = 64 - c->buflen < len ? 64 - c->buflen : len;
    memcpy(c->buf + c->buflen, p, take);
    c->buflen += take;
    p += take;
    len -= take;
    if (c->buflen < 64)
      return;
    compress(c->h, c->buf);
    c->buflen = 0;
  }
  for (; len >= 64; p += 64, len -= 64)
    compress(c->h, p);
  if (len > 0) {
    memcpy(c->buf, p, len);
    c->buflen = len;
  }
}

void ts_sha256_final(struct ts_sha256_ctx *c, uint8_t out[TS_SHA256_LEN]) {
  uint64_t bits = c->nbytes * 8;  /* the length modulo 2^64, as the standard says */

  /* Padding: 0x80, zeros up to 56 mod 64, then the bit length big-endian.
   * When fewer than 9 bytes are left in the block it spills into another. */
  c->buf[c->buflen++] = 0x80;
  if (c->buflen > 56) {
    memset(c->buf + c->buflen, 0, 64 - c->buflen);
    compress(c->h, c->buf);
    c->buflen = 0;
  }
  memset(c->buf + c->buflen, 0, 56 - c->buflen);
  store_be32(c->buf + 56, (uint32_t)(bits >> 32));
  store_be32(c->buf + 60, (uint32_t)bits);
  compress(c->h, c->buf);

  for (size_t i = 0; i < 8; i++)
    store_be32(out + 4 * i, c->h[i]);
  /* Wipe: the buffer held message bytes. */
  memset(c, 0, sizeof *c);
}

void ts_sha256(const void *data, size_t len, uint8_t out[TS_SHA256_LEN]) {
  struct ts_sha256_ctx c;

  ts_sha256_init(&c);
  ts_sha256_update(&c, data, len);
  ts_sha256_final(&c, out);
}

void ts_sha256_hex(const void *data, size_t len, char out[TS_SHA256_HEX_LEN + 1]) {
  static const char digits[] = "0123456789abcdef";
  uint8_t d[TS_SHA256_LEN];

  ts_sha256(data, len, d);
  for (size_t i = 0; i < TS_SHA256_LEN; i++) {
    out[2 * i] = digits[d[i] >> 4];
    out[2 * i + 1] = digits[d[i] & 0xf];
  }
  out[TS_SHA256_HEX_LEN] = '\0';
}
