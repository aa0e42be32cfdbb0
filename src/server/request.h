/* Decoding of JSON request bodies.  Pure code: no I/O, no Python; this is
 * what the request-body fuzzer drives. */
#ifndef TS_REQUEST_H
#define TS_REQUEST_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

/* A client error: HTTP status, stable machine code and a message that
 * names the offending field. */
struct ts_reqerr {
  int status;
  const char *code; /* "invalid_json", "invalid_field", "missing_field", ... */
  char message[200];
};

/* A string field decoded exactly: `len` counts bytes and the text may hold
 * NUL characters (JSON "\u0000").  Always NUL-terminated as well. */
struct ts_str {
  char *s;
  size_t len;
};

/* Parses `body` (`len` bytes, not NUL-terminated) as a JSON object.  The
 * body must be UTF-8.  Returns the root, to be released with cJSON_Delete,
 * or NULL with *e filled. */
cJSON *ts_json_parse_object(const char *body, size_t len, struct ts_reqerr *e);

/* Field accessors.  Each returns 1 when present and well-typed, 0 when
 * absent (or JSON null), -1 with *e filled when of the wrong type or out of
 * range.  A string's buffer belongs to the cJSON tree. */
int ts_json_get_str(const cJSON *obj, const char *field, struct ts_str *out,
                    struct ts_reqerr *e);
int ts_json_get_number(const cJSON *obj, const char *field, double min,
                       double max, double *out, struct ts_reqerr *e);
int ts_json_get_int(const cJSON *obj, const char *field, long min, long max,
                    long *out, struct ts_reqerr *e);
int ts_json_get_bool(const cJSON *obj, const char *field, bool *out,
                     struct ts_reqerr *e);

/* POST /validate */
struct ts_validate_req {
  struct ts_str code;
};
/* Returns the parsed tree (owner of the strings in *req) or NULL with *e. */
cJSON *ts_validate_req_parse(const char *body, size_t len,
                             struct ts_validate_req *req, struct ts_reqerr *e);

/* POST /execute.  Limits come from the configuration: a value above a
 * maximum is refused (400 limit_exceeded), never silently clamped. */
struct ts_execute_req {
  struct ts_str code;
  struct ts_str stdin_data; /* s == NULL when absent */
  double timeout;           /* seconds */
  long memory_mb;
};
cJSON *ts_execute_req_parse(const char *body, size_t len, double timeout_default,
                            double timeout_max, long memory_default, long memory_max,
                            struct ts_execute_req *req, struct ts_reqerr *e);

#endif
