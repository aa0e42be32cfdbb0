/* Strict UTF-8 checking: no overlong forms, no surrogates, nothing past
 * U+10FFFF.  Pure code, safe from any thread and in a forked child. */
#ifndef TS_UTF8_H
#define TS_UTF8_H

#include <stdbool.h>
#include <stddef.h>

/* True when [s, s+len) is well-formed UTF-8. */
bool ts_utf8_valid(const char *s, size_t len);
/* The length of the longest well-formed UTF-8 prefix of [s, s+len): the
 * offset of the first byte of the first bad or truncated character, or len. */
size_t ts_utf8_valid_prefix(const char *s, size_t len);
/* How many of the last bytes of [s, s+len) (0 to 3) are the start of a
 * character that the bytes to come could still complete: a text read in
 * pieces keeps them for its next piece instead of cutting the character.
 * 0 when the text ends in a whole character or in bytes no continuation
 * can make valid. */
size_t ts_utf8_incomplete_tail(const char *s, size_t len);

/* Makes s (NUL-terminated) well-formed UTF-8 in place: every byte that is
 * not part of a well-formed character becomes '?'.  For text cut to a
 * size by a printf, or holding bytes a client sent. */
void ts_utf8_scrub(char *s);

#endif
