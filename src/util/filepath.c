/* The path rule of request files, and strict base64.  See filepath.h. */
#include <string.h>

#include "util/filepath.h"
#include "util/utf8.h"

const char *ts_file_path_why(const char *path, size_t len) {
  size_t start = 0, depth = 0;

  if (len == 0)
    return "is empty";
  if (len > TS_FILE_PATH_MAX)
    return "is longer than 255 bytes";
  if (memchr(path, '\0', len))
    return "holds a NUL character";
  for (size_t i = 0; i < len; i++)
    if ((unsigned char)path[i] < 0x20 || path[i] == 0x7f)
      return "holds a control character";
  if (!ts_utf8_valid(path, len))
    return "is not valid UTF-8";
  if (path[0] == '/')
    return "is absolute; paths are relative to the working directory";
  for (size_t i = 0; i <= len; i++) {
    size_t n;
    if (i < len && path[i] != '/')
      continue;
    n = i - start;
    if (n == 0)
      return "has an empty component ('//' or a trailing '/')";
    if (n == 2 && path[start] == '.' && path[start + 1] == '.')
      return "has a '..' component";
    if (n == 1 && path[start] == '.')
      return "has a '.' component";
    if (++depth > TS_FILE_DEPTH_MAX)
      return "is deeper than 8 components";
    start = i + 1;
  }
  return NULL;
}

const char *ts_glob_why(const char *pat, size_t len) {
  const char *why = ts_file_path_why(pat, len);
  size_t start = 0;

  if (why)
    return why;
  for (size_t i = 0; i <= len; i++) {
    if (i < len && pat[i] != '/')
      continue;
    for (size_t k = start; k + 1 < i; k++)
      if (pat[k] == '*' && pat[k + 1] == '*' && i - start != 2)
        return "has '**' inside a component ('**' must be a whole component)";
    start = i + 1;
  }
  return NULL;
}

/* The length of the UTF-8 character that starts with byte c (the text is
 * well-formed). */
static size_t char_len(unsigned char c) {
  return c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2;
}

/* One component against one pattern component without "**": '*' and '?'
 * by the usual backtracking to the last '*', which is linear enough here
 * (255 bytes at most). */
static bool match_component(const char *p, size_t pn, const char *s, size_t sn) {
  size_t pi = 0, si = 0, star_p = (size_t)-1, star_s = 0;

  while (si < sn) {
    if (pi < pn && p[pi] == '?') {
      pi++;
      si += char_len((unsigned char)s[si]);
    } else if (pi < pn && p[pi] == '*') {
      star_p = pi++;
      star_s = si;
    } else if (pi < pn && p[pi] == s[si]) {
      pi++;
      si++;
    } else if (star_p != (size_t)-1) {
      pi = star_p + 1;
      star_s += char_len((unsigned char)s[star_s]);
      si = star_s;
    } else {
      return false;
    }
  }
  while (pi < pn && p[pi] == '*')
    pi++;
  return pi == pn && si == sn;
}

/* Splits a path into its components: their starts and lengths.  Returns
 * their count (at most TS_FILE_DEPTH_MAX + 1). */
static size_t split(const char *s, size_t len, const char **part, size_t *plen) {
  size_t n = 0, start = 0;

  for (size_t i = 0; i <= len && n <= TS_FILE_DEPTH_MAX; i++) {
    if (i < len && s[i] != '/')
      continue;
    part[n] = s + start;
    plen[n++] = i - start;
    start = i + 1;
  }
  return n;
}

bool ts_glob_match(const char *pat, size_t plen, const char *path, size_t len) {
  const char *pp[TS_FILE_DEPTH_MAX + 1], *sp[TS_FILE_DEPTH_MAX + 1];
  size_t pl[TS_FILE_DEPTH_MAX + 1], sl[TS_FILE_DEPTH_MAX + 1], np, ns;
  /* can[j]: the first i pattern components match the first j path
   * components; one row per pattern component, as in a DFA table. */
  bool can[TS_FILE_DEPTH_MAX + 2], next[TS_FILE_DEPTH_MAX + 2] = {false};

  np = split(pat, plen, pp, pl);
  ns = split(path, len, sp, sl);
  for (size_t j = 0; j <= ns; j++)
    can[j] = j == 0;
  for (size_t i = 0; i < np; i++) {
    bool globstar = pl[i] == 2 && pp[i][0] == '*' && pp[i][1] == '*';
    for (size_t j = 0; j <= ns; j++) {
      if (globstar)
        next[j] = can[j] || (j > 0 && next[j - 1]);
      else
        next[j] = j > 0 && can[j - 1] && match_component(pp[i], pl[i], sp[j - 1], sl[j - 1]);
    }
    memcpy(can, next, sizeof can);
  }
  return can[ns];
}

static int b64_value(unsigned char c) {
  if (c >= 'A' && c <= 'Z')
    return c - 'A';
  if (c >= 'a' && c <= 'z')
    return c - 'a' + 26;
  if (c >= '0' && c <= '9')
    return c - '0' + 52;
  if (c == '+')
    return 62;
  if (c == '/')
    return 63;
  return -1;
}

long ts_base64_decode(const char *in, size_t len, char *out, size_t *bad_at) {
  size_t o = 0;

  if (len % 4 != 0) {
    *bad_at = len;
    return -1;
  }
  for (size_t i = 0; i < len; i += 4) {
    int v[4];
    size_t pad = 0;
    bool last = i + 4 == len;
    for (size_t k = 0; k < 4; k++) {
      unsigned char c = (unsigned char)in[i + k];
      if (c == '=' && last && k >= 2) {
        v[k] = 0;
        pad++;
        continue;
      }
      v[k] = b64_value(c);
      if (v[k] < 0 || pad) { /* a bad byte, or a byte after '=' */
        *bad_at = i + k;
        return -1;
      }
    }
    {
      unsigned long q = (unsigned long)v[0] << 18 | (unsigned long)v[1] << 12 |
                        (unsigned long)v[2] << 6 | (unsigned long)v[3];
      /* out may be in: o + 3 <= i + 4 - 1, and in[i..i+3] is read above */
      out[o++] = (char)(q >> 16);
      if (pad < 2)
        out[o++] = (char)(q >> 8 & 0xff);
      if (pad < 1)
        out[o++] = (char)(q & 0xff);
    }
  }
  return (long)o;
}

size_t ts_base64_encode(const unsigned char *in, size_t len, char *out) {
  static const char abc[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t o = 0, i = 0;

  for (; i + 3 <= len; i += 3) {
    unsigned v = (unsigned)in[i] << 16 | (unsigned)in[i + 1] << 8 | in[i + 2];
    out[o++] = abc[v >> 18];
    out[o++] = abc[(v >> 12) & 63];
    out[o++] = abc[(v >> 6) & 63];
    out[o++] = abc[v & 63];
  }
  if (i < len) {
    unsigned v = (unsigned)in[i] << 16 | (i + 1 < len ? (unsigned)in[i + 1] << 8 : 0);
    out[o++] = abc[v >> 18];
    out[o++] = abc[(v >> 12) & 63];
    out[o++] = '=';
    out[o++] = '=';
    if (i + 1 < len)
      out[o - 2] = abc[(v >> 6) & 63];
  }
  out[o] = '\0';
  return o;
}
