/* The executor thread.  See executor.h.
 *
 * Everything about a running job lives on this one thread: an epoll set
 * holds the zygote's control socket, an eventfd for new submissions, and
 * each child's pipes and pidfd.  Deadlines are the epoll timeout.
 *
 * Children are cloned ahead of demand: a few wait, sandboxed and warm,
 * blocked on their job pipe, so a request only pays for writing its job
 * and running it.  A child runs one job and dies.
 *
 * Status comes from the wait status, our own kill decisions and our own
 * byte counts; the child's report only adds the exception details. */
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "exec/executor.h"
#include "util/log.h"
#include "util/utf8.h"
#include "sandbox/zygote.h"

#define RESULT_MAX ((size_t)256 * 1024) /* bytes of child report kept */
/* Spawn requests sent to the zygote and not answered yet.  Both ends of
 * the control socket block on send, so this must stay well below what the
 * socket buffers hold (about 270 requests) or the two could deadlock. */
#define MAX_SPAWNING 32

/* Sandboxes cloned by a zygote that died before reporting them: our
 * children (CLONE_PARENT) without a pidfd, reaped by pid. */
#define MAX_STRAYS 64

enum ev_kind { EV_WAKE = 1, EV_ZYGOTE, EV_OUT, EV_ERR, EV_RES, EV_PIDFD, EV_JOB, EV_CLIENT };
enum child_state { CHILD_SPAWNING, CHILD_READY };

struct buf {
  char *data;
  size_t len, cap; /* cap: bytes kept at most */
  bool truncated, eof;
  int fd;
};

/* A request, from submission until a child takes it. */
struct work {
  struct work *next;
  char *job; /* encoded job */
  size_t len;
  double timeout;
  ts_exec_done_fn done;
  void *ctx;
  int client; /* our duplicate of the client's socket, or -1 */
  bool system; /* ts_exec_submit_system(): runs on the reserved slot */
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
  int pidfd;
  pid_t pid;
  bool reaped, timed_out, output_over, killed, shutdown;
  bool answered; /* its work was answered before it was reaped */
  bool system;   /* holds system work: the reserved slot, until freed */
  bool client_gone; /* killed because the client hung up */
  siginfo_t info;
  struct rusage ru;
  struct timespec start;
  double deadline; /* monotonic seconds, once it has work */
};

struct ts_executor {
  struct ts_executor_config cfg;
  char *allowed_modules;
  pthread_t thread;
  int epfd, wakefd;
  int zfd; /* control socket to the zygote, -1 while it is down */
  pid_t zpid;
  unsigned zrestarts;
  double zretry_at;

  pthread_mutex_t lock; /* guards incoming, inflight, sys_inflight, stopping, kill_at */
  struct work *incoming, **incoming_tail;
  unsigned inflight;     /* user work, from submission to its answer */
  unsigned sys_inflight; /* system work, likewise: at most one */
  bool stopping;
  double kill_at; /* when stopping: running jobs are killed at this time */
  bool killed_all; /* executor thread: kill_at has been acted on */

  /* read by other threads */
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
};

const char *ts_exec_status_name(enum ts_exec_status s) {
  static const char *const names[] = {"ok",           "error",  "rejected",
                                      "timeout",      "memory_limit",
                                      "output_limit", "killed", "internal_error",
                                      "cancelled"};
  return (unsigned)s < TS_ARRAY_LEN(names) ? names[s] : "internal_error";
}

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- the zygote ---- */

static int zygote_spawn(struct ts_executor *ex, ts_err *err) {
  char tmp[32], pidbuf[16];
  const char *argv[16];
  int argc = 0, sv[2], child_fd, rc;
  posix_spawn_file_actions_t fa;
  struct ts_zygote_ready ready;
  struct pollfd pfd;
  ssize_t n;
  /* The zygote gets no environment at all: no token or secret that the
   * server may hold can reach it (nor, through it, a snippet).  Sanitizer
   * builds pass their own options on, and nothing else. */
  char *envp[4] = {NULL};
#ifdef TS_SANITIZE
  static char store[3][512];
  const char *keep[] = {"ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"};
  int envc = 0;

  for (size_t i = 0; i < TS_ARRAY_LEN(keep); i++) {
    const char *v = getenv(keep[i]);
    size_t k;
    if (!v)
      continue;
    /* A suppressions file cannot be read from the zygote's empty root:
     * it has its own suppression built in (zygote.c). */
    k = (size_t)snprintf(store[i], sizeof store[i], "%s=", keep[i]);
    while (*v && k < sizeof store[i] - 1) {
      size_t len = strcspn(v, ":");
      if (strncmp(v, "suppressions=", 13) != 0 && len < sizeof store[i] - k - 1) {
        k += (size_t)snprintf(store[i] + k, sizeof store[i] - k, "%s%.*s",
                              store[i][k - 1] == '=' ? "" : ":", (int)len, v);
      }
      v += len;
      if (*v == ':')
        v++;
    }
    envp[envc++] = store[i];
  }
#endif
  if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, sv) < 0)
    return ts_err_set(err, errno, "socketpair: %s", strerror(errno));
  /* Keep the child's end away from fd 3 so that dup2 always clears CLOEXEC. */
  child_fd = fcntl(sv[1], F_DUPFD_CLOEXEC, 10);
  close(sv[1]);
  if (child_fd < 0) {
    close(sv[0]);
    return ts_err_set(err, errno, "fcntl: %s", strerror(errno));
  }
  argv[argc++] = ex->cfg.zygote_exe;
  argv[argc++] = TS_ZYGOTE_FLAG;
  argv[argc++] = "--allowed-modules";
  argv[argc++] = ex->allowed_modules;
  argv[argc++] = "--allow-input";
  argv[argc++] = ex->cfg.allow_input ? "1" : "0";
  (void)snprintf(tmp, sizeof tmp, "%lu", ex->cfg.tmp_bytes);
  argv[argc++] = "--tmp-bytes";
  argv[argc++] = tmp;
  (void)snprintf(pidbuf, sizeof pidbuf, "%d", (int)getpid());
  argv[argc++] = "--server-pid";
  argv[argc++] = pidbuf;
  if (ex->cfg.python_home) {
    argv[argc++] = "--python-home";
    argv[argc++] = ex->cfg.python_home;
  }
  argv[argc] = NULL;

  posix_spawn_file_actions_init(&fa);
  posix_spawn_file_actions_adddup2(&fa, child_fd, TS_ZYGOTE_CTL_FD);
  rc = posix_spawn(&ex->zpid, ex->cfg.zygote_exe, &fa, NULL, (char *const *)argv, envp);
  posix_spawn_file_actions_destroy(&fa);
  close(child_fd);
  if (rc != 0) {
    close(sv[0]);
    return ts_err_set(err, rc, "starting the zygote (%s): %s", ex->cfg.zygote_exe, strerror(rc));
  }
  pfd = (struct pollfd){sv[0], POLLIN, 0};
  n = poll(&pfd, 1, 60000) == 1 ? recv(sv[0], &ready, sizeof ready, 0) : -1;
  if (n != (ssize_t)sizeof ready || ready.magic != TS_SPAWN_MAGIC || ready.err != 0) {
    close(sv[0]);
    kill(ex->zpid, SIGKILL);
    waitpid(ex->zpid, NULL, 0);
    ex->zpid = 0;
    if (n == (ssize_t)sizeof ready) {
      ready.msg[sizeof ready.msg - 1] = '\0';
      return ts_err_set(err, 0, "zygote failed: %s", ready.msg);
    }
    return ts_err_set(err, 0, "zygote failed to start (see its messages above)");
  }
  ex->zfd = sv[0];
  return 0;
}

/* ---- children ---- */

static void buf_init(struct buf *b, int fd, size_t cap) {
  *b = (struct buf){NULL, 0, cap, false, false, fd};
}

static void close_fd(struct ts_executor *ex, int *fd) {
  if (*fd >= 0) {
    epoll_ctl(ex->epfd, EPOLL_CTL_DEL, *fd, NULL);
    close(*fd);
    *fd = -1;
  }
}

/* Frees work, closing our handle on its client (watched while it runs:
 * a duplicate fd stays in the epoll set until removed, even closed). */
static void work_free(struct ts_executor *ex, struct work *w) {
  if (w) {
    close_fd(ex, &w->client);
    free(w->job);
    free(w);
  }
}

/* Whether the client of queued work has hung up (or half-closed: an HTTP
 * client that stops sending before its answer is treated as gone). */
static bool client_gone(const struct work *w) {
  struct pollfd pfd = {w->client, POLLRDHUP, 0};

  return w->client >= 0 && poll(&pfd, 1, 0) == 1 &&
         (pfd.revents & (POLLRDHUP | POLLHUP | POLLERR));
}

static void child_free(struct ts_executor *ex, struct child *c) {
  close_fd(ex, &c->out.fd);
  close_fd(ex, &c->err.fd);
  close_fd(ex, &c->res.fd);
  close_fd(ex, &c->pidfd);
  close_fd(ex, &c->jobfd);
  free(c->out.data);
  free(c->err.data);
  free(c->res.data);
  work_free(ex, c->w);
  if (c->slot >= 0) {
    ex->slots[c->slot] = NULL;
    ex->nchildren--;
  }
  if (c->system) {
    /* The reserved slot is free once its child is gone, not when its
     * work is answered: until then the child still holds its fds. */
    ex->sys_busy--;
    atomic_store(&ex->sys_running_now, ex->sys_busy);
  }
  free(c);
}

static void kill_child(struct child *c) {
  if (c->pidfd >= 0 && !c->reaped && !c->killed) {
    /* The child is pid 1 of its namespace: killing it kills all in it. */
    syscall(SYS_pidfd_send_signal, c->pidfd, SIGKILL, NULL, 0);
    c->killed = true;
  }
}

static int watch(struct ts_executor *ex, int fd, uint32_t events, enum ev_kind kind, int slot) {
  struct epoll_event ev = {.events = events, .data.u64 = (uint64_t)kind | ((uint64_t)slot << 8)};
  return epoll_ctl(ex->epfd, EPOLL_CTL_ADD, fd, &ev);
}

/* Reads what a pipe has.  Past the cap, bytes are drained and dropped; for
 * stdout/stderr that ends the job as output_limit. */
static void pump(struct ts_executor *ex, struct child *c, struct buf *b, bool is_output) {
  char tmp[65536];

  for (;;) {
    ssize_t n = read(b->fd, tmp, sizeof tmp);
    size_t keep;
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN)
      return;
    if (n <= 0) {
      b->eof = true;
      close_fd(ex, &b->fd);
      return;
    }
    keep = b->cap - b->len < (size_t)n ? b->cap - b->len : (size_t)n;
    if (keep && !b->data && !(b->data = malloc(b->cap)))
      keep = 0;
    if (keep) {
      memcpy(b->data + b->len, tmp, keep);
      b->len += keep;
    }
    if (keep < (size_t)n) {
      b->truncated = true;
      if (is_output && !c->output_over) {
        c->output_over = true;
        kill_child(c);
      }
    }
  }
}

static void classify(const struct child *c, struct ts_exec_result *r) {
  if (c->shutdown) {
    r->status = TS_EXEC_INTERNAL_ERROR;
    r->signal = c->info.si_code == CLD_EXITED ? 0 : c->info.si_status;
    (void)snprintf(r->detail, sizeof r->detail, "the server shut down before the execution finished");
    return;
  }
  if (c->info.si_code == CLD_EXITED) {
    r->exit_code = c->info.si_status;
    if (c->timed_out)
      r->status = TS_EXEC_TIMEOUT;
    else if (c->output_over)
      r->status = TS_EXEC_OUTPUT_LIMIT;
    else if (r->exit_code == TS_EXIT_OK)
      r->status = TS_EXEC_OK;
    else if (r->exit_code == TS_EXIT_SETUP) {
      r->status = TS_EXEC_INTERNAL_ERROR;
      (void)snprintf(r->detail, sizeof r->detail, "sandbox setup failed at '%s' (errno %d)",
               r->report.setup_stage ? r->report.setup_stage : "?", r->report.setup_errno);
    } else if (r->report.type && strcmp(r->report.type, "MemoryError") == 0)
      r->status = TS_EXEC_MEMORY_LIMIT;
    else
      r->status = TS_EXEC_ERROR;
  } else {
    r->signal = c->info.si_status;
    /* Our timer first, then our byte caps, then RLIMIT_CPU. */
    bool cpu_limit = r->signal == SIGXCPU ||
                     (r->signal == SIGKILL && r->cpu_ms >= floor(c->w->timeout) * 1e3);
    if (c->output_over && !c->timed_out)
      r->status = TS_EXEC_OUTPUT_LIMIT;
    else if (c->timed_out || cpu_limit)
      r->status = TS_EXEC_TIMEOUT;
    else if (c->client_gone)
      r->status = TS_EXEC_CANCELLED;
    else
      r->status = TS_EXEC_KILLED;
  }
}

/* The same decision for a child that closed its pipes after a complete
 * report and is not reaped yet: our timer and byte caps come first; then
 * the report stands for the exit status the child would have chosen
 * (the exit code is the child's word as much as the report is).  Every
 * way of dying that the child does not choose (a signal, a limit of the
 * kernel) ends it before its pipes close and goes through classify(). */
static void classify_done(const struct child *c, struct ts_exec_result *r) {
  r->exit_code = r->report.has_error ? TS_EXIT_ERROR : TS_EXIT_OK;
  if (c->timed_out)
    r->status = TS_EXEC_TIMEOUT;
  else if (c->output_over)
    r->status = TS_EXEC_OUTPUT_LIMIT;
  else if (!r->report.has_error)
    r->status = TS_EXEC_OK;
  else if (r->report.type && strcmp(r->report.type, "MemoryError") == 0)
    r->status = TS_EXEC_MEMORY_LIMIT;
  else
    r->status = TS_EXEC_ERROR;
}

/* CPU time of a live child so far, from its process CPU clock. */
static double cpu_ms_alive(const struct child *c) {
  clockid_t id;
  struct timespec ts;

  if (clock_getcpuclockid(c->pid, &id) != 0 || clock_gettime(id, &ts) < 0)
    return 0;
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static void deliver(struct ts_executor *ex, struct work *w, struct ts_exec_result *r) {
  pthread_mutex_lock(&ex->lock);
  if (w->system)
    ex->sys_inflight--;
  else
    ex->inflight--;
  pthread_mutex_unlock(&ex->lock);
  w->done(w->ctx, r);
}

/* Ends work that never reached a child, or whose child failed us. */
static void fail_work(struct ts_executor *ex, struct work *w, enum ts_exec_status status,
                      const char *why) {
  struct ts_exec_result *r = calloc(1, sizeof *r);

  if (r) {
    r->status = status;
    r->exit_code = -1;
    (void)snprintf(r->detail, sizeof r->detail, "%s", why);
  }
  deliver(ex, w, r);
  work_free(ex, w);
}

/* The child is gone (reaped) or unusable: report its work, if any, and
 * free it.  `why` forces internal_error. */
static void finish(struct ts_executor *ex, struct child *c, const char *why) {
  struct ts_exec_result *r;
  struct timespec end;

  if (c->answered) {
    /* Its slot was held until now: the teardown was still its cost. */
    kill_child(c);
    ex->nbusy--;
    atomic_store(&ex->running_now, ex->nbusy);
    child_free(ex, c);
    return;
  }
  if (!c->w) {
    if (c->reaped && c->info.si_code == CLD_EXITED && c->info.si_status == TS_EXIT_SETUP) {
      struct ts_child_report rep;
      ts_child_report_parse(c->res.data, c->res.len, &rep);
      ts_error("a pooled sandbox failed at '%s' (errno %d)",
               rep.setup_stage ? rep.setup_stage : "?", rep.setup_errno);
      ts_child_report_free(&rep);
    } else if (c->reaped && !c->killed) {
      ts_warn("a pooled sandbox ended before getting a job");
    }
    if (!c->killed) {
      /* Back off: a sandbox that cannot be set up now will not be in the
       * next millisecond either. */
      double delay = 0.05 * (double)(1u << (ex->pool_failures < 7 ? ex->pool_failures : 7));
      ex->pool_failures++;
      ex->pool_retry_at = now_s() + (delay < 5 ? delay : 5);
    }
    child_free(ex, c);
    return;
  }
  if (why) {
    struct work *w = steal_pointer(&c->w);
    ex->nbusy--;
    atomic_store(&ex->running_now, ex->nbusy);
    kill_child(c);
    fail_work(ex, w, TS_EXEC_INTERNAL_ERROR, why);
    child_free(ex, c);
    return;
  }
  if (c->reaped && c->info.si_code == CLD_EXITED && c->info.si_status != TS_EXIT_SETUP)
    ex->pool_failures = 0;
  r = calloc(1, sizeof *r);
  clock_gettime(CLOCK_MONOTONIC, &end);
  if (r) {
    r->duration_ms = (double)(end.tv_sec - c->start.tv_sec) * 1e3 +
                     (double)(end.tv_nsec - c->start.tv_nsec) / 1e6;
    if (c->reaped)
      r->cpu_ms = (double)(c->ru.ru_utime.tv_sec + c->ru.ru_stime.tv_sec) * 1e3 +
                  (double)(c->ru.ru_utime.tv_usec + c->ru.ru_stime.tv_usec) / 1e3;
    else
      r->cpu_ms = cpu_ms_alive(c);
    r->out = steal_pointer(&c->out.data);
    r->out_len = c->out.len;
    r->out_truncated = c->out.truncated;
    r->err = steal_pointer(&c->err.data);
    r->err_len = c->err.len;
    r->err_truncated = c->err.truncated;
    r->exit_code = -1;
    if (c->res.len)
      ts_child_report_parse(c->res.data, c->res.len, &r->report);
    if (c->reaped)
      classify(c, r);
    else
      classify_done(c, r);
    if (r->status == TS_EXEC_INTERNAL_ERROR)
      ts_error("job %llu: %s", (unsigned long long)c->id, r->detail);
  }
  deliver(ex, c->w, r);
  if (c->reaped) {
    ex->nbusy--;
    atomic_store(&ex->running_now, ex->nbusy);
    child_free(ex, c);
    return;
  }
  /* Answered early: nothing of the child can reach the user any more.
   * It is killed (it was exiting anyway, and a child that closed its
   * pipes only to go on running gets no further) and keeps its slot
   * until its pidfd says it is gone. */
  work_free(ex, steal_pointer(&c->w));
  c->answered = true;
  ex->pool_failures = 0;
  kill_child(c);
}

/* A child that closed all three pipes after a complete report is done
 * with its job: its exit, which unmaps a copy of the zygote and tears
 * down its namespaces, takes 1 to 4 ms that nobody needs to wait for. */
static bool done_early(const struct child *c) {
  return c->w && !c->reaped && c->out.eof && c->err.eof && c->res.eof &&
         ts_child_report_complete(c->res.data, c->res.len);
}

static void maybe_finish(struct ts_executor *ex, struct child *c) {
  if ((c->reaped && c->out.eof && c->err.eof && c->res.eof) || done_early(c))
    finish(ex, c, NULL);
}

static void reap(struct ts_executor *ex, struct child *c) {
  /* waitid with P_PIDFD reaps exactly this child; the fifth argument of
   * the raw system call returns its resource usage. */
  if (syscall(SYS_waitid, P_PIDFD, c->pidfd, &c->info, WEXITED | WNOHANG, &c->ru) < 0 ||
      c->info.si_pid == 0)
    return;
  c->reaped = true;
  close_fd(ex, &c->pidfd);
  close_fd(ex, &c->jobfd);
  /* Every writer is dead now: what is left in the pipes is all there is. */
  pump(ex, c, &c->out, true);
  pump(ex, c, &c->err, true);
  pump(ex, c, &c->res, false);
  c->out.eof = c->err.eof = c->res.eof = true;
  maybe_finish(ex, c);
}

static int set_nonblock(int fd) {
  int fl = fcntl(fd, F_GETFL);
  return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* Feeds the job pipe; once the whole job is in, closing our end is the
 * child's signal to start. */
static void write_job(struct ts_executor *ex, struct child *c) {
  while (c->jobfd >= 0 && c->written < c->w->len) {
    ssize_t n = write(c->jobfd, c->w->job + c->written, c->w->len - c->written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN) {
      struct epoll_event ev = {.events = EPOLLOUT,
                               .data.u64 = (uint64_t)EV_JOB | ((uint64_t)c->slot << 8)};
      if (epoll_ctl(ex->epfd, EPOLL_CTL_MOD, c->jobfd, &ev) < 0)
        watch(ex, c->jobfd, EPOLLOUT, EV_JOB, c->slot);
      return;
    }
    if (n <= 0) {
      close_fd(ex, &c->jobfd); /* the child died; its pidfd will tell */
      return;
    }
    c->written += (size_t)n;
  }
  close_fd(ex, &c->jobfd);
  free(c->w->job);
  c->w->job = NULL;
}

/* Gives work to a child: from now on its deadline runs. */
static void assign(struct ts_executor *ex, struct child *c, struct work *w) {
  c->w = w;
  ex->nbusy++;
  atomic_store(&ex->running_now, ex->nbusy);
  clock_gettime(CLOCK_MONOTONIC, &c->start);
  c->deadline = now_s() + w->timeout;
  if (w->client >= 0 && watch(ex, w->client, EPOLLRDHUP, EV_CLIENT, c->slot) < 0)
    close_fd(ex, &w->client); /* not watched: it runs to its end */
  if (c->state == CHILD_READY)
    write_job(ex, c);
}

static struct child *spawn_child(struct ts_executor *ex) {
  int pipes[4][2] = {{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}};
  int fds[TS_SPAWN_NFDS];
  struct ts_spawn_req req = {TS_SPAWN_MAGIC, 0, 0, (uint32_t)ex->cfg.memory_max_mb,
                             (uint32_t)ceil(ex->cfg.timeout_max) + 2};
  struct child *c;
  int slot = -1, sent;

  if (ex->zfd < 0)
    return NULL;
  for (unsigned i = 0; i < ex->capacity; i++)
    if (!ex->slots[i]) {
      slot = (int)i;
      break;
    }
  if (slot < 0 || !(c = calloc(1, sizeof *c)))
    return NULL;
  for (int i = 0; i < 4; i++)
    if (pipe2(pipes[i], O_CLOEXEC) < 0) {
      for (int k = 0; k < i; k++) {
        close(pipes[k][0]);
        close(pipes[k][1]);
      }
      free(c);
      ts_error("cannot create pipes: %s", strerror(errno));
      return NULL;
    }
  c->id = req.job_id = ++ex->next_id;
  c->slot = slot;
  c->pidfd = -1;
  c->state = CHILD_SPAWNING;
  ex->slots[slot] = c;
  ex->nchildren++;
  c->jobfd = pipes[0][1];
  buf_init(&c->out, pipes[1][0], ex->cfg.output_max);
  buf_init(&c->err, pipes[2][0], ex->cfg.output_max);
  buf_init(&c->res, pipes[3][0], RESULT_MAX);
  fds[0] = pipes[0][0];
  fds[1] = pipes[1][1];
  fds[2] = pipes[2][1];
  fds[3] = pipes[3][1];
  sent = ts_send_fds(ex->zfd, &req, sizeof req, fds, TS_SPAWN_NFDS);
  /* The child's ends go now, or EOF would never come. */
  for (int i = 0; i < 4; i++)
    close(fds[i]);
  if (sent < 0) {
    child_free(ex, c);
    return NULL;
  }
  set_nonblock(c->jobfd);
  for (int i = 1; i < 4; i++) {
    set_nonblock(pipes[i][0]);
    watch(ex, pipes[i][0], EPOLLIN, (enum ev_kind)(EV_OUT + i - 1), slot);
  }
  c->next = NULL;
  *ex->spawning_tail = c;
  ex->spawning_tail = &c->next;
  ex->nspawning++;
  return c;
}

static struct child *pop_spawning(struct ts_executor *ex) {
  struct child *c = ex->spawning;

  if (c) {
    ex->spawning = c->next;
    if (!ex->spawning)
      ex->spawning_tail = &ex->spawning;
    c->next = NULL;
    ex->nspawning--;
  }
  return c;
}

static bool known_child(struct ts_executor *ex, pid_t pid) {
  for (unsigned i = 0; i < ex->capacity; i++)
    if (ex->slots[i] && ex->slots[i]->pid == pid)
      return true;
  return pid == ex->zpid;
}

/* The zygote just died: any child of ours that we hold no pidfd for is a
 * sandbox it cloned but never told us about.  Nobody would ever reap it.
 * Such a child is still ours until reaped, so its pid cannot be reused:
 * killing and waiting for it by pid is safe. */
static void note_strays(struct ts_executor *ex) {
  char path[300], buf[4096];
  DIR *d = opendir("/proc/self/task");
  struct dirent *de;

  if (!d)
    return;
  while ((de = readdir(d))) {
    FILE *f;
    size_t n;
    if (de->d_name[0] == '.' || strlen(de->d_name) > 20)
      continue;
    (void)snprintf(path, sizeof path, "/proc/self/task/%s/children", de->d_name);
    if (!(f = fopen(path, "re")))
      continue;
    n = fread(buf, 1, sizeof buf - 1, f);
    (void)fclose(f);
    buf[n] = '\0';
    for (char *p = buf, *end;; p = end) {
      long pid = strtol(p, &end, 10);
      if (end == p || pid <= 0 || pid > INT_MAX)
        break;
      if (!known_child(ex, (pid_t)pid) && ex->nstrays < MAX_STRAYS) {
        (void)kill((pid_t)pid, SIGKILL);
        ex->strays[ex->nstrays++] = (pid_t)pid;
      }
    }
  }
  closedir(d);
  if (ex->nstrays)
    ts_warn("reaping %u sandboxes the dead zygote had not reported", ex->nstrays);
}

static void reap_strays(struct ts_executor *ex) {
  for (unsigned i = 0; i < ex->nstrays;) {
    pid_t r = waitpid(ex->strays[i], NULL, WNOHANG);
    if (r == ex->strays[i] || (r < 0 && errno == ECHILD))
      ex->strays[i] = ex->strays[--ex->nstrays];
    else
      i++;
  }
}

static void zygote_lost(struct ts_executor *ex) {
  struct child *c;

  ts_error("the sandbox zygote died; restarting it");
  atomic_store(&ex->zygote_up, 0);
  close_fd(ex, &ex->zfd);
  if (ex->zpid > 0) {
    kill(ex->zpid, SIGKILL);
    waitpid(ex->zpid, NULL, 0);
    ex->zpid = 0;
  }
  /* Children it had not answered for may or may not exist: without a
   * pidfd none can be managed.  Closing their job pipes ends any that do. */
  while ((c = pop_spawning(ex)))
    finish(ex, c, "the sandbox zygote died");
  note_strays(ex);
  ex->zretry_at = now_s();
}

static void zygote_reply(struct ts_executor *ex) {
  struct ts_spawn_resp resp;
  int fds[1], pidfd = -1;
  size_t nfds;
  struct child *c;
  ssize_t n = ts_recv_fds(ex->zfd, &resp, sizeof resp, fds, 1, &nfds, MSG_DONTWAIT);

  if (n < 0 && (errno == EAGAIN || errno == EINTR))
    return;
  if (n <= 0) {
    zygote_lost(ex);
    return;
  }
  if (nfds == 1)
    pidfd = fds[0];
  c = pop_spawning(ex);
  if (n != (ssize_t)sizeof resp || !c || resp.job_id != c->id || resp.err != 0 || pidfd < 0) {
    char why[120];
    (void)snprintf(why, sizeof why, "cannot create the sandbox: %s",
             resp.err ? strerror(resp.err) : "garbled reply from the zygote");
    ts_error("%s", why);
    if (pidfd >= 0)
      close(pidfd);
    if (c)
      finish(ex, c, why);
    return;
  }
  c->pidfd = pidfd;
  c->pid = resp.pid;
  c->state = CHILD_READY;
  watch(ex, pidfd, EPOLLIN, EV_PIDFD, c->slot);
  if (c->w) {
    if (c->timed_out || c->shutdown)
      kill_child(c);
    else
      write_job(ex, c);
  }
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

static bool stopping(struct ts_executor *ex) {
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
    c = spawn_child(ex);
  if (!c) {
    if (ex->zfd < 0)
      fail_work(ex, steal_pointer(&ex->sys_queue), TS_EXEC_INTERNAL_ERROR,
                "the sandbox zygote is restarting");
    else if (ex->nchildren < ex->capacity && ex->nspawning < MAX_SPAWNING)
      fail_work(ex, steal_pointer(&ex->sys_queue), TS_EXEC_INTERNAL_ERROR,
                "cannot create a sandbox");
    return; /* otherwise the zygote is busy answering: next round */
  }
  c->system = true;
  ex->sys_busy++;
  atomic_store(&ex->sys_running_now, ex->sys_busy);
  assign(ex, c, steal_pointer(&ex->sys_queue));
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
      fail_work(ex, w, TS_EXEC_CANCELLED, "the client closed its connection");
      continue;
    }
    c = free_child(ex);
    if (!c && ex->nspawning >= MAX_SPAWNING)
      break; /* wait for the zygote to answer some */
    if (!c && ex->nchildren < ex->capacity)
      c = spawn_child(ex);
    if (!c) {
      if (ex->zfd < 0 || ex->nchildren < ex->capacity) {
        /* No zygote, or no pipes: fail rather than wait forever. */
        ex->queue = w->next;
        if (!ex->queue)
          ex->queue_tail = &ex->queue;
        fail_work(ex, w, TS_EXEC_INTERNAL_ERROR, ex->zfd < 0 ? "the sandbox zygote is restarting"
                                     : "cannot create a sandbox");
        continue;
      }
      break;
    }
    ex->queue = w->next;
    if (!ex->queue)
      ex->queue_tail = &ex->queue;
    w->next = NULL;
    assign(ex, c, w);
  }
  /* Keep the pool full. */
  for (unsigned i = 0; i < ex->capacity; i++)
    if (ex->slots[i] && !ex->slots[i]->w && !ex->slots[i]->reaped && !ex->slots[i]->answered)
      spare++;
  while (spare < ex->cfg.pool && ex->nchildren < ex->capacity && !stopping(ex) &&
         ex->nspawning < MAX_SPAWNING && now_s() >= ex->pool_retry_at) {
    if (!spawn_child(ex))
      break;
    spare++;
  }
}

static int next_timeout_ms(struct ts_executor *ex) {
  double t = now_s(), next = t + 3600;

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
  }
  if (ex->zfd < 0 && ex->zretry_at < next)
    next = ex->zretry_at;
  if (ex->nstrays && t + 0.05 < next)
    next = t + 0.05;
  return next <= t ? 0 : (int)ceil((next - t) * 1e3);
}

static void check_deadlines(struct ts_executor *ex) {
  double t = now_s();

  if (ex->nstrays)
    reap_strays(ex);
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
        kill_child(c); /* one still spawning is killed when its pidfd comes */
      }
    }
    /* Work still queued will never get a child. */
    while (ex->queue) {
      struct work *w = ex->queue;
      ex->queue = w->next;
      fail_work(ex, w, TS_EXEC_INTERNAL_ERROR, "the server shut down before the execution started");
    }
    ex->queue_tail = &ex->queue;
    if (ex->sys_queue)
      fail_work(ex, steal_pointer(&ex->sys_queue), TS_EXEC_INTERNAL_ERROR,
                "the server shut down before the execution started");
  }

  for (unsigned i = 0; i < ex->capacity; i++) {
    struct child *c = ex->slots[i];
    if (c && c->w && !c->timed_out && t >= c->deadline) {
      c->timed_out = true;
      kill_child(c);
    }
  }
  if (ex->zfd < 0 && t >= ex->zretry_at && !stopping(ex)) {
    ts_err err = {0};
    if (zygote_spawn(ex, &err) == 0) {
      ex->zrestarts++;
      atomic_store(&ex->restarts_now, ex->zrestarts);
      atomic_store(&ex->zygote_up, 1);
      watch(ex, ex->zfd, EPOLLIN, EV_ZYGOTE, 0);
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

  /* Children the zygote is still creating: wait for their pidfds. */
  while (ex->spawning && ex->zfd >= 0) {
    pfd = (struct pollfd){ex->zfd, POLLIN, 0};
    if (poll(&pfd, 1, 2000) != 1)
      break;
    zygote_reply(ex);
  }
  for (unsigned i = 0; i < ex->capacity; i++) {
    struct child *c = ex->slots[i];
    if (!c)
      continue;
    kill_child(c);
    if (c->pidfd >= 0) {
      pfd = (struct pollfd){c->pidfd, POLLIN, 0};
      poll(&pfd, 1, 2000);
      reap(ex, c);
    }
    if (ex->slots[i] == c)
      finish(ex, c, "the server is shutting down");
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
        break;
      case EV_ZYGOTE:
        if (ex->zfd >= 0)
          zygote_reply(ex);
        break;
      case EV_OUT:
      case EV_ERR:
      case EV_RES:
        if (c) {
          struct buf *b = kind == EV_OUT ? &c->out : kind == EV_ERR ? &c->err : &c->res;
          if (b->fd >= 0)
            pump(ex, c, b, kind != EV_RES);
          maybe_finish(ex, c);
        }
        break;
      case EV_PIDFD:
        if (c && !c->reaped)
          reap(ex, c);
        break;
      case EV_JOB:
        if (c && c->w && c->jobfd >= 0)
          write_job(ex, c);
        break;
      case EV_CLIENT:
        /* The client hung up: nobody will read the answer. */
        if (c && c->w && !c->client_gone) {
          c->client_gone = true;
          close_fd(ex, &c->w->client);
          kill_child(c);
        }
        break;
      }
    }
    check_deadlines(ex);
    dispatch(ex);
  }
  drain_pool(ex);
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
  ex->capacity = cfg->max_concurrency + cfg->pool + 1; /* + the reserved slot */
  ex->zfd = ex->epfd = ex->wakefd = -1;
  ex->allowed_modules = strdup(cfg->allowed_modules ? cfg->allowed_modules : "");
  /* NOLINTNEXTLINE(bugprone-sizeof-expression): an array of pointers */
  ex->slots = calloc(ex->capacity, sizeof *ex->slots);
  ex->incoming_tail = &ex->incoming;
  ex->queue_tail = &ex->queue;
  ex->spawning_tail = &ex->spawning;
  pthread_mutex_init(&ex->lock, NULL);
  if (!ex->allowed_modules || !ex->slots || ex->capacity == 0 || ex->capacity > 0xffffff) {
    ts_err_set(err, ENOMEM, "out of memory");
    goto fail;
  }
  ex->epfd = epoll_create1(EPOLL_CLOEXEC);
  ex->wakefd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (ex->epfd < 0 || ex->wakefd < 0) {
    ts_err_set(err, errno, "epoll/eventfd: %s", strerror(errno));
    goto fail;
  }
  if (zygote_spawn(ex, err) < 0)
    goto fail;
  atomic_store(&ex->zygote_up, 1);
  watch(ex, ex->wakefd, EPOLLIN, EV_WAKE, 0);
  watch(ex, ex->zfd, EPOLLIN, EV_ZYGOTE, 0);
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

static int submit_work(struct ts_executor *ex, const struct ts_exec_params *p, bool system,
                       ts_exec_done_fn done, void *ctx, ts_err *err) {
  struct ts_job jd = {p->code, p->code_len, p->stdin_data, p->stdin_len,
                      {(uint32_t)p->memory_mb, (uint32_t)ceil(p->timeout) + 1, p->flags}};
  struct work *w;
  uint64_t one = 1;

  if (p->memory_mb > ex->cfg.memory_max_mb || p->timeout > ex->cfg.timeout_max || p->timeout <= 0)
    return ts_err_set(err, EINVAL, "limits above the executor's maximum");
  pthread_mutex_lock(&ex->lock);
  if (ex->stopping) {
    pthread_mutex_unlock(&ex->lock);
    return ts_err_set(err, ESHUTDOWN, "the server is shutting down");
  }
  if (system && ex->sys_inflight > 0) {
    pthread_mutex_unlock(&ex->lock);
    return ts_err_set(err, EBUSY, "a system execution is already in progress");
  }
  if (!system && ex->inflight >= ex->cfg.max_concurrency + ex->cfg.queue_max) {
    pthread_mutex_unlock(&ex->lock);
    return ts_err_set(err, EAGAIN, "too many executions in progress (%u running or queued)",
                      ex->cfg.max_concurrency + ex->cfg.queue_max);
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
    return -1;
  }
  w->timeout = p->timeout;
  w->done = done;
  w->ctx = ctx;
  w->system = system;
  w->client = p->client_fd > 0 ? fcntl(p->client_fd, F_DUPFD_CLOEXEC, 3) : -1;
  pthread_mutex_lock(&ex->lock);
  *ex->incoming_tail = w;
  ex->incoming_tail = &w->next;
  pthread_mutex_unlock(&ex->lock);
  (void)!write(ex->wakefd, &one, sizeof one);
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
  ex->kill_at = now_s() + grace;
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
  close(ex->epfd);
  close(ex->wakefd);
  pthread_mutex_destroy(&ex->lock);
  free(ex->slots);
  free(ex->allowed_modules);
  free(ex);
}

void ts_exec_result_free(struct ts_exec_result *r) {
  if (!r)
    return;
  free(r->out);
  free(r->err);
  ts_child_report_free(&r->report);
  memset(r, 0, sizeof *r);
}

/* A JSON string literal for arbitrary bytes: invalid UTF-8 becomes U+FFFD,
 * NUL and control characters are escaped, so the response is always valid
 * JSON whatever the snippet printed. */
static cJSON *json_bytes(const char *s, size_t len) {
  size_t cap = len * 6 + 3, o = 0;
  char *out = malloc(cap);
  cJSON *item;

  if (!out)
    return NULL;
  out[o++] = '"';
  for (size_t i = 0; i < len;) {
    unsigned char ch = (unsigned char)s[i];
    if (ch >= 0x80) {
      size_t n = ch >= 0xF0 ? 4 : ch >= 0xE0 ? 3 : 2;
      if (n <= len - i && ts_utf8_valid(s + i, n)) {
        memcpy(out + o, s + i, n);
        o += n;
        i += n;
      } else {
        memcpy(out + o, "\xEF\xBF\xBD", 3);
        o += 3;
        i++;
      }
      continue;
    }
    if (ch == '"' || ch == '\\') {
      out[o++] = '\\';
      out[o++] = (char)ch;
    } else if (ch == '\n') {
      out[o++] = '\\';
      out[o++] = 'n';
    } else if (ch == '\t') {
      out[o++] = '\\';
      out[o++] = 't';
    } else if (ch == '\r') {
      out[o++] = '\\';
      out[o++] = 'r';
    } else if (ch < 0x20 || ch == 0x7F) {
      o += (size_t)snprintf(out + o, 7, "\\u%04x", ch);
    } else {
      out[o++] = (char)ch;
    }
    i++;
  }
  out[o++] = '"';
  out[o] = '\0';
  item = cJSON_CreateRaw(out);
  free(out);
  return item;
}

cJSON *ts_exec_result_to_json(const struct ts_exec_result *r) {
  cJSON *doc = cJSON_CreateObject();

  cJSON_AddStringToObject(doc, "status", ts_exec_status_name(r->status));
  cJSON_AddItemToObject(doc, "stdout", json_bytes(r->out ? r->out : "", r->out_len));
  cJSON_AddItemToObject(doc, "stderr", json_bytes(r->err ? r->err : "", r->err_len));
  cJSON_AddBoolToObject(doc, "stdout_truncated", r->out_truncated);
  cJSON_AddBoolToObject(doc, "stderr_truncated", r->err_truncated);
  if (r->status == TS_EXEC_INTERNAL_ERROR) {
    cJSON *e = cJSON_AddObjectToObject(doc, "error");
    cJSON_AddStringToObject(e, "type", "InternalError");
    cJSON_AddStringToObject(e, "message", r->detail[0] ? r->detail : "internal error");
    cJSON_AddStringToObject(e, "traceback", "");
    cJSON_AddNullToObject(e, "line");
  } else if (r->report.has_error && r->status != TS_EXEC_OK) {
    cJSON *e = cJSON_AddObjectToObject(doc, "error");
    cJSON_AddStringToObject(e, "type", r->report.type ? r->report.type : "Exception");
    cJSON_AddStringToObject(e, "message", r->report.message ? r->report.message : "");
    cJSON_AddStringToObject(e, "traceback", r->report.traceback ? r->report.traceback : "");
    if (r->report.line > 0)
      cJSON_AddNumberToObject(e, "line", (double)r->report.line);
    else
      cJSON_AddNullToObject(e, "line");
  } else {
    cJSON_AddNullToObject(doc, "error");
  }
  cJSON_AddNumberToObject(doc, "duration_ms", round(r->duration_ms * 1000) / 1000);
  cJSON_AddNumberToObject(doc, "cpu_ms", round(r->cpu_ms * 1000) / 1000);
  if (r->signal || r->exit_code < 0)
    cJSON_AddNullToObject(doc, "exit_code");
  else
    cJSON_AddNumberToObject(doc, "exit_code", r->exit_code);
  if (r->signal)
    cJSON_AddNumberToObject(doc, "signal", r->signal);
  else
    cJSON_AddNullToObject(doc, "signal");
  /* The runtime audit trace: what the child's Python layer refused.  The
   * child's word, bounded and well-formed (job.c), never a status. */
  {
    cJSON *audit = cJSON_AddArrayToObject(doc, "audit");
    for (size_t i = 0; audit && i < r->report.naudit; i++) {
      const struct ts_audit_entry *e = &r->report.audit[i];
      cJSON *o = cJSON_CreateObject();
      if (!o)
        break;
      cJSON_AddStringToObject(o, "event", e->event);
      cJSON_AddStringToObject(o, "detail", e->detail);
      if (e->line > 0)
        cJSON_AddNumberToObject(o, "line", (double)e->line);
      else
        cJSON_AddNullToObject(o, "line");
      cJSON_AddStringToObject(o, "action", e->refused ? "refused" : "allowed");
      cJSON_AddItemToArray(audit, o);
    }
    cJSON_AddNumberToObject(doc, "audit_dropped", (double)r->report.audit_dropped);
  }
  return doc;
}
