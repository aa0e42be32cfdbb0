/* The static validator (src/policy/validator.c): any bytes as Python source, parsed
 * by the embedded CPython and walked under the default policy.
 *
 * Properties checked beyond "no crash, no leak, no UB":
 *  - ts_validate never fails internally on any input (bad code is a
 *    violation, not an error);
 *  - valid == (no violation); at most TS_VALIDATE_MAX_VIOLATIONS + 1
 *    entries, the last one then "too-many-violations";
 *  - every violation has a known rule, a message, and a position inside
 *    the source: 1 <= line <= lines, 1 <= col <= code points of the line
 *    + 1, and an end that does not come before the start;
 *  - a NUL byte or malformed UTF-8 is reported as that and nothing else;
 *  - the JSON form of the result is produced and is valid JSON.
 *
 * CPython is initialised once and never finalised: its allocations are
 * suppressed by tests/lsan.supp (scripts/fuzz.sh sets LSAN_OPTIONS), ours
 * are still checked for leaks. */
#include <string.h>

#include "fuzz.h"
#include "policy/validator.h"
#include "util/pyembed.h"

static struct ts_policy policy;

static const char *const rules[] = {
    "null-byte",     "encoding",          "syntax-error",      "too-complex",  "import-banned",
    "import-not-allowed", "import-relative", "import-star",     "banned-name",  "dunder",
    "private-attribute",  "internal-attribute", "too-many-violations",
};

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  ts_err err;

  (void)argc;
  (void)argv;
  if (ts_python_init(NULL, &err) < 0 || ts_policy_init_default(&policy, &err) < 0) {
    fprintf(stderr, "fuzz_validator: %s\n", err.msg);
    exit(1);
  }
  return 0;
}

/* Byte offsets of the line starts, ending lines at \n, \r\n and \r as
 * CPython does; returns the number of lines. */
static size_t index_lines(const uint8_t *s, size_t n, size_t *starts) {
  size_t k = 1;

  starts[0] = 0;
  for (size_t i = 0; i < n; i++) {
    if (s[i] != '\n' && s[i] != '\r')
      continue;
    if (s[i] == '\r' && i + 1 < n && s[i + 1] == '\n')
      i++;
    starts[k++] = i + 1;
  }
  return k;
}

/* Code points on line `line` (1-based), terminator excluded. */
static int line_cps(const uint8_t *s, size_t n, const size_t *starts, int line) {
  int cps = 0;

  for (size_t i = starts[line - 1]; i < n && s[i] != '\n' && s[i] != '\r'; i++)
    cps += (s[i] & 0xC0) != 0x80;
  return cps;
}

static bool known_rule(const char *r) {
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
    if (strcmp(r, rules[i]) == 0)
      return true;
  return false;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  const char *code = (const char *)data;
  struct ts_validation v;
  size_t *starts, nlines;
  bool has_nul = memchr(data, '\0', size) != NULL;
  bool utf8 = fuzz_utf8_prefix(data, size) == size;
  ts_err err;
  cJSON *json;
  char *text;

  FUZZ_CHECK(ts_validate(&policy, code, size, &v, &err) == 0);

  FUZZ_CHECK(v.valid == (v.n == 0));
  FUZZ_CHECK(v.n <= TS_VALIDATE_MAX_VIOLATIONS + 1);
  if (v.n == TS_VALIDATE_MAX_VIOLATIONS + 1)
    FUZZ_CHECK(strcmp(v.v[v.n - 1].rule, "too-many-violations") == 0);
  if (has_nul || !utf8) {
    FUZZ_CHECK(v.n == 1);
    FUZZ_CHECK(strcmp(v.v[0].rule, has_nul ? "null-byte" : "encoding") == 0);
  }

  starts = malloc((size + 1) * sizeof *starts);
  FUZZ_CHECK(starts != NULL);
  nlines = index_lines(data, size, starts);
  for (size_t i = 0; i < v.n; i++) {
    const struct ts_violation *x = &v.v[i];
    FUZZ_CHECK(memchr(x->rule, '\0', sizeof x->rule) != NULL);
    FUZZ_CHECK(known_rule(x->rule));
    FUZZ_CHECK(x->message != NULL && x->message[0] != '\0');
    FUZZ_CHECK(x->line >= 1 && (size_t)x->line <= nlines);
    FUZZ_CHECK(x->end_line >= x->line && (size_t)x->end_line <= nlines);
    FUZZ_CHECK(x->col >= 1 && x->col <= line_cps(data, size, starts, x->line) + 1);
    /* one past the column, which may itself be one past the line */
    FUZZ_CHECK(x->end_col >= 1 && x->end_col <= line_cps(data, size, starts, x->end_line) + 2);
    if (x->end_line == x->line)
      FUZZ_CHECK(x->end_col >= x->col);
  }
  free(starts);

  json = ts_validation_to_json(&v);
  FUZZ_CHECK(json != NULL);
  text = cJSON_PrintUnformatted(json);
  FUZZ_CHECK(text != NULL);
  cJSON_Delete(json);
  json = cJSON_Parse(text);
  FUZZ_CHECK(json != NULL);
  FUZZ_CHECK(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(json, "violations")) == (int)v.n);
  cJSON_Delete(json);
  free(text);

  ts_validation_free(&v);
  return 0;
}
