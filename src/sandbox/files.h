/* Writing a job's files into the sandbox's working directory (child side).
 * Every path is checked again here (util/filepath.h) whatever the server
 * did, and every step is relative to a directory descriptor: parents are
 * made with mkdirat and entered with openat(O_DIRECTORY | O_NOFOLLOW), each
 * file is created with O_CREAT | O_EXCL | O_NOFOLLOW.  A symbolic link is
 * never followed and nothing that exists is ever opened for writing or
 * replaced, so nothing can be written outside the directory. */
#ifndef TS_SANDBOX_FILES_H
#define TS_SANDBOX_FILES_H

#include <stddef.h>

#include "sandbox/proto.h"

/* Writes every file of `job` under the directory `dirfd`.  Returns 0, or
 * -1 with errno set (EINVAL for a path the rule refuses, EPROTO for a
 * FILES record that ends early), *bad the index of the file that failed
 * and *why what failed ("a path the rule refuses", "mkdirat", ...). */
int ts_job_files_write(int dirfd, const struct ts_job *job, size_t *bad, const char **why);

#endif
