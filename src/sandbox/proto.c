/* The wire protocol: encoders and decoders.  See proto.h. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
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

const char *const ts_mime_names[TS_MIME_COUNT] = {
    [TS_MIME_PLAIN] = "text/plain",     [TS_MIME_HTML] = "text/html",
    [TS_MIME_MARKDOWN] = "text/markdown", [TS_MIME_LATEX] = "text/latex",
    [TS_MIME_SVG] = "image/svg+xml",    [TS_MIME_PNG] = "image/png",
    [TS_MIME_JPEG] = "image/jpeg",      [TS_MIME_JSON] = "application/json",
};

/* What the result and the outputs of one report may still take. */
struct budget {
  size_t bytes;       /* of all bundles' strings together */
  size_t json_values; /* of all application/json data together */
};

/* Whether a JSON value (the child's) is one the server re-emits as it is:
 * every string and key well-formed UTF-8, every number finite (1e999
 * parses as infinity), at most *values values and *bytes bytes of strings
 * (both counted down), nested at most 100 deep. */
static bool json_ok(const cJSON *v, size_t *values, size_t *bytes, int depth) {
  const cJSON *it;

  if (*values == 0 || depth > 100)
    return false;
  --*values;
  if (cJSON_IsString(v)) {
    size_t n = v->valuestring ? strlen(v->valuestring) : 0;
    if (!v->valuestring || n > *bytes || !ts_utf8_valid(v->valuestring, n))
      return false;
    *bytes -= n;
    return true;
  }
  if (cJSON_IsArray(v) || cJSON_IsObject(v)) {
    cJSON_ArrayForEach(it, v) {
      if (cJSON_IsObject(v)) {
        size_t n = it->string ? strlen(it->string) : 0;
        if (!it->string || n > *bytes || !ts_utf8_valid(it->string, n))
          return false;
        *bytes -= n;
      }
      if (!json_ok(it, values, bytes, depth + 1))
        return false;
    }
    return true;
  }
  return (cJSON_IsNumber(v) && isfinite(v->valuedouble)) || cJSON_IsBool(v) || cJSON_IsNull(v);
}

static bool is_base64(const char *s, size_t n) {
  for (size_t i = 0; i < n; i++) {
    unsigned char c = (unsigned char)s[i];
    if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') ||
          c == '+' || c == '/' || c == '='))
      return false;
  }
  return true;
}

static void bundle_free(struct ts_bundle *b) {
  for (int i = 0; i < TS_MIME_COUNT; i++)
    free(b->text[i]);
  cJSON_Delete(b->json);
  memset(b, 0, sizeof *b);
}

/* A MIME bundle, {type: value, ...}: every type from the allowlist and
 * given once, text/plain there and at most TS_RESULT_REPR_MAX bytes, the
 * other text types well-formed UTF-8, the images base64, application/json
 * a JSON value json_ok() takes, all within the budget (counted down).  The
 * strings and the JSON value are taken out of the tree, not copied.
 * Returns -1, with b empty and the budget untouched, for anything else. */
static int parse_bundle(cJSON *o, struct ts_bundle *b, struct budget *budget) {
  struct budget left = *budget;
  bool seen[TS_MIME_COUNT] = {false};
  cJSON *it;

  memset(b, 0, sizeof *b);
  if (!cJSON_IsObject(o))
    return -1;
  cJSON_ArrayForEach(it, o) {
    int m = 0;
    size_t n;
    while (m < TS_MIME_COUNT && (!it->string || strcmp(it->string, ts_mime_names[m]) != 0))
      m++;
    if (m == TS_MIME_COUNT || seen[m])
      goto bad;
    seen[m] = true;
    if (m == TS_MIME_JSON) {
      size_t values = left.json_values;
      if (!json_ok(it, &values, &left.bytes, 0))
        goto bad;
      left.json_values = values;
      continue;
    }
    if (!cJSON_IsString(it) || !it->valuestring)
      goto bad;
    n = strlen(it->valuestring);
    if (n > left.bytes || (m == TS_MIME_PLAIN && n > TS_RESULT_REPR_MAX) ||
        !((m == TS_MIME_PNG || m == TS_MIME_JPEG) ? is_base64(it->valuestring, n)
                                                    : ts_utf8_valid(it->valuestring, n)))
      goto bad;
    left.bytes -= n;
    b->text[m] = it->valuestring;
  }
  if (!b->text[TS_MIME_PLAIN])
    goto bad;
  /* All good: take what was chosen out of the tree. */
  cJSON_ArrayForEach(it, o) {
    if (strcmp(it->string, ts_mime_names[TS_MIME_JSON]) == 0) {
      b->json = cJSON_DetachItemViaPointer(o, it);
      break;
    }
  }
  cJSON_ArrayForEach(it, o) {
    if (cJSON_IsString(it))
      it->valuestring = NULL; /* now b's */
  }
  *budget = left;
  return 0;
bad:
  memset(b, 0, sizeof *b); /* nothing was taken yet */
  return -1;
}

/* The last expression's value, {"type", "repr", "repr_truncated", "json"?,
 * "data"?}, or NULL (none, or anything malformed).  A malformed "json" is
 * left out; a malformed or too large "data" too, and counted as a dropped
 * output. */
static struct ts_result_value *parse_value(cJSON *o, struct budget *budget,
                                           unsigned long *dropped) {
  struct ts_result_value *v;
  const cJSON *t = cJSON_GetObjectItemCaseSensitive(o, "repr_truncated");
  cJSON *json = cJSON_GetObjectItemCaseSensitive(o, "json");
  cJSON *data = cJSON_GetObjectItemCaseSensitive(o, "data");
  const cJSON *repr = cJSON_GetObjectItemCaseSensitive(o, "repr");

  if (!cJSON_IsObject(o) || !cJSON_IsBool(t) || !cJSON_IsString(repr) || !repr->valuestring ||
      !(v = calloc(1, sizeof *v)))
    return NULL;
  v->type = dup_str(o, "type", 200);
  v->repr = dup_str(o, "repr", TS_RESULT_REPR_MAX);
  if (!v->type || !v->repr) {
    free(v->type);
    free(v->repr);
    free(v);
    return NULL;
  }
  v->repr_truncated = cJSON_IsTrue(t) || strlen(v->repr) < strlen(repr->valuestring);
  if (json) {
    size_t values = TS_RESULT_REPR_MAX, bytes = TS_RESULT_REPR_MAX;
    if (json_ok(json, &values, &bytes, 0))
      v->json = cJSON_DetachItemViaPointer(o, json);
  }
  if (data) {
    v->has_data = parse_bundle(data, &v->data, budget) == 0;
    if (!v->has_data)
      ++*dropped;
  }
  return v;
}

/* The display outputs, [{"data": bundle}, ...], and the result, in the
 * order the runner made them: each output within TS_OUTPUTS_MAX and the
 * shared budget, or dropped and counted. */
static void parse_display(cJSON *root, struct ts_child_report *r) {
  struct budget budget = {TS_OUTPUTS_MAX_BYTES, TS_OUTPUTS_MAX_JSON_VALUES};
  const cJSON *outputs = cJSON_GetObjectItemCaseSensitive(root, "outputs");
  cJSON *result = cJSON_GetObjectItemCaseSensitive(root, "result");
  cJSON *it;

  r->outputs_dropped = (unsigned long)bounded_long(root, "outputs_dropped", 0, 1e9);
  if (cJSON_IsArray(outputs)) {
    cJSON_ArrayForEach(it, outputs) {
      if (!r->outputs && !(r->outputs = calloc(TS_OUTPUTS_MAX, sizeof *r->outputs))) {
        r->outputs_dropped++;
        continue;
      }
      if (r->noutputs == TS_OUTPUTS_MAX || !cJSON_IsObject(it) ||
          parse_bundle(cJSON_GetObjectItemCaseSensitive(it, "data"), &r->outputs[r->noutputs],
                       &budget) < 0)
        r->outputs_dropped++;
      else
        r->noutputs++;
    }
  }
  if (result && !cJSON_IsNull(result))
    r->result = parse_value(result, &budget, &r->outputs_dropped);
}

/* A RESULT record's JSON: the error payload (EXCEPTION only: a clean end
 * carries none), the audit trace, the result and the display outputs.
 * Returns -1 when it is not a JSON object whose "error" matches the record
 * type. */
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
    parse_display(root, r);
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
  if (r->result) {
    free(r->result->type);
    free(r->result->repr);
    cJSON_Delete(r->result->json);
    bundle_free(&r->result->data);
    free(r->result);
  }
  for (size_t i = 0; i < r->noutputs; i++)
    bundle_free(&r->outputs[i]);
  free(r->outputs);
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
