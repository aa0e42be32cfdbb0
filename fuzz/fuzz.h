/* Shared by the libFuzzer targets: the entry points and an invariant check
 * that turns a violated property into a crash libFuzzer keeps. */
#ifndef TS_FUZZ_H
#define TS_FUZZ_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerInitialize(int *argc, char ***argv);

#define FUZZ_CHECK(cond)                                                        \
  do {                                                                          \
    if (!(cond)) {                                                              \
      fprintf(stderr, "%s:%d: invariant violated: %s\n", __FILE__, __LINE__,    \
              #cond);                                                           \
      abort();                                                                  \
    }                                                                           \
  } while (0)

/* The length of the longest well-formed UTF-8 prefix, written from the
 * Unicode standard's table 3-7 independently of src/ so that the two can
 * be compared. */
static inline size_t fuzz_utf8_prefix(const uint8_t *s, size_t n) {
  size_t i = 0;

  while (i < n) {
    uint8_t b = s[i];
    uint8_t lo = 0x80, hi = 0xBF;
    size_t k;

    if (b <= 0x7F) {
      i++;
      continue;
    }
    if (b >= 0xC2 && b <= 0xDF)
      k = 2;
    else if (b == 0xE0)
      k = 3, lo = 0xA0;
    else if (b == 0xED)
      k = 3, hi = 0x9F;
    else if ((b >= 0xE1 && b <= 0xEC) || b == 0xEE || b == 0xEF)
      k = 3;
    else if (b == 0xF0)
      k = 4, lo = 0x90;
    else if (b >= 0xF1 && b <= 0xF3)
      k = 4;
    else if (b == 0xF4)
      k = 4, hi = 0x8F;
    else
      return i;
    if (n - i < k || s[i + 1] < lo || s[i + 1] > hi)
      return i;
    for (size_t j = 2; j < k; j++)
      if (s[i + j] < 0x80 || s[i + j] > 0xBF)
        return i;
    i += k;
  }
  return n;
}

/* A NUL-terminated copy of the input (caller frees). */
static inline char *fuzz_strndup(const uint8_t *data, size_t size) {
  char *s = malloc(size + 1);

  if (!s)
    abort();
  for (size_t i = 0; i < size; i++)
    s[i] = (char)data[i];
  s[size] = '\0';
  return s;
}

#endif
