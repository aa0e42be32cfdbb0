/* API test harness: runs the real tool-sandbox binary (TS_SERVER_BIN) and
 * talks to it over raw sockets.
 *
 * Servers.  srv_start() runs the binary with `--listen 127.0.0.1:0` in its
 * own process group, with stdout and stderr going to a pipe that a thread
 * keeps draining into a log, and returns once the server has logged
 * "listening on 127.0.0.1:PORT".  srv_stop() sends SIGTERM, requires a
 * clean exit (status 0 within 5 s) and fails the test when the log holds a
 * sanitizer report.  Every server is also killed when the test process
 * dies (PR_SET_PDEATHSIG) and by srv_cleanup_all(), which test suites use
 * as their .fini so that a failed assertion never leaves a server behind:
 *
 *   TestSuite(mysuite, .fini = srv_cleanup_all, .timeout = 60);
 *
 * HTTP.  A minimal HTTP/1.1 client, no libcurl: every request is sent with
 * `Connection: close` (except within http_keepalive()) and the answer is
 * read until a complete response is parsed or the peer closes, with a 10 s
 * timeout.  Functions returning int give 0 on success and -1 on failure,
 * with the reason in http_last_error().
 *
 * Contract log.  When TS_RESPONSE_LOG names a file, every response parsed
 * by http_request, post_json, http_get and http_keepalive (not the raw
 * http_send_raw* exchanges) is appended to it as one JSON line
 * {"method","path","status","content_type","headers","body"}, which
 * scripts/contract-check.sh validates against openapi/openapi.yaml.
 *
 * Assertions (assert_json_error, json_body, ...) are macros so that a
 * failure names the line of the test. */
#ifndef TS_API_HARNESS_H
#define TS_API_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

#include <cjson/cJSON.h>

#define HARNESS_START_TIMEOUT_MS 10000
/* A hang detector, not a speed judgement: a SIGTERM during a lazy start
 * waits for the science zygote to finish its imports (several seconds under
 * the sanitizers on a busy machine) before it stops it. */
#define HARNESS_STOP_TIMEOUT_MS 30000
#define HARNESS_IO_TIMEOUT_MS 10000

/* ---- servers ---- */

struct srv_state; /* private: owned by the harness registry */

struct ts_srv {
  pid_t pid;       /* also the process group id */
  unsigned port;   /* bound port, from the "listening on" line */
  int stderr_fd;   /* read end of the stdout+stderr pipe (-1 once stopped) */
  char *log;       /* after srv_stop(): everything the server wrote */
  size_t log_len;
  struct srv_state *st;
};

struct srv_opts {
  const char *const *args; /* extra arguments, NULL-terminated, may be NULL */
  const char *const *env;  /* extra "NAME=VALUE" entries, NULL-terminated */
  bool no_listen;          /* do not pass --listen 127.0.0.1:0 */
};

/* The environment given to the server is the test's, without any
 * inherited TOOL_SANDBOX_* variable, plus `extra_env` (which overrides).
 * Returns 0; any failure fails the test with the captured output. */
int srv_start(struct ts_srv *s, const char *const extra_args[],
              const char *const extra_env[]);
int srv_start_opts(struct ts_srv *s, const struct srv_opts *o);

/* SIGTERM, then requires exit status 0 within 5 s (else SIGKILL and fail)
 * and a log free of sanitizer reports.  s->log stays readable until
 * srv_cleanup_all(). */
void srv_stop(struct ts_srv *s);
/* Same with another signal (SIGINT). */
void srv_stop_signal(struct ts_srv *s, int sig);

/* True while the process has not exited. */
bool srv_alive(struct ts_srv *s);
/* Fails the test, with the exit status and the log, unless the server is
 * still running.  `context` ends the message ("after request X"). */
void srv_assert_alive(struct ts_srv *s, const char *context);
/* A copy of the log so far (caller frees). */
char *srv_log_copy(struct ts_srv *s);
bool srv_log_contains(struct ts_srv *s, const char *needle);
/* Waits up to timeout_ms for `needle` to appear in the log. */
bool srv_log_wait(struct ts_srv *s, const char *needle, int timeout_ms);

/* Kills (SIGKILL, whole process group) every server this process started
 * that is still running and frees all harness memory.  Use as .fini. */
void srv_cleanup_all(void);

/* Runs the server binary to completion (for --help, bad flags...):
 * argv is TS_SERVER_BIN followed by `args` only (no --listen is added).
 * Fails the test on a timeout (10 s) or a sanitizer report. */
struct cmd_result {
  int exit_code; /* -1 when killed by a signal */
  int term_sig;  /* the signal, or 0 */
  char *out;     /* stdout, NUL-terminated */
  char *err;     /* stderr, NUL-terminated */
};
int srv_run(const char *const args[], const char *const env[], struct cmd_result *r);
void cmd_result_free(struct cmd_result *r);

/* True when `log` holds an ASan/UBSan/LSan report. */
bool log_has_sanitizer_report(const char *log);

/* ---- HTTP client ---- */

struct http_header_field {
  char *name, *value;
};

struct http_resp {
  int status;
  char *headers;   /* raw header block (after the status line), NUL-terminated */
  char *body;      /* NUL-terminated for convenience; may contain NULs */
  size_t body_len;
  char *version;   /* "HTTP/1.1" */
  struct http_header_field *fields;
  size_t nfields;
};

/* `headers` is a NULL-terminated list of "Name: value" lines (no CRLF) or
 * NULL.  When `body` is not NULL and `headers` has neither Content-Length
 * nor Transfer-Encoding, Content-Length: body_len is added.  Host and
 * Connection: close are always sent.  A response to HEAD has no body. */
int http_request(unsigned port, const char *method, const char *path,
                 const char *const headers[], const char *body, size_t body_len,
                 struct http_resp *out);

/* Sends `bytes` as they are, shuts down the sending side and reads the
 * answer: 1 when a complete response was parsed into *out, 0 when the
 * server closed (or reset) the connection without a full response, -1 on a
 * connect error or when nothing happened before the timeout. */
int http_send_raw(unsigned port, const void *bytes, size_t len, struct http_resp *out);
/* Same without the shutdown (the server sees an open connection) and with
 * a timeout in milliseconds.  *elapsed_ms (may be NULL) receives the time
 * from the end of sending to the end of reading. */
/* Writes all of BYTES before reading anything, as Python's http.client
 * does with a body, then reads one response: 1 when one came (in *out), 0 or
 * -1 otherwise.  *send_err is the errno of the write, 0 when all was sent. */
int http_write_then_read(unsigned port, const void *bytes, size_t len, struct http_resp *out,
                         int *send_err);
int http_send_raw_ex(unsigned port, const void *bytes, size_t len, bool shut_wr,
                     int timeout_ms, struct http_resp *out, long *elapsed_ms);

/* Several requests on one connection: all but the last carry
 * `Connection: keep-alive`, the last `Connection: close`.  Sequentially
 * (send, read the answer, send the next) or pipelined (all sent at once).
 * Returns 0 when all n responses were read. */
struct http_req {
  const char *method, *path;
  const char *const *headers;
  const char *body;
  size_t body_len;
};
int http_keepalive(unsigned port, const struct http_req reqs[], size_t n,
                   bool pipelined, struct http_resp outs[]);

/* A connected socket (10 s send/receive timeouts) for hand-made
 * exchanges, or -1. */
int http_connect(unsigned port);

/* POST with Content-Type: application/json. */
int post_json(unsigned port, const char *path, const char *json, struct http_resp *out);
int post_json_len(unsigned port, const char *path, const char *json, size_t len,
                  struct http_resp *out);
int http_get(unsigned port, const char *path, struct http_resp *out);

/* Case-insensitive; the first field with that name, or NULL. */
const char *http_header(const struct http_resp *r, const char *name);
size_t http_header_count(const struct http_resp *r, const char *name);
void http_resp_free(struct http_resp *r);
/* Why the last call failed (per thread). */
const char *http_last_error(void);

/* A POST /execute run on its own thread, for tests that need requests in
 * flight: pthread_create(&t, NULL, bg_post, &b), then pthread_join.
 * status is the HTTP status (-1 when the request failed), text the body. */
struct bg {
  unsigned port;
  const char *body;
  int status;
  char text[512];
};
void *bg_post(void *arg);

/* ---- processes ---- */

/* The server's children from /proc (the zygote and the sandboxes, which
 * are CLONE_PARENT children of the server), how many are zombies, and
 * which one is the zygote. */
struct srv_kids {
  pid_t pid[256];
  size_t n, zombies;
  pid_t zygote;
};

/* Fills *k from the children files of /proc/SERVER/task (fails the test when the
 * server is gone). */
void srv_kids(pid_t server, struct srv_kids *k);
/* The state letter of /proc/PID/stat ('Z' for a zombie), '?' if gone. */
char proc_state(pid_t pid);
/* A sandbox is pid 1 of a pid namespace of its own ("NSpid: N 1"); the
 * zygote, even in the instant before it execs, is not. */
bool proc_is_sandbox(pid_t pid);

/* ---- waiting on server state ---- */

/* Tests order their steps by what the server reports, never by sleeping:
 * "A holds the only slot" is tool_sandbox_executions_in_flight 1 with
 * tool_sandbox_execution_queue_depth 0, not "300 ms have passed".  The
 * deadline of such a wait only guards against a hang: it is far longer
 * than any busy machine needs, and it is not a speed limit. */
#define HARNESS_WAIT_MS 30000

/* The value of one sample of GET /metrics, named as the exposition writes
 * it (with its labels, if any: tool_sandbox_executions_total{status="ok"}),
 * or -1 when the request failed or the sample is absent. */
double metric_value(unsigned port, const char *sample);
/* Polls GET /metrics until `sample` has `value`: true then, false after
 * timeout_ms (the caller fails with its own message). */
bool wait_metric(unsigned port, const char *sample, double value, int timeout_ms);

/* Sends POST `path` with the JSON body on a fresh connection (10 s
 * timeouts) and returns the socket, left open: the caller reads the
 * answer, or hangs up when it likes.  -1 on a connect or send error. */
int http_post_open(unsigned port, const char *path, const char *json);
/* True while nothing has arrived on the socket and the peer has not
 * closed it: its answer, if any, is still to come.  Does not wait. */
bool sock_quiet(int fd);
/* Reads the answer to a request the caller sent on `fd` itself (with
 * http_post_open or by hand; `method` and `path` are the request's, for
 * the contract log, which gets the response as http_request's do), waiting
 * up to timeout_ms.  0, or -1 (nothing is left in *out).  Does not close
 * fd. */
int http_read_answer(int fd, const char *method, const char *path, int timeout_ms,
                     struct http_resp *out);

/* ---- assertions ---- */

/* Fails the test unless the call returned 0. */
#define HTTP_OK(call) http_ok_at(__FILE__, __LINE__, #call, (call))
/* The body parsed as JSON (Content-Type application/json required); the
 * caller cJSON_Delete()s it. */
#define json_body(resp) json_body_at(__FILE__, __LINE__, (resp))
/* status, Content-Type application/json and {"error":{"code","message"}}
 * with that code and a non-empty message. */
#define assert_json_error(resp, status, code) \
  assert_json_error_at(__FILE__, __LINE__, (resp), (status), (code), NULL)
/* ... and a message containing `substr`. */
#define assert_json_error_msg(resp, status, code, substr) \
  assert_json_error_at(__FILE__, __LINE__, (resp), (status), (code), (substr))
#define assert_status(resp, st) assert_status_at(__FILE__, __LINE__, (resp), (st))

/* POST /execute {"code": code[, "timeout": timeout]} (timeout 0: the
 * default); asserts a 200 and returns the parsed body (caller frees). */
cJSON *execute_code(unsigned port, const char *code, double timeout);

void http_ok_at(const char *file, int line, const char *what, int rc);
cJSON *json_body_at(const char *file, int line, const struct http_resp *r);
void assert_json_error_at(const char *file, int line, const struct http_resp *r,
                          int status, const char *code, const char *substr);
void assert_status_at(const char *file, int line, const struct http_resp *r, int status);

#endif
