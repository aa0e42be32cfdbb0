/* The one JSON string escaper (see json.h).  Any process, any thread. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "util/json.h"
#include "util/utf8.h"

/* The longest escaped form of one input byte: \u00XX. */
#define MAX_ESCAPE 6

/* Escapes the unit that starts s[0] (one byte, or one whole UTF-8
 * character) into unit.  Returns its escaped length and sets *used to the
 * input bytes it stands for. */
static size_t escape_unit(const char *s, size_t len, char unit[MAX_ESCAPE], size_t *used) {
  static const char hex[] = "0123456789abcdef";
  unsigned char c = (unsigned char)s[0];

  *used = 1;
  if (c >= 0x80) {
    size_t k = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
    if (k <= len && ts_utf8_valid(s, k)) {
      for (size_t i = 0; i < k; i++)
        unit[i] = s[i];
      *used = k;
      return k;
    }
    unit[0] = (char)0xEF; /* U+FFFD */
    unit[1] = (char)0xBF;
    unit[2] = (char)0xBD;
    return 3;
  }
  if (c == '"' || c == '\\' || c == '\n' || c == '\t' || c == '\r') {
    unit[0] = '\\';
    unit[1] = (char)(c == '\n' ? 'n' : c == '\t' ? 't' : c == '\r' ? 'r' : c);
    return 2;
  }
  if (c < 0x20 || c == 0x7f) {
    unit[0] = '\\';
    unit[1] = 'u';
    unit[2] = unit[3] = '0';
    unit[4] = hex[c >> 4];
    unit[5] = hex[c & 0xf];
    return 6;
  }
  unit[0] = (char)c;
  return 1;
}

size_t ts_json_escape_bytes(char *out, size_t cap, const char *s, size_t len) {
  size_t o = 0;

  if (cap == 0)
    return 0;
  for (size_t i = 0; i < len;) {
    char unit[MAX_ESCAPE];
    size_t used, n = escape_unit(s + i, len - i, unit, &used);

    if (n >= cap - o) /* the unit and the NUL must both fit */
      break;
    memcpy(out + o, unit, n);
    o += n;
    i += used;
  }
  out[o] = '\0';
  return o;
}

size_t ts_json_escape(char *out, size_t cap, const char *s) {
  return ts_json_escape_bytes(out, cap, s, strlen(s));
}

cJSON *ts_json_bytes(const char *s, size_t len) {
  size_t cap, o;
  char *out;
  cJSON *item;

  if (len > (SIZE_MAX - 3) / MAX_ESCAPE)
    return NULL;
  cap = len * MAX_ESCAPE + 3; /* every byte at its longest, two quotes, a NUL */
  if (!(out = malloc(cap)))
    return NULL;
  out[0] = '"';
  o = 1 + ts_json_escape_bytes(out + 1, cap - 1, s, len);
  out[o] = '"';
  out[o + 1] = '\0';
  item = cJSON_CreateRaw(out);
  free(out);
  return item;
}
