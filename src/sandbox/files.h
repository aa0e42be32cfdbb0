/* A job's files, child side: written into the sandbox's working directory
 * before the snippet runs, and sent back from it after.
 * Every path is checked again here (util/filepath.h) whatever the server
 * did, and every step is relative to a directory descriptor: parents are
 * made with mkdirat and entered with openat(O_DIRECTORY | O_NOFOLLOW), each
 * file is created with O_CREAT | O_EXCL | O_NOFOLLOW.  A symbolic link is
 * never followed and nothing that exists is ever opened for writing (a
 * session's call may replace a file by removing it first), so nothing can
 * be written outside the directory. */
#ifndef TS_SANDBOX_FILES_H
#define TS_SANDBOX_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "sandbox/proto.h"
#include "sandbox/snapshot.h"

/* Writes every file of `job` under the directory `dirfd`; with `replace`
 * (a session's call, whose working directory holds the session's files),
 * a file already at a job file's path is removed first, a directory there
 * is an error.  Returns 0, or
 * -1 with errno set (EINVAL for a path the rule refuses, EPROTO for a
 * FILES record that ends early), *bad the index of the file that failed
 * and *why what failed ("a path the rule refuses", "mkdirat", ...). */
int ts_job_files_write(int dirfd, const struct ts_job *job, bool replace, size_t *bad,
                       const char **why);

/* Sends back, as one FILES report record on `fd`, the files under `dirfd`
 * that the job's RETURN record asks for (proto.h).  The walk opens every
 * directory with O_DIRECTORY | O_NOFOLLOW and looks at entries with
 * fstatat(AT_SYMLINK_NOFOLLOW): only regular files are sent, a symbolic
 * link (or a FIFO, a socket) never is, nor a file whose path the path rule
 * refuses; each file is opened with O_NOFOLLOW | O_NONBLOCK and checked to
 * be the file that was looked at.  At most TS_COLLECT_ENTRIES entries are
 * looked at.  What the snippet made and cannot come back (a name no path
 * can say, a directory too deep, entries past that many) is counted with
 * the files past max_files.  A file as the snippet found it is not sent:
 * one of the job's own files unchanged, or, in a session's call, a file
 * unchanged from `before`, the working directory the call restored
 * (NULL: none).  Returns 0, or -1 when the record could not be written
 * whole (the report is then broken: the caller writes nothing more). */
#define TS_COLLECT_ENTRIES TS_COLLECT_MAX
int ts_job_files_return(int dirfd, const struct ts_job *job, const struct ts_snapshot *before,
                        int fd);

/* Writes all n bytes at p to fd (EINTR retried): 0, or -1 with errno
 * (EIO for a write that wrote nothing). */
int ts_write_all(int fd, const char *p, size_t n);

#endif
