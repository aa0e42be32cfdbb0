/* Lingering close, as nginx does it: after a response that refused a body
 * (the 413), keep reading and discarding what the client still sends, for a
 * bounded time and size, before the socket is really closed.
 *
 * A client that writes its whole body before reading (Python's http.client
 * does) would otherwise get a reset, which the kernel sends when a socket is
 * closed with unread data, and a broken pipe instead of the 413.
 *
 * Lifecycle: ts_linger_start() before the HTTP server starts, ts_linger_add()
 * from any thread, ts_linger_stop() after the server has stopped. */
#ifndef TS_LINGER_H
#define TS_LINGER_H

#include "util/common.h"

/* At most this many sockets linger at once; a socket past it is closed at
 * once (the main program counts them in its file-descriptor budget). */
#define TS_LINGER_MAX 32

struct ts_linger;

struct ts_linger *ts_linger_start(ts_err *err);

/* Takes fd (a duplicate of a connected socket whose response was sent) and
 * closes it when the peer has closed its side, after TS_LINGER_BYTES of
 * discarded input, after TS_LINGER_IDLE_MS without input or after
 * TS_LINGER_TOTAL_MS in all, whichever comes first.  Never blocks. */
void ts_linger_add(struct ts_linger *l, int fd);

void ts_linger_stop(struct ts_linger *l);

#endif
