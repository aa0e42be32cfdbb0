/* JSON request decoding.
 *
 * cJSON stores strings NUL-terminated without a length, so a "\u0000"
 * escape would silently cut a snippet short: what is validated would not
 * be what the client sent.  Before parsing, every escaped NUL is therefore
 * rewritten to the byte 0xFF, which cannot occur in the (already checked)
 * UTF-8 body, and string accessors turn 0xFF back into NUL with the exact
 * length. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "policy/policy.h"
#include "server/request.h"
#include "util/common.h"
#include "util/filepath.h"
#include "util/utf8.h"

#define NUL_MARK '\xff'

static void reqerr(struct ts_reqerr *e, int status, const char *code,
                   const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void reqerr(struct ts_reqerr *e, int status, const char *code,
                   const char *fmt, ...) {
  va_list ap;

  e->status = status;
  e->code = code;
  va_start(ap, fmt);
  (void)vsnprintf(e->message, sizeof e->message, fmt, ap); /* a long message is cut */
  va_end(ap);
}

/* Copies body, rewriting escaped NULs to NUL_MARK.  A backslash outside a
 * string is a JSON error anyway, so escapes can be scanned without
 * tracking string boundaries. */
static char *copy_marking_nul(const char *body, size_t len) {
  char *out = malloc(len + 1);
  size_t o = 0;

  if (!out)
    return NULL;
  for (size_t i = 0; i < len; i++) {
    if (body[i] != '\\' || i + 1 >= len) {
      out[o++] = body[i];
      continue;
    }
    if (body[i + 1] == 'u' && i + 5 < len && memcmp(body + i + 2, "0000", 4) == 0) {
      out[o++] = NUL_MARK;
      i += 5;
      continue;
    }
    out[o++] = body[i];
    out[o++] = body[++i];
  }
  out[o] = '\0';
  return out;
}

cJSON *ts_json_parse_object(const char *body, size_t len, struct ts_reqerr *e) {
  char *copy;
  const char *end = NULL;
  cJSON *root;

  if (len == 0) {
    reqerr(e, 400, "invalid_json", "request body is empty; expected a JSON object");
    return NULL;
  }
  if (!ts_utf8_valid(body, len) || memchr(body, '\0', len)) {
    reqerr(e, 400, "invalid_json", "request body is not valid UTF-8 text");
    return NULL;
  }
  copy = copy_marking_nul(body, len);
  if (!copy) {
    reqerr(e, 500, "internal_error", "out of memory");
    return NULL;
  }
  /* An explicit free, not cleanup_free: clang's analyzer cannot follow the
   * cleanup attribute and would report a leak. */
  root = cJSON_ParseWithOpts(copy, &end, true);
  if (!root) {
    size_t at = end ? (size_t)(end - copy) : 0;
    free(copy);
    reqerr(e, 400, "invalid_json", "request body is not valid JSON (near byte %zu)", at);
    return NULL;
  }
  free(copy);
  if (!cJSON_IsObject(root)) {
    cJSON_Delete(root);
    reqerr(e, 400, "invalid_json", "request body must be a JSON object");
    return NULL;
  }
  return root;
}

static const char *json_type_name(const cJSON *v) {
  if (cJSON_IsString(v))
    return "a string";
  if (cJSON_IsNumber(v))
    return "a number";
  if (cJSON_IsBool(v))
    return "a boolean";
  if (cJSON_IsArray(v))
    return "an array";
  if (cJSON_IsObject(v))
    return "an object";
  return "null";
}

static const cJSON *field_of(const cJSON *obj, const char *field) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, field);
  return (v && !cJSON_IsNull(v)) ? v : NULL;
}

int ts_json_get_str(const cJSON *obj, const char *field, struct ts_str *out,
                    struct ts_reqerr *e) {
  const cJSON *v = field_of(obj, field);
  size_t len;

  if (!v)
    return 0;
  if (!cJSON_IsString(v) || !v->valuestring) {
    reqerr(e, 400, "invalid_field", "field '%s' must be a string, not %s", field,
           json_type_name(v));
    return -1;
  }
  len = strlen(v->valuestring);
  for (size_t i = 0; i < len; i++)
    if (v->valuestring[i] == NUL_MARK)
      v->valuestring[i] = '\0';
  out->s = v->valuestring;
  out->len = len;
  return 1;
}

int ts_json_get_number(const cJSON *obj, const char *field, double min,
                       double max, double *out, struct ts_reqerr *e) {
  const cJSON *v = field_of(obj, field);

  if (!v)
    return 0;
  if (!cJSON_IsNumber(v)) {
    reqerr(e, 400, "invalid_field", "field '%s' must be a number, not %s", field,
           json_type_name(v));
    return -1;
  }
  /* a literal too large for a double (1e400) is parsed as infinite */
  if (!isfinite(v->valuedouble)) {
    reqerr(e, 400, "invalid_field", "field '%s' is out of range: must be between %g and %g",
           field, min, max);
    return -1;
  }
  if (v->valuedouble < min || v->valuedouble > max) {
    reqerr(e, 400, "limit_exceeded", "field '%s' must be between %g and %g", field,
           min, max);
    return -1;
  }
  *out = v->valuedouble;
  return 1;
}

int ts_json_get_int(const cJSON *obj, const char *field, long min, long max,
                    long *out, struct ts_reqerr *e) {
  const cJSON *v = field_of(obj, field);

  if (!v)
    return 0;
  if (!cJSON_IsNumber(v) ||
      (isfinite(v->valuedouble) && v->valuedouble != floor(v->valuedouble))) {
    reqerr(e, 400, "invalid_field", "field '%s' must be an integer", field);
    return -1;
  }
  if (!isfinite(v->valuedouble)) { /* 1e400 */
    reqerr(e, 400, "invalid_field", "field '%s' is out of range: must be between %ld and %ld",
           field, min, max);
    return -1;
  }
  if (v->valuedouble < (double)min || v->valuedouble > (double)max) {
    reqerr(e, 400, "limit_exceeded", "field '%s' must be between %ld and %ld", field,
           min, max);
    return -1;
  }
  *out = (long)v->valuedouble;
  return 1;
}

int ts_json_get_bool(const cJSON *obj, const char *field, bool *out,
                     struct ts_reqerr *e) {
  const cJSON *v = field_of(obj, field);

  if (!v)
    return 0;
  if (!cJSON_IsBool(v)) {
    reqerr(e, 400, "invalid_field", "field '%s' must be a boolean, not %s", field,
           json_type_name(v));
    return -1;
  }
  *out = cJSON_IsTrue(v);
  return 1;
}

/* ---- the fields of each body ---- */

const char *const ts_fields_execute[] = {"code", "stdin", "timeout", "memory_mb", "profile",
                                         "policy", "capabilities", "files", "return_files",
                                         NULL};
const char *const ts_fields_session[] = {"ttl", "memory_mb", "timeout", "setup_code", NULL};
/* memory_mb: refused by ts_session_exec_req_check with its own reason */
const char *const ts_fields_session_exec[] = {"code", "stdin", "timeout", "memory_mb",
                                              "profile", "policy", "capabilities", "files",
                                              "return_files", "commit", NULL};
const char *const ts_fields_file[] = {"path", "content", "encoding", NULL};

const char *ts_json_first_unknown(const cJSON *obj, const char *const known[]) {
  const cJSON *m;

  cJSON_ArrayForEach(m, obj) {
    size_t i = 0;
    while (known[i] && strcmp(known[i], m->string) != 0)
      i++;
    if (!known[i])
      return m->string;
  }
  return NULL;
}

int ts_json_known_fields(const cJSON *obj, const char *const known[], const char *where,
                         struct ts_reqerr *e) {
  const char *bad = ts_json_first_unknown(obj, known);
  char name[44], list[160];
  size_t n = 0, l = 0;

  if (!bad)
    return 0;
  /* printable ASCII only: the name is the client's, and goes back in JSON */
  for (const char *p = bad; *p && n < sizeof name - 4; p++) {
    char ch = *p;
    if (ch < 0x20 || ch >= 0x7f || ch == '\'')
      ch = '?';
    name[n++] = ch;
  }
  if (bad[n])
    name[n++] = '.', name[n++] = '.', name[n++] = '.';
  name[n] = '\0';
  for (size_t i = 0; known[i] && l < sizeof list; i++)
    l += (size_t)snprintf(list + l, sizeof list - l, "%s%s", i ? ", " : "", known[i]);
  reqerr(e, 400, "unknown_field", "unknown field '%s%s' (the fields are: %s)", where, name, list);
  return -1;
}

static cJSON *code_req_parse(const char *body, size_t len, const char *const known[],
                             struct ts_validate_req *req, struct ts_reqerr *e) {
  cJSON *root = ts_json_parse_object(body, len, e);
  int r;

  if (!root)
    return NULL;
  if (ts_json_known_fields(root, known, "", e) < 0) {
    cJSON_Delete(root);
    return NULL;
  }
  r = ts_json_get_str(root, "code", &req->code, e);
  if (r == 0)
    reqerr(e, 400, "missing_field", "field 'code' is required");
  if (r <= 0) {
    cJSON_Delete(root);
    return NULL;
  }
  return root;
}

cJSON *ts_validate_req_parse(const char *body, size_t len, struct ts_validate_req *req,
                             struct ts_reqerr *e) {
  return code_req_parse(body, len, ts_fields_execute, req, e);
}

cJSON *ts_execute_req_parse(const char *body, size_t len, const char *const known[],
                            double timeout_default, double timeout_max, long memory_default,
                            long memory_max, struct ts_execute_req *req, struct ts_reqerr *e) {
  struct ts_validate_req v;
  cJSON *root = code_req_parse(body, len, known, &v, e);

  if (!root)
    return NULL;
  req->code = v.code;
  req->timeout = timeout_default;
  req->memory_mb = memory_default;
  req->stdin_data = (struct ts_str){NULL, 0};
  if (ts_json_get_number(root, "timeout", 0.001, timeout_max, &req->timeout, e) < 0 ||
      ts_json_get_int(root, "memory_mb", 16, memory_max, &req->memory_mb, e) < 0 ||
      ts_json_get_str(root, "stdin", &req->stdin_data, e) < 0) {
    cJSON_Delete(root);
    return NULL;
  }
  return root;
}

/* ---- sessions ---- */

cJSON *ts_session_req_parse(const char *body, size_t len, double ttl_default, double ttl_max,
                            double timeout_default, double timeout_max, long memory_default,
                            long memory_max, struct ts_session_req *req, struct ts_reqerr *e) {
  cJSON *root = len == 0 ? cJSON_CreateObject() : ts_json_parse_object(body, len, e);

  if (!root) {
    if (len == 0)
      reqerr(e, 500, "internal_error", "out of memory");
    return NULL;
  }
  if (ts_json_known_fields(root, ts_fields_session, "", e) < 0) {
    cJSON_Delete(root);
    return NULL;
  }
  req->ttl = ttl_default < ttl_max ? ttl_default : ttl_max;
  req->memory_mb = memory_default;
  req->timeout = timeout_default;
  req->setup_code = (struct ts_str){NULL, 0};
  if (ts_json_get_number(root, "ttl", 1, ttl_max, &req->ttl, e) < 0 ||
      ts_json_get_int(root, "memory_mb", 16, memory_max, &req->memory_mb, e) < 0 ||
      ts_json_get_number(root, "timeout", 0.001, timeout_max, &req->timeout, e) < 0 ||
      ts_json_get_str(root, "setup_code", &req->setup_code, e) < 0) {
    cJSON_Delete(root);
    return NULL;
  }
  return root;
}

int ts_session_exec_req_check(const cJSON *root, int *commit, struct ts_reqerr *e) {
  static const char *const modes[] = {"on_success", "always", "never"};
  struct ts_str mode = {0};
  int r;

  if (field_of(root, "memory_mb")) {
    reqerr(e, 400, "invalid_field",
           "field 'memory_mb': a session's memory is set when it is created (POST /sessions)");
    return -1;
  }
  *commit = TS_REQ_COMMIT_ON_SUCCESS;
  r = ts_json_get_str(root, "commit", &mode, e);
  if (r < 0)
    return -1;
  if (r == 0)
    return 0;
  for (size_t i = 0; i < TS_ARRAY_LEN(modes); i++)
    if (mode.len == strlen(modes[i]) && strcmp(mode.s, modes[i]) == 0) {
      *commit = (int)i;
      return 0;
    }
  reqerr(e, 400, "invalid_field", "field 'commit' must be \"on_success\", \"always\" or \"never\"");
  return -1;
}

/* ---- capabilities and files ---- */

static int caps_parse(const cJSON *root, const struct ts_files_limits *lim, unsigned *caps,
                      struct ts_reqerr *e) {
  const cJSON *a = field_of(root, "capabilities"), *it;
  size_t i = 0;

  if (!a)
    return 0;
  if (!cJSON_IsArray(a)) {
    reqerr(e, 400, "invalid_field", "field 'capabilities' must be an array of strings, not %s",
           json_type_name(a));
    return -1;
  }
  cJSON_ArrayForEach(it, a) {
    if (!cJSON_IsString(it) || !it->valuestring) {
      reqerr(e, 400, "invalid_field", "capabilities[%zu] must be a string, not %s", i,
             json_type_name(it));
      return -1;
    }
    if (strcmp(it->valuestring, "files") != 0) {
      reqerr(e, 400, "invalid_field", "capabilities[%zu] is not a known capability (known: files)",
             i);
      return -1;
    }
    if (lim->max_files == 0) {
      reqerr(e, 400, "invalid_field",
             "capabilities[%zu]: the 'files' capability is off on this server", i);
      return -1;
    }
    *caps |= TS_CAP_FILES;
    i++;
  }
  return 0;
}

/* A string member of files[i], with its exact length (see
 * ts_json_get_str).  1, 0 when absent, -1 with *e. */
static int file_str(const cJSON *obj, size_t i, const char *key, struct ts_str *out,
                    struct ts_reqerr *e) {
  const cJSON *v = field_of(obj, key);
  size_t len;

  if (!v)
    return 0;
  if (!cJSON_IsString(v) || !v->valuestring) {
    reqerr(e, 400, "invalid_field", "files[%zu].%s must be a string, not %s", i, key,
           json_type_name(v));
    return -1;
  }
  len = strlen(v->valuestring);
  for (size_t k = 0; k < len; k++)
    if (v->valuestring[k] == NUL_MARK)
      v->valuestring[k] = '\0';
  out->s = v->valuestring;
  out->len = len;
  return 1;
}

/* files[i] into *f: its path checked, its content decoded. */
static int file_parse(cJSON *obj, size_t i, struct ts_job_file *f, struct ts_reqerr *e) {
  struct ts_str path = {0}, content = {0}, enc = {0};
  const char *why;
  int r;

  if (!cJSON_IsObject(obj)) {
    reqerr(e, 400, "invalid_field", "files[%zu] must be an object, not %s", i,
           json_type_name(obj));
    return -1;
  }
  {
    char where[32];
    (void)snprintf(where, sizeof where, "files[%zu].", i);
    if (ts_json_known_fields(obj, ts_fields_file, where, e) < 0)
      return -1;
  }
  r = file_str(obj, i, "path", &path, e);
  if (r == 0)
    reqerr(e, 400, "missing_field", "files[%zu].path is required", i);
  if (r <= 0)
    return -1;
  why = ts_file_path_why(path.s, path.len);
  if (why) {
    reqerr(e, 400, "invalid_field", "files[%zu].path %s", i, why);
    return -1;
  }
  if (file_str(obj, i, "encoding", &enc, e) < 0)
    return -1;
  if (enc.s && strcmp(enc.s, "utf-8") != 0 && strcmp(enc.s, "base64") != 0) {
    reqerr(e, 400, "invalid_field", "files[%zu].encoding must be \"utf-8\" or \"base64\"", i);
    return -1;
  }
  r = file_str(obj, i, "content", &content, e);
  if (r == 0)
    reqerr(e, 400, "missing_field", "files[%zu].content is required", i);
  if (r <= 0)
    return -1;
  if (enc.s && strcmp(enc.s, "base64") == 0) {
    size_t bad = 0;
    long n = ts_base64_decode(content.s, content.len, content.s, &bad);
    if (n < 0) {
      if (bad == content.len)
        reqerr(e, 400, "invalid_field",
               "files[%zu].content is not valid base64: its length is not a multiple of 4", i);
      else
        reqerr(e, 400, "invalid_field",
               "files[%zu].content is not valid base64 (at character %zu)", i, bad);
      return -1;
    }
    content.len = (size_t)n;
  }
  *f = (struct ts_job_file){path.s, path.len, content.s, content.len};
  return 0;
}

static int path_cmp(const char *a, size_t alen, const char *b, size_t blen) {
  int c = memcmp(a, b, alen < blen ? alen : blen);

  if (c)
    return c;
  return alen < blen ? -1 : alen > blen ? 1 : 0;
}

/* Sorts pointers to files by path, then by position (the first of two
 * equal paths comes first). */
static int file_ptr_cmp(const void *x, const void *y) {
  const struct ts_job_file *a = *(const struct ts_job_file *const *)x;
  const struct ts_job_file *b = *(const struct ts_job_file *const *)y;
  int c = path_cmp(a->path, a->path_len, b->path, b->path_len);

  return c ? c : a < b ? -1 : a > b ? 1 : 0;
}

/* The file whose path is exactly [p, p+n), or NULL. */
static const struct ts_job_file *find_path(const struct ts_job_file *const *sorted, size_t count,
                                           const char *p, size_t n) {
  size_t lo = 0, hi = count;

  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    int c = path_cmp(sorted[mid]->path, sorted[mid]->path_len, p, n);
    if (c == 0)
      return sorted[mid];
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return NULL;
}

/* No path twice, and no path under another file's path: each must name
 * its own place in the directory. */
static int files_distinct(const struct ts_req_files *fs, struct ts_reqerr *e) {
  /* NOLINTNEXTLINE(bugprone-sizeof-expression): an array of pointers */
  const struct ts_job_file **sorted = malloc(fs->n * sizeof *sorted);

  if (!sorted) {
    reqerr(e, 500, "internal_error", "out of memory");
    return -1;
  }
  for (size_t i = 0; i < fs->n; i++)
    sorted[i] = &fs->v[i];
  /* NOLINTNEXTLINE(bugprone-sizeof-expression): an array of pointers */
  qsort(sorted, fs->n, sizeof *sorted, file_ptr_cmp);
  for (size_t i = 1; i < fs->n; i++) {
    if (path_cmp(sorted[i - 1]->path, sorted[i - 1]->path_len, sorted[i]->path,
                 sorted[i]->path_len) == 0) {
      reqerr(e, 400, "invalid_field", "files[%zu].path repeats files[%zu].path",
             (size_t)(sorted[i] - fs->v), (size_t)(sorted[i - 1] - fs->v));
      free(sorted);
      return -1;
    }
  }
  for (size_t i = 0; i < fs->n; i++) {
    const struct ts_job_file *f = &fs->v[i], *parent;
    for (size_t k = 0; k < f->path_len; k++) {
      if (f->path[k] != '/' || !(parent = find_path(sorted, fs->n, f->path, k)))
        continue;
      reqerr(e, 400, "invalid_field",
             "files[%zu].path lies under files[%zu].path, which is a file, not a directory", i,
             (size_t)(parent - fs->v));
      free(sorted);
      return -1;
    }
  }
  free(sorted);
  return 0;
}

/* "return_files": true, false, or an array of patterns. */
static int return_parse(cJSON *root, const struct ts_files_limits *lim,
                        struct ts_req_files *files, struct ts_reqerr *e) {
  cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "return_files"), *it;
  size_t i = 0;

  if (!a || cJSON_IsNull(a) || cJSON_IsFalse(a))
    return 0;
  if (lim->max_files == 0 || lim->return_max_files == 0) {
    reqerr(e, 400, "invalid_field",
           lim->max_files == 0
               ? "field 'return_files': the 'files' capability is off on this server"
               : "field 'return_files': files back are off on this server");
    return -1;
  }
  if (cJSON_IsTrue(a)) {
    files->patterns[files->npatterns++] = "**";
    return 0;
  }
  if (!cJSON_IsArray(a)) {
    reqerr(e, 400, "invalid_field",
           "field 'return_files' must be true or an array of patterns, not %s",
           json_type_name(a));
    return -1;
  }
  cJSON_ArrayForEach(it, a) {
    const char *why;
    size_t len;
    if (i == TS_RETURN_PATTERNS_MAX) {
      reqerr(e, 400, "limit_exceeded", "field 'return_files' holds more than %d patterns",
             TS_RETURN_PATTERNS_MAX);
      return -1;
    }
    if (!cJSON_IsString(it) || !it->valuestring) {
      reqerr(e, 400, "invalid_field", "return_files[%zu] must be a string, not %s", i,
             json_type_name(it));
      return -1;
    }
    len = strlen(it->valuestring);
    for (size_t k = 0; k < len; k++)
      if (it->valuestring[k] == NUL_MARK)
        it->valuestring[k] = '\0';
    why = ts_glob_why(it->valuestring, len);
    if (why) {
      reqerr(e, 400, "invalid_field", "return_files[%zu] %s", i, why);
      return -1;
    }
    files->patterns[files->npatterns++] = it->valuestring;
    i++;
  }
  return 0;
}

/* "policy": "strict" or "standard"; absent or null, the server's. */
static int policy_parse(const cJSON *root, const struct ts_files_limits *lim, unsigned *caps,
                        struct ts_reqerr *e) {
  const cJSON *f = field_of(root, "policy");

  if (!f) {
    if (lim->standard)
      *caps |= TS_CAP_STANDARD;
    return 0;
  }
  if (!cJSON_IsString(f) || !f->valuestring) {
    reqerr(e, 400, "invalid_field", "field 'policy' must be a string, not %s",
           json_type_name(f));
    return -1;
  }
  if (strcmp(f->valuestring, TS_POLICY_STANDARD) == 0) {
    *caps |= TS_CAP_STANDARD;
    return 0;
  }
  if (strcmp(f->valuestring, TS_POLICY_STRICT) == 0)
    return 0;
  reqerr(e, 400, "invalid_field", "field 'policy' must be \"strict\" or \"standard\"");
  return -1;
}

int ts_req_caps_parse(cJSON *root, const struct ts_files_limits *lim, unsigned *caps,
                      struct ts_req_files *files, struct ts_reqerr *e) {
  cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "files"), *it;
  size_t n, i = 0;

  *caps = 0;
  memset(files, 0, sizeof *files);
  if (policy_parse(root, lim, caps, e) < 0 || caps_parse(root, lim, caps, e) < 0 ||
      return_parse(root, lim, files, e) < 0)
    return -1;
  if (files->npatterns)
    *caps |= TS_CAP_FILES;
  if (!a || cJSON_IsNull(a))
    return 0;
  if (!cJSON_IsArray(a)) {
    reqerr(e, 400, "invalid_field", "field 'files' must be an array of objects, not %s",
           json_type_name(a));
    return -1;
  }
  n = (size_t)cJSON_GetArraySize(a);
  if (n == 0)
    return 0;
  if (lim->max_files == 0) {
    reqerr(e, 400, "invalid_field", "field 'files': the 'files' capability is off on this server");
    return -1;
  }
  if (n > lim->max_files) {
    reqerr(e, 400, "limit_exceeded", "field 'files' holds %zu files; at most %zu", n,
           lim->max_files);
    return -1;
  }
  files->v = calloc(n, sizeof *files->v);
  if (!files->v) {
    reqerr(e, 500, "internal_error", "out of memory");
    return -1;
  }
  cJSON_ArrayForEach(it, a) {
    if (file_parse(it, i, &files->v[i], e) < 0)
      goto fail;
    files->bytes += files->v[i].data_len;
    if (files->bytes > lim->max_bytes) {
      reqerr(e, 400, "limit_exceeded",
             "files[%zu] brings the files to more than %zu bytes in all (decoded)", i,
             lim->max_bytes);
      goto fail;
    }
    files->n = ++i;
  }
  if (files_distinct(files, e) < 0)
    goto fail;
  *caps |= TS_CAP_FILES;
  return 0;

fail:
  ts_req_files_free(files);
  return -1;
}

void ts_req_files_free(struct ts_req_files *files) {
  free(files->v);
  memset(files, 0, sizeof *files);
}
