/* The server's side of transactional sessions, on the executor thread
 * (the API functions at the end run on any thread and queue operations
 * for it).  See sandbox/session.h for the session's processes and
 * executor.h for the API.
 *
 * A session lives in a box: the sandbox the zygote made for it (its
 * namespaces and its init, the server's child: the zygote clones it with
 * CLONE_PARENT), init's status pipe and the notify listener of the box's
 * processes.  A fork of a session is a second session in the same box:
 * its own holder, id, revision and ttl, the same init, namespaces and
 * /tmp.  Per session the server holds the holder (host pid, pidfd, pid
 * inside, the write end of its command pipe).  A call goes:
 *
 *   IDLE --(the box makes no other process, none of ours still dying)-->
 *   FORKING: 'F' to the holder
 *   FORKING --clone from the holder, exact flags--> HELLO: approved
 *   HELLO --hello from init's new child--> RUNNING: pipes injected (ADDFD)
 *   RUNNING --the call's end--> IDLE: committed (the call is the holder,
 *            the old one killed) or rolled back (the call killed)
 *
 * A box makes one process at a time and runs one call at a time (its
 * `active` session): a hello is then always the active session's, and a
 * call may set /tmp to its own session's files.  A fork is a call of the
 * origin that runs nothing and, instead of being committed, becomes the
 * holder of the new session (S_BORN until then).
 *
 * Whatever else reaches the listener is refused (EPERM), and a call that
 * asks for a clone is killed at once.  A process's end is known from
 * init's status record (its wait status and usage), never from the
 * process itself, so no kernel newer than the pidfd's is needed. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/seccomp.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/ioctl.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "exec/internal.h"
#include "sandbox/child.h"
#include "sandbox/session.h"
#include "util/log.h"

#define SESS_CREATE_TIMEOUT 20.0 /* seconds from the spawn to the first holder's hello */
#define SESS_FORK_TIMEOUT 10.0   /* from the fork request to the call's hello */
#define SESS_TTL_DEFAULT 600.0
#define SESS_TTL_MAX_DEFAULT 3600.0
#define SESS_LIFETIME_DEFAULT 86400.0
#define SESS_MAX_DYING (2 * TS_SESS_BOX_MAX)
#define SESS_QUERY_TIMEOUT 5.0 /* a query's wall-clock limit (at most --max-timeout) */
#define SESS_BRANCH_TIMEOUT 5.0 /* a fork's call (it runs nothing) */

enum sess_phase {
  S_SPAWNING,    /* waiting for the zygote's reply */
  S_HANDOFF,     /* waiting for the listener */
  S_FIRST_HELLO, /* waiting for the first holder's hello */
  S_BORN,        /* a fork: its origin's call makes its holder */
  S_IDLE,
  S_FORKING, /* the holder was asked to fork */
  S_HELLO,   /* its clone was approved: waiting for the new process's hello */
  S_RUNNING, /* a call runs */
  S_DEAD,    /* killed: waiting for its processes' reap */
};

enum op_type { OP_CREATE, OP_EXEC, OP_DESTROY, OP_GET, OP_INSPECT, OP_FORK };

struct sess_op {
  struct sess_op *next;
  enum op_type type;
  char id[TS_SESSION_ID_LEN + 1];
  char new_id[TS_SESSION_ID_LEN + 1]; /* OP_FORK: the new session's */
  unsigned char owner[TS_SESSION_OWNER_LEN];
  struct ts_session_params params;
  struct work *w;
  ts_session_fn cb;
  void *ctx;
  struct ts_executor *ex; /* OP_INSPECT, OP_FORK: for their call's answer */
};

struct session;

/* The sandbox of a session and of its forks. */
struct sbox {
  unsigned idx;
  bool dead; /* init was killed */
  pid_t init_pid;
  int init_pidfd, status_fd, handoff_fd, report_fd, listener;
  struct session *members[TS_SESS_BOX_MAX];
  unsigned nmembers;
  unsigned turn; /* the member whose waiting call goes first */
  /* the session whose process is being made, or whose call runs */
  struct session *active;
  /* processes the server killed, until init reports them (pids inside):
   * no fork is asked for before they are all gone, so the box never
   * needs more than TS_SESS_NPROC processes */
  pid_t dying[SESS_MAX_DYING];
  unsigned ndying;
  char stbuf[sizeof(struct ts_sess_status)];
  size_t stlen;
};

struct session {
  char id[TS_SESSION_ID_LEN + 1];
  unsigned char owner[TS_SESSION_OWNER_LEN];
  unsigned idx;
  struct sbox *box;
  enum sess_phase phase;
  long memory_mb;
  double ttl;
  double created, last_used;  /* monotonic */
  double created_wall, used_wall; /* epoch */
  double born, born_wall; /* when its lifetime started: a fork's is its origin's */
  double deadline; /* of the phase (creation, fork), 0 if none */
  bool expired;
  bool ending; /* to be killed once its call's process is known */
  unsigned revision;
  pid_t holder_pid, holder_nspid;
  int holder_pidfd, holder_cmd;
  /* the call: its work until its process exists, then its child */
  struct work *w;
  struct child *call;
  int call_fds[TS_SPAWN_NFDS + 1]; /* its ends, injected at the hello */
  int call_cmd;                    /* our end of its command pipe */
  /* waiting callbacks */
  struct sess_op *create_op, *destroy_op;
  /* while a query runs: the GETs that take its answer too, and the call
   * that starts once it is over (a GET never makes a call busy) */
  struct sess_op *query_waiters;
  struct work *after_query;
};

static int steal_fd(int *fd) {
  int v = *fd;

  *fd = -1;
  return v;
}

static double wall_now(void) {
  struct timespec ts;

  clock_gettime(CLOCK_REALTIME, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void close_raw(int *fd) {
  if (*fd >= 0) {
    close(*fd);
    *fd = -1;
  }
}

static double lifetime(const struct ts_executor *ex);

/* A query (GET's) is waiting to start or running. */
static bool querying(const struct session *s) {
  return (s->w && s->w->query) || (s->call && s->call->w && s->call->w->query);
}

/* The session's own work is waiting or running: a query, or the refresh
 * of its holder (see holder_worn); a call that comes meanwhile waits for
 * it in after_query instead of being told the session is busy. */
static bool internal(const struct session *s) {
  const struct work *w = s->w ? s->w : s->call ? s->call->w : NULL;
  return w && (w->query || w->refresh);
}

static void info_of(const struct ts_executor *ex, const struct session *s,
                    struct ts_session_info *info) {
  memset(info, 0, sizeof *info);
  memcpy(info->id, s->id, sizeof info->id);
  info->revision = s->revision;
  info->created = s->created_wall;
  info->last_used = s->used_wall;
  /* the sooner of the idle ttl and the lifetime, as ex_session_check
   * enforces them */
  info->expires = s->used_wall + s->ttl;
  if (s->born + lifetime(ex) < s->last_used + s->ttl)
    info->expires = s->born_wall + lifetime(ex);
  info->memory_mb = s->memory_mb;
  info->ttl = s->ttl;
  info->busy = ((s->w || s->call) && !internal(s)) || s->after_query;
}

static void op_done(const struct ts_executor *ex, struct sess_op *op, int err, const char *why,
                    const struct session *s) {
  struct ts_session_info info;

  if (s)
    info_of(ex, s, &info);
  if (op->cb)
    op->cb(op->ctx, err, why, s && !err ? &info : NULL);
  free(op);
}

static double lifetime(const struct ts_executor *ex) {
  return ex->cfg.session_lifetime > 0 ? ex->cfg.session_lifetime : SESS_LIFETIME_DEFAULT;
}

static unsigned live_members(const struct sbox *b) {
  unsigned n = 0;

  for (unsigned i = 0; i < b->nmembers; i++)
    n += b->members[i]->phase != S_DEAD;
  return n;
}

static bool is_dying(const struct sbox *b, pid_t nspid) {
  for (unsigned i = 0; i < b->ndying; i++)
    if (b->dying[i] == nspid)
      return true;
  return false;
}

static void add_dying(struct sbox *b, pid_t nspid) {
  if (nspid > 1 && b->ndying < SESS_MAX_DYING)
    b->dying[b->ndying++] = nspid;
}

/* ---- the session's end ---- */

/* Kills the box: init, and with it every process of its namespace, every
 * session of the box with them.  Its reap (EV_SESS_INIT) frees them. */
static void box_kill(struct sbox *b) {
  if (!b->dead && b->init_pidfd >= 0)
    syscall(SYS_pidfd_send_signal, b->init_pidfd, SIGKILL, NULL, 0);
  b->dead = true;
  for (unsigned i = 0; i < b->nmembers; i++) {
    b->members[i]->phase = S_DEAD;
    b->members[i]->deadline = 0;
  }
}

static void start_call(struct ts_executor *ex, struct session *s);
static void box_free(struct ts_executor *ex, struct sbox *b, const char *why);
static void box_kick(struct ts_executor *ex, struct sbox *b);

/* Frees a session (its processes are gone or going with the box), and
 * the box with its last session once init is reaped. */
static void sess_free(struct ts_executor *ex, struct session *s, const char *why) {
  struct child *c = s->call;
  struct sbox *b = s->box;
  struct sess_op *destroy_op;

  /* The call in progress went with its session: killed. */
  if (c) {
    s->call = NULL;
    if (c->pidfd >= 0 && !c->reaped) {
      c->killed = true;
      c->info.si_code = CLD_KILLED;
      c->info.si_status = SIGKILL;
      ex_reaped(ex, c); /* finishes it: ex_session_call_finish */
    } else {
      ex_finish(ex, c, why);
    }
  }
  if (s->w) {
    struct work *w = steal_pointer(&s->w);
    ex_fail_work(ex, w, TS_EXEC_INTERNAL_ERROR, why);
  }
  if (s->after_query) {
    struct work *w = steal_pointer(&s->after_query);
    ex_fail_work(ex, w, TS_EXEC_INTERNAL_ERROR, why);
  }
  while (s->query_waiters) {
    struct sess_op *op = s->query_waiters;
    s->query_waiters = op->next;
    op_done(ex, op, ENOENT, "session_not_found", NULL);
  }
  if (s->create_op)
    op_done(ex, steal_pointer(&s->create_op), EIO, why, NULL);
  destroy_op = steal_pointer(&s->destroy_op);
  close_raw(&s->holder_pidfd);
  close_raw(&s->holder_cmd);
  close_raw(&s->call_cmd);
  for (int i = 0; i < TS_SPAWN_NFDS + 1; i++)
    close_raw(&s->call_fds[i]);
  if (b) {
    for (unsigned i = 0; i < b->nmembers; i++)
      if (b->members[i] == s) {
        b->members[i] = b->members[--b->nmembers];
        break;
      }
    if (b->active == s)
      b->active = NULL;
  }
  ex->sessions[s->idx] = NULL;
  ex->nsessions--;
  atomic_store(&ex->sess_active, ex->nsessions);
  free(s);
  /* Told once the session is out of the table and the counts. */
  if (destroy_op)
    op_done(ex, destroy_op, 0, NULL, NULL);
  if (b && !b->dead && b->nmembers == 0)
    box_kill(b); /* (a born session that never was: the box was its origin's) */
  else if (b && !b->dead)
    box_kick(ex, b);
}

/* A session of a box that others still use ends alone: its holder is
 * killed, and it is freed once init has reaped it.  A call of its own is
 * ended first: killed when it runs, at its hello when it is being made
 * (until then its process cannot be told from a sibling's). */
static void member_kill(struct ts_executor *ex, struct session *s) {
  struct sbox *b = s->box;

  s->ending = true;
  if (s->call) {
    if (s->call->pidfd >= 0 && !s->call->reaped)
      ex_kill(s->call);
    return; /* its end (ex_session_call_finish) comes back here */
  }
  s->phase = S_DEAD;
  s->deadline = 0;
  if (s->holder_pidfd >= 0) {
    syscall(SYS_pidfd_send_signal, s->holder_pidfd, SIGKILL, NULL, 0);
    add_dying(b, s->holder_nspid);
    close_raw(&s->holder_pidfd);
  }
  if (!is_dying(b, s->holder_nspid))
    sess_free(ex, s, "the session ended");
}

/* Ends a session: alone when its box has other live sessions, else with
 * its box. */
static void sess_kill(struct ts_executor *ex, struct session *s) {
  struct sbox *b = s->box;

  if (s->phase == S_DEAD)
    return;
  if (b && !b->dead && s->phase >= S_BORN && live_members(b) > 1) {
    if (s->phase == S_BORN)
      sess_free(ex, s, "the session ended"); /* its origin's call goes on */
    else
      member_kill(ex, s);
    return;
  }
  if (b)
    box_kill(b);
  s->phase = S_DEAD;
  s->deadline = 0;
}

/* The box is not what the server thinks: logged, and killed with every
 * session in it (init's reap frees them). */
static void box_fail(struct sbox *b, const char *why) {
  if (!b->dead)
    ts_warn("session box %.8s…: %s", b->nmembers ? b->members[0]->id : "?", why);
  box_kill(b);
}

/* init is gone: reaped here, and the box's sessions with it.  Returns
 * whether it was (and b freed). */
static bool init_reaped(struct ts_executor *ex, struct sbox *b) {
  siginfo_t info;
  struct session *creator = NULL;

  memset(&info, 0, sizeof info);
  if (b->init_pidfd >= 0 &&
      (syscall(SYS_waitid, P_PIDFD, b->init_pidfd, &info, WEXITED | WNOHANG, NULL) < 0 ||
       info.si_pid == 0))
    return false;
  for (unsigned i = 0; i < b->nmembers; i++)
    if (b->members[i]->create_op && b->members[i]->phase != S_DEAD)
      creator = b->members[i];
  if (creator) {
    /* It died while being set up: say where, if it said. */
    char buf[256];
    ssize_t n = b->report_fd >= 0 ? read(b->report_fd, buf, sizeof buf) : -1;
    struct ts_child_report r;
    if (n > 0) {
      ts_report_decode(buf, (size_t)n, NULL, &r);
      if (r.kind == TS_REPORT_SETUP_ERROR)
        ts_error("session setup failed at '%s' (errno %d)", r.setup_stage, r.setup_errno);
      ts_child_report_free(&r);
    }
  }
  box_free(ex, b, "the session ended");
  return true;
}

/* Frees the box and its sessions; init is gone (or never was). */
static void box_free(struct ts_executor *ex, struct sbox *b, const char *why) {
  box_kill(b);
  while (b->nmembers)
    sess_free(ex, b->members[b->nmembers - 1], why);
  ex_close_fd(ex, &b->init_pidfd);
  ex_close_fd(ex, &b->status_fd);
  ex_close_fd(ex, &b->handoff_fd);
  ex_close_fd(ex, &b->listener);
  close_raw(&b->report_fd);
  ex->boxes[b->idx] = NULL;
  free(b);
}

/* ---- creation ---- */

static void sess_spawn(struct ts_executor *ex, struct session *s) {
  struct sbox *b = s->box;
  int cmd[2] = {-1, -1}, st[2] = {-1, -1}, rep[2] = {-1, -1}, hand[2] = {-1, -1};
  struct ts_spawn_req req = {TS_PROTO_MAGIC, TS_SPAWN_F_SESSION, 0, (uint32_t)s->memory_mb,
                             (uint32_t)ceil(ex->cfg.timeout_max) + 2};
  struct child *c = calloc(1, sizeof *c);
  int fds[TS_SPAWN_NFDS];

  if (!c || ex->zfd < 0 || pipe2(cmd, O_CLOEXEC) < 0 || pipe2(st, O_CLOEXEC) < 0 ||
      pipe2(rep, O_CLOEXEC | O_NONBLOCK) < 0 ||
      socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, hand) < 0) {
    int *all[] = {cmd, st, rep, hand};
    for (size_t i = 0; i < TS_ARRAY_LEN(all); i++) {
      close_raw(&all[i][0]);
      close_raw(&all[i][1]);
    }
    free(c);
    s->phase = S_DEAD;
    box_free(ex, b, ex->zfd < 0 ? "the sandbox zygote is restarting" : "out of resources");
    return;
  }
  c->id = req.job_id = ++ex->next_id;
  c->slot = -1;
  c->pidfd = c->jobfd = c->out.fd = c->err.fd = c->res.fd = -1;
  c->sess_init = s;
  fds[0] = cmd[0];
  fds[1] = st[1];
  fds[2] = hand[1];
  fds[3] = rep[1];
  s->holder_cmd = cmd[1];
  b->status_fd = st[0];
  b->handoff_fd = hand[0];
  b->report_fd = rep[0];
  fcntl(b->status_fd, F_SETFL, O_NONBLOCK);
  fcntl(s->holder_cmd, F_SETFL, O_NONBLOCK);
  ex_watch(ex, b->status_fd, EPOLLIN, EV_SESS_STATUS, (int)b->idx);
  ex_watch(ex, b->handoff_fd, EPOLLIN, EV_SESS_HANDOFF, (int)b->idx);
  if (ts_send_fds(ex->zfd, &req, sizeof req, fds, TS_SPAWN_NFDS) < 0) {
    for (int i = 0; i < TS_SPAWN_NFDS; i++)
      close(fds[i]);
    free(c);
    s->phase = S_DEAD;
    box_free(ex, b, "cannot ask the zygote for the session");
    return;
  }
  for (int i = 0; i < TS_SPAWN_NFDS; i++)
    close(fds[i]);
  c->next = NULL;
  *ex->spawning_tail = c;
  ex->spawning_tail = &c->next;
  ex->nspawning++;
  s->phase = S_SPAWNING;
  s->deadline = ex_now() + SESS_CREATE_TIMEOUT;
}

void ex_session_spawned(struct ts_executor *ex, struct session *s, int pidfd, pid_t pid,
                        const char *why) {
  struct sbox *b = s->box;

  if (pidfd < 0) {
    s->phase = S_DEAD;
    box_free(ex, b, why);
    return;
  }
  b->init_pidfd = pidfd;
  b->init_pid = pid;
  ex_watch(ex, pidfd, EPOLLIN, EV_SESS_INIT, (int)b->idx);
  if (s->phase == S_DEAD) { /* destroyed while it was being made */
    b->dead = false;
    box_kill(b);
    return;
  }
  s->phase = S_HANDOFF;
  if (b->listener >= 0) {
    ex_watch(ex, b->listener, EPOLLIN, EV_SESS_NOTIF, (int)b->idx);
    s->phase = S_FIRST_HELLO;
  }
}

static void handoff(struct ts_executor *ex, struct sbox *b) {
  struct session *s = b->active;
  struct ts_sess_handoff msg;
  int fds[1];
  size_t nfds = 0;
  ssize_t n = ts_recv_fds(b->handoff_fd, &msg, sizeof msg, fds, 1, &nfds, MSG_DONTWAIT);

  if (n < 0 && (errno == EAGAIN || errno == EINTR))
    return;
  ex_close_fd(ex, &b->handoff_fd);
  if (n != (ssize_t)sizeof msg || msg.magic != TS_SESS_STATUS_MAGIC || msg.err != 0 ||
      nfds != 1 || !s || (s->phase != S_HANDOFF && s->phase != S_SPAWNING)) {
    if (nfds == 1)
      close(fds[0]);
    if (n == (ssize_t)sizeof msg && msg.err) {
      msg.stage[sizeof msg.stage - 1] = '\0';
      ts_error("session setup failed at '%s': %s", msg.stage, strerror(msg.err));
    }
    box_fail(b, "no listener from the session's holder");
    return;
  }
  b->listener = fds[0];
  /* The zygote's reply may come after the listener: its hello is checked
   * against init's pid, so the listener is only watched once we have it. */
  if (s->phase == S_HANDOFF) {
    ex_watch(ex, b->listener, EPOLLIN, EV_SESS_NOTIF, (int)b->idx);
    s->phase = S_FIRST_HELLO;
  }
}

/* ---- the notify listener ---- */

/* The parent and the pid inside of a process, as the server's /proc says
 * (the server's own pid namespace).  -1 when it is gone. */
static int proc_ids(pid_t pid, pid_t *ppid, pid_t *nspid) {
  char path[64], line[256];
  FILE *f;
  int found = 0;

  (void)snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
  if (!(f = fopen(path, "re")))
    return -1;
  while (fgets(line, sizeof line, f)) {
    if (strncmp(line, "PPid:", 5) == 0) {
      *ppid = (pid_t)strtol(line + 5, NULL, 10);
      found |= 1;
    } else if (strncmp(line, "NSpid:", 6) == 0) {
      char *p = line + 6, *end;
      long last = -1;
      for (;;) {
        long v = strtol(p, &end, 10);
        if (end == p)
          break;
        last = v;
        p = end;
      }
      *nspid = (pid_t)last;
      found |= 2;
    }
  }
  (void)fclose(f);
  return found == 3 ? 0 : -1;
}

/* pid (the server's) is init or the holder of a session of the box. */
static bool box_own(const struct sbox *b, pid_t pid) {
  if (pid == b->init_pid)
    return true;
  for (unsigned i = 0; i < b->nmembers; i++)
    if (b->members[i]->holder_pid == pid)
      return true;
  return false;
}

/* A hello from `pid`: accepted when it is init's child (no holder nor
 * init), alive and the very task that asked (its notification still
 * valid once we hold its pidfd).  The box makes one process at a time,
 * so it is the active session's.  Returns its pidfd, -1 when refused. */
static int check_hello(const struct sbox *b, const struct seccomp_notif *req, pid_t *nspid) {
  pid_t ppid = 0;
  __u64 id = req->id;
  int pidfd;

  if (box_own(b, (pid_t)req->pid) || proc_ids((pid_t)req->pid, &ppid, nspid) < 0 ||
      ppid != b->init_pid || *nspid <= 1 || is_dying(b, *nspid))
    return -1;
  pidfd = (int)syscall(SYS_pidfd_open, (pid_t)req->pid, 0);
  if (pidfd < 0)
    return -1;
  if (ioctl(b->listener, SECCOMP_IOCTL_NOTIF_ID_VALID, &id) < 0) {
    close(pidfd);
    return -1;
  }
  fcntl(pidfd, F_SETFD, FD_CLOEXEC);
  return pidfd;
}

/* The call's hello: its pipes go in at their numbers, then it runs. */
static bool call_hello(struct sbox *b, struct session *s, const struct seccomp_notif *req) {
  static const int at[TS_SPAWN_NFDS + 1] = {TS_FD_JOB, TS_FD_STDOUT, TS_FD_STDERR, TS_FD_REPORT,
                                            TS_FD_CMD};
  struct child *c = s->call;
  pid_t nspid = 0;
  int pidfd = check_hello(b, req, &nspid);

  if (pidfd < 0)
    return false;
  for (int i = 0; i < TS_SPAWN_NFDS + 1; i++) {
    struct seccomp_notif_addfd a = {.id = req->id,
                                    .flags = SECCOMP_ADDFD_FLAG_SETFD,
                                    .srcfd = (__u32)s->call_fds[i],
                                    .newfd = (__u32)at[i],
                                    .newfd_flags = 0};
    if (ioctl(b->listener, SECCOMP_IOCTL_NOTIF_ADDFD, &a) != at[i]) {
      syscall(SYS_pidfd_send_signal, pidfd, SIGKILL, NULL, 0);
      close(pidfd);
      return false;
    }
  }
  for (int i = 0; i < TS_SPAWN_NFDS + 1; i++)
    close_raw(&s->call_fds[i]);
  c->pid = (pid_t)req->pid;
  c->nspid = nspid;
  c->pidfd = pidfd;
  c->state = CHILD_READY;
  s->phase = S_RUNNING;
  s->deadline = 0;
  return true;
}

static void notification(struct ts_executor *ex, struct sbox *b) {
  struct session *s = b->active;
  struct seccomp_notif req;
  struct seccomp_notif_resp resp;
  bool ok = false, approve = false;
  pid_t pid;

  memset(&req, 0, sizeof req);
  if (ioctl(b->listener, SECCOMP_IOCTL_NOTIF_RECV, &req) < 0) {
    struct pollfd pfd = {b->listener, POLLIN, 0};
    if (errno != ENOENT && errno != EINTR && errno != EAGAIN)
      box_fail(b, "the session's listener failed");
    /* No process uses the filter any more (the holders and their call
     * are gone): the listener hangs up, and stays readable for good.  The
     * box cannot go on; left watched, it would wake us forever. */
    else if (poll(&pfd, 1, 0) == 1 && (pfd.revents & POLLHUP)) {
      ex_close_fd(ex, &b->listener);
      box_fail(b, "the session's holder is gone");
    }
    return; /* the asking task is gone */
  }
  pid = (pid_t)req.pid;
  memset(&resp, 0, sizeof resp);
  resp.id = req.id;
  if (req.data.nr == __NR_clone && s && s->phase == S_FORKING && pid == s->holder_pid &&
      req.data.args[0] == TS_SESS_CLONE_FLAGS && req.data.args[1] == 0) {
    /* The one clone we asked for. */
    ok = approve = true;
    resp.flags = SECCOMP_USER_NOTIF_FLAG_CONTINUE;
  } else if (req.data.nr == TS_SESS_HELLO_NR && req.data.args[0] == TS_SESS_HELLO_MAGIC && s) {
    if (s->phase == S_HELLO) {
      ok = call_hello(b, s, &req);
    } else if (s->phase == S_FIRST_HELLO) {
      pid_t nspid = 0;
      int pidfd = check_hello(b, &req, &nspid);
      if (pidfd >= 0) {
        s->holder_pid = pid;
        s->holder_nspid = nspid;
        s->holder_pidfd = pidfd;
        ok = true;
      }
    }
  }
  if (!ok)
    resp.error = -EPERM;
  if (ioctl(b->listener, SECCOMP_IOCTL_NOTIF_SEND, &resp) < 0) {
    if (approve && errno == ENOENT)
      return; /* the holder's clone was interrupted: it will ask again */
    if (ok && !approve)
      box_fail(b, "the new process of the session vanished at its hello");
    return;
  }
  if (approve) {
    s->phase = S_HELLO;
    return;
  }
  if (ok && s->phase == S_FIRST_HELLO) {
    s->phase = S_IDLE;
    s->deadline = 0;
    b->active = NULL;
    close_raw(&b->report_fd);
    atomic_fetch_add(&ex->sess_created, 1);
    if (s->create_op)
      op_done(ex, steal_pointer(&s->create_op), 0, NULL, s);
    box_kick(ex, b);
    return;
  }
  if (ok && s->phase == S_RUNNING) {
    if (s->call->timed_out || s->call->shutdown || s->call->client_gone || s->ending)
      ex_kill(s->call);
    else
      ex_write_job(ex, s->call);
    return;
  }
  if (!ok) {
    /* Refused.  A call that asks for a process (or says hello out of
     * turn) is running code of its own: it ends now, so that a loop of
     * refused clones costs us nothing more.  Anything from a holder or
     * init, which run only our code, means the box is not what we think:
     * it ends. */
    if (s && s->call && s->call->pidfd >= 0 && pid == s->call->pid)
      ex_kill(s->call);
    else if (box_own(b, pid))
      box_fail(b, "unexpected request from a session's holder");
    else if (s && (s->phase == S_HELLO || s->phase == S_FIRST_HELLO))
      box_fail(b, "a hello the server cannot check");
  }
}

/* ---- status records: init's word on each process it reaped ---- */

static void reaped_one(struct ts_executor *ex, struct sbox *b, const struct ts_sess_status *st) {
  struct session *s = b->active;
  struct child *c = s ? s->call : NULL;

  for (unsigned i = 0; i < b->ndying; i++)
    if (b->dying[i] == st->pid) {
      b->dying[i] = b->dying[--b->ndying];
      /* a session that ended alone is freed with its holder's reap */
      for (unsigned k = 0; k < b->nmembers; k++) {
        struct session *m = b->members[k];
        if (m->phase == S_DEAD && m->holder_nspid == st->pid && !m->call) {
          sess_free(ex, m, "the session ended");
          break;
        }
      }
      box_kick(ex, b);
      return;
    }
  if (c && c->nspid == st->pid && !c->reaped) {
    c->info.si_code = st->code;
    c->info.si_status = st->status;
    c->ru.ru_utime.tv_sec = st->utime_us / 1000000;
    c->ru.ru_utime.tv_usec = st->utime_us % 1000000;
    c->ru.ru_stime.tv_sec = st->stime_us / 1000000;
    c->ru.ru_stime.tv_usec = st->stime_us % 1000000;
    c->ru.ru_maxrss = st->maxrss_kb;
    ex_reaped(ex, c);
    return;
  }
  for (unsigned k = 0; k < b->nmembers; k++) {
    struct session *m = b->members[k];
    if (m->holder_nspid != st->pid)
      continue;
    if (m->phase == S_DEAD || live_members(b) < 2) {
      box_fail(b, "a session's state (its holder) died");
      return;
    }
    /* Its state is gone, the others' are not: it ends alone. */
    ts_warn("session %.8s…: its state (its holder) died", m->id);
    close_raw(&m->holder_pidfd);
    m->holder_pid = m->holder_nspid = 0;
    member_kill(ex, m);
    box_kick(ex, b);
    return;
  }
  if (s && (s->phase == S_HELLO || s->phase == S_FIRST_HELLO))
    box_fail(b, "a process of the session died before its hello");
}

static void status_records(struct ts_executor *ex, struct sbox *b) {
  for (;;) {
    ssize_t n = read(b->status_fd, b->stbuf + b->stlen, sizeof b->stbuf - b->stlen);
    struct ts_sess_status st;
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN)
      return;
    if (n <= 0) {
      ex_close_fd(ex, &b->status_fd); /* init is gone: its pidfd says so */
      return;
    }
    b->stlen += (size_t)n;
    if (b->stlen < sizeof st)
      continue;
    memcpy(&st, b->stbuf, sizeof st);
    b->stlen = 0;
    if (st.magic != TS_SESS_STATUS_MAGIC) {
      box_fail(b, "garbled status from the session's init");
      return;
    }
    reaped_one(ex, b, &st);
    if (ex->boxes[b->idx] != b || b->status_fd < 0)
      return;
  }
}

/* ---- calls ---- */

/* The next waiting call of the box starts, if the box may make a process:
 * one at a time, and none of its killed processes left. */
static void box_kick(struct ts_executor *ex, struct sbox *b) {
  unsigned first = b->turn;

  for (unsigned k = 0; k < b->nmembers && !b->active && !b->dead && b->ndying == 0; k++) {
    struct session *m = b->members[(first + k) % b->nmembers];
    if (m->w && m->phase == S_IDLE) {
      b->turn = (first + k + 1) % b->nmembers;
      start_call(ex, m); /* (or fails its work, and the next one is looked at) */
    }
  }
}

/* The call waiting in s->w starts when the session is idle and its box
 * free: a fork is asked of the holder. */
static void start_call(struct ts_executor *ex, struct session *s) {
  struct sbox *b = s->box;
  int fds[TS_SPAWN_NFDS], cmd[2];
  struct child *c;
  struct work *w;
  char fork_cmd;

  if (!s->w || s->phase != S_IDLE || b->ndying > 0 || b->dead || (b->active && b->active != s))
    return;
  if (ex_stopping(ex)) {
    /* Past the server's stop a waiting call would outlast its grace
     * period (a box runs one at a time): it ends with the session. */
    struct ts_exec_result *r = calloc(1, sizeof *r);
    w = steal_pointer(&s->w);
    if (r) {
      r->status = TS_EXEC_INTERNAL_ERROR;
      r->exit_code = -1;
      r->session.used = r->session.found = true;
      r->session.revision = s->revision;
      r->session.reason = "session_ended";
      (void)snprintf(r->detail, sizeof r->detail, "the server is shutting down");
    }
    ex_deliver(ex, w, r);
    ex_work_free(ex, w);
    return;
  }
  fork_cmd = s->w->query ? TS_SESS_CMD_QUERY : TS_SESS_CMD_FORK;
  c = ex_child_new(ex, fds);
  if (!c || pipe2(cmd, O_CLOEXEC) < 0) {
    if (c) {
      for (int i = 0; i < TS_SPAWN_NFDS; i++)
        close(fds[i]);
      ex_child_free(ex, c);
    }
    w = steal_pointer(&s->w);
    ex_fail_work(ex, w, TS_EXEC_INTERNAL_ERROR, "cannot create the call's pipes");
    return;
  }
  for (int i = 0; i < TS_SPAWN_NFDS; i++)
    s->call_fds[i] = fds[i];
  s->call_fds[TS_SPAWN_NFDS] = cmd[0];
  s->call_cmd = cmd[1];
  fcntl(s->call_cmd, F_SETFL, O_NONBLOCK);
  c->sess = s;
  s->call = c;
  b->active = s;
  w = steal_pointer(&s->w);
  w->memory_mb = (unsigned)s->memory_mb;
  ex_assign(ex, c, w); /* its deadline runs from here; the job waits for the hello */
  s->phase = S_FORKING;
  s->deadline = ex_now() + SESS_FORK_TIMEOUT;
  if (write(s->holder_cmd, &fork_cmd, 1) != 1)
    box_fail(b, "the session's holder does not listen");
}

/* The session a fork's call makes (the work's branch), if it still is. */
static struct session *branch_of(struct ts_executor *ex, const struct work *w) {
  struct session *t;

  if (!w || !w->branch || w->branch_idx >= ex->cfg.max_sessions)
    return NULL;
  t = ex->sessions[w->branch_idx];
  return t && t->phase == S_BORN && memcmp(t->id, w->branch_id, TS_SESSION_ID_LEN) == 0 ? t
                                                                                          : NULL;
}

/* The CPU time (seconds) the holder has used, from the server's /proc;
 * -1 when unknown. */
static double holder_cpu(const struct session *s) {
  char path[64], buf[512], *p, *end;
  unsigned long long ticks = 0;
  FILE *f;
  size_t n;

  (void)snprintf(path, sizeof path, "/proc/%d/stat", (int)s->holder_pid);
  if (s->holder_pid <= 0 || !(f = fopen(path, "re")))
    return -1;
  n = fread(buf, 1, sizeof buf - 1, f);
  (void)fclose(f);
  buf[n] = '\0';
  /* utime and stime: fields 14 and 15, the 12th and 13th after the
   * command's closing parenthesis */
  if (!(p = strrchr(buf, ')')))
    return -1;
  for (int field = 3; field <= 15; field++) {
    while (*++p == ' ')
      ;
    if (field >= 14) {
      unsigned long long v = strtoull(p, &end, 10);
      if (end == p)
        return -1;
      ticks += v;
      p = end - 1;
    } else {
      p += strcspn(p, " ") - 1;
    }
    if (!*p)
      return -1;
  }
  return (double)ticks / (double)sysconf(_SC_CLK_TCK);
}

static void refresh_done(void *ctx, struct ts_exec_result *r) {
  (void)ctx;
  if (r) {
    ts_exec_result_free(r);
    free(r);
  }
}

/* A holder has RLIMIT_CPU like any process of the session, and pays the
 * parent's side of every fork of its state (about 25 ms per GiB): worn
 * past a third of it, it is replaced by a fork of itself (a call that runs
 * nothing and is committed, which the client never sees: no revision),
 * whose CPU time starts at zero. */
static void holder_worn(struct ts_executor *ex, struct session *s) {
  struct ts_exec_params p = {"", 0, NULL, 0, SESS_BRANCH_TIMEOUT, 0, 0, -1};
  double cpu = holder_cpu(s), limit = ceil(ex->cfg.timeout_max) + 2;
  ts_err err = {0};
  struct work *w;

  if (cpu < limit / 3 || ex_stopping(ex))
    return;
  if (p.timeout > ex->cfg.timeout_max)
    p.timeout = ex->cfg.timeout_max;
  if (!(w = ex_new_work(ex, &p, false, refresh_done, NULL, &err)))
    return; /* (at the execution limit: the next call tries again) */
  w->refresh = true;
  w->commit = TS_COMMIT_ON_SUCCESS;
  s->w = w;
}

/* A call is over (ex_finish): it becomes the session's state, the holder
 * of its fork, or is killed, and its work is answered with what became of
 * the session. */
void ex_session_call_finish(struct ts_executor *ex, struct child *c, const char *why) {
  struct session *s = c->sess, *t = branch_of(ex, c->w);
  struct sbox *b = s ? s->box : NULL;
  struct ts_exec_result *r;
  bool alive = s && s->call == c && s->phase == S_RUNNING && !c->reaped && !c->killed &&
               c->pidfd >= 0 && !s->ending;
  bool committed = false, forked = false, query = c->w && c->w->query;
  bool refresh = c->w && c->w->refresh;
  const char *reason = "process_ended";

  if (why) {
    r = calloc(1, sizeof *r);
    if (r) {
      r->status = TS_EXEC_INTERNAL_ERROR;
      r->exit_code = -1;
      (void)snprintf(r->detail, sizeof r->detail, "%s", why);
    }
    alive = false;
  } else {
    r = ex_result_of(ex, c);
  }
  if (!s || s->call != c || s->phase == S_DEAD)
    reason = "session_ended";
  else if (alive && r) {
    int mode = c->w ? c->w->commit : TS_COMMIT_ON_SUCCESS;
    if (query)
      reason = "query"; /* never the state: it ran no snippet */
    else if (c->w && c->w->branch)
      forked = t && r->status == TS_EXEC_OK, reason = forked ? "forked" : "failed";
    else if (c->w && c->w->refresh)
      committed = r->status == TS_EXEC_OK, reason = committed ? "refreshed" : "failed";
    else if (mode == TS_COMMIT_NEVER)
      reason = "never";
    else if (r->status == TS_EXEC_OK)
      committed = true, reason = "ok";
    else if (r->status == TS_EXEC_ERROR && mode == TS_COMMIT_ALWAYS)
      committed = true, reason = "always";
    else
      reason = "failed";
  } else if (r && !c->reaped && !c->killed && r->status != TS_EXEC_OK)
    reason = "failed";
  if (s && s->call == c) {
    s->call = NULL;
    if (b->active == s)
      b->active = NULL;
    close_raw(&s->call_fds[0]); /* none left unless the hello never came */
    for (int i = 1; i < TS_SPAWN_NFDS + 1; i++)
      close_raw(&s->call_fds[i]);
    if (committed) {
      /* The call is the state now; the old holder goes. */
      syscall(SYS_pidfd_send_signal, s->holder_pidfd, SIGKILL, NULL, 0);
      add_dying(b, s->holder_nspid);
      close_raw(&s->holder_pidfd);
      close_raw(&s->holder_cmd);
      s->holder_pid = c->pid;
      s->holder_nspid = c->nspid;
      s->holder_pidfd = steal_fd(&c->pidfd);
      s->holder_cmd = steal_fd(&s->call_cmd);
      if (!refresh) {
        s->revision++;
        atomic_fetch_add(&ex->sess_committed, 1);
      } else {
        atomic_fetch_add(&ex->sess_refreshed, 1);
      }
    } else if (forked) {
      /* The call is the new session's state; this one is as it was. */
      t->holder_pid = c->pid;
      t->holder_nspid = c->nspid;
      t->holder_pidfd = steal_fd(&c->pidfd);
      t->holder_cmd = steal_fd(&s->call_cmd);
      t->phase = S_IDLE;
      t->created = t->last_used = ex_now();
      t->created_wall = t->used_wall = wall_now();
      atomic_fetch_add(&ex->sess_forked, 1);
    } else {
      if (!c->reaped && c->pidfd >= 0) {
        ex_kill(c);
        add_dying(b, c->nspid);
      }
      close_raw(&s->call_cmd);
      if (!query && !(c->w && (c->w->branch || c->w->refresh)))
        atomic_fetch_add(&ex->sess_rolled_back, 1);
    }
    if (s->phase == S_RUNNING || s->phase == S_FORKING || s->phase == S_HELLO) {
      if (s->phase != S_RUNNING && !s->ending)
        box_fail(b, "the call ended before its process was made");
      else
        s->phase = S_IDLE;
    }
    s->deadline = 0;
    if (!query && !refresh) { /* a GET is no use of the session */
      s->last_used = ex_now();
      s->used_wall = wall_now();
    }
  }
  if (r) {
    r->session.used = r->session.found = true;
    r->session.committed = committed;
    r->session.revision = s ? s->revision : 0;
    r->session.reason = reason;
  }
  ex_deliver(ex, c->w, r);
  c->sess = NULL;
  ex_release(ex, c);
  if (!s || !b || b->dead || ex->sessions[s->idx] != s)
    return;
  if (s->ending && s->phase != S_DEAD) {
    member_kill(ex, s);
    return;
  }
  if (s->after_query && s->phase == S_IDLE && !s->w && !s->call) {
    /* The call that came during the query or the refresh: it starts once
     * their process is reaped (start_call waits for it). */
    s->w = steal_pointer(&s->after_query);
  } else if (!s->w && s->phase == S_IDLE) {
    holder_worn(ex, s);
  }
  box_kick(ex, b);
}

/* ---- the executor loop's hooks ---- */

void ex_session_event(struct ts_executor *ex, enum ev_kind kind, unsigned idx) {
  struct sbox *b = idx < ex->cfg.max_sessions ? ex->boxes[idx] : NULL;

  if (!b)
    return;
  switch (kind) {
  case EV_SESS_STATUS:
    if (b->status_fd >= 0)
      status_records(ex, b);
    break;
  case EV_SESS_NOTIF:
    if (b->listener >= 0)
      notification(ex, b);
    break;
  case EV_SESS_HANDOFF:
    if (b->handoff_fd >= 0)
      handoff(ex, b);
    break;
  case EV_SESS_INIT:
    /* Its last records first: a call's end is its own. */
    if (b->status_fd >= 0)
      status_records(ex, b);
    if (ex->boxes[idx] == b)
      (void)init_reaped(ex, b);
    break;
  default:
    break;
  }
}

static double expires_at(const struct ts_executor *ex, const struct session *s) {
  double idle = s->last_used + s->ttl, life = s->born + lifetime(ex);

  return idle < life ? idle : life;
}

static bool expirable(const struct session *s) {
  return s->phase == S_IDLE && !s->call && !s->w && !s->after_query;
}

double ex_session_next_deadline(struct ts_executor *ex, double next) {
  for (unsigned i = 0; i < ex->cfg.max_sessions; i++) {
    struct session *s = ex->sessions[i];
    double e;
    if (!s || s->phase == S_DEAD)
      continue;
    if (s->deadline > 0 && s->deadline < next)
      next = s->deadline;
    e = expires_at(ex, s);
    if (expirable(s) && e < next)
      next = e;
  }
  return next;
}

void ex_session_check(struct ts_executor *ex, double now) {
  for (unsigned i = 0; i < ex->cfg.max_sessions; i++) {
    struct session *s = ex->sessions[i];
    if (!s || s->phase == S_DEAD)
      continue;
    if (s->deadline > 0 && now >= s->deadline) {
      box_fail(s->box, s->phase <= S_FIRST_HELLO ? "the session took too long to start"
                                                  : "the session's holder did not fork in time");
    } else if (expirable(s) && now >= expires_at(ex, s)) {
      /* Expired: no request needed, the executor's timer does it. */
      s->expired = true;
      atomic_fetch_add(&ex->sess_expired, 1);
      sess_kill(ex, s);
    }
  }
}

bool ex_session_known_pid(struct ts_executor *ex, pid_t pid) {
  for (unsigned i = 0; i < ex->cfg.max_sessions; i++)
    if (ex->boxes[i] && ex->boxes[i]->init_pid == pid)
      return true;
  return false;
}

/* At stop: every box is killed and its init reaped. */
void ex_session_stop_all(struct ts_executor *ex) {
  ex_session_ops(ex); /* fails what is still queued */
  for (unsigned i = 0; i < ex->cfg.max_sessions; i++) {
    struct sbox *b = ex->boxes[i];
    if (!b)
      continue;
    box_kill(b);
    if (b->init_pidfd >= 0) {
      struct pollfd pfd = {b->init_pidfd, POLLIN, 0};
      poll(&pfd, 1, 2000);
      if (init_reaped(ex, b))
        continue;
    }
    box_free(ex, b, "the server is shutting down");
  }
}

/* The executor thread's last act: no operation is queued after this, and
 * those queued since its last look are answered (their sessions are gone
 * with the server). */
void ex_session_close_ops(struct ts_executor *ex) {
  struct sess_op *op;

  pthread_mutex_lock(&ex->lock);
  ex->sess_closed = true;
  op = ex->sess_ops;
  ex->sess_ops = NULL;
  ex->sess_ops_tail = &ex->sess_ops;
  pthread_mutex_unlock(&ex->lock);
  while (op) {
    struct sess_op *next = op->next;
    if (op->w)
      ex_fail_work(ex, steal_pointer(&op->w), TS_EXEC_INTERNAL_ERROR,
                   "the server is shutting down");
    op_done(ex, op, ESHUTDOWN, "the server is shutting down", NULL);
    op = next;
  }
}

void ex_session_free_all(struct ts_executor *ex) {
  struct sess_op *op = ex->sess_ops;

  while (op) {
    struct sess_op *next = op->next;
    ex_work_free(ex, op->w);
    free(op);
    op = next;
  }
  ex->sess_ops = NULL;
}

/* ---- operations, on the executor thread ---- */

static struct session *find_id(struct ts_executor *ex, const char *id,
                               const unsigned char *owner) {
  for (unsigned i = 0; i < ex->cfg.max_sessions; i++) {
    struct session *s = ex->sessions[i];
    unsigned char diff = 0;
    if (!s || s->phase == S_DEAD || s->phase == S_BORN || s->expired || s->ending)
      continue;
    if (memcmp(s->id, id, TS_SESSION_ID_LEN) != 0)
      continue;
    for (size_t k = 0; k < TS_SESSION_OWNER_LEN; k++)
      diff |= (unsigned char)(s->owner[k] ^ owner[k]);
    return diff ? NULL : s;
  }
  return NULL;
}

static struct session *find(struct ts_executor *ex, const struct sess_op *op) {
  return find_id(ex, op->id, op->owner);
}

/* Whether one more session of `mb` MiB for `owner` fits: the slots, the
 * owner's share and the sessions' memory.  Its free slot in *idx. */
static bool admit(struct ts_executor *ex, const unsigned char *owner, long mb, unsigned *idx,
                  const char **why) {
  /* One token cannot take every slot, nor the sessions every MiB: what a
   * session holds counts until it is out of the slots (DELETE).  (zeros:
   * no tokens, every client the same owner: only the others) */
  static const unsigned char nobody[TS_SESSION_OWNER_LEN];
  long held = 0;
  unsigned mine = 0;

  *idx = 0;
  while (*idx < ex->cfg.max_sessions && ex->sessions[*idx])
    (*idx)++;
  if (*idx >= ex->cfg.max_sessions) {
    *why = "too many sessions";
    return false;
  }
  for (unsigned i = 0; i < ex->cfg.max_sessions; i++) {
    const struct session *o = ex->sessions[i];
    if (!o)
      continue;
    held += o->memory_mb;
    mine += memcmp(o->owner, owner, sizeof o->owner) == 0;
  }
  if (ex->cfg.max_sessions_per_token && mine >= ex->cfg.max_sessions_per_token &&
      memcmp(owner, nobody, sizeof nobody) != 0) {
    *why = "too many sessions for this token (--max-sessions-per-token)";
    return false;
  }
  if (ex->cfg.sessions_memory_mb && held + mb > ex->cfg.sessions_memory_mb) {
    *why = "the sessions' memory is all taken (--sessions-memory-mb)";
    return false;
  }
  return true;
}

/* A new session in slot idx, of the owner, in no box yet. */
static struct session *sess_new(struct ts_executor *ex, unsigned idx, const unsigned char *owner,
                                long memory_mb, double ttl) {
  struct session *s = calloc(1, sizeof *s);

  if (!s)
    return NULL;
  memcpy(s->owner, owner, sizeof s->owner);
  s->idx = idx;
  s->memory_mb = memory_mb;
  s->ttl = ttl;
  s->created = s->last_used = s->born = ex_now();
  s->created_wall = s->used_wall = s->born_wall = wall_now();
  s->holder_pidfd = s->holder_cmd = s->call_cmd = -1;
  for (int i = 0; i < TS_SPAWN_NFDS + 1; i++)
    s->call_fds[i] = -1;
  ex->sessions[idx] = s;
  ex->nsessions++;
  atomic_store(&ex->sess_active, ex->nsessions);
  return s;
}

/* A session id: 128 random bits, as 32 hex digits; a fork's keeps its
 * origin's first TS_SESSION_ROUTE_LEN digits (prefix), so that a gateway
 * that routes by them sends the forks where their box is. */
static bool new_id(struct ts_executor *ex, char id[TS_SESSION_ID_LEN + 1], const char *prefix) {
  unsigned char rnd[TS_SESSION_ID_LEN / 2];

  for (int tries = 0; tries < 4; tries++) {
    bool taken = false;
    if (getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd)
      return false;
    for (size_t i = 0; i < sizeof rnd; i++)
      (void)snprintf(id + 2 * i, 3, "%02x", rnd[i]);
    if (prefix)
      memcpy(id, prefix, TS_SESSION_ROUTE_LEN);
    for (unsigned i = 0; i < ex->cfg.max_sessions; i++)
      taken |= ex->sessions[i] && memcmp(ex->sessions[i]->id, id, TS_SESSION_ID_LEN) == 0;
    if (!taken)
      return true;
  }
  return false;
}

static void op_create(struct ts_executor *ex, struct sess_op *op) {
  struct session *s;
  struct sbox *b;
  const char *why = NULL;
  unsigned idx = 0, bidx = 0;
  long mb = op->params.memory_mb > 0 ? op->params.memory_mb : ex->cfg.memory_max_mb;
  char id[TS_SESSION_ID_LEN + 1];

  if (ex_stopping(ex)) {
    op_done(ex, op, ESHUTDOWN, "the server is shutting down", NULL);
    return;
  }
  if (!admit(ex, op->params.owner, mb, &idx, &why)) {
    op_done(ex, op, EAGAIN, why, NULL);
    return;
  }
  while (bidx < ex->cfg.max_sessions && ex->boxes[bidx])
    bidx++;
  if (bidx >= ex->cfg.max_sessions) { /* (a box holds a session at least) */
    op_done(ex, op, EAGAIN, "too many sessions", NULL);
    return;
  }
  if (!new_id(ex, id, NULL) || !(b = calloc(1, sizeof *b))) {
    op_done(ex, op, EIO, "cannot make a session id", NULL);
    return;
  }
  if (strlen(op->params.id_hint) == TS_SESSION_ID_LEN &&
      strspn(op->params.id_hint, "0123456789abcdef") == TS_SESSION_ID_LEN) {
    /* The gateway's id, unless a session (anyone's, even a dying one) has
     * it: then the random one, and nothing says so. */
    bool taken = false;
    for (unsigned i = 0; i < ex->cfg.max_sessions; i++)
      taken |= ex->sessions[i] && memcmp(ex->sessions[i]->id, op->params.id_hint,
                                         TS_SESSION_ID_LEN) == 0;
    if (!taken)
      memcpy(id, op->params.id_hint, sizeof id);
  }
  if (!(s = sess_new(ex, idx, op->params.owner, mb,
                     op->params.ttl > 0 ? op->params.ttl : SESS_TTL_DEFAULT))) {
    free(b);
    op_done(ex, op, EIO, "out of memory", NULL);
    return;
  }
  memcpy(s->id, id, sizeof s->id);
  b->idx = bidx;
  b->init_pidfd = b->status_fd = b->handoff_fd = b->report_fd = b->listener = -1;
  b->members[b->nmembers++] = s;
  b->active = s;
  ex->boxes[bidx] = b;
  s->box = b;
  s->create_op = op;
  sess_spawn(ex, s);
}

static void op_exec(struct ts_executor *ex, struct sess_op *op) {
  struct session *s = find(ex, op);
  struct work *w = steal_pointer(&op->w);
  struct ts_exec_result *r;

  if (s && !s->w && !s->call && s->phase == S_IDLE) {
    free(op);
    s->w = w;
    s->last_used = ex_now();
    start_call(ex, s); /* or later: its box makes one process at a time */
    return;
  }
  if (s && internal(s) && !s->after_query) {
    free(op);
    s->after_query = w;
    s->last_used = ex_now();
    return;
  }
  r = calloc(1, sizeof *r);
  if (r) {
    r->status = TS_EXEC_INTERNAL_ERROR;
    r->exit_code = -1;
    r->session.used = true;
    r->session.found = s != NULL;
    r->session.revision = s ? s->revision : 0;
    r->session.reason = s ? "session_busy" : "session_not_found";
    (void)snprintf(r->detail, sizeof r->detail, "%s", r->session.reason);
  }
  ex_deliver(ex, w, r);
  ex_work_free(ex, w);
  free(op);
}

/* What GET says of a session: info_of and the holder's resident set. */
static void state_info(const struct ts_executor *ex, const struct session *s,
                       struct ts_session_info *info) {
  info_of(ex, s, info);
  if (s->holder_pid > 0) {
    char path[64], line[128];
    FILE *f;
    (void)snprintf(path, sizeof path, "/proc/%d/status", (int)s->holder_pid);
    if ((f = fopen(path, "re"))) {
      while (fgets(line, sizeof line, f))
        if (strncmp(line, "VmRSS:", 6) == 0)
          info->state_kb = strtoul(line + 6, NULL, 10);
      (void)fclose(f);
    }
  }
}

/* A query is over: the session as it is now, with the variables its
 * query listed (none when it failed); a session that ended meanwhile is
 * not found. */
static void query_done(void *ctx, struct ts_exec_result *r) {
  struct sess_op *op = ctx, *waiters = NULL;
  struct ts_executor *ex = op->ex;
  struct session *s = find(ex, op);

  if (s)
    waiters = steal_pointer(&s->query_waiters);
  op->next = waiters;
  while (op) {
    struct sess_op *next = op->next;
    if (!s) {
      op_done(ex, op, ENOENT, "session_not_found", NULL);
    } else {
      struct ts_session_info info;
      state_info(ex, s, &info);
      if (r && r->status == TS_EXEC_OK && r->report.has_variables) {
        info.has_variables = true;
        info.variables = r->report.variables;
        info.nvariables = r->report.nvariables;
        info.variables_dropped = r->report.variables_dropped;
      }
      if (op->cb)
        op->cb(op->ctx, 0, NULL, &info);
      free(op);
    }
    op = next;
  }
  if (r) {
    ts_exec_result_free(r);
    free(r);
  }
}

/* GET with the variables: a query, when the session is idle, forked from
 * its holder like a call (and bounded like one: an execution of
 * max_concurrency, the session's memory, a wall-clock limit), that runs
 * no snippet and is never committed.  false: none can run now, and the
 * answer goes without them. */
static bool start_query(struct ts_executor *ex, struct session *s, struct sess_op *op) {
  struct ts_exec_params p = {"", 0, NULL, 0, SESS_QUERY_TIMEOUT, 0, TS_JOB_F_QUERY, -1};
  struct work *w;
  ts_err err = {0};

  if (querying(s)) { /* one query at a time: its answer is this GET's too */
    op->next = s->query_waiters;
    s->query_waiters = op;
    return true;
  }
  if (s->w || s->call || s->phase != S_IDLE)
    return false;
  if (p.timeout > ex->cfg.timeout_max)
    p.timeout = ex->cfg.timeout_max;
  if (!(w = ex_new_work(ex, &p, false, query_done, op, &err)))
    return false;
  w->query = true;
  w->commit = TS_COMMIT_NEVER;
  op->ex = ex;
  s->w = w;
  start_call(ex, s);
  return true;
}

/* A fork is over: the new session, made by its origin's call, or the
 * reason there is none. */
static void fork_done(void *ctx, struct ts_exec_result *r) {
  struct sess_op *op = ctx;
  struct ts_executor *ex = op->ex;
  struct session *t = NULL;

  for (unsigned i = 0; i < ex->cfg.max_sessions && !t; i++)
    if (ex->sessions[i] && memcmp(ex->sessions[i]->id, op->new_id, TS_SESSION_ID_LEN) == 0)
      t = ex->sessions[i];
  if (t && t->phase == S_IDLE) {
    op_done(ex, op, 0, NULL, t);
  } else {
    char why[160];
    (void)snprintf(why, sizeof why, "the fork's process failed (%s)",
                   r && r->session.reason ? r->session.reason : "no result");
    if (t && t->phase == S_BORN)
      sess_free(ex, t, why);
    /* the origin deleted or expired meanwhile: it is not found */
    op_done(ex, op,
            !find(ex, op) || (r && r->session.reason &&
                              strcmp(r->session.reason, "session_ended") == 0)
                ? ENOENT
                : EIO,
            why, NULL);
  }
  if (r) {
    ts_exec_result_free(r);
    free(r);
  }
}

/* POST /sessions/{id}/fork: a new session in the origin's box, whose
 * holder is a call of the origin that runs nothing (so the fork goes the
 * way every call goes: the same approval, hello and job, the runner's
 * after-fork work) and is then handed to the new session instead of
 * being committed.  It counts as a session (the slots, the owner's share,
 * the memory) and as an execution. */
static void op_fork(struct ts_executor *ex, struct sess_op *op) {
  struct ts_exec_params p = {"", 0, NULL, 0, SESS_BRANCH_TIMEOUT, 0, 0, -1};
  struct session *s = find(ex, op), *t;
  struct work *w;
  const char *why = NULL;
  unsigned idx = 0;
  char id[TS_SESSION_ID_LEN + 1];
  ts_err err = {0};

  if (ex_stopping(ex)) {
    op_done(ex, op, ESHUTDOWN, "the server is shutting down", NULL);
    return;
  }
  if (!s) {
    op_done(ex, op, ENOENT, "session_not_found", NULL);
    return;
  }
  if ((!internal(s) && (s->w || s->call || s->phase != S_IDLE)) || s->after_query) {
    op_done(ex, op, EBUSY, "session_busy", NULL);
    return;
  }
  if (s->box->nmembers >= TS_SESS_BOX_MAX) {
    op_done(ex, op, EAGAIN, "too many forks of this session at once", NULL);
    return;
  }
  if (!admit(ex, s->owner, s->memory_mb, &idx, &why)) {
    op_done(ex, op, EAGAIN, why, NULL);
    return;
  }
  if (!new_id(ex, id, s->id)) {
    op_done(ex, op, EIO, "cannot make a session id", NULL);
    return;
  }
  if (p.timeout > ex->cfg.timeout_max)
    p.timeout = ex->cfg.timeout_max;
  /* (The job has no commit flag: the call keeps its working directory,
   * its origin's restored, and waits to be made a holder.) */
  if (!(w = ex_new_work(ex, &p, false, fork_done, op, &err))) {
    op_done(ex, op, err.errnum == EAGAIN || err.errnum == ESHUTDOWN ? err.errnum : EIO, err.msg,
            NULL);
    return;
  }
  if (!(t = sess_new(ex, idx, s->owner, s->memory_mb, s->ttl))) {
    ex_work_free(ex, w);
    op_done(ex, op, EIO, "out of memory", NULL);
    return;
  }
  memcpy(t->id, id, sizeof t->id);
  t->box = s->box;
  t->phase = S_BORN;
  t->revision = s->revision;
  /* a fork cannot outlive its origin's lifetime: a chain of forks would
   * keep a state (and its box) for ever */
  t->born = s->born;
  t->born_wall = s->born_wall;
  s->box->members[s->box->nmembers++] = t;
  w->branch = true;
  w->branch_idx = idx;
  memcpy(w->branch_id, t->id, TS_SESSION_ID_LEN);
  w->commit = TS_COMMIT_NEVER;
  memcpy(op->new_id, t->id, sizeof op->new_id);
  op->ex = ex;
  s->last_used = ex_now();
  s->used_wall = wall_now();
  if (internal(s)) { /* after the GET's query or the refresh, like a call */
    s->after_query = w;
    return;
  }
  s->w = w;
  start_call(ex, s);
}

void ex_session_ops(struct ts_executor *ex) {
  struct sess_op *op;

  pthread_mutex_lock(&ex->lock);
  op = ex->sess_ops;
  ex->sess_ops = NULL;
  ex->sess_ops_tail = &ex->sess_ops;
  pthread_mutex_unlock(&ex->lock);
  while (op) {
    struct sess_op *next = op->next;
    struct session *s;
    op->next = NULL;
    switch (op->type) {
    case OP_CREATE:
      op_create(ex, op);
      break;
    case OP_EXEC:
      op_exec(ex, op);
      break;
    case OP_DESTROY:
      s = find(ex, op);
      if (!s || s->destroy_op) {
        op_done(ex, op, ENOENT, "session_not_found", NULL);
      } else {
        struct sbox *b = s->box;
        s->destroy_op = op;
        sess_kill(ex, s);
        if (ex->boxes[b->idx] == b && b->dead && b->init_pidfd < 0 && !s->create_op)
          box_free(ex, b, "the session was deleted");
      }
      break;
    case OP_FORK:
      op_fork(ex, op);
      break;
    case OP_GET:
    case OP_INSPECT:
      s = find(ex, op);
      if (!s) {
        op_done(ex, op, ENOENT, "session_not_found", NULL);
      } else if (op->type == OP_INSPECT && start_query(ex, s, op)) {
        break; /* answered by its query */
      } else {
        struct ts_session_info info;
        state_info(ex, s, &info);
        if (op->cb)
          op->cb(op->ctx, 0, NULL, &info);
        free(op);
      }
      break;
    }
    op = next;
  }
}

/* ---- API, any thread ---- */

static int queue_op(struct ts_executor *ex, struct sess_op *op, ts_err *err) {
  pthread_mutex_lock(&ex->lock);
  /* (A deletion is taken while the server stops, until the executor
   * thread has taken its last operations.) */
  if (ex->sess_closed || (ex->stopping && op->type != OP_DESTROY)) {
    pthread_mutex_unlock(&ex->lock);
    ex_work_free(ex, op->w);
    free(op);
    return ts_err_set(err, ESHUTDOWN, "the server is shutting down");
  }
  *ex->sess_ops_tail = op;
  ex->sess_ops_tail = &op->next;
  pthread_mutex_unlock(&ex->lock);
  ex_wake(ex);
  return 0;
}

static struct sess_op *new_op(enum op_type type, const char *id, const unsigned char *owner,
                              ts_session_fn cb, void *ctx, ts_err *err) {
  struct sess_op *op = calloc(1, sizeof *op);

  if (!op) {
    ts_err_set(err, ENOMEM, "out of memory");
    return NULL;
  }
  op->type = type;
  if (id)
    (void)snprintf(op->id, sizeof op->id, "%s", id);
  if (owner)
    memcpy(op->owner, owner, sizeof op->owner);
  op->cb = cb;
  op->ctx = ctx;
  return op;
}

/* An operation that needs nothing but its session, queued. */
static int queue_new(struct ts_executor *ex, enum op_type type, const char *id,
                     const unsigned char *owner, ts_session_fn done, void *ctx, ts_err *err) {
  struct sess_op *op = new_op(type, id, owner, done, ctx, err);

  return op ? queue_op(ex, op, err) : -1;
}

int ts_session_create(struct ts_executor *ex, const struct ts_session_params *p,
                      ts_session_fn done, void *ctx, ts_err *err) {
  struct sess_op *op;
  double ttl_max = ex->cfg.session_ttl_max > 0 ? ex->cfg.session_ttl_max : SESS_TTL_MAX_DEFAULT;

  if (ex->cfg.max_sessions == 0)
    return ts_err_set(err, EAGAIN, "sessions are not enabled (--max-sessions 0)");
  if (p->memory_mb > ex->cfg.memory_max_mb || p->memory_mb < 0 || p->ttl < 0 || p->ttl > ttl_max)
    return ts_err_set(err, EINVAL, "session limits above the server's maximum");
  if (!(op = new_op(OP_CREATE, NULL, p->owner, done, ctx, err)))
    return -1;
  op->params = *p;
  return queue_op(ex, op, err);
}

int ts_session_exec(struct ts_executor *ex, const char *id, const unsigned char *owner,
                    const struct ts_exec_params *p, enum ts_commit commit,
                    ts_exec_done_fn done, void *ctx, ts_err *err) {
  struct sess_op *op = new_op(OP_EXEC, id, owner, NULL, NULL, err);
  struct ts_exec_params job = *p;

  if (!op)
    return -1;
  /* The call learns its commit mode: it keeps its working directory only
   * when it may become the state (sandbox/snapshot.h). */
  if (commit == TS_COMMIT_NEVER)
    job.flags |= TS_JOB_F_COMMIT_NEVER;
  else if (commit == TS_COMMIT_ALWAYS)
    job.flags |= TS_JOB_F_COMMIT_ALWAYS;
  if (!(op->w = ex_new_work(ex, &job, false, done, ctx, err))) {
    free(op);
    return -1;
  }
  op->w->commit = (int)commit;
  return queue_op(ex, op, err);
}

int ts_session_destroy(struct ts_executor *ex, const char *id, const unsigned char *owner,
                       ts_session_fn done, void *ctx, ts_err *err) {
  return queue_new(ex, OP_DESTROY, id, owner, done, ctx, err);
}

int ts_session_get(struct ts_executor *ex, const char *id, const unsigned char *owner,
                   ts_session_fn done, void *ctx, ts_err *err) {
  return queue_new(ex, OP_GET, id, owner, done, ctx, err);
}

int ts_session_inspect(struct ts_executor *ex, const char *id, const unsigned char *owner,
                       ts_session_fn done, void *ctx, ts_err *err) {
  return queue_new(ex, OP_INSPECT, id, owner, done, ctx, err);
}

int ts_session_fork(struct ts_executor *ex, const char *id, const unsigned char *owner,
                    ts_session_fn done, void *ctx, ts_err *err) {
  return queue_new(ex, OP_FORK, id, owner, done, ctx, err);
}

void ts_session_stats(struct ts_executor *ex, struct ts_session_stats *out) {
  out->active = atomic_load(&ex->sess_active);
  out->created = atomic_load(&ex->sess_created);
  out->expired = atomic_load(&ex->sess_expired);
  out->committed = atomic_load(&ex->sess_committed);
  out->rolled_back = atomic_load(&ex->sess_rolled_back);
  out->forked = atomic_load(&ex->sess_forked);
  out->refreshed = atomic_load(&ex->sess_refreshed);
}

/* ---- waiting forms ---- */

struct sess_wait {
  pthread_mutex_t m;
  pthread_cond_t c;
  bool done;
  int err;
  char why[128];
  struct ts_session_info info;
  struct ts_exec_result *res;
};

static void sess_wait_done(void *ctx, int e, const char *why, const struct ts_session_info *info) {
  struct sess_wait *w = ctx;

  pthread_mutex_lock(&w->m);
  w->err = e;
  (void)snprintf(w->why, sizeof w->why, "%s", why ? why : "");
  if (info)
    w->info = *info;
  w->done = true;
  pthread_cond_signal(&w->c);
  pthread_mutex_unlock(&w->m);
}

static void exec_wait_done(void *ctx, struct ts_exec_result *res) {
  struct sess_wait *w = ctx;

  pthread_mutex_lock(&w->m);
  w->res = res;
  w->done = true;
  pthread_cond_signal(&w->c);
  pthread_mutex_unlock(&w->m);
}

static int wait_for(struct sess_wait *w, ts_err *err) {
  pthread_mutex_lock(&w->m);
  while (!w->done)
    pthread_cond_wait(&w->c, &w->m);
  pthread_mutex_unlock(&w->m);
  return w->err ? ts_err_set(err, w->err, "%s", w->why) : 0;
}

#define SESS_WAIT_INIT {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, false, 0, {0}, {{0}}, NULL}

int ts_session_create_sync(struct ts_executor *ex, const struct ts_session_params *p,
                           struct ts_session_info *out, ts_err *err) {
  struct sess_wait w = SESS_WAIT_INIT;

  if (ts_session_create(ex, p, sess_wait_done, &w, err) < 0 || wait_for(&w, err) < 0)
    return -1;
  *out = w.info;
  return 0;
}

int ts_session_exec_run(struct ts_executor *ex, const char *id, const unsigned char *owner,
                        const struct ts_exec_params *p, enum ts_commit commit,
                        struct ts_exec_result *out, ts_err *err) {
  struct sess_wait w = SESS_WAIT_INIT;

  if (ts_session_exec(ex, id, owner, p, commit, exec_wait_done, &w, err) < 0)
    return -1;
  (void)wait_for(&w, err);
  if (!w.res)
    return ts_err_set(err, ENOMEM, "out of memory");
  *out = *w.res;
  free(w.res);
  return 0;
}

int ts_session_destroy_sync(struct ts_executor *ex, const char *id, const unsigned char *owner,
                            ts_err *err) {
  struct sess_wait w = SESS_WAIT_INIT;

  if (ts_session_destroy(ex, id, owner, sess_wait_done, &w, err) < 0)
    return -1;
  return wait_for(&w, err);
}

int ts_session_fork_sync(struct ts_executor *ex, const char *id, const unsigned char *owner,
                         struct ts_session_info *out, ts_err *err) {
  struct sess_wait w = SESS_WAIT_INIT;

  if (ts_session_fork(ex, id, owner, sess_wait_done, &w, err) < 0 || wait_for(&w, err) < 0)
    return -1;
  *out = w.info;
  return 0;
}

int ts_session_get_sync(struct ts_executor *ex, const char *id, const unsigned char *owner,
                        struct ts_session_info *out, ts_err *err) {
  struct sess_wait w = SESS_WAIT_INIT;

  if (ts_session_get(ex, id, owner, sess_wait_done, &w, err) < 0 || wait_for(&w, err) < 0)
    return -1;
  *out = w.info;
  return 0;
}
