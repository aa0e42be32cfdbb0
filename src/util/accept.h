/* The Accept request header (RFC 9110, 12.5.1), as far as the server
 * negotiates: whether a client asks for one media type.  Pure code, any
 * thread. */
#ifndef TS_ACCEPT_H
#define TS_ACCEPT_H

#include <stdbool.h>

/* Whether the Accept value `accept` (NUL-terminated, may be NULL) lists
 * the media type `type` ("type/subtype") itself, compared without regard
 * to case, with a weight above 0.  Wildcards (`*` / `*`, `application/`
 * `*`) do not count: they accept the default answer.  Parameters other
 * than q are ignored, quoted strings in them included (a comma inside
 * one separates nothing).  A list element with a malformed weight
 * (`q=2`, `q=0.5x`) or with anything but parameters after its media
 * range counts as absent. */
bool ts_accept_lists(const char *accept, const char *type);

#endif
