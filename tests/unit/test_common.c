/* The error value: setting it, and wrapping it with context. */
#include <criterion/criterion.h>
#include <errno.h>
#include <string.h>

#include "util/common.h"

TestSuite(err);

Test(err, set_fills_and_returns_minus_one) {
  ts_err err = {0};

  cr_expect_eq(ts_err_set(&err, ENOENT, "no %s", "file"), -1);
  cr_expect_eq(err.errnum, ENOENT);
  cr_expect_str_eq(err.msg, "no file");
  cr_expect_eq(ts_err_set(NULL, EINVAL, "ignored"), -1);
}

Test(err, wrap_prefixes_context_and_keeps_errnum) {
  ts_err err = {0};

  ts_err_set(&err, EACCES, "permission denied");
  cr_expect_eq(ts_err_wrap(&err, "reading %s", "/etc/x"), -1);
  cr_expect_str_eq(err.msg, "reading /etc/x: permission denied");
  cr_expect_eq(err.errnum, EACCES);
  cr_expect_eq(ts_err_wrap(&err, "config"), -1);
  cr_expect_str_eq(err.msg, "config: reading /etc/x: permission denied");
  cr_expect_eq(err.errnum, EACCES);
  cr_expect_eq(ts_err_wrap(NULL, "ignored"), -1);
}

/* The result is cut to the buffer, context first. */
Test(err, wrap_cuts_to_fit) {
  char ctx[300];
  ts_err err = {0};

  memset(ctx, 'c', 200);
  ctx[200] = '\0';
  ts_err_set(&err, 0, "%0100d", 7);
  ts_err_wrap(&err, "%s", ctx);
  cr_expect_eq(strlen(err.msg), sizeof err.msg - 1);
  cr_expect_eq(strncmp(err.msg, ctx, 200), 0);
  cr_expect_eq(strncmp(err.msg + 200, ": 000", 5), 0);

  memset(ctx, 'c', sizeof ctx - 1);
  ctx[sizeof ctx - 1] = '\0';
  ts_err_set(&err, 0, "lost");
  ts_err_wrap(&err, "%s", ctx);
  cr_expect_eq(strlen(err.msg), sizeof err.msg - 1);
  cr_expect_null(strstr(err.msg, "lost"));
}
