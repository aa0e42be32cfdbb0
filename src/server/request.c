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

#include "server/request.h"
#include "util/common.h"
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
  if (!cJSON_IsNumber(v) || !isfinite(v->valuedouble)) {
    reqerr(e, 400, "invalid_field", "field '%s' must be a number, not %s", field,
           json_type_name(v));
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
  if (!cJSON_IsNumber(v) || v->valuedouble != floor(v->valuedouble) ||
      !isfinite(v->valuedouble)) {
    reqerr(e, 400, "invalid_field", "field '%s' must be an integer", field);
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

cJSON *ts_validate_req_parse(const char *body, size_t len,
                             struct ts_validate_req *req, struct ts_reqerr *e) {
  cJSON *root = ts_json_parse_object(body, len, e);
  int r;

  if (!root)
    return NULL;
  r = ts_json_get_str(root, "code", &req->code, e);
  if (r == 0)
    reqerr(e, 400, "missing_field", "field 'code' is required");
  if (r <= 0) {
    cJSON_Delete(root);
    return NULL;
  }
  return root;
}

cJSON *ts_execute_req_parse(const char *body, size_t len, double timeout_default,
                            double timeout_max, long memory_default, long memory_max,
                            struct ts_execute_req *req, struct ts_reqerr *e) {
  struct ts_validate_req v;
  cJSON *root = ts_validate_req_parse(body, len, &v, e);

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
