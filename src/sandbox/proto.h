/* The wire protocol between the server, the zygote and a sandbox child:
 * every message any of them sends another is defined, encoded and decoded
 * here, and nowhere else.
 *
 *   server --READY (once)------------------- zygote      control socket,
 *   server --SPAWN request (+4 fds)--------> zygote      SOCK_SEQPACKET:
 *   server <-SPAWN reply (+pidfd)----------- zygote      fixed structs
 *   server --job: magic + records----------> child       job pipe
 *   server <-report: records---------------- child       report pipe
 *   server <-stdout, stderr: plain bytes---- child       capture pipes
 *
 * The zygote never reads a job: the child gets the read end of its job
 * pipe with the spawn request.  The job and the report are sequences of
 * records (type, length, bytes), so both can grow: a reader skips job
 * record types it does not know.
 *
 * The child's report is a short sequence of records that ends with its
 * last act before it closes its pipes: either SETUP_ERROR alone (which
 * step of the setup failed, and its errno), or DISPLAY records (one per
 * display() bundle, written as the snippet makes them, so the server can
 * stream them), at most one FILES record (the files the job asked back),
 * and then RESULT_OK (the snippet ended cleanly) or RESULT_EXCEPTION (it
 * raised), the last two with the runner's JSON (the error payload, the
 * audit trace, the result).  A compromised child may write anything to the
 * report pipe, so the server reads at most ts_report_cap() bytes (past
 * that it kills the child), takes the report for what it is, plain data
 * bounded and repaired to UTF-8, and decides nothing from it but what the
 * outcome function (src/exec/outcome.h) allows. */
#ifndef TS_PROTO_H
#define TS_PROTO_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "util/common.h"

/* ---- control socket: server <-> zygote ---- */

#define TS_PROTO_MAGIC 0x54535350u /* "TSSP" */

/* READY: the zygote's first message, once Python and the sandbox root are
 * set up (err 0), or why it could not start (err -1, msg). */
struct ts_zygote_ready {
  uint32_t magic;
  int32_t err;
  char msg[256];
};

/* SPAWN request, with SCM_RIGHTS fds in this order: job pipe read end,
 * stdout write end, stderr write end, report write end.  The limits are
 * the largest any job may get; the child lowers them to its own job's
 * once it has read it. */
#define TS_SPAWN_NFDS 4

struct ts_spawn_req {
  uint32_t magic;
  uint32_t flags;
  uint64_t job_id;
  uint32_t memory_mb;
  uint32_t cpu_seconds;
};

/* SPAWN reply; a pidfd rides along when err == 0. */
struct ts_spawn_resp {
  uint32_t magic;
  int32_t err; /* errno of the failed clone, 0 on success */
  uint64_t job_id;
  int32_t pid;
  uint32_t pad;
};

/* One datagram on a SOCK_SEQPACKET socket with up to TS_MAX_FDS descriptors
 * passed along (SCM_RIGHTS).  ts_send_fds returns 0 or -1 (errno set).
 * ts_recv_fds returns the datagram's size (0 at EOF, -1 on error) and sets
 * *nfds to the number of descriptors received, which arrive close-on-exec;
 * descriptors beyond `max_fds` are closed. */
#define TS_MAX_FDS 8
int ts_send_fds(int sock, const void *data, size_t len, const int *fds, size_t nfds);
ssize_t ts_recv_fds(int sock, void *data, size_t len, int *fds, size_t max_fds,
                    size_t *nfds, int flags);

/* ---- job: server -> child ---- */

#define TS_JOB_MAGIC "TSJ1"
#define TS_JOB_MAX_RECORD ((size_t)16 * 1024 * 1024)

enum ts_job_record {
  TS_JOB_CODE = 1,   /* UTF-8 source */
  TS_JOB_STDIN = 2,  /* bytes served as sys.stdin */
  TS_JOB_LIMITS = 3, /* struct ts_job_limits */
  TS_JOB_FILES = 4,  /* the files to write before the snippet runs: see below */
  TS_JOB_RETURN = 5, /* which files to send back after it ran: see below */
};

struct ts_job_limits {
  uint32_t memory_mb;   /* address space on top of the interpreter's own */
  uint32_t cpu_seconds; /* RLIMIT_CPU for the job itself */
  uint32_t flags;       /* TS_JOB_F_* */
};

#define TS_JOB_F_RAW 0x1u /* tests only: no builtins whitelist, no import hook */
/* The "files" capability: the runtime layer offers an `open` confined to
 * the working directory, and its audit hook lets such opens through. */
#define TS_JOB_F_FILES 0x2u
/* The server's parse of the same source found the last top-level statement
 * to be an expression (LAST_EXPR), or a constant one (LAST_CONST): its
 * value is the result.  Without either, nothing is returned. */
#define TS_JOB_F_LAST_EXPR 0x4u
#define TS_JOB_F_LAST_CONST 0x8u
/* A session's query (GET /sessions/{id}): no snippet; the call lists the
 * state's top-level variables, in C, and ends (child.c: list_variables). */
#define TS_JOB_F_QUERY 0x10u
/* A session's call, its commit mode (enum ts_commit): "never" (the call
 * never becomes the state) or "always" (a call that raised may).  The
 * call keeps its working directory (sandbox/snapshot.h) only when it may
 * become the state; the server decides either way. */
#define TS_JOB_F_COMMIT_NEVER 0x20u
#define TS_JOB_F_COMMIT_ALWAYS 0x40u
/* The standard policy: the runtime layer adds its safe views (runner.py:
 * grant("standard")) to the snippet's builtins and modules. */
#define TS_JOB_F_STANDARD 0x80u
/* A job's working directory: its current directory, the private tmpfs
 * that child.c mounts in step 3, where its files are written. */
#define TS_WORKDIR "/tmp"

/* One file of a FILES record.  The record's payload is a uint32 count,
 * then per file a uint32 path length, a uint32 content length, the path
 * and the content.  Paths are checked by the server and again by the
 * child (util/filepath.h) before anything is written. */
struct ts_job_file {
  const char *path;
  size_t path_len;
  const char *data;
  size_t data_len;
};

/* The RETURN record: struct ts_job_return, then `npatterns` patterns
 * (util/filepath.h: ts_glob_match), each ended by a NUL.  After the
 * snippet ran, the child sends back (a FILES report record) the regular
 * files of its working directory that a pattern matches and that it did
 * not get unchanged in the job, at most `max_files` of them (the first in
 * byte order of their paths) and `max_bytes` of content together: a file
 * past what is left is cut, and says how large it was. */
struct ts_job_return {
  uint32_t max_files;
  uint32_t npatterns;
  uint64_t max_bytes;
};
#define TS_RETURN_PATTERNS_MAX 16

struct ts_job {
  const char *code; /* points into the decoded buffer */
  size_t code_len;
  const char *stdin_data;
  size_t stdin_len;
  struct ts_job_limits limits;
  /* ts_job_encode: `nfiles` files at `files` (a FILES record when nfiles
   * > 0).  ts_job_decode: files is NULL, nfiles the count, and files_rec
   * the FILES record's payload, read with ts_job_file_next. */
  const struct ts_job_file *files;
  size_t nfiles;
  const char *files_rec;
  size_t files_rec_len;
  /* ts_job_encode: `npatterns` patterns at `patterns` (a RETURN record
   * with `ret` when npatterns > 0).  ts_job_decode: patterns is NULL,
   * npatterns the count, and patterns_rec the patterns' NUL-ended bytes,
   * read with ts_job_pattern_next. */
  struct ts_job_return ret;
  const char *const *patterns;
  size_t npatterns;
  const char *patterns_rec;
  size_t patterns_rec_len;
};

/* Encodes a job into a new buffer (caller frees).  Returns NULL with *err
 * set. */
char *ts_job_encode(const struct ts_job *job, size_t *len, ts_err *err);
/* Decodes buf (kept alive by the caller) into *job.  Unknown records are
 * skipped; malformed input returns -1. */
int ts_job_decode(const char *buf, size_t len, struct ts_job *job);
/* The next file of a decoded job: *off starts at 0.  Returns 1 with *f
 * filled (pointing into the job's buffer), 0 after the last one. */
int ts_job_file_next(const struct ts_job *job, size_t *off, struct ts_job_file *f);
/* The next pattern of a decoded job: *off starts at 0.  Returns 1 with
 * *p and *len set (a NUL follows), 0 after the last one. */
int ts_job_pattern_next(const struct ts_job *job, size_t *off, const char **p, size_t *len);

/* ---- report: child -> server ---- */

/* Exit codes of a child, chosen to stay apart from what user code returns
 * through SystemExit.  The child's word, like its report. */
#define TS_EXIT_OK 0
#define TS_EXIT_ERROR 1   /* the snippet raised */
#define TS_EXIT_SETUP 125 /* a sandbox setup step failed */

enum ts_report_record {
  TS_REC_SETUP_ERROR = 1,     /* struct ts_setup_error */
  TS_REC_RESULT_OK = 2,       /* runner JSON: {"error": null, "audit": [...], ...} */
  TS_REC_RESULT_EXCEPTION = 3, /* runner JSON: {"error": {...}, "audit": [...], ...} */
  TS_REC_DISPLAY = 4,         /* runner JSON: one bundle, {MIME type: value, ...} */
  TS_REC_FILES = 5,           /* the files sent back: see below */
  /* No payload.  A session's call that ends after its report (it cannot
   * be the session's state: its globals were freed, or its working
   * directory could not be kept) says so before its RESULT record, so
   * that the server waits for its exit instead of taking the closed
   * pipes for a call waiting to be committed. */
  TS_REC_ENDS = 6,
};
/* Besides "error" and "audit", a RESULT record may hold "result" (the
 * value of the snippet's last expression: {"type", "repr",
 * "repr_truncated", "json"?, "data"?}) and "outputs_dropped" (display
 * bundles the runner left out); a session's query's, "variables" ([{"name",
 * "type"}], at most TS_VARS_MAX, sorted by name) and "variables_dropped".
 *
 * A FILES record: struct ts_files_hdr, then per file a struct
 * ts_file_hdr, its path and `len` bytes of its content (of `size`). */
struct ts_files_hdr {
  uint32_t count;
  uint32_t dropped; /* files that matched past max_files */
};
struct ts_file_hdr {
  uint64_t size; /* the file's size; more than len when it was cut */
  uint32_t path_len;
  uint32_t len;
};
/* The entries a child looks at when it collects files back
 * (sandbox/files.c), and so the most it may say it left out. */
#define TS_COLLECT_MAX 4096
/* The records of one report, at most (TS_OUTPUTS_LIMIT bundles, a FILES
 * record, the last one): a child that writes more is malformed. */
#define TS_REPORT_MAX_RECORDS 1024

struct ts_rec_hdr {
  uint32_t type;
  uint32_t len; /* payload bytes after the header */
};

/* A session's query: the variables listed at most, and the bytes of a
 * name or a type name (cut at a character's end). */
#define TS_VARS_MAX 100
#define TS_VAR_NAME_MAX 200

struct ts_setup_error {
  int32_t errnum;
  char stage[44]; /* NUL-terminated */
};

/* The most the server reads from a report pipe, files apart: a child that
 * writes more is killed.  It holds the display outputs
 * (TS_OUTPUTS_MAX_BYTES), the result, the error (72 KiB) and the audit
 * trace, JSON-escaped, and the records' headers.  A job that asks for
 * files back adds what its FILES record may hold: ts_report_cap(). */
#define TS_REPORT_MAX ((size_t)8 * 1024 * 1024)
/* The report pipe's size: a report without outputs fits whole (the child
 * writes it and closes at once); a larger one takes a few reads. */
#define TS_REPORT_PIPE ((size_t)512 * 1024)
/* The most JSON values a RESULT record may hold: the runner's has at most
 * TS_AUDIT_MAX entries, the error's members, TS_OUTPUTS_MAX bundles of a
 * few members, a result's JSON value (at most TS_RESULT_REPR_MAX bytes of
 * text) and TS_OUTPUTS_MAX_JSON_VALUES of application/json data: about
 * 21,000.  Past that the record is malformed and not parsed: 8 MiB of
 * "1," would otherwise cost the server 4 million parsed values, about
 * 300 MB and 0.2 s, for the child's single write; 32,768 values cost it
 * about 2.5 MB and 1.4 ms. */
#define TS_REPORT_MAX_VALUES 32768

/* The result and the display outputs, bounded by the runner (which gets
 * these numbers from the zygote, src/sandbox/zygote.c, the bundles' from
 * the configuration) and again by the server when it decodes them: a result's repr, and the text/plain of
 * every bundle, in UTF-8 bytes (the result's JSON value is left out past
 * as many bytes of JSON text); display bundles kept; the bytes of all
 * bundles together (the result's own included; as the runner encodes
 * them, JSON-escaped, so the decoded strings the server counts are never
 * more); the JSON values of all application/json data together. */
#define TS_RESULT_REPR_MAX ((size_t)8192)
#define TS_OUTPUTS_MAX 64                           /* the default; --max-outputs */
#define TS_OUTPUTS_MAX_BYTES ((size_t)4 * 1024 * 1024) /* the default; --max-outputs-bytes */
#define TS_OUTPUTS_LIMIT 1000                       /* the most either may be set to */
#define TS_OUTPUTS_BYTES_LIMIT ((size_t)32 * 1024 * 1024)
#define TS_OUTPUTS_MAX_JSON_VALUES 16384

/* Writes one report record: header and payload in one writev, retried
 * until all is written.  Async-signal-safe, no allocation: the child's
 * setup steps use it.  Returns 0 or -1. */
int ts_report_write(int fd, uint32_t type, const void *payload, size_t len);
/* A SETUP_ERROR record for `stage` and `errnum`. */
int ts_report_setup_error(int fd, const char *stage, int errnum);

/* What a report may hold, which the server knows from its configuration
 * and the job: display bundles and their bytes (the runner gets the same
 * numbers from the zygote, src/sandbox/zygote.c), and the files of the
 * job's RETURN record (files_max 0: none). */
struct ts_report_limits {
  size_t outputs_max;   /* at most TS_OUTPUTS_LIMIT */
  size_t outputs_bytes; /* at most TS_OUTPUTS_BYTES_LIMIT */
  uint32_t files_max;
  uint64_t files_bytes;
};
#define TS_REPORT_LIMITS_DEFAULT {TS_OUTPUTS_MAX, TS_OUTPUTS_MAX_BYTES, 0, 0}

/* What the server reads at most from the report pipe of a job with these
 * limits: TS_REPORT_MAX, more display bytes than the default's, and
 * what its FILES record may hold. */
size_t ts_report_cap(const struct ts_report_limits *lim);

/* What the server makes of the report pipe's bytes. */
enum ts_report_kind {
  TS_REPORT_NONE,        /* no byte at all */
  TS_REPORT_MALFORMED,   /* anything but exactly one well-formed record */
  TS_REPORT_SETUP_ERROR, /* a setup step failed */
  TS_REPORT_OK,          /* the snippet ended cleanly */
  TS_REPORT_EXCEPTION,   /* the snippet raised */
};

/* One entry of the runtime audit trace: a sensitive event the child's
 * Python layer refused (or noted), with the snippet's line. */
#define TS_AUDIT_MAX 32
struct ts_audit_entry {
  char *event;  /* e.g. "open", "import", "attribute" */
  char *detail; /* at most 200 bytes */
  bool refused; /* "refused", else "allowed" */
  long line;    /* 0 when unknown */
};

/* A MIME bundle: the representations of one displayed object (or of the
 * result), each under its MIME type.  Only the types below exist; a
 * string is well-formed UTF-8 (base64 for the images), application/json
 * holds a JSON value.  text/plain is always there. */
enum ts_mime {
  TS_MIME_PLAIN,    /* text/plain: the repr, at most TS_RESULT_REPR_MAX bytes */
  TS_MIME_HTML,     /* text/html */
  TS_MIME_MARKDOWN, /* text/markdown */
  TS_MIME_LATEX,    /* text/latex */
  TS_MIME_SVG,      /* image/svg+xml */
  TS_MIME_PNG,      /* image/png, base64 */
  TS_MIME_JPEG,     /* image/jpeg, base64 */
  TS_MIME_JSON,     /* application/json: a JSON value */
  TS_MIME_COUNT
};
extern const char *const ts_mime_names[TS_MIME_COUNT];

struct cJSON;
struct ts_bundle {
  char *text[TS_MIME_COUNT]; /* NULL when absent (always for TS_MIME_JSON) */
  struct cJSON *json;        /* application/json, or NULL */
};

/* The value of the snippet's last expression statement, as the child
 * described it. */
struct ts_result_value {
  char *type; /* its class name, at most 200 bytes */
  char *repr; /* at most TS_RESULT_REPR_MAX bytes */
  bool repr_truncated;
  struct cJSON *json; /* the value itself when JSON can say it, or NULL */
  bool has_data;
  struct ts_bundle data; /* its MIME bundle, when it has a rich one */
};

/* A file the child sent back: its path passed the path rule, its content
 * is raw bytes (len of size). */
struct ts_report_file {
  char *path;
  char *data;
  size_t len;
  uint64_t size;
};

/* A top-level variable of a session's state, as its query listed it. */
struct ts_variable {
  char *name; /* at most TS_VAR_NAME_MAX bytes */
  char *type; /* its class's __qualname__, likewise */
};

/* A decoded report.  Every string is bounded and well-formed UTF-8. */
struct ts_child_report {
  enum ts_report_kind kind;
  bool ends; /* an ENDS record came, right before the result */
  /* RESULT_EXCEPTION: the error payload, as the child described it */
  char *type; /* exception class name */
  char *message;
  char *traceback;
  long line; /* 0 when unknown */
  /* SETUP_ERROR */
  char setup_stage[sizeof(((struct ts_setup_error *)0)->stage)];
  int setup_errno;
  /* RESULT_*: the runtime audit trace */
  struct ts_audit_entry audit[TS_AUDIT_MAX];
  size_t naudit;
  unsigned long audit_dropped; /* entries past TS_AUDIT_MAX, as reported */
  /* RESULT_*: the last expression's value (NULL: none, or None) and the
   * display() outputs, in order; dropped counts the bundles the child
   * left out (as reported) and those the server refused (malformed, past
   * TS_OUTPUTS_MAX or TS_OUTPUTS_MAX_BYTES) */
  struct ts_result_value *result;
  struct ts_bundle *outputs;
  size_t noutputs;
  unsigned long outputs_dropped;
  /* the FILES record, within the job's RETURN limits; dropped counts the
   * files the child left out (as reported) and those the server refused */
  struct ts_report_file *files;
  size_t nfiles;
  unsigned long files_dropped;
  /* a session's query: the variables (has_variables when the record held
   * a well-formed list), at most TS_VARS_MAX; dropped counts those the
   * child left out (as reported) and those the server refused */
  bool has_variables;
  struct ts_variable *variables;
  size_t nvariables;
  unsigned long variables_dropped;
};

/* Decodes the report pipe's bytes (any bytes: the child may be
 * compromised), for a job with these limits (NULL: the defaults).
 * Always fills *r (kind MALFORMED at worst); *r is always safe to free.
 * Whole records without the last one (a child killed before it reported)
 * give kind NONE, with the outputs and files they hold; a record cut
 * short at the end is left out. */
void ts_report_decode(const char *buf, size_t len, const struct ts_report_limits *lim,
                      struct ts_child_report *r);
/* Whether buf holds a whole report that ends with a RESULT record: the
 * child is done with its job.  Cheap (no JSON parsing). */
bool ts_report_is_result(const char *buf, size_t len);

/* The display bundles of a report as its records arrive, for a server
 * that streams them: *cur starts zeroed; each call looks at the whole
 * records of buf past it.  Returns 1 with *b filled (free it with
 * ts_bundle_free) for the next bundle the final decode keeps as well, 0
 * when there is none yet, or none will come (the last record, or one the
 * decoder refuses, was seen: `done`). */
struct ts_report_cursor {
  size_t off, records, kept;
  size_t bytes, json_values; /* what the bundles have taken */
  bool done;
};
int ts_report_next_display(const char *buf, size_t len, const struct ts_report_limits *lim,
                           struct ts_report_cursor *cur, struct ts_bundle *b);
void ts_bundle_free(struct ts_bundle *b);
void ts_child_report_free(struct ts_child_report *r);

#endif
