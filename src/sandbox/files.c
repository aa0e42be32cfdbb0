/* A job's files, written by the child before its snippet runs.  See
 * files.h. */
#include <dirent.h>
#include <stdbool.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/uio.h>
#include <unistd.h>

#include "sandbox/files.h"
#include "util/filepath.h"

int ts_write_all(int fd, const char *p, size_t n) {
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
 * then the file itself created; with `replace`, a file of that path is
 * removed first (never a directory).  `dirfd` stays open; every
 * descriptor opened here is closed. */
static int write_one(int dirfd, const struct ts_job_file *f, bool replace, const char **why) {
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
  if (fd < 0 && errno == EEXIST && replace && unlinkat(cur, name, 0) == 0)
    fd = openat(cur, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    *why = "openat (the file)";
    goto fail;
  }
  if (ts_write_all(fd, f->data, f->data_len) < 0) {
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

int ts_job_files_write(int dirfd, const struct ts_job *job, bool replace, size_t *bad,
                       const char **why) {
  struct ts_job_file f;
  size_t off = 0, i = 0;

  for (; i < job->nfiles; i++) {
    if (ts_job_file_next(job, &off, &f) != 1) {
      *bad = i;
      *why = "the job's FILES record";
      errno = EPROTO;
      return -1;
    }
    if (write_one(dirfd, &f, replace, why) < 0) {
      *bad = i;
      return -1;
    }
  }
  return 0;
}

/* ---- files back ---- */

struct found {
  char *path; /* relative, by the path rule */
  size_t path_len;
  dev_t dev;
  ino_t ino;
  uint64_t size;
  uint32_t send; /* bytes of content to send */
  bool keep;     /* sent */
};

struct walk {
  const struct ts_job *job;
  struct found *found;
  size_t n, alloc;
  size_t entries; /* looked at, at most TS_COLLECT_ENTRIES */
  size_t skipped; /* files that may match but cannot be sent: counted as dropped */
  bool cut;       /* the walk stopped at TS_COLLECT_ENTRIES */
};

static bool wanted(const struct ts_job *job, const char *path, size_t len) {
  size_t off = 0, plen;
  const char *p;

  while (ts_job_pattern_next(job, &off, &p, &plen))
    if (ts_glob_match(p, plen, path, len))
      return true;
  return false;
}

static int add_found(struct walk *w, const char *path, size_t len, const struct stat *st) {
  struct found *f;

  if (w->n == w->alloc) {
    size_t alloc = w->alloc ? w->alloc * 2 : 16;
    struct found *p = realloc(w->found, alloc * sizeof *p);
    if (!p)
      return -1;
    w->found = p;
    w->alloc = alloc;
  }
  f = &w->found[w->n];
  f->path = strndup(path, len);
  if (!f->path)
    return -1;
  f->path_len = len;
  f->dev = st->st_dev;
  f->ino = st->st_ino;
  f->size = (uint64_t)st->st_size;
  f->send = 0;
  f->keep = false;
  w->n++;
  return 0;
}

/* The entries of the directory `dfd` (closed here) whose path is
 * `prefix` (`plen` bytes, "" for the top). */
static int walk_dir(struct walk *w, int dfd, char *prefix, size_t plen, size_t depth) {
  DIR *d = fdopendir(dfd);
  struct dirent *e;
  int rc = 0;

  if (!d) {
    close(dfd);
    return 0; /* not readable: nothing there to send */
  }
  while (rc == 0 && (e = readdir(d)) != NULL) {
    size_t nlen = strlen(e->d_name), len = plen + (plen ? 1 : 0) + nlen;
    struct stat st;
    if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
      continue;
    if (w->entries == TS_COLLECT_ENTRIES) {
      w->skipped += !w->cut; /* more than are looked at: one more is said to be left out */
      w->cut = true;
      break;
    }
    w->entries++;
    if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) < 0 ||
        !(S_ISREG(st.st_mode) || S_ISDIR(st.st_mode)))
      continue; /* a link, a FIFO, a socket: never sent, not a file */
    if (len <= TS_FILE_PATH_MAX) {
      if (plen)
        prefix[plen] = '/';
      memcpy(prefix + plen + (plen ? 1 : 0), e->d_name, nlen);
      prefix[len] = '\0';
    }
    if (len > TS_FILE_PATH_MAX || !ts_file_path_ok(prefix, len) ||
        (S_ISDIR(st.st_mode) && depth + 1 >= TS_FILE_DEPTH_MAX)) {
      /* A name no path can say (a control character, not UTF-8, too long,
       * too deep): the snippet made it, and it cannot come back. */
      w->skipped++;
    } else if (S_ISDIR(st.st_mode)) {
      int sub = openat(dirfd(d), e->d_name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
      if (sub >= 0)
        rc = walk_dir(w, sub, prefix, len, depth + 1);
    } else if (wanted(w->job, prefix, len)) {
      rc = add_found(w, prefix, len, &st);
    }
    prefix[plen] = '\0';
  }
  closedir(d);
  return rc;
}

static int by_path(const void *a, const void *b) {
  const struct found *x = a, *y = b;
  size_t n = x->path_len < y->path_len ? x->path_len : y->path_len;
  int c = memcmp(x->path, y->path, n);

  return c ? c : (x->path_len > y->path_len) - (x->path_len < y->path_len);
}

/* Opens the file that was looked at, and no other: no link followed, no
 * FIFO waited on, the same inode. */
static int open_found(int dirfd, const struct found *f) {
  struct stat st;
  int fd = openat(dirfd, f->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);

  if (fd >= 0 && (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode) || st.st_dev != f->dev ||
                  st.st_ino != f->ino)) {
    close(fd);
    fd = -1;
  }
  return fd;
}

/* Whether the file holds exactly the `len` bytes at `data`. */
static bool same_bytes(int dirfd, const struct found *f, const char *data, size_t len) {
  size_t done = 0;
  char buf[4096];
  int fd;

  if (len != f->size || (fd = open_found(dirfd, f)) < 0)
    return false;
  while (done < len) {
    ssize_t n = read(fd, buf, sizeof buf);
    if (n <= 0 || (size_t)n > len - done || memcmp(buf, data + done, (size_t)n) != 0)
      break;
    done += (size_t)n;
  }
  close(fd);
  return done == len;
}

/* Whether the file is as it was before the snippet ran: one of the job's
 * own, unchanged, or else a file of the session's working directory as
 * the call found it (`before`), unchanged.  It is not sent. */
static bool unchanged(int dirfd, const struct ts_job *job, const struct ts_snapshot *before,
                      const struct found *f) {
  const struct ts_snap_entry *e;
  struct ts_job_file in;
  size_t off = 0;

  while (ts_job_file_next(job, &off, &in))
    if (in.path_len == f->path_len && memcmp(in.path, f->path, f->path_len) == 0)
      return same_bytes(dirfd, f, in.data, in.data_len);
  e = before ? ts_snap_find(before, f->path, f->path_len) : NULL;
  return e && S_ISREG(e->mode) && same_bytes(dirfd, f, e->data, e->size);
}

/* The record goes out through a buffer: a pipeful per write, never a
 * header, a path or a small piece at a time (the server counts the
 * report's small reads, and a writer that trickles runs out of them). */
#define OUT_BUF ((size_t)256 * 1024)

struct out {
  int fd;
  char *buf; /* NULL: every piece is written as it comes */
  size_t len;
};

static int out_flush(struct out *o) {
  int rc = o->len ? ts_write_all(o->fd, o->buf, o->len) : 0;

  o->len = 0;
  return rc;
}

static int out_put(struct out *o, const char *p, size_t n) {
  if (!o->buf)
    return ts_write_all(o->fd, p, n);
  while (n > 0) {
    size_t room = OUT_BUF - o->len, k = n < room ? n : room;
    memcpy(o->buf + o->len, p, k);
    o->len += k;
    p += k;
    n -= k;
    if (o->len == OUT_BUF && out_flush(o) < 0)
      return -1;
  }
  return 0;
}

/* Puts `send` bytes of the file, or zeros where it gave fewer (it
 * shrank, or could not be opened): the record keeps its length. */
static int send_content(int dirfd, const struct found *f, struct out *o) {
  char buf[16384];
  size_t left = f->send;
  int fd = open_found(dirfd, f);

  while (left > 0) {
    size_t want = left < sizeof buf ? left : sizeof buf;
    ssize_t n = fd >= 0 ? read(fd, buf, want) : 0;
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0) {
      memset(buf, 0, want);
      n = (ssize_t)want;
      if (fd >= 0) {
        close(fd);
        fd = -1;
      }
    }
    if (out_put(o, buf, (size_t)n) < 0) {
      if (fd >= 0)
        close(fd);
      return -1;
    }
    left -= (size_t)n;
  }
  if (fd >= 0)
    close(fd);
  return 0;
}

/* The record: its header, then each kept file's header, path and
 * content. */
static int send_record(int dirfd, const struct found *found, size_t n, uint32_t dropped,
                       struct out *o) {
  struct ts_files_hdr fh = {0, dropped};
  struct ts_rec_hdr h = {TS_REC_FILES, sizeof fh};

  for (size_t i = 0; i < n; i++) {
    if (!found[i].keep)
      continue;
    fh.count++;
    h.len += (uint32_t)(sizeof(struct ts_file_hdr) + found[i].path_len + found[i].send);
  }
  if (out_put(o, (const char *)&h, sizeof h) < 0 || out_put(o, (const char *)&fh, sizeof fh) < 0)
    return -1;
  for (size_t i = 0; i < n; i++) {
    struct ts_file_hdr one = {found[i].size, (uint32_t)found[i].path_len, found[i].send};
    if (!found[i].keep)
      continue;
    if (out_put(o, (const char *)&one, sizeof one) < 0 ||
        out_put(o, found[i].path, found[i].path_len) < 0 || send_content(dirfd, &found[i], o) < 0)
      return -1;
  }
  return out_flush(o);
}

int ts_job_files_return(int dirfd, const struct ts_job *job, const struct ts_snapshot *before,
                        int fd) {
  struct walk w = {.job = job};
  char prefix[TS_FILE_PATH_MAX + 1] = "";
  uint64_t left = job->ret.max_bytes;
  size_t kept = 0, dropped = 0;
  int top = openat(dirfd, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC), rc;

  if (top >= 0)
    (void)walk_dir(&w, top, prefix, 0, 0);
  if (w.n)
    qsort(w.found, w.n, sizeof *w.found, by_path);
  for (size_t i = 0; i < w.n; i++) {
    struct found *f = &w.found[i];
    if (unchanged(dirfd, job, before, f))
      continue;
    if (kept == job->ret.max_files) {
      dropped++;
      continue;
    }
    f->send = (uint32_t)(f->size < left ? f->size : left);
    f->keep = true;
    left -= f->send;
    kept++;
  }
  {
    struct out o = {fd, malloc(OUT_BUF), 0};
    rc = send_record(dirfd, w.found, w.n, (uint32_t)(dropped + w.skipped), &o);
    free(o.buf);
  }
  for (size_t i = 0; i < w.n; i++)
    free(w.found[i].path);
  free(w.found);
  return rc;
}
