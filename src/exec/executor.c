/* The executor: one thread of the server process that owns the zygote
 * and every sandbox child.  See executor.h for the API, internal.h for
 * the state and the files that share it.
 *
 * An epoll set holds the zygote's control socket, an eventfd for new
 * submissions, and each child's pipes and pidfd; deadlines are the epoll
 * timeout.  Children are cloned ahead of demand: a few wait, sandboxed
 * and warm, blocked on their job pipe, so a request only pays for writing
 * its job and running it.  A child runs one job and dies.  Its status is
 * ts_outcome()'s (outcome.h), from what this thread observed. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec/internal.h"
#include "util/log.h"

double ex_now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* Whether the client of queued work has hung up (or half-closed: an HTTP
 * client that stops sending before its answer is treated as gone). */
static bool client_gone(const struct work *w) {
  struct pollfd pfd = {w->client, POLLRDHUP, 0};

  return w->client >= 0 && poll(&pfd, 1, 0) == 1 &&
         (pfd.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

static void take_incoming(struct ts_executor *ex) {
  struct work *in;
  uint64_t v;

  (void)!read(ex->wakefd, &v, sizeof v);
  pthread_mutex_lock(&ex->lock);
  in = ex->incoming;
  ex->incoming = NULL;
  ex->incoming_tail = &ex->incoming;
  pthread_mutex_unlock(&ex->lock);
  while (in) {
    struct work *next = in->next;
    in->next = NULL;
    if (in->system) {
      ex->sys_queue = in; /* one at a time: ts_exec_submit_system() */
    } else {
      *ex->queue_tail = in;
      ex->queue_tail = &in->next;
    }
    in = next;
  }
}

bool ex_stopping(struct ts_executor *ex) {
  bool s;

  pthread_mutex_lock(&ex->lock);
  s = ex->stopping;
  pthread_mutex_unlock(&ex->lock);
  return s;
}

/* A child without work: a ready one first, else one still spawning. */
static struct child *free_child(struct ts_executor *ex) {
  struct child *spawning = NULL;

  for (unsigned i = 0; i < ex->capacity; i++) {
    struct child *c = ex->slots[i];
    if (!c || c->w || c->reaped || c->answered)
      continue;
    if (c->state == CHILD_READY)
      return c;
    if (!spawning)
      spawning = c;
  }
  return spawning;
}

/* System work goes first, on the reserved slot: a ready child (possibly
 * a pooled one, which the pool then replaces within the capacity) or a
 * new one.  It never waits for user work to finish. */
static void dispatch_system(struct ts_executor *ex) {
  struct child *c;

  if (!ex->sys_queue || ex->sys_busy > 0)
    return;
  c = free_child(ex);
  if (!c && ex->nspawning < MAX_SPAWNING && ex->nchildren < ex->capacity)
    c = ex_spawn_child(ex);
  if (!c) {
    if (ex->zfd < 0)
      ex_fail_work(ex, steal_pointer(&ex->sys_queue), TS_EXEC_INTERNAL_ERROR,
                "the sandbox zygote is restarting");
    else if (ex->nchildren < ex->capacity && ex->nspawning < MAX_SPAWNING)
      ex_fail_work(ex, steal_pointer(&ex->sys_queue), TS_EXEC_INTERNAL_ERROR,
                "cannot create a sandbox");
    return; /* otherwise the zygote is busy answering: next round */
  }
  c->system = true;
  ex->sys_busy++;
  atomic_store(&ex->sys_running_now, ex->sys_busy);
  ex_assign(ex, c, steal_pointer(&ex->sys_queue));
}

static void dispatch(struct ts_executor *ex) {
  unsigned spare = 0;

  dispatch_system(ex);
  /* User work is limited to max_concurrency children: the reserved slot
   * does not count. */
  while (ex->queue && ex->nbusy - ex->sys_busy < ex->cfg.max_concurrency) {
    struct work *w = ex->queue;
    struct child *c;
    if (client_gone(w)) {
      ex->queue = w->next;
      if (!ex->queue)
        ex->queue_tail = &ex->queue;
      ex_fail_work(ex, w, TS_EXEC_CANCELLED, "the client closed its connection");
      continue;
    }
    c = free_child(ex);
    if (!c && ex->nspawning >= MAX_SPAWNING)
      break; /* wait for the zygote to answer some */
    if (!c && ex->nchildren < ex->capacity)
      c = ex_spawn_child(ex);
    if (!c) {
      if (ex->zfd < 0 || ex->nchildren < ex->capacity) {
        /* No zygote, or no pipes: fail rather than wait forever. */
        ex->queue = w->next;
        if (!ex->queue)
          ex->queue_tail = &ex->queue;
        ex_fail_work(ex, w, TS_EXEC_INTERNAL_ERROR, ex->zfd < 0 ? "the sandbox zygote is restarting"
                                     : "cannot create a sandbox");
        continue;
      }
      break;
    }
    ex->queue = w->next;
    if (!ex->queue)
      ex->queue_tail = &ex->queue;
    w->next = NULL;
    ex_assign(ex, c, w);
  }
  /* Keep the pool full. */
  for (unsigned i = 0; i < ex->capacity; i++)
    if (ex->slots[i] && !ex->slots[i]->w && !ex->slots[i]->reaped && !ex->slots[i]->answered)
      spare++;
  while (spare < ex->cfg.pool && ex->nchildren < ex->capacity && !ex_stopping(ex) &&
         ex->nspawning < MAX_SPAWNING && ex_now() >= ex->pool_retry_at) {
    if (!ex_spawn_child(ex))
      break;
    spare++;
  }
}

static int next_timeout_ms(struct ts_executor *ex) {
  double t = ex_now(), next = t + 3600;

  pthread_mutex_lock(&ex->lock);
  if (ex->stopping && !ex->killed_all && ex->kill_at < next)
    next = ex->kill_at;
  pthread_mutex_unlock(&ex->lock);
  if (ex->pool_retry_at > t && ex->pool_retry_at < next)
    next = ex->pool_retry_at;
  for (unsigned i = 0; i < ex->capacity; i++) {
    struct child *c = ex->slots[i];
    if (c && c->w && !c->timed_out && c->deadline < next)
      next = c->deadline;
    if (c && c->resume_at > 0 && c->resume_at < next)
      next = c->resume_at;
  }
  if (ex->zfd < 0 && ex->zretry_at < next)
    next = ex->zretry_at;
  if (ex->nstrays && t + 0.05 < next)
    next = t + 0.05;
  next = ex_session_next_deadline(ex, next);
  return next <= t ? 0 : (int)ceil((next - t) * 1e3);
}

static void check_deadlines(struct ts_executor *ex) {
  double t = ex_now();

  if (ex->nstrays)
    ex_reap_strays(ex);
  bool kill_all;

  pthread_mutex_lock(&ex->lock);
  kill_all = ex->stopping && !ex->killed_all && t >= ex->kill_at;
  ex->killed_all |= kill_all;
  pthread_mutex_unlock(&ex->lock);
  if (kill_all) {
    /* The grace period is over: what still runs is ended. */
    for (unsigned i = 0; i < ex->capacity; i++) {
      struct child *c = ex->slots[i];
      if (c && c->w && !c->shutdown) {
        c->shutdown = true;
        ex_kill(c); /* one still spawning is killed when its pidfd comes */
      }
    }
    /* Work still queued will never get a child. */
    while (ex->queue) {
      struct work *w = ex->queue;
      ex->queue = w->next;
      ex_fail_work(ex, w, TS_EXEC_INTERNAL_ERROR, "the server shut down before the execution started");
    }
    ex->queue_tail = &ex->queue;
    if (ex->sys_queue)
      ex_fail_work(ex, steal_pointer(&ex->sys_queue), TS_EXEC_INTERNAL_ERROR,
                "the server shut down before the execution started");
  }

  for (unsigned i = 0; i < ex->capacity; i++) {
    struct child *c = ex->slots[i];
    if (c && c->w && !c->timed_out && t >= c->deadline) {
      c->timed_out = true;
      ex_kill(c);
    }
    if (c && c->resume_at > 0 && t >= c->resume_at)
      ex_resume_pipes(ex, c);
  }
  ex_session_check(ex, t);
  if (ex->zfd < 0 && t >= ex->zretry_at && !ex_stopping(ex)) {
    ts_err err = {0};
    if (ex_zygote_launch(ex, &err) == 0) {
      ex->zrestarts++;
      atomic_store(&ex->restarts_now, ex->zrestarts);
      atomic_store(&ex->zygote_up, 1);
      ex_watch(ex, ex->zfd, EPOLLIN, EV_ZYGOTE, 0);
      ts_info("sandbox zygote restarted (pid %d)", (int)ex->zpid);
    } else {
      ts_error("restarting the zygote: %s", err.msg);
      ex->zretry_at = t + 1.0;
    }
  }
}

static bool all_idle(struct ts_executor *ex) {
  bool idle;

  pthread_mutex_lock(&ex->lock);
  idle = ex->inflight == 0 && ex->sys_inflight == 0 && ex->stopping;
  pthread_mutex_unlock(&ex->lock);
  return idle;
}

/* At stop: the pool's children have no work; end them and reap them. */
static void drain_pool(struct ts_executor *ex) {
  struct pollfd pfd;

  /* Sessions end with the server: every one is killed and reaped. */
  ex_session_stop_all(ex);
  /* Children the zygote is still creating: wait for their pidfds. */
  while (ex->spawning && ex->zfd >= 0) {
    pfd = (struct pollfd){ex->zfd, POLLIN, 0};
    if (poll(&pfd, 1, 2000) != 1)
      break;
    ex_zygote_reply(ex);
  }
  for (unsigned i = 0; i < ex->capacity; i++) {
    struct child *c = ex->slots[i];
    if (!c)
      continue;
    ex_kill(c);
    if (c->pidfd >= 0) {
      pfd = (struct pollfd){c->pidfd, POLLIN, 0};
      poll(&pfd, 1, 2000);
      ex_reap(ex, c);
    }
    if (ex->slots[i] == c)
      ex_finish(ex, c, "the server is shutting down");
  }
}

static void *executor_main(void *arg) {
  struct ts_executor *ex = arg;
  struct epoll_event evs[64];

  dispatch(ex); /* fill the pool */
  while (!all_idle(ex)) {
    int n = epoll_wait(ex->epfd, evs, 64, next_timeout_ms(ex));
    for (int i = 0; i < n; i++) {
      enum ev_kind kind = (enum ev_kind)(evs[i].data.u64 & 0xff);
      struct child *c = ex->slots[evs[i].data.u64 >> 8];
      switch (kind) {
      case EV_WAKE:
        take_incoming(ex);
        ex_session_ops(ex);
        break;
      case EV_SESS_STATUS:
      case EV_SESS_NOTIF:
      case EV_SESS_HANDOFF:
      case EV_SESS_INIT:
        ex_session_event(ex, kind, (unsigned)(evs[i].data.u64 >> 8));
        continue; /* not a child's: c is not one */
      case EV_ZYGOTE:
        if (ex->zfd >= 0)
          ex_zygote_reply(ex);
        break;
      case EV_OUT:
      case EV_ERR:
      case EV_RES:
        if (c) {
          struct buf *b = kind == EV_OUT ? &c->out : kind == EV_ERR ? &c->err : &c->res;
          if (b->fd >= 0)
            ex_pump_event(ex, c, b, kind);
          ex_maybe_finish(ex, c);
        }
        break;
      case EV_PIDFD:
        if (c && !c->reaped)
          ex_reap(ex, c);
        break;
      case EV_JOB:
        if (c && c->w && c->jobfd >= 0)
          ex_write_job(ex, c);
        break;
      case EV_CLIENT:
        /* The client hung up: nobody will read the answer. */
        if (c && c->w && !c->client_gone) {
          c->client_gone = true;
          ex_close_fd(ex, &c->w->client);
          ex_kill(c);
        }
        break;
      }
    }
    check_deadlines(ex);
    dispatch(ex);
  }
  drain_pool(ex);
  /* What came for the sessions since their last look gets its answer
   * now: nothing would give it one after this thread. */
  ex_session_close_ops(ex);
  return NULL;
}

/* ---- API ---- */

struct ts_executor *ts_executor_start(const struct ts_executor_config *cfg, ts_err *err) {
  struct ts_executor *ex = calloc(1, sizeof *ex);

  if (!ex) {
    ts_err_set(err, ENOMEM, "out of memory");
    return NULL;
  }
  ex->cfg = *cfg;
  if (ex->cfg.output_ceiling == 0)
    ex->cfg.output_ceiling = TS_OUTPUT_CEILING_FACTOR * cfg->output_max;
  ex->report_limits = (struct ts_report_limits)TS_REPORT_LIMITS_DEFAULT;
  if (cfg->outputs_max)
    ex->report_limits.outputs_max = cfg->outputs_max;
  if (cfg->outputs_bytes)
    ex->report_limits.outputs_bytes = cfg->outputs_bytes;
  /* + the reserved slot, + one call per session */
  ex->capacity = cfg->max_concurrency + cfg->pool + 1 + cfg->max_sessions;
  ex->sess_ops_tail = &ex->sess_ops;
  /* NOLINTNEXTLINE(bugprone-sizeof-expression): an array of pointers */
  ex->sessions = calloc(cfg->max_sessions ? cfg->max_sessions : 1, sizeof *ex->sessions);
  ex->boxes = calloc(cfg->max_sessions ? cfg->max_sessions : 1, sizeof(struct sbox *));
  ex->zfd = ex->epfd = ex->wakefd = -1;
  ex->allowed_modules = strdup(cfg->allowed_modules ? cfg->allowed_modules : "");
  /* NOLINTNEXTLINE(bugprone-sizeof-expression): an array of pointers */
  ex->slots = calloc(ex->capacity, sizeof *ex->slots);
  ex->incoming_tail = &ex->incoming;
  ex->queue_tail = &ex->queue;
  ex->spawning_tail = &ex->spawning;
  pthread_mutex_init(&ex->lock, NULL);
  if (!ex->allowed_modules || !ex->slots || !ex->sessions || !ex->boxes || ex->capacity == 0 ||
      ex->capacity > 0xffffff) {
    ts_err_set(err, ENOMEM, "out of memory");
    goto fail;
  }
  ex->epfd = epoll_create1(EPOLL_CLOEXEC);
  ex->wakefd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (ex->epfd < 0 || ex->wakefd < 0) {
    ts_err_set(err, errno, "epoll/eventfd: %s", strerror(errno));
    goto fail;
  }
  if (ex_zygote_launch(ex, err) < 0)
    goto fail;
  atomic_store(&ex->zygote_up, 1);
  ex_watch(ex, ex->wakefd, EPOLLIN, EV_WAKE, 0);
  ex_watch(ex, ex->zfd, EPOLLIN, EV_ZYGOTE, 0);
  if (pthread_create(&ex->thread, NULL, executor_main, ex) != 0) {
    ts_err_set(err, errno, "pthread_create failed");
    goto fail;
  }
  return ex;

fail:
  if (ex->zpid > 0) {
    kill(ex->zpid, SIGKILL);
    waitpid(ex->zpid, NULL, 0);
  }
  if (ex->zfd >= 0)
    close(ex->zfd);
  if (ex->epfd >= 0)
    close(ex->epfd);
  if (ex->wakefd >= 0)
    close(ex->wakefd);
  pthread_mutex_destroy(&ex->lock);
  free(ex->slots);
  free(ex->sessions);
  free(ex->boxes);
  free(ex->allowed_modules);
  free(ex);
  return NULL;
}

/* Gives back the place taken by a submission that could not be queued. */
static void unreserve(struct ts_executor *ex, bool system) {
  pthread_mutex_lock(&ex->lock);
  if (system)
    ex->sys_inflight--;
  else
    ex->inflight--;
  pthread_mutex_unlock(&ex->lock);
}

/* Admits and encodes one submission (on the caller's thread): NULL with
 * *err when refused. */
struct work *ex_new_work(struct ts_executor *ex, const struct ts_exec_params *p, bool system,
                         ts_exec_done_fn done, void *ctx, ts_err *err) {
  struct ts_job jd = {p->code, p->code_len, p->stdin_data, p->stdin_len,
                      {(uint32_t)p->memory_mb, (uint32_t)ceil(p->timeout) + 1, p->flags},
                      p->files, p->nfiles};
  jd.ret = p->ret;
  jd.patterns = p->patterns;
  jd.npatterns = p->npatterns;
  struct work *w;

  if (p->memory_mb > ex->cfg.memory_max_mb || p->timeout > ex->cfg.timeout_max || p->timeout <= 0) {
    ts_err_set(err, EINVAL, "limits above the executor's maximum");
    return NULL;
  }
  pthread_mutex_lock(&ex->lock);
  if (ex->stopping) {
    pthread_mutex_unlock(&ex->lock);
    ts_err_set(err, ESHUTDOWN, "the server is shutting down");
    return NULL;
  }
  if (system && ex->sys_inflight > 0) {
    pthread_mutex_unlock(&ex->lock);
    ts_err_set(err, EBUSY, "a system execution is already in progress");
    return NULL;
  }
  if (!system && ex->inflight >= ex->cfg.max_concurrency + ex->cfg.queue_max) {
    pthread_mutex_unlock(&ex->lock);
    ts_err_set(err, EAGAIN, "too many executions in progress (%u running or queued)",
               ex->cfg.max_concurrency + ex->cfg.queue_max);
    return NULL;
  }
  if (system)
    ex->sys_inflight++;
  else
    ex->inflight++;
  pthread_mutex_unlock(&ex->lock);

  /* The job is encoded here, on the caller's thread, so the executor
   * thread only moves bytes. */
  w = calloc(1, sizeof *w);
  if (w)
    w->job = ts_job_encode(&jd, &w->len, err);
  else
    ts_err_set(err, ENOMEM, "out of memory");
  if (!w || !w->job) {
    free(w);
    unreserve(ex, system);
    return NULL;
  }
  w->timeout = p->timeout;
  w->memory_mb = (unsigned)p->memory_mb;
  w->report = ex->report_limits;
  if (p->npatterns) {
    w->report.files_max = p->ret.max_files;
    w->report.files_bytes = p->ret.max_bytes;
  }
  w->done = done;
  w->ctx = ctx;
  w->event = p->event;
  w->event_ctx = p->event_ctx;
  w->system = system;
  w->client = p->client_fd > 0 ? fcntl(p->client_fd, F_DUPFD_CLOEXEC, 3) : -1;
  return w;
}

void ex_wake(struct ts_executor *ex) {
  uint64_t one = 1;

  (void)!write(ex->wakefd, &one, sizeof one);
}

static int submit_work(struct ts_executor *ex, const struct ts_exec_params *p, bool system,
                       ts_exec_done_fn done, void *ctx, ts_err *err) {
  struct work *w = ex_new_work(ex, p, system, done, ctx, err);

  if (!w)
    return -1;
  pthread_mutex_lock(&ex->lock);
  *ex->incoming_tail = w;
  ex->incoming_tail = &w->next;
  pthread_mutex_unlock(&ex->lock);
  ex_wake(ex);
  return 0;
}

int ts_exec_submit(struct ts_executor *ex, const struct ts_exec_params *p,
                   ts_exec_done_fn done, void *ctx, ts_err *err) {
  return submit_work(ex, p, false, done, ctx, err);
}

int ts_exec_submit_system(struct ts_executor *ex, const struct ts_exec_params *p,
                          ts_exec_done_fn done, void *ctx, ts_err *err) {
  return submit_work(ex, p, true, done, ctx, err);
}

struct sync_wait {
  pthread_mutex_t m;
  pthread_cond_t c;
  struct ts_exec_result *res;
  bool done; /* res may be NULL: the result could not be allocated */
};

static void sync_done(void *ctx, struct ts_exec_result *res) {
  struct sync_wait *w = ctx;

  pthread_mutex_lock(&w->m);
  w->res = res;
  w->done = true;
  pthread_cond_signal(&w->c);
  pthread_mutex_unlock(&w->m);
}

int ts_exec_run(struct ts_executor *ex, const struct ts_exec_params *p,
                struct ts_exec_result *out, ts_err *err) {
  struct sync_wait w = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, NULL, false};

  if (ts_exec_submit(ex, p, sync_done, &w, err) < 0)
    return -1;
  pthread_mutex_lock(&w.m);
  while (!w.done)
    pthread_cond_wait(&w.c, &w.m);
  pthread_mutex_unlock(&w.m);
  if (!w.res)
    return ts_err_set(err, ENOMEM, "out of memory");
  *out = *w.res;
  free(w.res);
  return 0;
}

unsigned ts_executor_inflight(struct ts_executor *ex) {
  unsigned n;

  pthread_mutex_lock(&ex->lock);
  n = ex->inflight;
  pthread_mutex_unlock(&ex->lock);
  return n;
}

unsigned ts_executor_zygote_restarts(struct ts_executor *ex) {
  return atomic_load(&ex->restarts_now);
}

unsigned ts_executor_queued(struct ts_executor *ex) {
  unsigned inflight = ts_executor_inflight(ex), running = atomic_load(&ex->running_now);
  unsigned sys = atomic_load(&ex->sys_running_now);

  /* running_now counts the child on the reserved slot; inflight does not. */
  running = running > sys ? running - sys : 0;
  return inflight > running ? inflight - running : 0;
}

bool ts_executor_zygote_alive(struct ts_executor *ex) { return atomic_load(&ex->zygote_up) != 0; }
pid_t ts_executor_zygote_pid(struct ts_executor *ex) { return ex->zpid; }

void ts_executor_stop(struct ts_executor *ex, double grace) {
  uint64_t one = 1;

  if (!ex)
    return;
  pthread_mutex_lock(&ex->lock);
  ex->stopping = true;
  ex->kill_at = ex_now() + grace;
  pthread_mutex_unlock(&ex->lock);
  (void)!write(ex->wakefd, &one, sizeof one);
  pthread_join(ex->thread, NULL);
  if (ex->zfd >= 0)
    close(ex->zfd); /* the zygote exits on EOF */
  if (ex->zpid > 0) {
    /* Let it exit by itself (a sanitizer build checks itself for leaks
     * first), then make sure. */
#ifdef TS_SANITIZE
    int tries = 500;
#else
    int tries = 50;
#endif
    while (tries-- > 0 && waitpid(ex->zpid, NULL, WNOHANG) == 0)
      usleep(10000);
    if (tries < 0) {
      kill(ex->zpid, SIGKILL);
      waitpid(ex->zpid, NULL, 0);
    }
  }
  ex->zfd = -1;
  ex->zpid = 0;
}

void ts_executor_free(struct ts_executor *ex) {
  if (!ex)
    return;
  ex_session_free_all(ex);
  free(ex->sessions);
  free(ex->boxes);
  close(ex->epfd);
  close(ex->wakefd);
  pthread_mutex_destroy(&ex->lock);
  free(ex->slots);
  free(ex->allowed_modules);
  free(ex);
}
