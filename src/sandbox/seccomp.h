/* The sandbox's seccomp allowlist: one table, compiled to BPF for the
 * children and printable for operators. */
#ifndef TS_SECCOMP_H
#define TS_SECCOMP_H

#include <linux/filter.h>

#include "util/common.h"

/* Which filter: a sandbox child's; a session process's strict allowlist
 * (the child's without tgkill, prlimit64 on pid 0 only, plus the one
 * clone the server may approve and the hello); the notify filter loaded
 * under it (its listener goes to the server); a session init's. */
enum ts_filter_kind {
  TS_FILTER_CHILD,
  TS_FILTER_SESSION,
  TS_FILTER_NOTIFY,
  TS_FILTER_SESSION_INIT,
};
int ts_seccomp_compile_kind(enum ts_filter_kind kind, struct sock_fprog *out, ts_err *err);

/* Compiles the filter (the zygote, once).  out->filter is malloc'ed. */
int ts_seccomp_compile(struct sock_fprog *out, ts_err *err);
/* Writes the filter to fd in libseccomp's pseudo filter code (PFC): the
 * same context, attributes included, as ts_seccomp_compile builds, so it
 * is what the children load (--print-seccomp). */
int ts_seccomp_print(int fd, ts_err *err);

#endif
