/* The one strict UTF-8 checker (see utf8.h).  Any process, any thread. */
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
