/* A session's working directory as part of its state (session.h): the
 * committed contents of /tmp, held in the memory of the session's
 * process.  The holder keeps one; a call, a fork of the holder, inherits
 * it (copy-on-write), makes /tmp exactly equal to it before its job's
 * files are written (ts_snap_clear, ts_snap_restore), and after its run
 * captures /tmp into a new one (ts_snap_capture), which is the state's if
 * the call is committed.  A rolled-back call's /tmp is undone by the next
 * call's restore.
 *
 * Only regular files and directories can exist there (the sandbox's
 * seccomp filter allows no symlink, link, mknod or socket call), and no
 * other process of the session runs meanwhile (one call at a time; the
 * holder and init run none of the snippets' code).  Every step is still
 * relative to a directory descriptor, opened with O_NOFOLLOW: nothing is
 * ever followed.  Kept: the tree, each entry's type, permission bits and
 * modification time, and the files' bytes; not /tmp's own mode (always
 * 1777), nor access times. */
#ifndef TS_SANDBOX_SNAPSHOT_H
#define TS_SANDBOX_SNAPSHOT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <time.h>

/* Directories nested at most this deep are kept (the capture holds one
 * descriptor per level, and a process has 64); a deeper tree cannot be
 * the state. */
#define TS_SNAP_DEPTH_MAX 32

struct ts_snap_entry {
  char *path; /* relative to /tmp, NUL-ended */
  size_t path_len;
  mode_t mode; /* S_IFDIR or S_IFREG, and the permission bits */
  struct timespec mtime;
  char *data; /* a regular file's bytes (NULL when it has none) */
  size_t size;
  int mapped; /* data is a mapping of its own (large files), not malloc's */
};

/* Sorted by ts_snap_path_cmp: every directory comes before what it holds,
 * and what it holds right after it. */
struct ts_snapshot {
  struct ts_snap_entry *v;
  size_t n;
  uint64_t bytes; /* of the files */
};

/* Path order with '/' below every other byte: a depth-first walk's order,
 * siblings by their names' bytes. */
int ts_snap_path_cmp(const char *a, size_t alen, const char *b, size_t blen);

/* The entry of exactly that path, or NULL. */
const struct ts_snap_entry *ts_snap_find(const struct ts_snapshot *s, const char *path,
                                         size_t len);

/* Removes everything under the directory `top` (which stays, mode 1777),
 * whatever its depth: a directory too deep to be entered with few
 * descriptors is moved up to `top` first.  Returns 0 or -1 (errno). */
int ts_snap_clear(int top);

/* Writes the snapshot into the empty directory `top`.  Returns 0, or -1
 * with errno and *why (the step that failed). */
int ts_snap_restore(int top, const struct ts_snapshot *s, const char **why);

/* Reads the tree under `top` into *out (empty before), at most
 * max_entries entries and max_bytes bytes of files.  `prev` (may be
 * NULL) is the snapshot the directory was restored from: a file
 * unchanged from it takes its bytes from there, without a copy (its pages
 * stay shared with the holder's), and a changed file's old bytes are
 * freed before its new ones are read, so that a call needs room for what
 * it changed only.  Afterwards prev is only good for ts_snap_free.
 * Returns 0, or -1 with errno (ENOMEM; ENOSPC over a bound; ELOOP deeper
 * than TS_SNAP_DEPTH_MAX; ENOTSUP an entry neither file nor directory)
 * and *why; *out is then empty. */
int ts_snap_capture(int top, size_t max_entries, uint64_t max_bytes, struct ts_snapshot *prev,
                    struct ts_snapshot *out, const char **why);

void ts_snap_free(struct ts_snapshot *s);

#endif
