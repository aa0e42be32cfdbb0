/* Confinement of one sandbox child.
 *
 * The seccomp filter is compiled once, in the zygote, by
 * ts_seccomp_compile(); the child only loads the finished BPF program, so
 * nothing of libseccomp runs (or allocates) after the clone.
 * ts_sandbox_enter() applies every other layer, in a fixed order. */
#ifndef TS_SANDBOX_H
#define TS_SANDBOX_H

#include <linux/filter.h>
#include <stdbool.h>
#include <sys/types.h>

#include "util/common.h"

struct ts_sandbox_params {
  const char *stdlib_dir; /* bound read-only at the same path */
  uid_t outside_uid;      /* ids of the zygote, mapped to inside ids */
  gid_t outside_gid;
  unsigned long memory_bytes; /* RLIMIT_AS */
  unsigned cpu_seconds;       /* RLIMIT_CPU */
  unsigned long tmp_bytes;    /* size of the private /tmp */
  int fds[4];                 /* job, stdout, stderr, result */
  int procfd;                 /* the host's /proc, for the id maps */
};

#define TS_SANDBOX_UID 1000 /* the id the snippet runs as, inside */
/* The uid and gid a root server gives the zygote and its children on the
 * host: one no other process should use (nobody, 65534, is shared by many
 * daemons, which could then ptrace the sandboxes).  --sandbox-uid/gid. */
#define TS_SANDBOX_OUTSIDE_ID 65400
#define TS_SANDBOX_GID 1000

/* Child fds after setup. */
#define TS_FD_STDOUT 1
#define TS_FD_STDERR 2
#define TS_FD_RESULT 3
#define TS_FD_JOB 4


/* In the zygote, once, before any child: a mount namespace of its own
 * whose root is a read-only tmpfs holding only stdlib_dir (bound
 * read-only at the same path) and an empty /tmp mount point.  Children
 * copy it with their clone, which is far cheaper than building a root of
 * their own out of a copy of the host's mount tree.  *procfd gets a
 * handle on the host's /proc, opened first: the children need it for
 * their id maps. */
int ts_sandbox_make_root(const char *stdlib_dir, int *procfd, ts_err *err);

/* In the child, right after clone: every setup step.  On failure it
 * reports {stage, errno} on the result fd and _exits(TS_EXIT_SETUP). */
void ts_sandbox_enter(const struct ts_sandbox_params *p, const struct sock_fprog *filter);

/* Loads the filter: the very last step before user code runs. */
void ts_sandbox_seal(const struct sock_fprog *filter);

#endif
