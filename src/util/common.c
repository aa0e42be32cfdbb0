/* ts_err: filling an error and adding context to it.  Any process, any
 * thread; no allocation.  See common.h. */
#include <stdio.h>
#include <string.h>

#include "util/common.h"

int ts_err_set(ts_err *err, int errnum, const char *fmt, ...) {
  va_list ap;

  if (!err)
    return -1;
  err->errnum = errnum;
  va_start(ap, fmt);
  (void)vsnprintf(err->msg, sizeof err->msg, fmt, ap); /* a long message is cut */
  va_end(ap);
  return -1;
}

int ts_err_wrap(ts_err *err, const char *fmt, ...) {
  char prev[sizeof err->msg];
  va_list ap;
  int n;

  if (!err)
    return -1;
  memcpy(prev, err->msg, sizeof prev);
  prev[sizeof prev - 1] = '\0';
  va_start(ap, fmt);
  n = vsnprintf(err->msg, sizeof err->msg, fmt, ap);
  va_end(ap);
  if (n < 0)
    n = 0;
  if ((size_t)n < sizeof err->msg - 3) { /* else the context alone fills it */
    size_t len = (size_t)n, k = strnlen(prev, sizeof err->msg - 3 - len);
    memcpy(err->msg + len, ": ", 2);
    memcpy(err->msg + len + 2, prev, k); /* a long message is cut */
    err->msg[len + 2 + k] = '\0';
  }
  return -1;
}
