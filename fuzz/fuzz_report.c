/* The channels a sandbox child writes and the server reads, or the server
 * writes and the child reads (src/sandbox/job.c).  The child runs untrusted code:
 * a compromised one may write any bytes to its result pipe.
 *
 * Every input goes to all three decoders:
 *  - ts_child_report_parse: -1 leaves the report empty; 0 gives strings
 *    that are NUL-terminated, well-formed UTF-8 and within the caps of
 *    job.c (type and stage 200 bytes, message 8 KiB, traceback 64 KiB),
 *    a line in [0, 1e9) and a setup errno in [0, 4096);
 *  - ts_child_report_complete: true only for what ts_child_report_parse
 *    also accepts, with an "error" member and no setup error;
 *  - ts_job_decode: on success the code and stdin lie inside the buffer,
 *    and encoding the decoded job with ts_job_encode and decoding that
 *    again gives the same job. */
#include <string.h>

#include "fuzz.h"
#include "sandbox/job.h"
#include "util/utf8.h"

static void check_text(const char *s, size_t cap) {
  size_t n;

  if (!s)
    return;
  n = strlen(s);
  FUZZ_CHECK(n <= cap);
  FUZZ_CHECK(ts_utf8_valid(s, n));
  FUZZ_CHECK(fuzz_utf8_prefix((const uint8_t *)s, n) == n);
}

static void check_report(const uint8_t *data, size_t size) {
  const char *buf = (const char *)data;
  struct ts_child_report r, zero;
  int rc = ts_child_report_parse(buf, size, &r);
  bool complete = ts_child_report_complete(buf, size);

  memset(&zero, 0, sizeof zero);
  FUZZ_CHECK(rc == 0 || rc == -1);
  if (rc < 0) {
    FUZZ_CHECK(memcmp(&r, &zero, sizeof r) == 0);
    FUZZ_CHECK(!complete);
  }
  check_text(r.type, 200);
  check_text(r.message, 8192);
  check_text(r.traceback, 65536);
  check_text(r.setup_stage, 200);
  FUZZ_CHECK(r.line >= 0 && r.line < 1000000000L);
  FUZZ_CHECK(r.setup_errno >= 0 && r.setup_errno < 4096);
  if (!r.has_error)
    FUZZ_CHECK(!r.type && !r.message && !r.traceback && r.line == 0);
  if (complete)
    FUZZ_CHECK(rc == 0 && !r.setup_stage);
  ts_child_report_free(&r);
  FUZZ_CHECK(memcmp(&r, &zero, sizeof r) == 0);
  ts_child_report_free(&r); /* freeing twice is harmless */
}

static bool inside(const uint8_t *data, size_t size, const char *p, size_t n) {
  const char *b = (const char *)data;
  return p >= b && p <= b + size && n <= (size_t)(b + size - p);
}

static void check_job(const uint8_t *data, size_t size) {
  struct ts_job job, again;
  size_t len;
  ts_err err;
  char *enc;

  if (ts_job_decode((const char *)data, size, &job) < 0)
    return;
  FUZZ_CHECK(size >= 4 && memcmp(data, TS_JOB_MAGIC, 4) == 0);
  FUZZ_CHECK(job.code != NULL && inside(data, size, job.code, job.code_len));
  if (job.stdin_data)
    FUZZ_CHECK(inside(data, size, job.stdin_data, job.stdin_len));
  else
    FUZZ_CHECK(job.stdin_len == 0);

  enc = ts_job_encode(&job, &len, &err);
  FUZZ_CHECK(enc != NULL);
  FUZZ_CHECK(len == 4 + 8 + sizeof job.limits + 8 + job.code_len +
                        (job.stdin_data ? 8 + job.stdin_len : 0));
  FUZZ_CHECK(ts_job_decode(enc, len, &again) == 0);
  FUZZ_CHECK(again.code_len == job.code_len &&
             memcmp(again.code, job.code, job.code_len) == 0);
  FUZZ_CHECK((again.stdin_data != NULL) == (job.stdin_data != NULL));
  FUZZ_CHECK(again.stdin_len == job.stdin_len &&
             (!job.stdin_len || memcmp(again.stdin_data, job.stdin_data, job.stdin_len) == 0));
  FUZZ_CHECK(memcmp(&again.limits, &job.limits, sizeof job.limits) == 0);
  free(enc);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  check_report(data, size);
  check_job(data, size);
  return 0;
}
