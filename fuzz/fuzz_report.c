/* The channels a sandbox child writes and the server reads, or the server
 * writes and the child reads (src/sandbox/proto.c).  The child runs
 * untrusted code: a compromised one may write any bytes to its report
 * pipe.
 *
 * Every input goes to both decoders:
 *  - ts_report_decode, with the default limits (no files back) and with
 *    small ones (3 bundles, 200 bytes of them, 4 files, 1000 bytes): a kind in range (NONE exactly for no bytes);
 *    ts_report_is_result holds for OK and EXCEPTION; a setup error
 *    is its record alone; strings are
 *    NUL-terminated, well-formed UTF-8 and within the caps of proto.c
 *    (type 200 bytes, message 8 KiB, traceback 64 KiB, stage 43), error
 *    fields only on an EXCEPTION, a line in [0, 1e9), a setup errno in
 *    [0, 4096), at most TS_AUDIT_MAX audit entries; a result only on a
 *    RESULT record, at most TS_OUTPUTS_MAX display bundles,
 *    each with a text/plain of at most TS_RESULT_REPR_MAX bytes, its
 *    strings well-formed UTF-8 (base64 for the images) and all of them
 *    within TS_OUTPUTS_MAX_BYTES together; files only for a job that
 *    asked, within its limits, paths the rule accepts, none twice; the
 *    streaming cursor (ts_report_next_display), fed the bytes in two
 *    steps, gives the decode's bundles in order; freeing twice is
 *    harmless; a decoded setup error encodes back to a record that
 *    decodes to the same;
 *  - ts_job_decode: on success the code, stdin and files lie inside the
 *    buffer, ts_job_file_next yields exactly nfiles files, and encoding
 *    the decoded job with ts_job_encode (its files and return patterns
 *    included) and decoding that again gives the same job. */
#include <string.h>
#include <unistd.h>

#include "fuzz.h"
#include "sandbox/proto.h"
#include "util/filepath.h"
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

static void check_setup_round_trip(const struct ts_child_report *r) {
  char buf[128];
  int p[2];
  ssize_t n;
  struct ts_child_report again;

  FUZZ_CHECK(pipe(p) == 0);
  FUZZ_CHECK(ts_report_setup_error(p[1], r->setup_stage, r->setup_errno) == 0);
  close(p[1]);
  n = read(p[0], buf, sizeof buf);
  close(p[0]);
  FUZZ_CHECK(n > 0);
  ts_report_decode(buf, (size_t)n, NULL, &again);
  FUZZ_CHECK(again.kind == TS_REPORT_SETUP_ERROR);
  FUZZ_CHECK(strcmp(again.setup_stage, r->setup_stage) == 0);
  FUZZ_CHECK(again.setup_errno == r->setup_errno);
}

/* One bundle's strings; returns their bytes. */
static size_t check_bundle(const struct ts_bundle *b) {
  size_t total = 0;

  FUZZ_CHECK(b->text[TS_MIME_PLAIN] != NULL);
  FUZZ_CHECK(b->text[TS_MIME_JSON] == NULL);
  for (int m = 0; m < TS_MIME_COUNT; m++) {
    const char *s = b->text[m];
    size_t n;
    if (!s)
      continue;
    n = strlen(s);
    check_text(s, m == TS_MIME_PLAIN ? TS_RESULT_REPR_MAX : TS_OUTPUTS_MAX_BYTES);
    if (m == TS_MIME_PNG || m == TS_MIME_JPEG)
      FUZZ_CHECK(strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=") ==
                 n);
    total += n;
  }
  return total;
}

/* The files of a decoded report: only for a job that asked for some,
 * within its limits, each path one the rule accepts, none twice. */
static void check_files(const struct ts_child_report *r, const struct ts_report_limits *lim) {
  size_t bytes = 0;

  FUZZ_CHECK(r->nfiles <= lim->files_max);
  for (size_t i = 0; i < r->nfiles; i++) {
    const struct ts_report_file *f = &r->files[i];
    FUZZ_CHECK(f->path && f->data && ts_file_path_ok(f->path, strlen(f->path)));
    FUZZ_CHECK(f->size >= f->len);
    bytes += f->len;
    for (size_t j = 0; j < i; j++)
      FUZZ_CHECK(strcmp(f->path, r->files[j].path) != 0);
  }
  FUZZ_CHECK(bytes <= lim->files_bytes);
}

/* The streaming cursor gives the same bundles, in order, as the decode
 * of a report that ends well. */
static void check_stream(const char *buf, size_t size, const struct ts_report_limits *lim,
                         const struct ts_child_report *r) {
  struct ts_report_cursor cur;
  struct ts_bundle b;
  size_t n = 0;

  memset(&cur, 0, sizeof cur);
  /* in two steps: what a first read gave, then the rest */
  while (ts_report_next_display(buf, size / 2, lim, &cur, &b) == 1) {
    n++;
    ts_bundle_free(&b);
  }
  while (ts_report_next_display(buf, size, lim, &cur, &b) == 1) {
    FUZZ_CHECK(n < lim->outputs_max);
    if (r->kind == TS_REPORT_OK || r->kind == TS_REPORT_EXCEPTION) {
      FUZZ_CHECK(n < r->noutputs);
      FUZZ_CHECK(strcmp(b.text[TS_MIME_PLAIN], r->outputs[n].text[TS_MIME_PLAIN]) == 0);
    }
    n++;
    ts_bundle_free(&b);
  }
  if (r->kind == TS_REPORT_OK || r->kind == TS_REPORT_EXCEPTION)
    FUZZ_CHECK(n == r->noutputs);
}

static void check_report(const uint8_t *data, size_t size, const struct ts_report_limits *lim) {
  const char *buf = (const char *)data;
  struct ts_child_report r;
  bool result = ts_report_is_result(buf, size);

  ts_report_decode(buf, size, lim, &r);
  FUZZ_CHECK(r.kind >= TS_REPORT_NONE && r.kind <= TS_REPORT_EXCEPTION);
  FUZZ_CHECK((r.kind == TS_REPORT_NONE) == (size == 0));
  /* (is_result looks at the records alone, not into their JSON; a report
   * with an ENDS record is whole but not one to take before the exit) */
  if (r.kind == TS_REPORT_OK || r.kind == TS_REPORT_EXCEPTION)
    FUZZ_CHECK(result == !r.ends);
  check_text(r.type, 200);
  check_text(r.message, 8192);
  check_text(r.traceback, 65536);
  check_text(r.setup_stage, sizeof r.setup_stage - 1);
  FUZZ_CHECK(r.line >= 0 && r.line < 1000000000L);
  FUZZ_CHECK(r.setup_errno >= 0 && r.setup_errno < 4096);
  FUZZ_CHECK(r.naudit <= TS_AUDIT_MAX);
  for (size_t i = 0; i < r.naudit; i++) {
    check_text(r.audit[i].event, 64);
    check_text(r.audit[i].detail, 200);
  }
  if (r.kind != TS_REPORT_EXCEPTION)
    FUZZ_CHECK(!r.type && !r.message && !r.traceback && r.line == 0);
  FUZZ_CHECK(r.noutputs <= lim->outputs_max);
  if (!result && !r.ends)
    FUZZ_CHECK(!r.result);
  if (r.kind == TS_REPORT_SETUP_ERROR)
    FUZZ_CHECK(r.noutputs == 0 && r.nfiles == 0 && size == sizeof(struct ts_rec_hdr) +
                                                               sizeof(struct ts_setup_error));
  {
    size_t bytes = 0;
    for (size_t i = 0; i < r.noutputs; i++)
      bytes += check_bundle(&r.outputs[i]);
    if (r.result) {
      check_text(r.result->type, 200);
      check_text(r.result->repr, TS_RESULT_REPR_MAX);
      FUZZ_CHECK(r.result->type && r.result->repr);
      if (r.result->has_data)
        bytes += check_bundle(&r.result->data);
    }
    FUZZ_CHECK(bytes <= lim->outputs_bytes);
  }
  check_files(&r, lim);
  check_stream(buf, size, lim, &r);
  if (r.kind == TS_REPORT_SETUP_ERROR)
    check_setup_round_trip(&r);
  ts_child_report_free(&r);
  FUZZ_CHECK(!r.type && r.naudit == 0 && !r.result && !r.outputs && r.noutputs == 0 && !r.files &&
             r.nfiles == 0);
  ts_child_report_free(&r); /* freeing twice is harmless */
}

static bool inside(const uint8_t *data, size_t size, const char *p, size_t n) {
  const char *b = (const char *)data;
  return p >= b && p <= b + size && n <= (size_t)(b + size - p);
}

/* The files of a decoded job: inside the buffer, exactly nfiles of them,
 * and they survive an encoding and a decoding. */
static void check_job_files(const uint8_t *data, size_t size, const struct ts_job *job) {
  struct ts_job_file *files = calloc(job->nfiles + 1, sizeof *files), f;
  struct ts_job copy = *job, again;
  size_t off = 0, n = 0, len;
  ts_err err;
  char *enc;

  FUZZ_CHECK(files != NULL);
  FUZZ_CHECK(job->files == NULL);
  FUZZ_CHECK(job->nfiles == 0 || inside(data, size, job->files_rec, job->files_rec_len));
  while (ts_job_file_next(job, &off, &f) == 1) {
    FUZZ_CHECK(n < job->nfiles);
    FUZZ_CHECK(inside(data, size, f.path, f.path_len) && inside(data, size, f.data, f.data_len));
    files[n++] = f;
  }
  FUZZ_CHECK(n == job->nfiles);
  copy.files = files;
  enc = ts_job_encode(&copy, &len, &err);
  FUZZ_CHECK(enc != NULL);
  FUZZ_CHECK(ts_job_decode(enc, len, &again) == 0);
  FUZZ_CHECK(again.nfiles == n);
  off = 0;
  for (size_t i = 0; i < n; i++) {
    FUZZ_CHECK(ts_job_file_next(&again, &off, &f) == 1);
    FUZZ_CHECK(f.path_len == files[i].path_len && f.data_len == files[i].data_len);
    FUZZ_CHECK(memcmp(f.path, files[i].path, f.path_len) == 0);
    FUZZ_CHECK(f.data_len == 0 || memcmp(f.data, files[i].data, f.data_len) == 0);
  }
  FUZZ_CHECK(ts_job_file_next(&again, &off, &f) == 0);
  free(enc);
  free(files);
}

/* The patterns of a decoded job: inside the buffer, NUL-ended, exactly
 * npatterns of them, and they survive an encoding and a decoding. */
static void check_job_patterns(const uint8_t *data, size_t size, const struct ts_job *job) {
  const char *pats[TS_RETURN_PATTERNS_MAX], *p;
  struct ts_job copy = *job, again;
  size_t off = 0, n = 0, len, plen;
  ts_err err;
  char *enc;

  FUZZ_CHECK(job->npatterns <= TS_RETURN_PATTERNS_MAX);
  while (ts_job_pattern_next(job, &off, &p, &plen) == 1) {
    FUZZ_CHECK(n < job->npatterns);
    FUZZ_CHECK(inside(data, size, p, plen + 1) && p[plen] == '\0');
    pats[n++] = p;
  }
  FUZZ_CHECK(n == job->npatterns);
  if (n == 0)
    return;
  copy.files = NULL;
  copy.nfiles = 0;
  copy.patterns = pats;
  enc = ts_job_encode(&copy, &len, &err);
  FUZZ_CHECK(enc != NULL);
  FUZZ_CHECK(ts_job_decode(enc, len, &again) == 0);
  FUZZ_CHECK(again.npatterns == n && again.ret.max_files == job->ret.max_files &&
             again.ret.max_bytes == job->ret.max_bytes);
  off = 0;
  for (size_t i = 0; i < n; i++) {
    FUZZ_CHECK(ts_job_pattern_next(&again, &off, &p, &plen) == 1);
    FUZZ_CHECK(strcmp(p, pats[i]) == 0);
  }
  free(enc);
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

  check_job_files(data, size, &job);
  check_job_patterns(data, size, &job);

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
  static const struct ts_report_limits defaults = TS_REPORT_LIMITS_DEFAULT;
  static const struct ts_report_limits small = {3, 200, 4, 1000};

  check_report(data, size, &defaults);
  check_report(data, size, &small);
  check_job(data, size);
  return 0;
}
