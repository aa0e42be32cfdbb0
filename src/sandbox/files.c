/* A job's files, written by the child before its snippet runs.  See
 * files.h. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/files.h"
#include "util/filepath.h"

static int write_all(int fd, const char *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(fd, p, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0) {
      if (w == 0)
        errno = EIO;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

/* One file: its directories made and entered one component at a time,
 * then the file itself created.  `dirfd` stays open; every descriptor
 * opened here is closed. */
static int write_one(int dirfd, const struct ts_job_file *f, const char **why) {
  char path[TS_FILE_PATH_MAX + 1];
  char *name = path, *slash;
  int cur = dirfd, fd, saved;

  if (!ts_file_path_ok(f->path, f->path_len)) {
    *why = "a path the rule refuses";
    errno = EINVAL;
    return -1;
  }
  memcpy(path, f->path, f->path_len);
  path[f->path_len] = '\0';
  while ((slash = strchr(name, '/')) != NULL) {
    int next;
    *slash = '\0';
    if (mkdirat(cur, name, 0755) < 0 && errno != EEXIST) {
      *why = "mkdirat";
      goto fail;
    }
    next = openat(cur, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (next < 0) {
      *why = "openat (a directory)";
      goto fail;
    }
    if (cur != dirfd)
      close(cur);
    cur = next;
    name = slash + 1;
  }
  fd = openat(cur, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    *why = "openat (the file)";
    goto fail;
  }
  if (write_all(fd, f->data, f->data_len) < 0) {
    *why = "write";
    saved = errno;
    close(fd);
    errno = saved;
    goto fail;
  }
  if (close(fd) < 0) {
    *why = "close";
    goto fail;
  }
  if (cur != dirfd)
    close(cur);
  return 0;

fail:
  saved = errno;
  if (cur != dirfd)
    close(cur);
  errno = saved;
  return -1;
}

int ts_job_files_write(int dirfd, const struct ts_job *job, size_t *bad, const char **why) {
  struct ts_job_file f;
  size_t off = 0, i = 0;

  for (; i < job->nfiles; i++) {
    if (ts_job_file_next(job, &off, &f) != 1) {
      *bad = i;
      *why = "the job's FILES record";
      errno = EPROTO;
      return -1;
    }
    if (write_one(dirfd, &f, why) < 0) {
      *bad = i;
      return -1;
    }
  }
  return 0;
}
