/* JSON string escaping for bytes that need not be text: log lines and the
 * snippet's stdout and stderr in /execute responses.  The output is always
 * valid JSON: controls are escaped and any byte that is not part of a
 * well-formed UTF-8 character becomes U+FFFD.  Pure code. */
#ifndef TS_JSON_H
#define TS_JSON_H

#include <stddef.h>

#include <cjson/cJSON.h>

/* Escapes the len bytes at s (NULs included) into out as the body of a JSON
 * string, without the quotes: `"` and `\` escaped, \n \t \r in their short
 * forms, other controls and 0x7f as \u00XX, well-formed UTF-8 characters
 * copied, every other byte replaced by U+FFFD.  Stops before an escape or
 * a character that would not fit whole; NUL-terminates out when cap > 0.
 * Returns the bytes written, without the NUL.  s may be NULL when len is 0. */
size_t ts_json_escape_bytes(char *out, size_t cap, const char *s, size_t len);

/* ts_json_escape_bytes() for the NUL-terminated string s. */
size_t ts_json_escape(char *out, size_t cap, const char *s);

/* A cJSON raw item holding the len bytes at s as one JSON string, escaped
 * as above, never cut.  The caller owns it (cJSON_Delete, or add it to a
 * tree).  NULL when out of memory. */
cJSON *ts_json_bytes(const char *s, size_t len);

#endif
