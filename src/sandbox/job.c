#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "sandbox/job.h"
#include "util/utf8.h"

static void put_record(char *buf, size_t *off, uint32_t type, const void *data, size_t len) {
  uint32_t hdr[2] = {type, (uint32_t)len};

  memcpy(buf + *off, hdr, sizeof hdr);
  *off += sizeof hdr;
  if (len)
    memcpy(buf + *off, data, len);
  *off += len;
}

char *ts_job_encode(const struct ts_job *job, size_t *len, ts_err *err) {
  size_t n = 4 + 3 * 8 + sizeof job->limits + job->code_len + job->stdin_len, off = 4;
  char *buf;

  if (job->code_len > TS_JOB_MAX_RECORD || job->stdin_len > TS_JOB_MAX_RECORD) {
    ts_err_set(err, E2BIG, "job too large");
    return NULL;
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
  *len = off;
  return buf;
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

/* The audit trace: at most TS_AUDIT_MAX well-formed entries are kept, the
 * rest (and anything malformed) is counted as dropped. */
static void parse_audit(const cJSON *root, struct ts_child_report *r) {
  const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "audit");
  const cJSON *dropped = cJSON_GetObjectItemCaseSensitive(root, "audit_dropped");
  const cJSON *it;

  if (cJSON_IsNumber(dropped) && dropped->valuedouble >= 0 && dropped->valuedouble < 1e9)
    r->audit_dropped = (unsigned long)dropped->valuedouble;
  if (!cJSON_IsArray(a))
    return;
  cJSON_ArrayForEach(it, a) {
    struct ts_audit_entry *e = &r->audit[r->naudit];
    const cJSON *action = cJSON_GetObjectItemCaseSensitive(it, "action");
    const cJSON *line = cJSON_GetObjectItemCaseSensitive(it, "line");
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
    if (cJSON_IsNumber(line) && line->valuedouble >= 1 && line->valuedouble < 1e9)
      e->line = (long)line->valuedouble;
    r->naudit++;
  }
}

int ts_child_report_parse(const char *buf, size_t len, struct ts_child_report *r) {
  cJSON *root, *e, *setup;

  memset(r, 0, sizeof *r);
  if (len == 0)
    return -1;
  root = cJSON_ParseWithLength(buf, len);
  if (!root)
    return -1;
  if (!cJSON_IsObject(root)) {
    cJSON_Delete(root);
    return -1;
  }
  e = cJSON_GetObjectItemCaseSensitive(root, "error");
  if (cJSON_IsObject(e)) {
    const cJSON *line = cJSON_GetObjectItemCaseSensitive(e, "line");
    r->has_error = true;
    r->type = dup_str(e, "type", 200);
    r->message = dup_str(e, "message", 8192);
    r->traceback = dup_str(e, "traceback", 65536);
    if (cJSON_IsNumber(line) && line->valuedouble >= 1 && line->valuedouble < 1e9)
      r->line = (long)line->valuedouble;
  }
  parse_audit(root, r);
  setup = cJSON_GetObjectItemCaseSensitive(root, "setup_error");
  if (cJSON_IsObject(setup)) {
    const cJSON *en = cJSON_GetObjectItemCaseSensitive(setup, "errno");
    r->setup_stage = dup_str(setup, "stage", 200);
    if (cJSON_IsNumber(en) && en->valuedouble >= 0 && en->valuedouble < 4096)
      r->setup_errno = (int)en->valuedouble;
  }
  cJSON_Delete(root);
  return 0;
}

bool ts_child_report_complete(const char *buf, size_t len) {
  cJSON *root, *e;
  bool done;

  const char *end = NULL;

  if (!buf || len == 0)
    return false;
  /* One object and nothing after it: bytes a snippet wrote to the report
   * fd before the runner's own report make the channel doubtful, and
   * then the wait status decides. */
  root = cJSON_ParseWithLengthOpts(buf, len, &end, false);
  while (root && end && end < buf + len && (*end == ' ' || *end == '\n'))
    end++;
  if (root && end != buf + len) {
    cJSON_Delete(root);
    return false;
  }
  e = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "error") : NULL;
  done = (cJSON_IsNull(e) || cJSON_IsObject(e)) &&
         !cJSON_GetObjectItemCaseSensitive(root, "setup_error");
  cJSON_Delete(root);
  return done;
}

void ts_child_report_free(struct ts_child_report *r) {
  free(r->type);
  free(r->message);
  free(r->traceback);
  free(r->setup_stage);
  for (size_t i = 0; i < r->naudit; i++) {
    free(r->audit[i].event);
    free(r->audit[i].detail);
  }
  memset(r, 0, sizeof *r);
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
