/* The wire protocol: the control socket and the job.  See proto.h; the
 * report is report.c's. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "sandbox/proto.h"

static void put_record(char *buf, size_t *off, uint32_t type, const void *data, size_t len) {
  uint32_t hdr[2] = {type, (uint32_t)len};

  memcpy(buf + *off, hdr, sizeof hdr);
  *off += sizeof hdr;
  if (len)
    memcpy(buf + *off, data, len);
  *off += len;
}

/* The size of a FILES record's payload, or 0 when it would be too large. */
static size_t files_size(const struct ts_job *job) {
  size_t n = 4;

  if (job->nfiles > UINT32_MAX)
    return 0;
  for (size_t i = 0; i < job->nfiles; i++) {
    const struct ts_job_file *f = &job->files[i];
    if (f->path_len > TS_JOB_MAX_RECORD || f->data_len > TS_JOB_MAX_RECORD)
      return 0;
    n += 8 + f->path_len + f->data_len;
    if (n > TS_JOB_MAX_RECORD)
      return 0;
  }
  return n;
}

static void put_files(char *buf, size_t *off, const struct ts_job *job, size_t size) {
  uint32_t hdr[2] = {TS_JOB_FILES, (uint32_t)size}, count = (uint32_t)job->nfiles;

  memcpy(buf + *off, hdr, sizeof hdr);
  *off += sizeof hdr;
  memcpy(buf + *off, &count, 4);
  *off += 4;
  for (size_t i = 0; i < job->nfiles; i++) {
    const struct ts_job_file *f = &job->files[i];
    uint32_t lens[2] = {(uint32_t)f->path_len, (uint32_t)f->data_len};
    memcpy(buf + *off, lens, sizeof lens);
    *off += sizeof lens;
    memcpy(buf + *off, f->path, f->path_len);
    *off += f->path_len;
    if (f->data_len)
      memcpy(buf + *off, f->data, f->data_len);
    *off += f->data_len;
  }
}

/* The size of a RETURN record's payload, or 0 when it would be too large. */
static size_t return_size(const struct ts_job *job) {
  size_t n = sizeof job->ret;

  if (job->npatterns > TS_RETURN_PATTERNS_MAX)
    return 0;
  for (size_t i = 0; i < job->npatterns; i++) {
    size_t len = strlen(job->patterns[i]);
    if (len > TS_JOB_MAX_RECORD)
      return 0;
    n += len + 1;
  }
  return n;
}

static void put_return(char *buf, size_t *off, const struct ts_job *job, size_t size) {
  uint32_t hdr[2] = {TS_JOB_RETURN, (uint32_t)size};
  struct ts_job_return ret = job->ret;

  ret.npatterns = (uint32_t)job->npatterns;
  memcpy(buf + *off, hdr, sizeof hdr);
  *off += sizeof hdr;
  memcpy(buf + *off, &ret, sizeof ret);
  *off += sizeof ret;
  for (size_t i = 0; i < job->npatterns; i++) {
    size_t len = strlen(job->patterns[i]) + 1;
    memcpy(buf + *off, job->patterns[i], len);
    *off += len;
  }
}

char *ts_job_encode(const struct ts_job *job, size_t *len, ts_err *err) {
  size_t n = 4 + 3 * 8 + sizeof job->limits + job->code_len + job->stdin_len, off = 4;
  size_t fsize = 0, rsize = 0;
  char *buf;

  if (job->code_len > TS_JOB_MAX_RECORD || job->stdin_len > TS_JOB_MAX_RECORD) {
    ts_err_set(err, E2BIG, "job too large");
    return NULL;
  }
  if (job->files && job->nfiles) {
    fsize = files_size(job);
    if (fsize == 0) {
      ts_err_set(err, E2BIG, "job files too large");
      return NULL;
    }
    n += 8 + fsize;
  }
  if (job->patterns && job->npatterns) {
    rsize = return_size(job);
    if (rsize == 0) {
      ts_err_set(err, E2BIG, "job return patterns too large");
      return NULL;
    }
    n += 8 + rsize;
  }
  buf = malloc(n);
  if (!buf) {
    ts_err_set(err, ENOMEM, "out of memory");
    return NULL;
  }
  memcpy(buf, TS_JOB_MAGIC, 4);
  put_record(buf, &off, TS_JOB_LIMITS, &job->limits, sizeof job->limits);
  put_record(buf, &off, TS_JOB_CODE, job->code, job->code_len);
  if (job->stdin_data)
    put_record(buf, &off, TS_JOB_STDIN, job->stdin_data, job->stdin_len);
  if (fsize)
    put_files(buf, &off, job, fsize);
  if (rsize)
    put_return(buf, &off, job, rsize);
  *len = off;
  return buf;
}

/* One file of a FILES payload at *off, or -1 when what is there is not a
 * whole one. */
static int take_file(const char *rec, size_t len, size_t *off, struct ts_job_file *f) {
  uint32_t lens[2];

  if (len - *off < sizeof lens)
    return -1;
  memcpy(lens, rec + *off, sizeof lens);
  *off += sizeof lens;
  if (lens[0] > len - *off || lens[1] > len - *off - lens[0])
    return -1;
  f->path = rec + *off;
  f->path_len = lens[0];
  f->data = rec + *off + lens[0];
  f->data_len = lens[1];
  *off += (size_t)lens[0] + lens[1];
  return 0;
}

/* A FILES payload is well formed when its count of files fills it
 * exactly. */
static int check_files(const char *rec, size_t len, size_t *count) {
  uint32_t n;
  size_t off = 4;
  struct ts_job_file f;

  if (len < 4)
    return -1;
  memcpy(&n, rec, 4);
  for (uint32_t i = 0; i < n; i++)
    if (take_file(rec, len, &off, &f) < 0)
      return -1;
  *count = n;
  return off == len ? 0 : -1;
}

int ts_job_file_next(const struct ts_job *job, size_t *off, struct ts_job_file *f) {
  if (!job->files_rec)
    return 0;
  if (*off == 0)
    *off = 4;
  if (*off >= job->files_rec_len)
    return 0;
  return take_file(job->files_rec, job->files_rec_len, off, f) == 0 ? 1 : 0;
}

/* A RETURN payload is well formed when its count of NUL-ended patterns
 * fills it exactly. */
static int check_return(const char *rec, size_t len, struct ts_job *job) {
  size_t off = sizeof job->ret;

  if (len < sizeof job->ret)
    return -1;
  memcpy(&job->ret, rec, sizeof job->ret);
  if (job->ret.npatterns > TS_RETURN_PATTERNS_MAX)
    return -1;
  for (uint32_t i = 0; i < job->ret.npatterns; i++) {
    const char *nul = memchr(rec + off, '\0', len - off);
    if (!nul)
      return -1;
    off = (size_t)(nul - rec) + 1;
  }
  if (off != len)
    return -1;
  job->npatterns = job->ret.npatterns;
  job->patterns_rec = rec + sizeof job->ret;
  job->patterns_rec_len = len - sizeof job->ret;
  return 0;
}

int ts_job_pattern_next(const struct ts_job *job, size_t *off, const char **p, size_t *len) {
  const char *nul;

  if (!job->patterns_rec || *off >= job->patterns_rec_len)
    return 0;
  nul = memchr(job->patterns_rec + *off, '\0', job->patterns_rec_len - *off);
  if (!nul)
    return 0;
  *p = job->patterns_rec + *off;
  *len = (size_t)(nul - *p);
  *off += *len + 1;
  return 1;
}

int ts_job_decode(const char *buf, size_t len, struct ts_job *job) {
  size_t off = 4;

  memset(job, 0, sizeof *job);
  if (len < 4 || memcmp(buf, TS_JOB_MAGIC, 4) != 0)
    return -1;
  while (off < len) {
    uint32_t hdr[2];
    if (len - off < sizeof hdr)
      return -1;
    memcpy(hdr, buf + off, sizeof hdr);
    off += sizeof hdr;
    if (hdr[1] > len - off)
      return -1;
    if (hdr[0] == TS_JOB_CODE) {
      job->code = buf + off;
      job->code_len = hdr[1];
    } else if (hdr[0] == TS_JOB_STDIN) {
      job->stdin_data = buf + off;
      job->stdin_len = hdr[1];
    } else if (hdr[0] == TS_JOB_LIMITS && hdr[1] >= sizeof job->limits) {
      memcpy(&job->limits, buf + off, sizeof job->limits);
    } else if (hdr[0] == TS_JOB_FILES) {
      if (check_files(buf + off, hdr[1], &job->nfiles) < 0)
        return -1;
      job->files_rec = buf + off;
      job->files_rec_len = hdr[1];
    } else if (hdr[0] == TS_JOB_RETURN) {
      if (check_return(buf + off, hdr[1], job) < 0)
        return -1;
    }
    off += hdr[1];
  }
  return job->code ? 0 : -1;
}

int ts_send_fds(int sock, const void *data, size_t len, const int *fds, size_t nfds) {
  union {
    char buf[CMSG_SPACE(sizeof(int) * TS_MAX_FDS)];
    struct cmsghdr align;
  } u;
  struct iovec iov = {(void *)data, len};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1};
  struct cmsghdr *c;
  ssize_t n;

  if (nfds > TS_MAX_FDS) {
    errno = EINVAL;
    return -1;
  }
  if (nfds) {
    memset(&u, 0, sizeof u);
    msg.msg_control = u.buf;
    msg.msg_controllen = CMSG_SPACE(sizeof(int) * nfds);
    c = CMSG_FIRSTHDR(&msg);
    if (!c) {
      errno = EINVAL;
      return -1;
    }
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int) * nfds);
    memcpy(CMSG_DATA(c), fds, sizeof(int) * nfds);
  }
  do
    n = sendmsg(sock, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  return n == (ssize_t)len ? 0 : -1;
}

ssize_t ts_recv_fds(int sock, void *data, size_t len, int *fds, size_t max_fds,
                    size_t *nfds, int flags) {
  union {
    char buf[CMSG_SPACE(sizeof(int) * TS_MAX_FDS)];
    struct cmsghdr align;
  } u;
  /* cppcheck-suppress ctuuninitvar ; data is recvmsg's output, not read */
  struct iovec iov = {data, len};
  struct msghdr msg = {.msg_iov = &iov, .msg_iovlen = 1, .msg_control = u.buf,
                       .msg_controllen = sizeof u.buf};
  ssize_t n;

  *nfds = 0;
  do
    n = recvmsg(sock, &msg, flags | MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (n < 0)
    return -1;
  for (struct cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c)) {
    size_t count;
    int got[TS_MAX_FDS];
    if (c->cmsg_level != SOL_SOCKET || c->cmsg_type != SCM_RIGHTS)
      continue;
    count = (c->cmsg_len - CMSG_LEN(0)) / sizeof(int);
    if (count > TS_MAX_FDS)
      count = TS_MAX_FDS;
    memcpy(got, CMSG_DATA(c), sizeof(int) * count);
    for (size_t i = 0; i < count; i++) {
      if (*nfds < max_fds)
        fds[(*nfds)++] = got[i];
      else
        close(got[i]);
    }
  }
  if (msg.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
    for (size_t i = 0; i < *nfds; i++)
      close(fds[i]);
    *nfds = 0;
    errno = EMSGSIZE;
    return -1;
  }
  return n;
}
