/* The child's report, as the server decodes it: a sequence of records,
 * any bytes at all (the child may be compromised), bounded and checked
 * before anything of it is kept.  And the child's writer of records.  See
 * proto.h. */
#include <errno.h>
#include <math.h>
#include <string.h>
#include <sys/uio.h>

#include <cjson/cJSON.h>

#include "sandbox/proto.h"
#include "util/filepath.h"
#include "util/utf8.h"

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

void ts_bundle_free(struct ts_bundle *b) {
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

static int variable_cmp(const void *a, const void *b) {
  return strcmp(((const struct ts_variable *)a)->name, ((const struct ts_variable *)b)->name);
}

/* A dunder name (__x__): the module's and the runner's, never listed. */
static bool dunder(const char *n) {
  size_t len = strlen(n);

  return len >= 4 && n[0] == '_' && n[1] == '_' && n[len - 1] == '_' && n[len - 2] == '_';
}

/* A query's variables: a name and a type each, strings within their
 * bounds (cut, repaired); at most TS_VARS_MAX kept, the rest counted. */
static void parse_variables(const cJSON *root, struct ts_child_report *r) {
  const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "variables");
  const cJSON *it;

  if (!cJSON_IsArray(a))
    return;
  r->variables_dropped = (unsigned long)bounded_long(root, "variables_dropped", 0, 1e12);
  r->variables = calloc(TS_VARS_MAX, sizeof *r->variables);
  if (!r->variables)
    return;
  r->has_variables = true;
  cJSON_ArrayForEach(it, a) {
    struct ts_variable *v = &r->variables[r->nvariables];
    if (r->nvariables == TS_VARS_MAX || !cJSON_IsObject(it) ||
        !(v->name = dup_str(it, "name", TS_VAR_NAME_MAX)) ||
        !(v->type = dup_str(it, "type", TS_VAR_NAME_MAX)) || dunder(v->name)) {
      bool counted = r->nvariables == TS_VARS_MAX || !v->name || !dunder(v->name);
      if (r->nvariables < TS_VARS_MAX) {
        free(v->name);
        free(v->type);
        v->name = v->type = NULL;
      }
      r->variables_dropped += counted;
      continue;
    }
    r->nvariables++;
  }
  /* In the order of their UTF-8 bytes, which is that of their code points
   * (the child's order, not believed). */
  qsort(r->variables, r->nvariables, sizeof *r->variables, variable_cmp);
}

/* A RESULT record's JSON: the error payload (EXCEPTION only: a clean end
 * carries none), the audit trace and the result (its bundle within what
 * the DISPLAY records before it left of the budget).  Returns -1 when it
 * is not a JSON object whose "error" matches the record type. */
static int parse_result(const char *json, size_t len, bool exception, struct budget *budget,
                        struct ts_child_report *r) {
  cJSON *root = few_values(json, len, TS_REPORT_MAX_VALUES) ? cJSON_ParseWithLength(json, len)
                                                             : NULL;
  const cJSON *e = cJSON_IsObject(root) ? cJSON_GetObjectItemCaseSensitive(root, "error") : NULL;
  cJSON *result = root ? cJSON_GetObjectItemCaseSensitive(root, "result") : NULL;
  int rc = -1;

  if (exception ? cJSON_IsObject(e) : cJSON_IsNull(e)) {
    if (exception) {
      r->type = dup_str(e, "type", 200);
      r->message = dup_str(e, "message", 8192);
      r->traceback = dup_str(e, "traceback", 65536);
      r->line = bounded_long(e, "line", 1, 1e9);
    }
    parse_audit(root, r);
    r->outputs_dropped += (unsigned long)bounded_long(root, "outputs_dropped", 0, 1e9);
    if (result && !cJSON_IsNull(result))
      r->result = parse_value(result, budget, &r->outputs_dropped);
    parse_variables(root, r);
    rc = 0;
  }
  cJSON_Delete(root);
  return rc;
}

/* A DISPLAY record's bundle, within the limits' bundles and the budget;
 * -1 for anything else (a bundle that is dropped). */
static int parse_display(const char *json, size_t len, size_t kept, size_t most,
                         struct budget *budget, struct ts_bundle *b) {
  cJSON *root;
  int rc;

  if (kept >= most || !few_values(json, len, budget->json_values + TS_MIME_COUNT + 1))
    return -1;
  root = cJSON_ParseWithLength(json, len);
  rc = root ? parse_bundle(root, b, budget) : -1;
  cJSON_Delete(root);
  return rc;
}

static void take_display(const char *json, size_t len, size_t most, struct budget *budget,
                         struct ts_child_report *r) {
  if (!r->outputs && most && !(r->outputs = calloc(most, sizeof *r->outputs))) {
    r->outputs_dropped++;
    return;
  }
  if (parse_display(json, len, r->noutputs, most, budget, &r->outputs[r->noutputs]) == 0)
    r->noutputs++;
  else
    r->outputs_dropped++;
}

static char *dup_bytes(const char *p, size_t n) {
  char *s = malloc(n + 1);

  if (s) {
    if (n)
      memcpy(s, p, n);
    s[n] = '\0';
  }
  return s;
}

/* Whether the file f may join those kept: within the job's limits, its
 * path one the rule accepts and not already sent. */
static bool file_fits(const struct ts_child_report *r, const struct ts_report_limits *lim,
                      uint64_t bytes, const char *path, const struct ts_file_hdr *f) {
  if (r->nfiles >= lim->files_max || f->len > lim->files_bytes - bytes ||
      !ts_file_path_ok(path, f->path_len))
    return false;
  for (size_t i = 0; i < r->nfiles; i++) {
    const char *kept = r->files[i].path;
    if (kept && strlen(kept) == f->path_len && memcmp(kept, path, f->path_len) == 0)
      return false;
  }
  return true;
}

/* The FILES record: each file whole, the record filled exactly; the files
 * past the job's limits (or without any: it asked for none), with a path
 * the rule refuses or sent twice are dropped and counted.  Returns -1
 * when the record is not well formed. */
static int parse_files(const char *p, size_t len, const struct ts_report_limits *lim,
                       struct ts_child_report *r) {
  struct ts_files_hdr h;
  size_t off = sizeof h, most;
  uint64_t bytes = 0;

  if (len < sizeof h)
    return -1;
  memcpy(&h, p, sizeof h);
  /* The child's count, bounded by what it can have seen. */
  r->files_dropped = h.dropped < TS_COLLECT_MAX ? h.dropped : TS_COLLECT_MAX;
  /* Room for what may be kept: never more than the job's limit, nor than
   * the record can hold. */
  most = lim->files_max < h.count ? lim->files_max : h.count;
  if (most > (len - sizeof h) / sizeof(struct ts_file_hdr))
    most = (len - sizeof h) / sizeof(struct ts_file_hdr);
  if (most && !(r->files = calloc(most, sizeof *r->files)))
    return -1;
  for (uint32_t i = 0; i < h.count; i++) {
    struct ts_file_hdr f;
    struct ts_report_file *out;
    const char *path;
    if (len - off < sizeof f)
      return -1;
    memcpy(&f, p + off, sizeof f);
    off += sizeof f;
    if (f.path_len > len - off || f.len > len - off - f.path_len)
      return -1;
    path = p + off;
    off += (size_t)f.path_len + f.len;
    if (r->nfiles >= most || !file_fits(r, lim, bytes, path, &f)) {
      r->files_dropped++;
      continue;
    }
    out = &r->files[r->nfiles];
    out->path = dup_bytes(path, f.path_len);
    out->data = dup_bytes(path + f.path_len, f.len);
    if (!out->path || !out->data) {
      free(out->path);
      free(out->data);
      out->path = out->data = NULL;
      r->files_dropped++;
      continue;
    }
    out->len = f.len;
    out->size = f.size > f.len ? f.size : f.len;
    bytes += f.len;
    r->nfiles++;
  }
  return off == len ? 0 : -1;
}

static void setup_error(const char *payload, struct ts_child_report *r) {
  struct ts_setup_error se;
  size_t n;

  memcpy(&se, payload, sizeof se);
  n = ts_utf8_valid_prefix(se.stage, strnlen(se.stage, sizeof se.stage - 1));
  memcpy(r->setup_stage, se.stage, n);
  r->setup_stage[n] = '\0';
  r->setup_errno = se.errnum >= 0 && se.errnum < 4096 ? se.errnum : 0;
  r->kind = TS_REPORT_SETUP_ERROR;
}

/* The next whole record of buf at *off: 1 with *h and *payload set, 0 at
 * the end or when what is left is cut short. */
static int next_record(const char *buf, size_t len, size_t *off, struct ts_rec_hdr *h,
                       const char **payload) {
  if (!buf || len - *off < sizeof *h)
    return 0;
  memcpy(h, buf + *off, sizeof *h);
  if (h->len > len - *off - sizeof *h)
    return 0;
  *payload = buf + *off + sizeof *h;
  *off += sizeof *h + h->len;
  return 1;
}

bool ts_report_is_result(const char *buf, size_t len) {
  struct ts_rec_hdr h;
  const char *payload;
  size_t off = 0, n = 0;

  while (n < TS_REPORT_MAX_RECORDS && next_record(buf, len, &off, &h, &payload)) {
    n++;
    if (h.type == TS_REC_RESULT_OK || h.type == TS_REC_RESULT_EXCEPTION)
      return off == len;
    if (h.type != TS_REC_DISPLAY && h.type != TS_REC_FILES)
      return false; /* TS_REC_ENDS among them: wait for the exit */
  }
  return false;
}

static const struct ts_report_limits default_limits = TS_REPORT_LIMITS_DEFAULT;

size_t ts_report_cap(const struct ts_report_limits *lim) {
  size_t cap = TS_REPORT_MAX;

  if (!lim)
    return cap;
  if (lim->outputs_bytes > TS_OUTPUTS_MAX_BYTES)
    cap += lim->outputs_bytes - TS_OUTPUTS_MAX_BYTES;
  if (lim->files_max)
    cap += sizeof(struct ts_rec_hdr) + sizeof(struct ts_files_hdr) +
           lim->files_max * (sizeof(struct ts_file_hdr) + TS_FILE_PATH_MAX) + lim->files_bytes;
  return cap;
}

void ts_report_decode(const char *buf, size_t len, const struct ts_report_limits *lim,
                      struct ts_child_report *r) {
  struct budget budget;
  struct ts_rec_hdr h;
  const char *payload;
  size_t off = 0, n = 0;
  bool files = false;

  memset(r, 0, sizeof *r);
  r->kind = len == 0 ? TS_REPORT_NONE : TS_REPORT_MALFORMED;
  if (!lim)
    lim = &default_limits;
  budget = (struct budget){lim->outputs_bytes, TS_OUTPUTS_MAX_JSON_VALUES};
  while (next_record(buf, len, &off, &h, &payload)) {
    bool last = off == len;
    if (++n > TS_REPORT_MAX_RECORDS)
      goto malformed;
    switch (h.type) {
    case TS_REC_SETUP_ERROR:
      if (n != 1 || !last || h.len != sizeof(struct ts_setup_error))
        goto malformed;
      setup_error(payload, r);
      return;
    case TS_REC_DISPLAY:
      if (r->ends)
        goto malformed;
      take_display(payload, h.len, lim->outputs_max, &budget, r);
      break;
    case TS_REC_FILES:
      if (r->ends || files || parse_files(payload, h.len, lim, r) < 0)
        goto malformed;
      files = true;
      break;
    case TS_REC_ENDS:
      /* once, and only right before the result */
      if (h.len != 0 || r->ends)
        goto malformed;
      r->ends = true;
      break;
    case TS_REC_RESULT_OK:
    case TS_REC_RESULT_EXCEPTION:
      if (!last || parse_result(payload, h.len, h.type == TS_REC_RESULT_EXCEPTION, &budget, r) < 0)
        goto malformed;
      r->kind = h.type == TS_REC_RESULT_OK ? TS_REPORT_OK : TS_REPORT_EXCEPTION;
      return;
    default:
      goto malformed;
    }
  }
  /* Whole records without the last one, or a record cut short: the child
   * did not finish its report (killed, or it lied).  What it displayed
   * and sent back so far stays. */
  return;
malformed:
  ts_child_report_free(r);
  r->kind = TS_REPORT_MALFORMED;
}

int ts_report_next_display(const char *buf, size_t len, const struct ts_report_limits *lim,
                           struct ts_report_cursor *cur, struct ts_bundle *b) {
  struct ts_rec_hdr h;
  const char *payload;

  if (!lim)
    lim = &default_limits;
  while (!cur->done && next_record(buf, len, &cur->off, &h, &payload)) {
    struct budget budget = {lim->outputs_bytes - cur->bytes,
                            TS_OUTPUTS_MAX_JSON_VALUES - cur->json_values};
    if (++cur->records > TS_REPORT_MAX_RECORDS ||
        (h.type != TS_REC_DISPLAY && h.type != TS_REC_FILES && h.type != TS_REC_ENDS)) {
      cur->done = true; /* the last record, or one the decoder refuses */
      break;
    }
    if (h.type != TS_REC_DISPLAY ||
        parse_display(payload, h.len, cur->kept, lim->outputs_max, &budget, b) < 0)
      continue;
    cur->kept++;
    cur->bytes = lim->outputs_bytes - budget.bytes;
    cur->json_values = TS_OUTPUTS_MAX_JSON_VALUES - budget.json_values;
    return 1;
  }
  return 0;
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
    ts_bundle_free(&r->result->data);
    free(r->result);
  }
  for (size_t i = 0; i < r->noutputs; i++)
    ts_bundle_free(&r->outputs[i]);
  free(r->outputs);
  for (size_t i = 0; i < r->nfiles; i++) {
    free(r->files[i].path);
    free(r->files[i].data);
  }
  free(r->files);
  for (size_t i = 0; i < r->nvariables; i++) {
    free(r->variables[i].name);
    free(r->variables[i].type);
  }
  free(r->variables);
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

