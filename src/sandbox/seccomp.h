/* The sandbox's seccomp allowlist: one table, compiled to BPF for the
 * children and printable for operators. */
#ifndef TS_SECCOMP_H
#define TS_SECCOMP_H

#include <linux/filter.h>

#include "util/common.h"

/* Compiles the filter (the zygote, once).  out->filter is malloc'ed. */
int ts_seccomp_compile(struct sock_fprog *out, ts_err *err);
/* The same policy in libseccomp's pseudo code, written to fd (the rules
 * come from the one function that builds the loaded filter). */
int ts_seccomp_dump(int fd, ts_err *err);

#endif
