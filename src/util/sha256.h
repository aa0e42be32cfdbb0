/* SHA-256 (FIPS 180-4), self-contained: no allocation, no global state, so
 * it is safe from any thread and in a forked child. */
#ifndef TS_SHA256_H
#define TS_SHA256_H

#include <stddef.h>
#include <stdint.h>

#define TS_SHA256_LEN 32     /* digest bytes */
#define TS_SHA256_HEX_LEN 64 /* hex digits, without the NUL */

/* Streaming state; treat as opaque.  Copying it forks the hash. */
struct ts_sha256_ctx {
  uint32_t h[8];
  uint64_t nbytes;  /* message length so far */
  uint8_t buf[64];  /* partial block */
  size_t buflen;
};

/* Starts a new hash in *c. */
void ts_sha256_init(struct ts_sha256_ctx *c);
/* Appends len bytes at data (data may be NULL when len is 0). */
void ts_sha256_update(struct ts_sha256_ctx *c, const void *data, size_t len);
/* Writes the digest of everything appended to out.  *c is spent afterwards:
 * call ts_sha256_init() before reusing it. */
void ts_sha256_final(struct ts_sha256_ctx *c, uint8_t out[TS_SHA256_LEN]);

/* One-shot digest of len bytes at data (NULL allowed when len is 0). */
void ts_sha256(const void *data, size_t len, uint8_t out[TS_SHA256_LEN]);
/* One-shot digest as 64 lowercase hex digits plus a NUL. */
void ts_sha256_hex(const void *data, size_t len, char out[TS_SHA256_HEX_LEN + 1]);

#endif
