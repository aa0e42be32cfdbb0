/* The HTTP front end's own state, shared by its two files and by nothing
 * else: http.c (libmicrohttpd's callbacks, the workers, the hand-off of a
 * request between threads, responses) and routes.c (what each endpoint
 * does).  Server process only. */
#ifndef TS_SERVER_INTERNAL_H
#define TS_SERVER_INTERNAL_H

#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <microhttpd.h>

#include "exec/executor.h"
#include "server/config.h"
#include "server/http.h"
#include "server/linger.h"
#include "server/metrics.h"
#include "server/request.h"

/* Threads that parse and validate request bodies (the GIL lets one run
 * Python at a time; a second overlaps JSON and HTTP work with it, and is
 * free for an /execute while the other validates a large /validate). */
#define TS_WORKERS_MAX 2

/* /readyz answers from the last canary execution for this long after it
 * ended; past that, the next /readyz runs one (one at a time, on the
 * executor's reserved slot) and every /readyz meanwhile waits for it. */
#define READY_CACHE_SECONDS 2.0

/* A profile whose zygote starts on its first request (profiles.c). */
enum lazy_state {
  LAZY_IDLE,     /* not started, nothing asked for it yet */
  LAZY_STARTING, /* the starter thread is starting it: requests wait */
  LAZY_READY,    /* started: `ex` runs its requests */
  LAZY_FAILED,   /* the last start failed (`why`, at `failed_at`) */
};

struct lazy_profile {
  struct ts_executor_config xcfg; /* its executor's (strings: main's, which outlive us) */
  pthread_mutex_t lock;           /* guards everything below */
  pthread_cond_t cond;            /* the starter thread waits on it for `requested` */
  enum lazy_state state;
  bool requested;  /* a request asked for a start: the starter's to take */
  bool stopping;   /* the server stops: no more starts, no more waiters */
  bool thread_started;
  pthread_t thread;
  struct ts_executor *ex;  /* once started (READY); freed by ts_server_stop */
  char *versions;          /* "module version" lines (GET /info), once started */
  struct conn *waiters;    /* parked requests waiting for the start to end */
  double failed_at;        /* monotonic */
  char why[300];
  unsigned long starts_ok, starts_failed;
};

/* Requests waiting for a worker, in arrival order. */
struct work_queue {
  struct conn *head, **tail;
  unsigned len;
};

struct ts_server {
  struct MHD_Daemon *daemon;
  const struct ts_config *cfg;
  struct ts_executor *ex;
  struct ts_metrics *metrics;
  struct ts_linger *linger; /* sockets closed after a refused body */
  struct ts_policy policy_files; /* cfg->policy with `open` allowed: the files capability */
  /* The science profile (server/profiles.h), when configured: its
   * executor when it started at boot (lazily: science_lazy.ex, once
   * started), and its policies (cfg->policy and policy_files with its
   * modules allowed). */
  struct ts_executor *ex_science;
  struct lazy_profile science_lazy; /* cfg->science_lazy */
  struct ts_policy policy_science, policy_science_files;
  /* The standard policy's four, [science][files], each the strict one of
   * the same profile and capability made standard. */
  struct ts_policy policy_standard[2][2];
  char *info; /* GET /info body, built once (with a lazy profile: at each request) */
  size_t info_len;
  unsigned port;

  /* /readyz.  It needs no token, so it must not be a way to start
   * executions at will: at most one canary runs at a time, and within
   * READY_CACHE_SECONDS of its end its result is the answer. */
  pthread_mutex_t ready_lock;
  double canary_at;       /* monotonic time the last canary ended, 0: none yet */
  bool canary_ok;         /* its result */
  const char *canary_code; /* when not ok: not_ready or shutting_down */
  char canary_why[300];   /* and why */
  bool canary_running;
  struct conn *ready_waiters; /* /readyz parked until the running canary ends */

  /* Parsing and validation run on threads of their own, never on
   * libmicrohttpd's: a pool thread serves many connections one request at
   * a time, and a 20 KiB snippet holds it (and the GIL) for tens of
   * milliseconds, which /healthz on the same thread would wait for.
   * /execute bodies go first, and at most one worker is on a /validate at
   * a time: the GIL serialises parsing anyway, and a 256 KiB body holds it
   * for a few hundred milliseconds, so an /execute waits for at most that
   * one /validate, never for a queue of them.  The /validate queue is
   * bounded (--max-validate-queue, then 429); /execute bodies are bounded
   * by the connections and, once parsed, by the executor's queue. */
  pthread_mutex_t work_lock;
  pthread_cond_t work_cond;
  struct work_queue exec_q, validate_q;
  bool validating; /* a worker is on a /validate */
  bool work_stop;
  pthread_t workers[TS_WORKERS_MAX];
  unsigned nworkers;
};

struct conn;

/* What a route did with its connection.  ANSWERED: c->response holds the
 * answer and the caller still holds the connection.  PARKED: the
 * connection is suspended and another thread holds it now, or has already
 * answered and resumed it; the caller must not touch it again. */
enum route_result { ROUTE_ANSWERED, ROUTE_PARKED };

typedef enum route_result (*route_fn)(struct ts_server *s, struct conn *c);

struct route {
  const char *path;
  const char *method; /* GET routes also answer HEAD */
  const char *allow;  /* value of the Allow header on 405 */
  bool has_body;
  bool open;          /* no bearer token needed */
  route_fn fn;
};

/* One request, from the first call of on_request() to on_completed().
 *
 * Its life.  The libmicrohttpd pool thread serving the connection ("the
 * MHD thread") creates it, checks the headers and reads the body.  The
 * request is then answered there (an error found in the headers, a route
 * without a body) or parked: suspended in libmicrohttpd, which calls
 * nothing for it until it is resumed, and held by exactly one other thread
 * at a time, which alone may touch it.  Its one hand-off path:
 *
 *   MHD thread --to_worker()--> a worker --submit()--> the executor thread
 *   MHD thread --route_readyz()--> the /readyz waiters, under ready_lock,
 *              until canary_finish() takes them all (on the executor
 *              thread, or on the MHD thread when the canary cannot start)
 *   a worker --lazy_acquire()--> a lazy profile's waiters, under its lock,
 *              until its starter thread takes them all and requeue()s
 *              them --> a worker, whose route runs again (c->replay)
 *
 * Each holder either passes it on (a route returns ROUTE_PARKED) or
 * answers it: it leaves the answer in c->response and calls conn_resume().
 * That call is its last touch: libmicrohttpd may at once call
 * on_request() on the MHD thread, which queues the answer, and then
 * on_completed(), which frees the conn.  conn_park() and conn_resume() are
 * the only places that suspend and resume a connection.
 *
 * Each field says which thread writes it, and when; a field written only
 * at creation is read by every later holder. */
struct conn {
  struct ts_server *s;        /* MHD thread, at creation */
  struct MHD_Connection *mc;  /* MHD thread, at creation */
  const struct route *route;  /* MHD thread, at creation (NULL: no such path) */
  char method[16];            /* MHD thread, at creation */
  char path[128];             /* MHD thread, at creation; for the access log, cut */
  char request_id[129];       /* MHD thread, at creation */
  struct timespec start;      /* MHD thread, at creation */
  /* The body: the MHD thread while it arrives; read by the worker that
   * parses it; freed by on_completed(). */
  char *body;
  size_t len, cap;
  bool too_large;             /* body passed max_body: the rest is discarded */
  size_t discarded;
  bool linger;                /* MHD thread: answered before its body, close it lingering */
  bool dispatched;            /* MHD thread: the request went to its route */
  bool parked;                /* MHD thread only: set by conn_park(), cleared
                               * when it comes back resumed */
  /* The snippet, for the access log: the worker, in check_code(). */
  char code_sha256[65];       /* of the snippet, when there was one */
  char *code_copy;            /* --log-code only */
  /* The execution's status, for the access log and the metrics: the
   * worker (a rejected snippet) or the executor thread (execute_done). */
  const char *exec_status;
  /* The profile that runs the execution ("default", "science"; static),
   * set by the worker before the job is queued, NULL before. */
  const char *profile;
  /* The answer: whichever thread holds the conn when it answers (the MHD
   * thread, a worker, the executor thread, the canary's finisher), which
   * resumes it if parked; queue() on the MHD thread sends it. */
  struct MHD_Response *response;
  unsigned status;
  /* Accept lists application/x-ndjson: MHD thread, at creation.  An
   * /execute that runs then answers with a stream (stream.c), which the
   * connection and the execution share until both are done with it: the
   * worker sets it before submitting, on_completed() hands it back. */
  bool ndjson;
  struct stream *stream;
  /* The /sessions/{id} routes: the id of the path ("" when it cannot be
   * one: no session has it), and the caller's identity, a hash of its
   * bearer token (zeros without auth): MHD thread, at creation. */
  char sess_id[TS_SESSION_ID_LEN + 1];
  char sess_id_hint[TS_SESSION_ID_LEN + 1]; /* MHD thread, at creation: POST /sessions'
                                           * X-Session-Id (32 hex digits), or "" */
  unsigned char owner[TS_SESSION_OWNER_LEN];
  /* POST /mcp: its MCP-Protocol-Version, Mcp-Method, Mcp-Name and Origin
   * headers (NULL: absent): MHD thread, at creation */
  char *mcp_version, *mcp_method, *mcp_name, *origin;
  bool mcp_oom; /* one of them could not be copied: the request is refused */
  double secs;                /* on_completed(): the request's duration */
  bool aborted;               /* on_completed(): not completed normally */
  struct conn *work_next;     /* under work_lock, while in a workers' queue */
  struct conn *ready_next;    /* under ready_lock, while among the /readyz
                               * waiters; then the canary's finisher */
  struct conn *lazy_next;     /* under the lazy profile's lock, while waiting
                               * for its start; then the starter thread */
  bool replay;                /* the worker: the request runs its route again,
                               * after waiting for a lazy profile's start */
};

/* Past max_body, a body of unknown length is drained up to this many more
 * bytes so that the client still reads a clean 413; beyond it the
 * connection is dropped. */
#define DRAIN_LIMIT ((size_t)1024 * 1024)

/* routes.c */
/* The route of url for method; when no route of that path takes the
 * method, one that does not (for its 405).  NULL: no such path. */
const struct route *find_route(const char *url, const char *method);
/* Validates a request's snippet (routes.c); -1 after answering a failure. */
struct ts_str;
struct ts_validation;
/* The same against the science profile's policy when `science`. */
int check_code_in(struct ts_server *s, struct conn *c, const struct ts_str *code, unsigned caps,
                  bool science, struct ts_validation *v);
int check_code(struct ts_server *s, struct conn *c, const struct ts_str *code, unsigned caps,
               struct ts_validation *v);
/* profiles.c: the lazy profiles */
int lazy_init(struct ts_server *s, const struct ts_executor_config *xcfg, ts_err *err);
/* The executor of the lazy science profile for the worker holding c:
 * LAZY_GOT_IT with *ex; LAZY_WAIT when it is starting, c now parked among
 * its waiters (the caller must return ROUTE_PARKED and not touch c: once
 * the start ends, the request goes back to the workers, whose route runs
 * it again); LAZY_UNAVAILABLE with *re (503) when it could not start. */
enum lazy_acquire { LAZY_GOT_IT, LAZY_WAIT, LAZY_UNAVAILABLE };
struct ts_reqerr;
enum lazy_acquire lazy_acquire(struct ts_server *s, struct conn *c, struct ts_executor **ex,
                               struct ts_reqerr *re);
/* Whether it runs, and a copy of its versions (caller frees; NULL: none). */
bool lazy_started(struct ts_server *s, char **versions);
/* Its starts, for the metrics. */
void lazy_starts(struct ts_server *s, unsigned long *ok, unsigned long *failed);
/* ts_server_stop(), first: no more starts, the one running ends, the
 * started executor is stopped (grace as for SIGTERM); then, once the
 * workers and the daemon are stopped, lazy_free(). */
void lazy_stop(struct ts_server *s);
void lazy_free(struct ts_server *s);
/* http.c: puts a parked request back in the workers' queue (its route
 * runs again: c->replay).  false when the workers stop. */
bool requeue(struct ts_server *s, struct conn *c);

/* An /execute request read into a job (routes.c: exec_prepare). */
struct exec_prep {
  cJSON *root; /* the request, which p points into */
  struct ts_req_files files;
  struct ts_exec_params p;
  cJSON *rejected; /* the response when the validator refused it */
  struct ts_executor *ex; /* the profile's executor, which runs it */
  const char *profile;    /* its name (static) */
};
struct ts_reqerr;
int exec_prepare(struct ts_server *s, struct conn *c, const char *body, size_t len,
                 bool in_session, struct exec_prep *x, struct ts_reqerr *re);
void exec_prep_free(struct exec_prep *x);
/* The answer to a job or operation the executor refused: 429, 503, 500. */
enum route_result not_queued(struct conn *c, const ts_err *err);

/* sessions.c: the /sessions endpoints */
enum route_result route_session_create(struct ts_server *s, struct conn *c);
enum route_result route_session_get(struct ts_server *s, struct conn *c);
enum route_result route_session_delete(struct ts_server *s, struct conn *c);
enum route_result route_session_execute(struct ts_server *s, struct conn *c);
enum route_result route_session_fork(struct ts_server *s, struct conn *c);
/* The session as POST /sessions (full: GET) gives it, without variables. */
cJSON *session_json(const struct ts_session_info *info, bool full);
/* http.c: the one validation at a time, for a validation that came
 * another way than /validate (server/mcp.c) */
bool validate_slot_take(struct ts_server *s);
void validate_slot_give(struct ts_server *s);
/* mcp.c */
enum route_result route_mcp(struct ts_server *s, struct conn *c);
char *build_info(struct ts_server *s, size_t *len);
double now_s(void);

/* http.c: responses, and the hand-off (see struct conn) */
void reply_text(struct conn *c, unsigned status, char *text, size_t len, const char *content_type);
char *print_json(cJSON *doc, size_t *len);
void reply_json(struct conn *c, unsigned status, cJSON *doc);
void reply_error(struct conn *c, unsigned status, const char *code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
void reply_copy(struct conn *c, unsigned status, const char *text, size_t len,
                const char *content_type);
int client_fd(struct MHD_Connection *mc);
void conn_park(struct conn *c);
void conn_resume(struct conn *c);
/* The end of a request: metrics, the access log, the conn freed.  Called
 * once, by on_completed() or, for a stream, by whichever of the
 * connection and the execution is done with it last. */
void conn_end(struct conn *c);

/* stream.c: the NDJSON answer of /execute (see the top of stream.c) */
#define TS_NDJSON "application/x-ndjson"
struct stream;
/* A stream for c, with a reference for the connection and one for the
 * execution; NULL when out of memory. */
struct stream *stream_new(struct conn *c);
/* Frees a stream whose execution was never submitted (and whose response
 * was never queued). */
void stream_discard(struct stream *st);
/* The chunked response that sends it; its reader may suspend and the
 * executor resume the connection. */
struct MHD_Response *stream_response(struct stream *st);
/* ts_exec_params.event and the done callback: the executor thread. */
void stream_event(void *ctx, enum ts_exec_event ev, const char *data, size_t len);
void stream_done(void *ctx, struct ts_exec_result *res);
/* on_completed(): the connection's reference; fd is its socket, shut down
 * when the execution still runs (which cancels it: nobody reads). */
void stream_conn_gone(struct stream *st, int fd);

#endif
