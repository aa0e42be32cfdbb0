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
