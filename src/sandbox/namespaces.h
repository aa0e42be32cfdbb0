/* Namespace plumbing shared by the zygote and its children. */
#ifndef TS_NAMESPACES_H
#define TS_NAMESPACES_H

#include "util/common.h"

/* Denies setgroups and maps one id each way (INSIDE OUTSIDE 1), through
 * procfd, a handle on a /proc whose "self" is the caller.  Only
 * async-signal-safe calls.  Returns 0, or -1 with errno set and *what
 * naming the file that failed. */
int ts_write_id_maps(int procfd, unsigned inside_uid, unsigned outside_uid, unsigned inside_gid,
                     unsigned outside_gid, const char **what);

/* In the zygote, once, before any child: a mount namespace of its own
 * whose root is a read-only tmpfs holding only stdlib_dir (bound
 * read-only at the same path) and an empty /tmp mount point.  Children
 * copy it with their clone, which is far cheaper than building a root of
 * their own out of a copy of the host's mount tree.  procfd, a handle on
 * the host's /proc opened before, stays usable for the children's id
 * maps. */
int ts_sandbox_make_root(const char *stdlib_dir, ts_err *err);
/* The same with more host directories bound read-only at their own paths
 * (a profile's packages and their data: `extra` is a comma list, may be
 * NULL or empty; a directory that does not exist is skipped). */
int ts_sandbox_make_root_with(const char *stdlib_dir, const char *extra, ts_err *err);

#endif
