/* A sandbox child: what the zygote hands it, and its life (child.c). */
#ifndef TS_CHILD_H
#define TS_CHILD_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <linux/filter.h>
#include <sys/types.h>

#include "sandbox/proto.h"

#define TS_SANDBOX_UID 1000 /* the id the snippet runs as, inside */
#define TS_SANDBOX_GID 1000
/* The uid and gid a root server gives the zygote and its children on the
 * host: one no other process should use (nobody, 65534, is shared by many
 * daemons, which could then ptrace the sandboxes). */
#define TS_SANDBOX_OUTSIDE_ID 65400

/* The child's descriptors once set up. */
#define TS_FD_STDOUT 1
#define TS_FD_STDERR 2
#define TS_FD_REPORT 3
#define TS_FD_JOB 4

/* What every child inherits from the zygote, read-only. */
struct ts_child_ctx {
  struct sock_fprog filter; /* compiled once (seccomp.c) */
  /* a session's: its processes' strict filter, the notify filter under
   * it, its init's (seccomp.h) */
  struct sock_fprog session_filter, notify_filter, init_filter;
  PyObject *run, *report;   /* from runner.py */
  PyObject *grant;          /* runner.py's grant(name): a capability for this job */
  PyObject *expect_compile; /* runner.py's expect_compile(src): the child's own compile */
  PyObject *random_state;   /* runner.py's random_state(state): kept across a session's calls */
  PyObject *main_dict;      /* the dict of the runner's __main__: a session's state */
  int procfd;               /* the host's /proc, for the id maps */
  uid_t uid;                /* the zygote's ids, mapped to the inside ids */
  gid_t gid;
  unsigned long base_vsz;  /* the interpreter's own address space */
  unsigned long tmp_bytes; /* size of the private /tmp */
};

/* Right after the clone: sets the child up, runs its job, reports and
 * exits.  fds: job pipe, stdout, stderr, report (TS_SPAWN_NFDS). */
__attribute__((noreturn)) void ts_child_main(const struct ts_child_ctx *ctx,
                                             const struct ts_spawn_req *req,
                                             const int fds[TS_SPAWN_NFDS]);

/* Right after the clone of a session's init (sandbox/session.h): sets the
 * session up, forks its first holder, and reaps the session's processes
 * until none is left.  fds: see TS_SPAWN_F_SESSION. */
__attribute__((noreturn)) void ts_session_main(const struct ts_child_ctx *ctx,
                                               const struct ts_spawn_req *req,
                                               const int fds[TS_SPAWN_NFDS]);

#endif
