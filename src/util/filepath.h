/* The rule for the paths of the files a request sends into its sandbox,
 * and the strict base64 those files may come in.  Pure code, no I/O, no
 * allocation: the server checks each path with it (request.c) and the
 * child checks it again before writing (sandbox/files.c).
 *
 * A path is relative to the execution's working directory:
 *   - 1 to TS_FILE_PATH_MAX bytes of well-formed UTF-8;
 *   - no NUL and no other control character (U+0000-U+001F, U+007F);
 *   - not absolute (no leading '/');
 *   - components separated by single '/': none empty (no "a//b", no
 *     trailing '/'), none "." or "..";
 *   - at most TS_FILE_DEPTH_MAX components (the file and its directories).
 * So a path that passes names exactly one place inside the directory, and
 * two paths name the same place only if they are the same bytes. */
#ifndef TS_FILEPATH_H
#define TS_FILEPATH_H

#include <stdbool.h>
#include <stddef.h>

#define TS_FILE_PATH_MAX 255 /* bytes */
#define TS_FILE_DEPTH_MAX 8  /* components */

/* NULL when `path` (`len` bytes, not necessarily terminated) passes the
 * rule, else why not, as a phrase ("is absolute", ...). */
const char *ts_file_path_why(const char *path, size_t len);
static inline bool ts_file_path_ok(const char *path, size_t len) {
  return ts_file_path_why(path, len) == NULL;
}

/* The patterns of the files a request asks back (return_files).  A
 * pattern is a path by the rule above, except that a component may hold
 * '*' (any characters but '/', none included) and '?' (one character),
 * and a component that is exactly "**" stands for any number of
 * components, none included.  So "*.png" matches the PNG files at the
 * top of the directory; "**", then "*.png" as a second component, those
 * at any depth; "out", then "**", everything under out.  There is no
 * escape: a file whose name holds '*' or '?' is matched by the wildcard
 * itself. */
#define TS_GLOB_DEPTH_MAX TS_FILE_DEPTH_MAX

/* NULL when `pat` (`len` bytes) is a pattern, else why not. */
const char *ts_glob_why(const char *pat, size_t len);
/* Whether the path (one the path rule accepts) matches the pattern (one
 * ts_glob_why accepts).  Linear in the product of their lengths at worst,
 * no recursion deeper than the pattern's components. */
bool ts_glob_match(const char *pat, size_t plen, const char *path, size_t len);

/* Strict base64 (RFC 4648, standard alphabet): a length that is a multiple
 * of 4, padding only at the end, no whitespace.  Decodes `in` into `out`,
 * which may be `in` itself (the output is never longer than what has been
 * read), and returns the decoded length, or -1 with *bad_at set to the
 * offset of the first byte that is wrong (len when the length is). */
long ts_base64_decode(const char *in, size_t len, char *out, size_t *bad_at);
/* Encodes `len` bytes into `out`, which holds at least
 * TS_BASE64_LEN(len) + 1 bytes; NUL-terminated.  Returns the length. */
#define TS_BASE64_LEN(n) (((n) + 2) / 3 * 4)
size_t ts_base64_encode(const unsigned char *in, size_t len, char *out);

#endif
