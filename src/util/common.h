/* Shared helpers: the error value passed across module boundaries and the
 * cleanup attributes used for locals.  Nothing here allocates. */
#ifndef TS_COMMON_H
#define TS_COMMON_H

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

/* The one error convention: a fallible function takes `ts_err *err`,
 * returns a negative value (or NULL) on failure and fills *err; on success
 * it leaves *err untouched.  A caller adds its context with ts_err_wrap.
 * The buffer is fixed, so that nothing allocates on the error path.
 * Two deliberate exceptions, each for a reason:
 *  - code that runs in a child right after the clone (sandbox/child.c,
 *    the helpers it calls) may only make async-signal-safe calls, which
 *    vsnprintf is not: it returns -1 with errno set, and the child's
 *    die() turns that into a SETUP_ERROR record;
 *  - a client's bad request is not an error of ours but an answer:
 *    struct ts_reqerr (server/request.h) carries its HTTP status, code and
 *    message. */
typedef struct {
  int errnum;     /* errno at the failure, or 0 */
  char msg[256];  /* human readable, no trailing newline */
} ts_err;

/* Fills *err (when err is not NULL) and returns -1. */
int ts_err_set(ts_err *err, int errnum, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Adds context to the failure already in *err: the message becomes
 * "<context>: <message>", cut to fit; errnum is kept.  Returns -1, so that
 * a caller passes the failure on with `return ts_err_wrap(err, "%s", path);`. */
int ts_err_wrap(ts_err *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static inline void ts_freep(void *p) { free(*(void **)p); }
static inline void ts_closep(const int *fd) {
  if (*fd >= 0)
    close(*fd);
}
#define cleanup_free __attribute__((cleanup(ts_freep)))
#define cleanup_close __attribute__((cleanup(ts_closep)))

static inline void *ts_steal(void *pp) {
  void **p = pp;
  void *v = *p;
  *p = NULL;
  return v;
}
#define steal_pointer(pp) ts_steal(pp)

#define TS_ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#endif
