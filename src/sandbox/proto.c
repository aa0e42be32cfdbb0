/* The wire protocol: encoders and decoders.  See proto.h. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "sandbox/proto.h"
#include "util/utf8.h"

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

char *ts_job_encode(const struct ts_job *job, size_t *len, ts_err *err) {
  size_t n = 4 + 3 * 8 + sizeof job->limits + job->code_len + job->stdin_len, off = 4;
  size_t fsize = 0;
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
    }
    off += hdr[1];
  }
  return job->code ? 0 : -1;
}

/* Copies a string member, at most `cap` bytes, repaired to valid UTF-8 by
 * truncation at the last complete character when cut. */
static char *dup_str(const cJSON *obj, const char *name, size_t cap) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);
  size_t n;
  char *s;

  if (!cJSON_IsString(v) || !v->valuestring)
    return NULL;
  /* Cut at the first byte that is not well-formed UTF-8: one pass, so a
   * hostile report cannot make this quadratic. */
  n = ts_utf8_valid_prefix(v->valuestring, strnlen(v->valuestring, cap));
  s = malloc(n + 1);
  if (!s)
    return NULL;
  memcpy(s, v->valuestring, n);
  s[n] = '\0';
  return s;
}

/* A whole number in [lo, hi), or 0. */
static long bounded_long(const cJSON *obj, const char *name, double lo, double hi) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, name);

  return cJSON_IsNumber(v) && v->valuedouble >= lo && v->valuedouble < hi ? (long)v->valuedouble
                                                                          : 0;
}

/* The audit trace: at most TS_AUDIT_MAX well-formed entries are kept, the
 * rest (and anything malformed) is counted as dropped. */
static void parse_audit(const cJSON *root, struct ts_child_report *r) {
  const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "audit");
  const cJSON *it;

  r->audit_dropped = (unsigned long)bounded_long(root, "audit_dropped", 0, 1e9);
  if (!cJSON_IsArray(a))
    return;
  cJSON_ArrayForEach(it, a) {
    struct ts_audit_entry *e = &r->audit[r->naudit];
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(it, "action");
    if (r->naudit == TS_AUDIT_MAX || !cJSON_IsObject(it) || !cJSON_IsString(action) ||
        (strcmp(action->valuestring, "refused") != 0 &&
         strcmp(action->valuestring, "allowed") != 0)) {
      r->audit_dropped++;
      continue;
    }
    e->event = dup_str(it, "event", 64);
    e->detail = dup_str(it, "detail", 200);
    if (!e->event || !e->detail) {
      free(e->event);
      free(e->detail);
      e->event = e->detail = NULL;
      r->audit_dropped++;
      continue;
    }
    e->refused = action->valuestring[0] == 'r';
    e->line = bounded_long(it, "line", 1, 1e9);
    r->naudit++;
  }
}

/* Whether JSON text holds at most `max` values, counted from above
 * without parsing it: every value but the first follows a '[', a '{' or a
 * ',' outside of a string.  One pass, no allocation. */
static bool few_values(const char *s, size_t len, size_t max) {
  size_t n = 1;
  bool in_string = false;

  for (size_t i = 0; i < len; i++) {
    char c = s[i];
    if (in_string) {
      if (c == '\\')
        i++;
      else if (c == '"')
        in_string = false;
    } else if (c == '"') {
      in_string = true;
    } else if ((c == '[' || c == '{' || c == ',') && ++n > max) {
      return false;
    }
  }
  return true;
}

/* A RESULT record's JSON: the error payload (EXCEPTION only: a clean end
 * carries none) and the audit trace.  Returns -1 when it is not a JSON
 * object whose "error" matches the record type. */
static int parse_result(const char *json, size_t len, bool exception, struct ts_child_report *r) {
  cJSON *root = few_values(json, len, TS_REPORT_MAX_VALUES) ? cJSON_ParseWithLength(json, len)
                                                             : NULL;
  const cJSON *e = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "error") : NULL;
  int rc = -1;

  if (exception ? cJSON_IsObject(e) : cJSON_IsNull(e)) {
    if (exception) {
      r->type = dup_str(e, "type", 200);
      r->message = dup_str(e, "message", 8192);
      r->traceback = dup_str(e, "traceback", 65536);
      r->line = bounded_long(e, "line", 1, 1e9);
    }
    parse_audit(root, r);
    rc = 0;
  }
  cJSON_Delete(root);
  return rc;
}

/* The one record in buf, or -1 when buf is not exactly one record. */
static int one_record(const char *buf, size_t len, struct ts_rec_hdr *h) {
  if (!buf || len < sizeof *h)
    return -1;
  memcpy(h, buf, sizeof *h);
  return h->len == len - sizeof *h ? 0 : -1;
}

bool ts_report_is_result(const char *buf, size_t len) {
  struct ts_rec_hdr h;

  return one_record(buf, len, &h) == 0 &&
         (h.type == TS_REC_RESULT_OK || h.type == TS_REC_RESULT_EXCEPTION);
}

void ts_report_decode(const char *buf, size_t len, struct ts_child_report *r) {
  struct ts_rec_hdr h;
  const char *payload = buf + sizeof h;

  memset(r, 0, sizeof *r);
  r->kind = TS_REPORT_MALFORMED;
  if (len == 0) {
    r->kind = TS_REPORT_NONE;
    return;
  }
  if (one_record(buf, len, &h) < 0)
    return;
  switch (h.type) {
  case TS_REC_SETUP_ERROR: {
    struct ts_setup_error se;
    size_t n;
    if (h.len != sizeof se)
      return;
    memcpy(&se, payload, sizeof se);
    n = ts_utf8_valid_prefix(se.stage, strnlen(se.stage, sizeof se.stage - 1));
    memcpy(r->setup_stage, se.stage, n);
    r->setup_stage[n] = '\0';
    r->setup_errno = se.errnum >= 0 && se.errnum < 4096 ? se.errnum : 0;
    r->kind = TS_REPORT_SETUP_ERROR;
    return;
  }
  case TS_REC_RESULT_OK:
  case TS_REC_RESULT_EXCEPTION:
    if (parse_result(payload, h.len, h.type == TS_REC_RESULT_EXCEPTION, r) == 0) {
      r->kind = h.type == TS_REC_RESULT_OK ? TS_REPORT_OK : TS_REPORT_EXCEPTION;
      return;
    }
    ts_child_report_free(r);
    r->kind = TS_REPORT_MALFORMED;
    return;
  default:
    return;
  }
}

void ts_child_report_free(struct ts_child_report *r) {
  enum ts_report_kind kind = r->kind;

  free(r->type);
  free(r->message);
  free(r->traceback);
  for (size_t i = 0; i < r->naudit; i++) {
    free(r->audit[i].event);
    free(r->audit[i].detail);
  }
  memset(r, 0, sizeof *r);
  r->kind = kind;
}

int ts_report_write(int fd, uint32_t type, const void *payload, size_t len) {
  struct ts_rec_hdr h = {type, (uint32_t)len};
  struct iovec iov[2] = {{&h, sizeof h}, {(void *)payload, len}};
  int n = 2, i = 0;

  if (len > TS_REPORT_MAX - sizeof h)
    return -1;
  while (i < n) {
    ssize_t w = writev(fd, iov + i, n - i);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return -1;
    while (i < n && (size_t)w >= iov[i].iov_len) {
      w -= (ssize_t)iov[i].iov_len;
      i++;
    }
    if (i < n) {
      iov[i].iov_base = (char *)iov[i].iov_base + w;
      iov[i].iov_len -= (size_t)w;
    }
  }
  return 0;
}

int ts_report_setup_error(int fd, const char *stage, int errnum) {
  struct ts_setup_error se;
  size_t n = strnlen(stage, sizeof se.stage - 1);

  memset(&se, 0, sizeof se);
  se.errnum = errnum;
  memcpy(se.stage, stage, n);
  return ts_report_write(fd, TS_REC_SETUP_ERROR, &se, sizeof se);
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
