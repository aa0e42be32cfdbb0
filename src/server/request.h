/* Decoding of JSON request bodies.  Pure code: no I/O, no Python; this is
 * what the request-body fuzzer drives. */
#ifndef TS_REQUEST_H
#define TS_REQUEST_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "sandbox/proto.h"

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

/* The fields each JSON body may hold, NULL-terminated.  Anything else is
 * refused, never ignored: a typo ("tiemout") would otherwise run with the
 * default, and a gateway that checks a body would read other fields than
 * the service.  /validate takes what /execute takes (a firewall posts the
 * same body to both) and ignores what cannot change its answer. */
extern const char *const ts_fields_execute[];
extern const char *const ts_fields_session[];
extern const char *const ts_fields_session_exec[];
extern const char *const ts_fields_file[];

/* The name of obj's first member not in `known`, or NULL. */
const char *ts_json_first_unknown(const cJSON *obj, const char *const known[]);

/* 0 when every member of obj is in `known`; else -1 with *e a 400
 * "unknown_field" naming the first other one (`where` prefixes it: "" or
 * "files[2]."). */
int ts_json_known_fields(const cJSON *obj, const char *const known[], const char *where,
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
/* known: ts_fields_execute, or ts_fields_session_exec for a session's call */
cJSON *ts_execute_req_parse(const char *body, size_t len, const char *const known[],
                            double timeout_default, double timeout_max, long memory_default,
                            long memory_max, struct ts_execute_req *req, struct ts_reqerr *e);

/* POST /sessions: every field is optional, and so is the body (none is
 * {}).  setup_code runs as the session's first call, with `timeout`. */
struct ts_session_req {
  double ttl; /* idle seconds */
  long memory_mb;
  double timeout;           /* of setup_code */
  struct ts_str setup_code; /* s == NULL when absent */
};
cJSON *ts_session_req_parse(const char *body, size_t len, double ttl_default, double ttl_max,
                            double timeout_default, double timeout_max, long memory_default,
                            long memory_max, struct ts_session_req *req, struct ts_reqerr *e);

/* "commit" of POST /sessions/{id}/execute (a body ts_execute_req_parse
 * read with ts_fields_session_exec): TS_REQ_COMMIT_* (the order of
 * exec/executor.h's enum ts_commit), ON_SUCCESS when absent.  Also
 * refuses what a session's call cannot take: memory_mb (the session's,
 * set at its creation), files, return_files and capabilities (no files in
 * sessions yet).  0, or -1 with *e. */
enum { TS_REQ_COMMIT_ON_SUCCESS, TS_REQ_COMMIT_ALWAYS, TS_REQ_COMMIT_NEVER };
int ts_session_exec_req_check(const cJSON *root, int *commit, struct ts_reqerr *e);

/* Capabilities, on /validate and /execute alike, so that the firewall and
 * the executor agree: "capabilities": ["files"] asks for one, and a
 * non-empty "files" array implies "files".  Under "files" the validator's
 * policy lets `open` through, and the runtime gives the snippet an `open`
 * confined to its working directory. */
#define TS_CAP_FILES 0x1u
/* "policy": "standard" (or the server's --policy when the request names
 * none): the validator judges with the standard policy, and the runtime
 * gives the snippet its safe views (TS_JOB_F_STANDARD). */
#define TS_CAP_STANDARD 0x2u

struct ts_files_limits {
  size_t max_files; /* 0: the files capability is off */
  size_t max_bytes; /* decoded, in all */
  size_t return_max_files; /* 0: return_files is off */
  bool standard;           /* the server's policy is standard (--policy) */
};

/* The files of a request: "files": [{"path", "content", "encoding"}].
 * Each path passes ts_file_path_ok, none repeats another or lies under
 * another (a file cannot be a directory too), and base64 content is
 * decoded in place: `v` points into the cJSON tree, only the array is the
 * caller's (ts_req_files_free). */
struct ts_req_files {
  struct ts_job_file *v;
  size_t n;
  size_t bytes; /* decoded, in all */
  /* "return_files": true (one pattern, "**"), or the patterns given, each
   * one ts_glob_why accepts; strings of the cJSON tree */
  const char *patterns[TS_RETURN_PATTERNS_MAX];
  size_t npatterns;
};

/* Reads "policy", "capabilities", "files" and "return_files" of a parsed /validate
 * or /execute body into *caps (TS_CAP_*) and *files; files or
 * return_files imply the files capability.  Returns 0, or -1 with *e filled (a
 * 400 naming the field: capabilities[1], files[3].path, ...) and nothing
 * to free. */
int ts_req_caps_parse(cJSON *root, const struct ts_files_limits *lim, unsigned *caps,
                      struct ts_req_files *files, struct ts_reqerr *e);
void ts_req_files_free(struct ts_req_files *files);

#endif
