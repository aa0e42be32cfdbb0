/* The server side of execution: a thread of the server process that owns
 * the zygote, starts at most N children at once, watches their pipes,
 * pidfds and deadlines, and decides each outcome itself (outcome.h).
 *
 * Lifecycle: ts_executor_start() from the main thread before any other
 * thread exists (it starts the zygote), or later from a thread that lives
 * as long as the executor (a lazy profile's: the zygote, spawned by
 * posix_spawn with an empty environment, dies with the thread that
 * spawned it); ts_exec_submit() from any thread;
 * ts_executor_stop() after the HTTP server has stopped accepting. */
#ifndef TS_EXECUTOR_H
#define TS_EXECUTOR_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include <cjson/cJSON.h>

#include "exec/outcome.h"
#include "sandbox/proto.h"
#include "util/common.h"

/* The default output ceiling, in multiples of the cap. */
#define TS_OUTPUT_CEILING_FACTOR 16

struct ts_executor_config {
  const char *zygote_exe;      /* binary to exec with --zygote */
  const char *python_home;     /* may be NULL */
  const char *allowed_modules; /* comma separated */
  /* A profile's zygote (README: profiles), all NULL for the default one:
   * modules it imports before anything else (comma separated), host
   * directories it adds to the sandbox's root read-only (the first is put
   * on sys.path), and matplotlib's configuration directory (its font
   * cache, built ahead). */
  const char *preimport;
  const char *site_dirs;
  const char *mplconfigdir;
  bool allow_input;
  unsigned max_concurrency;
  unsigned queue_max;
  size_t output_max; /* bytes kept per stream: the head and the tail past it */
  size_t output_ceiling; /* bytes read per stream, past which the child is killed;
                            0: TS_OUTPUT_CEILING_FACTOR x output_max */
  size_t outputs_max;    /* display bundles kept (0: TS_OUTPUTS_MAX) */
  size_t outputs_bytes;  /* their bytes in all (0: TS_OUTPUTS_MAX_BYTES) */
  unsigned long tmp_bytes;
  unsigned pool; /* children kept ready ahead of demand (0: none) */
  long memory_max_mb;  /* the largest memory_mb a job may ask for */
  double timeout_max;  /* the largest timeout a job may ask for */
  unsigned max_sessions; /* sessions at once (0: none) */
  unsigned max_sessions_per_token; /* sessions at once of one owner other than zeros (0: no
                                    * such limit) */
  long sessions_memory_mb;         /* the sum of the sessions' memory_mb (0: no limit) */
  double session_ttl_max;   /* the longest idle time a session may ask for (0: 3600 s) */
  double session_lifetime;  /* the longest a session lives (0: 86400 s) */
};


/* What a job shows while it runs, for a client that follows it (the
 * NDJSON stream of /execute).  STDOUT and STDERR carry bytes as the
 * server reads them, only while the stream's total is within output_max;
 * the read that passes the cap gives its bytes up to the cap, then the
 * stream's TRUNCATED event, and nothing more of that stream follows.
 * DISPLAY carries the JSON text of one display bundle. */
enum ts_exec_event {
  TS_EXEC_EV_STDOUT,
  TS_EXEC_EV_STDERR,
  TS_EXEC_EV_STDOUT_TRUNCATED,
  TS_EXEC_EV_STDERR_TRUNCATED,
  TS_EXEC_EV_DISPLAY,
};

/* Called on the executor thread as the job runs, never after its done
 * callback has been called; must not block (it serves every sandbox).
 * data: the bytes of a stream, or the JSON text of a display bundle (NULL
 * and 0 for a TRUNCATED event); only valid during the call. */
typedef void (*ts_exec_event_fn)(void *ctx, enum ts_exec_event ev, const char *data,
                                 size_t len);

struct ts_exec_params {
  const char *code;
  size_t code_len;
  const char *stdin_data; /* may be NULL */
  size_t stdin_len;
  double timeout;  /* seconds of wall-clock time */
  long memory_mb;  /* address space for the snippet, at most memory_max_mb */
  unsigned flags;  /* TS_JOB_F_*; RAW is for tests only */
  int client_fd;   /* > 0: the client's socket; its hang-up cancels the job */
  const struct ts_job_file *files; /* written into the working directory first */
  size_t nfiles;
  /* the files to send back after the run: patterns (util/filepath.h) and
   * the limits in `ret` (npatterns 0: none) */
  const char *const *patterns;
  size_t npatterns;
  struct ts_job_return ret;
  ts_exec_event_fn event; /* may be NULL: nobody follows the job */
  void *event_ctx;
};

struct ts_exec_result {
  enum ts_exec_status status;
  /* captured, not terminated: all of a stream, or past output_max its
   * head, a line saying how many bytes were left out, and its tail */
  char *out, *err;
  size_t out_len, err_len;
  size_t out_bytes, err_bytes; /* what the child wrote (read by the server) */
  bool out_truncated, err_truncated; /* more than output_max was written */
  struct ts_child_report report; /* what the child said: the error payload, the audit trace */
  double duration_ms, cpu_ms;
  int exit_code; /* -1 when killed */
  int signal;    /* 0 when it exited */
  char detail[200]; /* why, for internal_error */
  /* A session's call (ts_session_exec): whether the session was found,
   * its revision after the call, and whether the call became its state;
   * reason: "ok", "always", or why not ("failed", "never",
   * "process_ended", "session_ended"). */
  struct {
    bool used, found, committed;
    unsigned revision;
    const char *reason; /* static */
  } session;
};

/* Called on the executor thread when a job ends; owns *res (free it with
 * ts_exec_result_free). */
typedef void (*ts_exec_done_fn)(void *ctx, struct ts_exec_result *res);

struct ts_executor *ts_executor_start(const struct ts_executor_config *cfg, ts_err *err);
/* Queues a job.  Returns 0, or -1 with err->errnum EAGAIN when the queue is
 * full (answer 429) or ESHUTDOWN when stopping. */
int ts_exec_submit(struct ts_executor *ex, const struct ts_exec_params *p,
                   ts_exec_done_fn done, void *ctx, ts_err *err);
/* Queues a job of the server's own (the readiness canary) on a slot
 * reserved for it: it neither waits behind user jobs nor counts against
 * max_concurrency, queue_max or the in-flight and queue gauges, and it is
 * sandboxed exactly like any job.  One at a time: -1 with EBUSY while one
 * is in flight, ESHUTDOWN when stopping. */
int ts_exec_submit_system(struct ts_executor *ex, const struct ts_exec_params *p,
                          ts_exec_done_fn done, void *ctx, ts_err *err);
/* Runs one job and waits for it (tests, canary). */
int ts_exec_run(struct ts_executor *ex, const struct ts_exec_params *p,
                struct ts_exec_result *out, ts_err *err);
/* User executions running or queued; of those, queued (system jobs are
 * not counted).  Any thread. */
unsigned ts_executor_inflight(struct ts_executor *ex);
unsigned ts_executor_queued(struct ts_executor *ex);
unsigned ts_executor_zygote_restarts(struct ts_executor *ex);
bool ts_executor_zygote_alive(struct ts_executor *ex);
pid_t ts_executor_zygote_pid(struct ts_executor *ex);
/* Stops accepting (later submissions fail with ESHUTDOWN), lets what is
 * in flight finish for up to `grace` seconds, then kills what remains
 * (those end as internal_error), and stops the zygote.  The object stays
 * valid for late submitters until ts_executor_free(). */
void ts_executor_stop(struct ts_executor *ex, double grace);
void ts_executor_free(struct ts_executor *ex);

/* ---- sessions ----
 * A session keeps a Python state across calls: each call runs in a fork
 * of the last good state, and only a call that commits becomes the new
 * one (sandbox/session.h).  A session is named by a random 128-bit id
 * (32 hex digits) and bound to an owner (a hash of the token that made
 * it, 32 bytes, or zeros): any operation with an unknown id, or another
 * owner's, finds nothing (ENOENT).  The callbacks run on the executor
 * thread and must not block. */
#define TS_SESSION_ID_LEN 32
#define TS_SESSION_OWNER_LEN 32
/* A fork's id keeps this many first digits of its origin's: a gateway
 * that routes sessions by them sends a fork where its origin lives. */
#define TS_SESSION_ROUTE_LEN 8

enum ts_commit { TS_COMMIT_ON_SUCCESS, TS_COMMIT_ALWAYS, TS_COMMIT_NEVER };

struct ts_session_params {
  /* the id to give it, when it is 32 lowercase hex digits and no session
   * has it (a gateway's choice, to route by its hash); else a random one */
  char id_hint[TS_SESSION_ID_LEN + 1];
  long memory_mb; /* address space of each of its processes (0: memory_max_mb) */
  double ttl;     /* seconds idle before it expires (0: 600) */
  unsigned char owner[TS_SESSION_OWNER_LEN];
};

struct ts_session_info {
  char id[TS_SESSION_ID_LEN + 1];
  unsigned revision;
  double created, last_used, expires; /* seconds since the epoch */
  long memory_mb;
  double ttl;
  unsigned long state_kb; /* the holder's resident set (0: unknown) */
  bool busy;              /* a call is running */
  /* ts_session_inspect: the state's top-level variables, sorted by name
   * (sandbox/proto.h: at most TS_VARS_MAX, names cut), and how many were
   * left out; has_variables is false when they could not be read now (a
   * call runs, the server is at its execution limit, the query failed) */
  bool has_variables;
  const struct ts_variable *variables;
  size_t nvariables;
  unsigned long variables_dropped;
};

/* err: 0, or ENOENT (no such session), EAGAIN (--max-sessions reached),
 * ESHUTDOWN, or another errno with `why` when the session could not be
 * made.  info is only valid during the call. */
typedef void (*ts_session_fn)(void *ctx, int err, const char *why,
                              const struct ts_session_info *info);

int ts_session_create(struct ts_executor *ex, const struct ts_session_params *p,
                      ts_session_fn done, void *ctx, ts_err *err);
/* Runs a call in the session: the result says what became of the session
 * (result.session); a session that is not found gives internal_error
 * with session.found false; one that runs a call already, internal_error
 * with detail "session_busy". */
int ts_session_exec(struct ts_executor *ex, const char *id, const unsigned char *owner,
                    const struct ts_exec_params *p, enum ts_commit commit,
                    ts_exec_done_fn done, void *ctx, ts_err *err);
/* Ends the session; done is called once every process of it is gone. */
int ts_session_destroy(struct ts_executor *ex, const char *id, const unsigned char *owner,
                       ts_session_fn done, void *ctx, ts_err *err);
int ts_session_get(struct ts_executor *ex, const char *id, const unsigned char *owner,
                   ts_session_fn done, void *ctx, ts_err *err);
/* ts_session_get, and the state's variables: read, when no call runs, by
 * a query, a fork of the state that runs none of the snippets' code
 * (sandbox/session.h: TS_SESS_CMD_QUERY) and is killed after.  It does
 * not count as the session's use, nor as a call. */
int ts_session_inspect(struct ts_executor *ex, const char *id, const unsigned char *owner,
                       ts_session_fn done, void *ctx, ts_err *err);
/* A new session holding a copy of the session's state (a fork of its
 * holder), with its revision, memory and ttl: done gets the new session.
 * err: ENOENT, EBUSY (a call runs), EAGAIN (a limit, or too many forks of
 * the session at once: sandbox/session.h TS_SESS_BOX_MAX), ESHUTDOWN, or
 * EIO with `why`. */
int ts_session_fork(struct ts_executor *ex, const char *id, const unsigned char *owner,
                    ts_session_fn done, void *ctx, ts_err *err);
/* The same, waiting (tests, and threads that may block).  Return 0 or -1
 * with err->errnum. */
int ts_session_create_sync(struct ts_executor *ex, const struct ts_session_params *p,
                           struct ts_session_info *out, ts_err *err);
int ts_session_exec_run(struct ts_executor *ex, const char *id, const unsigned char *owner,
                        const struct ts_exec_params *p, enum ts_commit commit,
                        struct ts_exec_result *out, ts_err *err);
int ts_session_destroy_sync(struct ts_executor *ex, const char *id, const unsigned char *owner,
                            ts_err *err);
int ts_session_fork_sync(struct ts_executor *ex, const char *id, const unsigned char *owner,
                         struct ts_session_info *out, ts_err *err);
int ts_session_get_sync(struct ts_executor *ex, const char *id, const unsigned char *owner,
                        struct ts_session_info *out, ts_err *err);

/* Counters since the start, any thread. */
struct ts_session_stats {
  unsigned active;
  unsigned long created, expired, committed, rolled_back, forked;
  unsigned long refreshed; /* holders replaced by a fork of themselves (worn CPU time) */
};
void ts_session_stats(struct ts_executor *ex, struct ts_session_stats *out);

void ts_exec_result_free(struct ts_exec_result *r);
/* The /execute response body. */
cJSON *ts_exec_result_to_json(const struct ts_exec_result *r);
/* A display bundle as the response (and a display event) gives it. */
cJSON *ts_exec_bundle_json(const struct ts_bundle *b);

#endif
