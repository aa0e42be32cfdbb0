/* The sandbox's seccomp allowlist: one table, compiled to BPF for the
 * children and printable for operators. */
#ifndef TS_SECCOMP_H
#define TS_SECCOMP_H

#include <linux/filter.h>

#include "util/common.h"

/* Compiles the filter (the zygote, once).  out->filter is malloc'ed. */
int ts_seccomp_compile(struct sock_fprog *out, ts_err *err);
/* Writes the filter to fd in libseccomp's pseudo filter code (PFC): the
 * same context, attributes included, as ts_seccomp_compile builds, so it
 * is what the children load (--print-seccomp). */
int ts_seccomp_print(int fd, ts_err *err);

#endif
