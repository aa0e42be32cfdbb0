/* Shared helpers: the error value passed across module boundaries and the
 * cleanup attributes used for locals.  Nothing here allocates. */
#ifndef TS_COMMON_H
#define TS_COMMON_H

#include <stdarg.h>
#include <stddef.h>
#include <stdlib.h>
#include <unistd.h>

/* A fallible function takes `ts_err *err`, returns a negative value on
 * failure and fills *err; on success it leaves *err untouched.  The buffer is
 * fixed so that errors can be reported from a forked child without malloc. */
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
