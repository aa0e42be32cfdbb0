/* Static validation of a snippet with CPython's own parser.
 *
 * Lifecycle: ts_python_init() once in the process, then ts_validate() from
 * any thread; each call takes the GIL only while parsing and walking. */
#ifndef TS_VALIDATOR_H
#define TS_VALIDATOR_H

#include <stdbool.h>
#include <stddef.h>

#include <cjson/cJSON.h>

#include "policy/policy.h"
#include "util/common.h"

/* Rule ids (part of the API): null-byte, encoding, syntax-error,
 * too-complex, import-banned, import-not-allowed, import-relative,
 * import-star, banned-name, dunder, private-attribute, internal-attribute,
 * view-member (standard policy), too-many-violations. */
struct ts_violation {
  char rule[32];     /* "syntax-error", "import-banned", ... */
  char *message;     /* owned */
  char *name;        /* offending module/name/attribute, owned, may be NULL */
  int line, col;     /* 1-based; col counts code points */
  int end_line, end_col; /* end_col is exclusive, 1-based */
};

/* What the snippet's last top-level statement is, from the same parse:
 * the executor then knows, without parsing again, whether the snippet has
 * a value to return (exec/executor.h: TS_JOB_F_LAST_*). */
enum ts_last_stmt {
  TS_LAST_OTHER,    /* none, or not an expression statement */
  TS_LAST_EXPR,     /* an expression statement */
  TS_LAST_CONSTANT, /* one the compiler may fold into a constant (and drop) */
};

struct ts_validation {
  bool valid;
  struct ts_violation *v; /* owned */
  size_t n;
  enum ts_last_stmt last;
};

/* Limits that keep parsing bounded. */
#define TS_VALIDATE_MAX_DEPTH 1000      /* AST nesting depth walked */
#define TS_VALIDATE_MAX_VIOLATIONS 100  /* more are summarised in one */

/* Parses `code` (UTF-8, `len` bytes, may contain NUL which is a violation)
 * exactly as the executor will compile it and reports every violation of
 * `policy`.  Returns 0 and fills *out (caller frees with
 * ts_validation_free), or -1 with *err set on an internal failure (not on
 * bad code: bad code is a violation). */
int ts_validate(const struct ts_policy *policy, const char *code, size_t len,
                struct ts_validation *out, ts_err *err);
void ts_validation_free(struct ts_validation *v);

/* {"valid": bool, "violations": [{rule,message,line,col,end_line,end_col,name}]} */
cJSON *ts_validation_to_json(const struct ts_validation *v);

#endif
