/* The executor's own state, shared by its files and by nothing else:
 *   executor.c   the API, the queue, dispatch, deadlines, the event loop
 *   zygote_ctl.c the zygote: launch, spawn requests and replies, strays
 *   children.c   each sandbox child: its pipes, its job, its reaping, and
 *                the facts its outcome is decided from
 * Everything here lives in the server process.  The executor thread owns
 * every field not marked otherwise; fields under `lock` are shared with
 * the submitting threads. */
#ifndef TS_EXEC_INTERNAL_H
#define TS_EXEC_INTERNAL_H

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/resource.h>
#include <time.h>

#include "exec/executor.h"
#include "exec/outcome.h"

/* Spawn requests sent to the zygote and not answered yet.  Both ends of
 * the control socket block on send, so this must stay well below what the
 * socket buffers hold (about 270 requests) or the two could deadlock. */
#define MAX_SPAWNING 32

/* Small reads the server grants a report pipe of `size` bytes for a report
 * of at most `cap` bytes (children.c: ex_report_reads): a report is a few
 * records, each written at once (the display bundles as they are made,
 * the files and the result at the end), so a wake-up that finds less than
 * PUMP_TRICKLE bytes is the end of a record: one per record, and one per
 * pipeful at most, counted twice over.  A writer that trickles instead
 * runs out of them; large reads are bounded by the cap. */
unsigned ex_report_reads(const struct ts_executor *ex, size_t cap, size_t size);

/* Sandboxes cloned by a zygote that died before reporting them: our
 * children (CLONE_PARENT) without a pidfd, reaped by pid. */
#define MAX_STRAYS 64

/* What an epoll event is about: the kind in the low byte, the child's
 * slot above it. */
enum ev_kind {
  EV_WAKE = 1, EV_ZYGOTE, EV_OUT, EV_ERR, EV_RES, EV_PIDFD, EV_JOB, EV_CLIENT,
  /* a session box's (the box's index above the kind): */
  EV_SESS_STATUS, EV_SESS_NOTIF, EV_SESS_HANDOFF, EV_SESS_INIT,
};
struct session;
struct sbox;
enum child_state { CHILD_SPAWNING, CHILD_READY };

/* One pipe from a child, read up to `limit` bytes and, when reads_left
 * starts above 0, in at most that many reads.  Of what is read, `cap`
 * bytes are kept: all of it while it fits, then the first half of the cap
 * (the head) and the last bytes read (the tail, a ring in the rest of
 * `data`).  `data` grows with what is read, up to the cap. */
struct buf {
  char *data;
  size_t len;   /* bytes of data in use: min(total, cap) */
  size_t alloc; /* bytes of data allocated */
  size_t cap, limit;
  size_t total; /* bytes read */
  unsigned reads_left;
  bool over; /* the child wrote past limit: it was killed, the pipe closed */
  bool eof;
  bool paused;     /* not watched for input until the child's resume_at */
  unsigned trickles; /* wake-ups that found only a few bytes to read */
  int fd;
};

/* A request, from submission until a child takes it. */
struct work {
  struct work *next;
  char *job; /* encoded job */
  size_t len;
  double timeout;
  unsigned memory_mb;
  struct ts_report_limits report; /* what its report may hold, its files included */
  ts_exec_done_fn done;
  void *ctx;
  ts_exec_event_fn event; /* NULL once done is called (ex_emit) */
  void *event_ctx;
  int client; /* our duplicate of the client's socket, or -1 */
  bool system; /* ts_exec_submit_system(): runs on the reserved slot */
  int commit;  /* a session's call: enum ts_commit */
  bool query;  /* a session's query (ts_session_inspect): never committed */
  /* a session's fork (ts_session_fork): the call that becomes the new
   * session's holder, in slot branch_idx, if it is still the one named */
  bool branch;
  bool refresh; /* a session's holder replaced by a fork of itself (holder_worn) */
  unsigned branch_idx;
  char branch_id[TS_SESSION_ID_LEN];
};

/* A sandbox child, and the work it runs once it has some. */
struct child {
  struct child *next; /* in the spawning list */
  uint64_t id;
  int slot;
  enum child_state state;
  struct work *w; /* NULL while it waits in the pool */
  size_t written; /* bytes of w->job in the job pipe */
  int jobfd;      /* write end of the job pipe, -1 once all is written */
  struct buf out, err, res;
  size_t res_pipe; /* the report pipe's size */
  struct ts_report_cursor shown; /* the display bundles followed so far */
  int pidfd;
  pid_t pid;
  bool reaped, killed;
  /* why the server killed it (outcome facts) */
  bool timed_out, shutdown, client_gone;
  bool answered; /* its work was answered before it was reaped */
  bool system;   /* holds system work: the reserved slot, until freed */
  struct ts_child_report report; /* decoded once, when its pipes are done */
  bool decoded;
  siginfo_t info;
  struct rusage ru;
  struct timespec start;
  double deadline; /* monotonic seconds, once it has work */
  double resume_at; /* when its paused pipes are watched again, 0 if none */
  /* A session's call (no slot of its own before its hello; reaped by the
   * session's init, which reports it), or the placeholder of a session's
   * init in the spawning list. */
  struct session *sess, *sess_init;
  pid_t nspid; /* a session's call: its pid in the session */
};

struct ts_executor {
  struct ts_executor_config cfg;
  struct ts_report_limits report_limits; /* of a job without files back */
  char *allowed_modules;
  pthread_t thread;
  int epfd, wakefd;
  int zfd; /* control socket to the zygote, -1 while it is down */
  pid_t zpid;
  unsigned long zygote_rss_kb; /* its anonymous resident set once ready: what a child starts with */
  unsigned zrestarts;
  double zretry_at;

  pthread_mutex_t lock; /* guards incoming, inflight, sys_inflight, stopping, kill_at */
  struct work *incoming, **incoming_tail;
  unsigned inflight;     /* user work, from submission to its answer */
  unsigned sys_inflight; /* system work, likewise: at most one */
  bool stopping;
  double kill_at; /* when stopping: running jobs are killed at this time */
  bool killed_all; /* executor thread: kill_at has been acted on */

  /* written by the executor thread, read by any */
  _Atomic unsigned running_now, restarts_now;
  _Atomic unsigned sys_running_now; /* of running_now, system children */
  _Atomic int zygote_up;

  /* executor thread only */
  struct work *queue, **queue_tail;
  struct work *sys_queue; /* system work waiting for the reserved slot */
  struct child **slots; /* capacity entries */
  /* max_concurrency + pool + 1: user work holds at most max_concurrency
   * children and the pool at most `pool` spares, so the last one is always
   * there for system work (the readiness canary), which thus never waits
   * for, nor takes a place from, user work. */
  unsigned capacity;
  unsigned nchildren, nbusy; /* nbusy: children with work, system ones included */
  unsigned sys_busy;         /* of nbusy, children with system work (0 or 1) */
  struct child *spawning, **spawning_tail; /* waiting for the zygote's reply, in order */
  uint64_t next_id;
  unsigned nspawning; /* length of the spawning list */
  unsigned pool_failures;     /* pooled children lost in a row */
  double pool_retry_at;       /* no pool refill before this time */
  pid_t strays[MAX_STRAYS];   /* children of a dead zygote's last clones */
  unsigned nstrays;

  /* sessions (session.c): operations from other threads under `lock`;
   * the table on the executor thread; the counters atomic */
  struct sess_op *sess_ops, **sess_ops_tail;
  bool sess_closed; /* under lock: the executor thread takes no more operations */
  struct session **sessions; /* cfg.max_sessions entries */
  struct sbox **boxes;       /* the same number: a box holds a session at least */
  unsigned nsessions;
  _Atomic unsigned sess_active;
  _Atomic unsigned long sess_created, sess_expired, sess_committed, sess_rolled_back, sess_forked,
      sess_refreshed;
};

/* executor.c */
double ex_now(void);
bool ex_stopping(struct ts_executor *ex);

/* zygote_ctl.c */
int ex_zygote_launch(struct ts_executor *ex, ts_err *err);
struct child *ex_spawn_child(struct ts_executor *ex);
void ex_zygote_reply(struct ts_executor *ex);
void ex_reap_strays(struct ts_executor *ex);

/* executor.c */
struct work *ex_new_work(struct ts_executor *ex, const struct ts_exec_params *p, bool system,
                         ts_exec_done_fn done, void *ctx, ts_err *err);
void ex_wake(struct ts_executor *ex);

/* session.c */
void ex_session_ops(struct ts_executor *ex);
void ex_session_event(struct ts_executor *ex, enum ev_kind kind, unsigned idx);
void ex_session_spawned(struct ts_executor *ex, struct session *s, int pidfd, pid_t pid,
                        const char *why);
void ex_session_call_finish(struct ts_executor *ex, struct child *c, const char *why);
double ex_session_next_deadline(struct ts_executor *ex, double next);
void ex_session_check(struct ts_executor *ex, double now);
bool ex_session_known_pid(struct ts_executor *ex, pid_t pid);
void ex_session_stop_all(struct ts_executor *ex);
void ex_session_free_all(struct ts_executor *ex);
void ex_session_close_ops(struct ts_executor *ex);

/* children.c */
struct ts_exec_result *ex_result_of(struct ts_executor *ex, struct child *c);
void ex_deliver(struct ts_executor *ex, struct work *w, struct ts_exec_result *r);
void ex_release(struct ts_executor *ex, struct child *c);
void ex_reaped(struct ts_executor *ex, struct child *c);
struct child *ex_child_new(struct ts_executor *ex, int child_fds[TS_SPAWN_NFDS]);
int ex_watch(struct ts_executor *ex, int fd, uint32_t events, enum ev_kind kind, int slot);
void ex_close_fd(struct ts_executor *ex, int *fd);
void ex_buf_init(struct buf *b, int fd, size_t cap, size_t limit, unsigned max_reads);
char *ex_buf_take(struct buf *b, size_t *len);
void ex_kill(struct child *c);
void ex_child_free(struct ts_executor *ex, struct child *c);
void ex_work_free(struct ts_executor *ex, struct work *w);
void ex_fail_work(struct ts_executor *ex, struct work *w, enum ts_exec_status status,
                  const char *why);
void ex_assign(struct ts_executor *ex, struct child *c, struct work *w);
void ex_write_job(struct ts_executor *ex, struct child *c);
void ex_emit(struct child *c, enum ts_exec_event ev, const char *data, size_t len);
void ex_pump(struct ts_executor *ex, struct child *c, struct buf *b, size_t budget);
void ex_pump_event(struct ts_executor *ex, struct child *c, struct buf *b, enum ev_kind kind);
void ex_resume_pipes(struct ts_executor *ex, struct child *c);
void ex_maybe_finish(struct ts_executor *ex, struct child *c);
void ex_reap(struct ts_executor *ex, struct child *c);
void ex_finish(struct ts_executor *ex, struct child *c, const char *why);

#endif
