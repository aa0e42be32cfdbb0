/* The one strict UTF-8 checker (see utf8.h).  Any process, any thread. */
#include <string.h>

#include "util/utf8.h"

bool ts_utf8_valid(const char *str, size_t len) { return ts_utf8_valid_prefix(str, len) == len; }

size_t ts_utf8_valid_prefix(const char *str, size_t len) {
  const unsigned char *s = (const unsigned char *)str;
  size_t i = 0;

  while (i < len) {
    unsigned char c = s[i];
    size_t n;
    unsigned int cp;

    if (c < 0x80) {
      i++;
      continue;
    } else if (c >= 0xC2 && c <= 0xDF) {
      n = 1;
      cp = c & 0x1F;
    } else if (c >= 0xE0 && c <= 0xEF) {
      n = 2;
      cp = c & 0x0F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      n = 3;
      cp = c & 0x07;
    } else {
      return i;
    }
    if (len - i <= n)
      return i;
    for (size_t k = 1; k <= n; k++) {
      if ((s[i + k] & 0xC0) != 0x80)
        return i;
      cp = (cp << 6) | (s[i + k] & 0x3F);
    }
    if ((n == 2 && cp < 0x800) || (n == 3 && (cp < 0x10000 || cp > 0x10FFFF)) ||
        (cp >= 0xD800 && cp <= 0xDFFF))
      return i;
    i += n + 1;
  }
  return len;
}

/* The bytes a lead byte says its character has, or 0 for a byte that
 * starts none. */
static size_t char_len(unsigned char c) {
  return c < 0x80 ? 1 : c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3
         : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
}

size_t ts_utf8_incomplete_tail(const char *str, size_t len) {
  const unsigned char *s = (const unsigned char *)str;

  for (size_t t = 1; t <= 3 && t <= len; t++) {
    unsigned char lead = s[len - t], lo = 0x80, hi = 0xBF;
    if ((lead & 0xC0) == 0x80)
      continue; /* a continuation byte: its lead is further back */
    if (char_len(lead) <= t)
      return 0; /* a whole character, or no lead byte at all */
    /* The second byte's range is narrower after these leads (no overlong
     * form, no surrogate, nothing past U+10FFFF); the third and fourth
     * are any continuation byte. */
    if (lead == 0xE0)
      lo = 0xA0;
    else if (lead == 0xED)
      hi = 0x9F;
    else if (lead == 0xF0)
      lo = 0x90;
    else if (lead == 0xF4)
      hi = 0x8F;
    return t >= 2 && (s[len - t + 1] < lo || s[len - t + 1] > hi) ? 0 : t;
  }
  return 0;
}

void ts_utf8_scrub(char *s) {
  size_t len = strlen(s), off = 0;

  while (off < len) {
    off += ts_utf8_valid_prefix(s + off, len - off);
    if (off < len)
      s[off++] = '?';
  }
}
