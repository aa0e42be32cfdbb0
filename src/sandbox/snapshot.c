/* A session's working directory, kept in memory.  See snapshot.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/files.h"
#include "sandbox/snapshot.h"

#ifndef RENAME_NOREPLACE
#define RENAME_NOREPLACE 1
#endif

/* Levels the clear enters at most (descriptors held at once): what lies
 * deeper is moved up to the top, and cleared from there. */
#define CLEAR_DEPTH 8

int ts_snap_path_cmp(const char *a, size_t alen, const char *b, size_t blen) {
  size_t n = alen < blen ? alen : blen;

  for (size_t i = 0; i < n; i++) {
    unsigned x = (unsigned char)a[i], y = (unsigned char)b[i];
    if (x == y)
      continue;
    x = x == '/' ? 0 : x; /* names hold no NUL: '/' is below them all */
    y = y == '/' ? 0 : y;
    return x < y ? -1 : 1;
  }
  return (alen > blen) - (alen < blen);
}

const struct ts_snap_entry *ts_snap_find(const struct ts_snapshot *s, const char *path,
                                         size_t len) {
  size_t lo = 0, hi = s->n;

  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = ts_snap_path_cmp(s->v[mid].path, s->v[mid].path_len, path, len);
    if (c == 0)
      return &s->v[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

/* Files of at least this size get a mapping of their own: freeing it
 * gives the address space back at once (the session's memory limit is
 * one on address space), whatever malloc's thresholds have become. */
#define MAP_MIN ((size_t)64 * 1024)

static char *data_alloc(size_t size, int *mapped) {
  void *p;

  *mapped = size >= MAP_MIN;
  if (!*mapped)
    return malloc(size ? size : 1);
  p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED)
    return NULL;
  return p;
}

static void data_free(struct ts_snap_entry *e) {
  if (e->data && e->mapped)
    munmap(e->data, e->size);
  else
    free(e->data);
  e->data = NULL;
}

void ts_snap_free(struct ts_snapshot *s) {
  for (size_t i = 0; i < s->n; i++) {
    data_free(&s->v[i]);
    free(s->v[i].path);
  }
  free(s->v);
  *s = (struct ts_snapshot){0};
}

/* ---- a directory's names, without a DIR (no allocation, one
 * descriptor: the caller's) ---- */

struct dents {
  int fd;
  long n, off;
  int err;
  _Alignas(8) char buf[2048];
};

/* The next name, "." and ".." left out; NULL at the end or on an error
 * (d->err). */
static const char *dents_next(struct dents *d) {
  for (;;) {
    const struct dirent64 *e;
    if (d->off >= d->n) {
      d->off = 0;
      d->n = syscall(SYS_getdents64, d->fd, d->buf, sizeof d->buf);
      if (d->n <= 0) {
        d->err = d->n < 0 ? errno : 0;
        d->n = 0;
        return NULL;
      }
    }
    e = (const struct dirent64 *)(const void *)(d->buf + d->off);
    d->off += e->d_reclen;
    if (strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0)
      return e->d_name;
  }
}

/* ---- clear ---- */

struct clear {
  int top;
  unsigned moved; /* names given to what was moved up */
};

static int clear_dir(struct clear *c, int dfd, unsigned depth);

/* A directory too deep to enter goes up to the top, under a new name. */
static int move_up(struct clear *c, int dfd, const char *name) {
  char fresh[32];

  for (;;) {
    (void)snprintf(fresh, sizeof fresh, ".ts-clear-%u", c->moved++);
    if (syscall(SYS_renameat2, dfd, name, c->top, fresh, RENAME_NOREPLACE) == 0)
      return 0;
    if (errno != EEXIST)
      return -1;
  }
}

/* Removes one entry of `dfd`: a file, an empty directory, or a directory
 * emptied first.  The snippet may have taken its own permissions away
 * from a directory (it owns every entry): they are given back before it
 * is entered. */
static int clear_entry(struct clear *c, int dfd, const char *name, unsigned depth) {
  int sub, rc;

  if (unlinkat(dfd, name, 0) == 0 || errno == ENOENT)
    return 0;
  if (errno != EISDIR)
    return -1;
  if (unlinkat(dfd, name, AT_REMOVEDIR) == 0 || errno == ENOENT)
    return 0;
  if (errno != ENOTEMPTY && errno != EEXIST)
    return -1;
  if (depth + 1 >= CLEAR_DEPTH)
    return move_up(c, dfd, name);
  if (fchmodat(dfd, name, S_IRWXU, 0) < 0)
    return -1;
  sub = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (sub < 0)
    return -1;
  rc = clear_dir(c, sub, depth + 1);
  close(sub);
  return rc < 0 ? -1 : unlinkat(dfd, name, AT_REMOVEDIR);
}

/* Empties `dfd`, reading it again until a reading finds nothing: what
 * was removed while it was read, or moved up into it, is then settled. */
static int clear_dir(struct clear *c, int dfd, unsigned depth) {
  for (;;) {
    struct dents d = {.fd = dfd};
    const char *name;
    bool seen = false;

    if (lseek(dfd, 0, SEEK_SET) < 0)
      return -1;
    while ((name = dents_next(&d)) != NULL) {
      seen = true;
      if (clear_entry(c, dfd, name, depth) < 0)
        return -1;
    }
    if (d.err) {
      errno = d.err;
      return -1;
    }
    if (!seen)
      return 0;
  }
}

int ts_snap_clear(int top) {
  struct clear c = {top, 0};

  return clear_dir(&c, top, 0);
}

/* ---- restore ---- */


static void entry_times(const struct ts_snap_entry *e, struct timespec t[2]) {
  t[0] = (struct timespec){0, UTIME_OMIT};
  t[1] = e->mtime;
}

static int restore_file(int dfd, const char *name, const struct ts_snap_entry *e) {
  struct timespec t[2];
  int fd = openat(dfd, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, S_IRUSR | S_IWUSR);
  int saved;

  if (fd < 0)
    return -1;
  entry_times(e, t);
  if (ts_write_all(fd, e->data, e->size) < 0 || fchmod(fd, e->mode & 07777) < 0 ||
      futimens(fd, t) < 0) {
    saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return close(fd);
}

/* The directory at the top of the stack is complete: its mode and time
 * go on last (its own entries changed its time; its mode may forbid
 * writing in it). */
static int restore_dir_done(int fd, const struct ts_snap_entry *e) {
  struct timespec t[2];
  int rc;

  entry_times(e, t);
  rc = fchmod(fd, e->mode & 07777) < 0 || futimens(fd, t) < 0 ? -1 : 0;
  if (close(fd) < 0)
    rc = -1;
  return rc;
}

/* Whether e lies under the directory d. */
static bool inside(const struct ts_snap_entry *d, const struct ts_snap_entry *e) {
  return e->path_len > d->path_len && e->path[d->path_len] == '/' &&
         memcmp(e->path, d->path, d->path_len) == 0;
}

int ts_snap_restore(int top, const struct ts_snapshot *s, const char **why) {
  /* The directories entered, in the snapshot's depth-first order: the
   * parent of each entry is the innermost one that holds it. */
  int fds[TS_SNAP_DEPTH_MAX + 1];
  const struct ts_snap_entry *dirs[TS_SNAP_DEPTH_MAX + 1];
  size_t depth = 0;
  mode_t mask = umask(0); /* each mode is set as it was kept */
  int err = 0;

  fds[0] = top;
  dirs[0] = NULL;
  for (size_t i = 0; i < s->n && !err; i++) {
    const struct ts_snap_entry *e = &s->v[i];
    const char *name;
    int fd;
    while (depth > 0 && !inside(dirs[depth], e) && !err) {
      if (restore_dir_done(fds[depth], dirs[depth]) < 0)
        err = errno, *why = "a directory's mode or time";
      depth--;
    }
    name = e->path + (depth ? dirs[depth]->path_len + 1 : 0);
    if (err)
      break;
    if (strchr(name, '/'))
      err = EINVAL, *why = "an entry without its directory";
    else if (!S_ISDIR(e->mode)) {
      if (restore_file(fds[depth], name, e) < 0)
        err = errno, *why = "a file";
    } else if (depth == TS_SNAP_DEPTH_MAX)
      err = ELOOP, *why = "a directory too deep";
    else if (mkdirat(fds[depth], name, S_IRWXU) < 0 ||
             (fd = openat(fds[depth], name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) < 0)
      err = errno, *why = "a directory";
    else {
      fds[++depth] = fd;
      dirs[depth] = e;
    }
  }
  for (; depth > 0; depth--)
    if (restore_dir_done(fds[depth], dirs[depth]) < 0 && !err)
      err = errno, *why = "a directory's mode or time";
  umask(mask);
  errno = err;
  return err ? -1 : 0;
}

/* ---- capture ---- */

struct cap {
  struct ts_snapshot *s, *prev;
  size_t alloc, max_entries;
  uint64_t max_bytes;
  const char *why;
};

static int cap_fail(struct cap *c, int err, const char *why) {
  c->why = why;
  errno = err;
  return -1;
}

/* A new entry, `prefix`/`name`, with no bytes yet. */
static struct ts_snap_entry *cap_add(struct cap *c, const char *prefix, size_t plen,
                                     const char *name, const struct stat *st) {
  size_t nlen = strlen(name), len = plen + (plen ? 1 : 0) + nlen;
  struct ts_snap_entry *e;
  char *p;

  if (c->s->n == c->max_entries) {
    cap_fail(c, ENOSPC, "more entries than the working directory holds");
    return NULL;
  }
  if (c->s->n == c->alloc) {
    size_t alloc = c->alloc ? c->alloc * 2 : 16;
    struct ts_snap_entry *v = realloc(c->s->v, alloc * sizeof *v);
    if (!v) {
      cap_fail(c, ENOMEM, "out of memory");
      return NULL;
    }
    c->s->v = v;
    c->alloc = alloc;
  }
  if (!(p = malloc(len + 1))) {
    cap_fail(c, ENOMEM, "out of memory");
    return NULL;
  }
  if (plen) {
    memcpy(p, prefix, plen);
    p[plen] = '/';
  }
  memcpy(p + len - nlen, name, nlen + 1);
  e = &c->s->v[c->s->n++];
  memset(e, 0, sizeof *e);
  e->path = p; /* the snapshot's now: ts_snap_free frees it */
  e->path_len = len;
  e->mode = st->st_mode & (S_IFMT | 07777);
  e->mtime = st->st_mtim;
  return e;
}

/* Reads exactly `size` bytes of fd into dst. */
static int read_exact(int fd, char *dst, size_t size) {
  size_t done = 0;

  while (done < size) {
    ssize_t r = read(fd, dst + done, size - done);
    if (r < 0 && errno == EINTR)
      continue;
    if (r <= 0) {
      if (r == 0)
        errno = EIO; /* shorter than it said */
      return -1;
    }
    done += (size_t)r;
  }
  return 0;
}

/* Whether fd holds exactly the `size` bytes at `data`; fd is read from
 * its start and left anywhere. */
static bool same_bytes(int fd, const char *data, size_t size) {
  char buf[16384];
  size_t done = 0;

  while (done < size) {
    size_t want = size - done < sizeof buf ? size - done : sizeof buf;
    if (read_exact(fd, buf, want) < 0 || memcmp(buf, data + done, want) != 0)
      return false;
    done += want;
  }
  return true;
}

/* A file's bytes, exactly st_size of them: taken from prev when they are
 * the same there, read otherwise.  A file the snippet made unreadable
 * (it owns it) is given read permission back: the mode kept is the one
 * it had. */
static int cap_file(struct cap *c, int dfd, const char *name, const struct stat *st,
                    struct ts_snap_entry *e) {
  struct ts_snap_entry *old = c->prev ? (struct ts_snap_entry *)ts_snap_find(c->prev, e->path,
                                                                             e->path_len)
                                      : NULL;
  size_t size = (size_t)st->st_size;
  int fd, rc = -1, saved;

  if (old && !(S_ISREG(old->mode) && old->data && old->size == size))
    data_free(old); /* changed: its old bytes go first */
  if (size == 0)
    return 0;
  if (!(st->st_mode & S_IRUSR) && fchmodat(dfd, name, (st->st_mode & 07777) | S_IRUSR, 0) < 0)
    return -1;
  fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0)
    return -1;
  if (old && old->data && same_bytes(fd, old->data, size)) {
    e->data = old->data; /* taken: prev no longer has it */
    e->mapped = old->mapped;
    e->size = size;
    old->data = NULL;
    rc = 0;
  } else {
    if (old)
      data_free(old);
    if (lseek(fd, 0, SEEK_SET) < 0) {
      /* errno says why */
    } else if (!(e->data = data_alloc(size, &e->mapped))) {
      errno = ENOMEM;
    } else {
      e->size = size;
      rc = read_exact(fd, e->data, size);
    }
  }
  saved = errno;
  close(fd);
  errno = saved;
  return rc;
}

static int cap_dir(struct cap *c, int dfd, const char *prefix, size_t plen, unsigned depth);

static int cap_entry(struct cap *c, int dfd, const char *name, const char *prefix, size_t plen,
                     unsigned depth) {
  struct ts_snap_entry *e;
  struct stat st;
  int sub, rc;

  if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0)
    return cap_fail(c, errno, "fstatat");
  if (S_ISREG(st.st_mode)) {
    if ((uint64_t)st.st_size > c->max_bytes - c->s->bytes)
      return cap_fail(c, ENOSPC, "more bytes than the working directory holds");
    if (!(e = cap_add(c, prefix, plen, name, &st)))
      return -1;
    c->s->bytes += (uint64_t)st.st_size;
    if (cap_file(c, dfd, name, &st, e) < 0)
      return cap_fail(c, errno, errno == ENOMEM ? "out of memory" : "a file");
    return 0;
  }
  if (!S_ISDIR(st.st_mode))
    return cap_fail(c, ENOTSUP, "an entry neither a file nor a directory");
  if (depth + 1 > TS_SNAP_DEPTH_MAX)
    return cap_fail(c, ELOOP, "directories nested too deep");
  if (!(e = cap_add(c, prefix, plen, name, &st)))
    return -1;
  if ((st.st_mode & (S_IRUSR | S_IXUSR)) != (S_IRUSR | S_IXUSR) &&
      fchmodat(dfd, name, (st.st_mode & 07777) | S_IRUSR | S_IXUSR, 0) < 0)
    return cap_fail(c, errno, "a directory");
  sub = openat(dfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
  if (sub < 0)
    return cap_fail(c, errno, "a directory");
  /* e may move as entries are added; its path stays where it is */
  prefix = e->path;
  plen = e->path_len;
  rc = cap_dir(c, sub, prefix, plen, depth + 1);
  close(sub);
  return rc;
}

static int cap_dir(struct cap *c, int dfd, const char *prefix, size_t plen, unsigned depth) {
  struct dents d = {.fd = dfd};
  const char *name;

  while ((name = dents_next(&d)) != NULL)
    if (cap_entry(c, dfd, name, prefix, plen, depth) < 0)
      return -1;
  return d.err ? cap_fail(c, d.err, "getdents64") : 0;
}

static int by_path(const void *a, const void *b) {
  const struct ts_snap_entry *x = a, *y = b;

  return ts_snap_path_cmp(x->path, x->path_len, y->path, y->path_len);
}

int ts_snap_capture(int top, size_t max_entries, uint64_t max_bytes, struct ts_snapshot *prev,
                    struct ts_snapshot *out, const char **why) {
  struct cap c = {out, prev, 0, max_entries, max_bytes, ""};

  *out = (struct ts_snapshot){0};
  if (lseek(top, 0, SEEK_SET) < 0 || cap_dir(&c, top, "", 0, 0) < 0) {
    int saved = errno;
    *why = c.why[0] ? c.why : "lseek";
    ts_snap_free(out);
    errno = saved;
    return -1;
  }
  if (out->n > 1)
    qsort(out->v, out->n, sizeof *out->v, by_path);
  return 0;
}
