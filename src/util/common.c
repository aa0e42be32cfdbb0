#include <stdio.h>

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
