/* API test harness: see harness.h. */
#include <arpa/inet.h>
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "harness.h"

#ifndef TS_SERVER_BIN
#error "TS_SERVER_BIN must name the server binary"
#endif

extern char **environ;

/* How much of a log goes into a failure message. */
#define LOG_TAIL 6000

/* ---- small utilities ---- */

struct sbuf {
  char *p;
  size_t len, cap;
};

static void sb_reserve(struct sbuf *b, size_t extra) {
  size_t cap;
  char *np;

  if (b->len + extra + 1 <= b->cap)
    return;
  cap = b->cap ? b->cap : 256;
  while (cap < b->len + extra + 1)
    cap *= 2;
  np = realloc(b->p, cap);
  if (!np)
    abort();
  b->p = np;
  b->cap = cap;
}

static void sb_append(struct sbuf *b, const void *data, size_t n) {
  sb_reserve(b, n);
  if (n)
    memcpy(b->p + b->len, data, n);
  b->len += n;
  b->p[b->len] = '\0';
}

static void sb_puts(struct sbuf *b, const char *s) { sb_append(b, s, strlen(s)); }

static void sb_printf(struct sbuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

static void sb_printf(struct sbuf *b, const char *fmt, ...) {
  va_list ap;
  int n;

  va_start(ap, fmt);
  n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0)
    abort();
  sb_reserve(b, (size_t)n);
  va_start(ap, fmt);
  vsnprintf(b->p + b->len, (size_t)n + 1, fmt, ap);
  va_end(ap);
  b->len += (size_t)n;
}

static char *xstrndup(const char *s, size_t n) {
  char *p = malloc(n + 1);

  if (!p)
    abort();
  if (n)
    memcpy(p, s, n);
  p[n] = '\0';
  return p;
}

static long now_ms(void) {
  struct timespec ts;

  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (long)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(long ms) {
  struct timespec ts = {ms / 1000, (ms % 1000) * 1000000};

  while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
    ;
}

/* The end of a log, for failure messages. */
static const char *tail(const char *log) {
  size_t n = log ? strlen(log) : 0;

  if (!log)
    return "";
  return n > LOG_TAIL ? log + n - LOG_TAIL : log;
}

static const char *const sanitizer_markers[] = {
    "ERROR: AddressSanitizer", "runtime error:", "LeakSanitizer",
    "ERROR: ThreadSanitizer", "WARNING: AddressSanitizer",
};

bool log_has_sanitizer_report(const char *log) {
  if (!log)
    return false;
  for (size_t i = 0; i < sizeof sanitizer_markers / sizeof sanitizer_markers[0]; i++)
    if (strstr(log, sanitizer_markers[i]))
      return true;
  return false;
}

/* ---- spawning ---- */

static bool env_same_name(const char *a, const char *b) {
  size_t na = strcspn(a, "="), nb = strcspn(b, "=");

  return na == nb && strncmp(a, b, na) == 0;
}

/* Unless the caller set LSAN_OPTIONS, the server gets the project's
 * suppressions (tests/lsan.supp, found next to this file): the embedded
 * interpreter is never finalised.  Returns a static "LSAN_OPTIONS=..." or
 * NULL. */
static const char *lsan_default(void) {
  static char opt[4096];
  char path[3000];
  const char *slash = strrchr(__FILE__, '/');

  if (getenv("LSAN_OPTIONS") || !slash || __FILE__[0] != '/')
    return NULL;
  /* __FILE__ is .../tests/api/harness.c */
  if ((size_t)snprintf(path, sizeof path, "%.*s/../lsan.supp", (int)(slash - __FILE__),
                       __FILE__) >= sizeof path ||
      access(path, R_OK) != 0)
    return NULL;
  snprintf(opt, sizeof opt, "LSAN_OPTIONS=suppressions=%s:print_suppressions=0", path);
  return opt;
}

/* environ without TOOL_SANDBOX_* and without names that `extra` sets,
 * followed by `extra`.  The strings are borrowed. */
static char **build_env(const char *const extra[]) {
  size_t n = 0, ne = 0, k = 0;
  char **env;

  while (environ && environ[n])
    n++;
  while (extra && extra[ne])
    ne++;
  env = calloc(n + ne + 2, sizeof *env);
  if (!env)
    abort();
  for (size_t i = 0; i < n; i++) {
    bool skip = strncmp(environ[i], "TOOL_SANDBOX_", 13) == 0;
    for (size_t j = 0; j < ne && !skip; j++)
      skip = env_same_name(environ[i], extra[j]);
    if (!skip)
      env[k++] = environ[i];
  }
  for (size_t j = 0; j < ne; j++)
    env[k++] = (char *)extra[j];
  {
    const char *lsan = lsan_default();
    bool overridden = false;
    for (size_t j = 0; j < ne && lsan; j++)
      overridden |= env_same_name(extra[j], "LSAN_OPTIONS=");
    if (lsan && !overridden)
      env[k++] = (char *)lsan;
  }
  env[k] = NULL;
  return env;
}

static char **build_argv(bool listen, const char *const extra[]) {
  size_t ne = 0, k = 0;
  char **argv;

  while (extra && extra[ne])
    ne++;
  argv = calloc(ne + 4, sizeof *argv);
  if (!argv)
    abort();
  argv[k++] = (char *)TS_SERVER_BIN;
  if (listen) {
    argv[k++] = (char *)"--listen";
    argv[k++] = (char *)"127.0.0.1:0";
  }
  for (size_t j = 0; j < ne; j++)
    argv[k++] = (char *)extra[j];
  argv[k] = NULL;
  return argv;
}

/* Forks and execs the server.  The child gets stdin from /dev/null, stdout
 * to out_fd and stderr to err_fd, its own process group, no other fd and
 * SIGKILL when the forking thread dies.  Only async-signal-safe calls
 * happen between fork and exec. */
static pid_t spawn(char **argv, char **envp, int out_fd, int err_fd) {
  pid_t parent = getpid();
  long maxfd = sysconf(_SC_OPEN_MAX);
  pid_t pid;

  if (maxfd < 0 || maxfd > 65536)
    maxfd = 65536;
  pid = fork();
  if (pid < 0)
    return -1;
  if (pid == 0) {
    sigset_t none;
    int devnull;

    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent)
      _exit(127);
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGTERM, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    signal(SIGCHLD, SIG_DFL);
    devnull = open("/dev/null", O_RDONLY);
    if (devnull < 0 || dup2(devnull, 0) < 0 || dup2(out_fd, 1) < 0 || dup2(err_fd, 2) < 0)
      _exit(127);
    if (close_range(3, ~0U, 0) < 0)
      for (long fd = 3; fd < maxfd; fd++)
        close((int)fd);
    execve(argv[0], argv, envp);
    {
      static const char msg[] = "harness: execve failed\n";
      ssize_t w = write(2, msg, sizeof msg - 1);
      (void)w;
    }
    _exit(127);
  }
  setpgid(pid, pid); /* also from here: no race with the first kill(-pid) */
  return pid;
}

/* waitpid with a deadline.  Returns 1 when reaped, 0 on timeout.  A child
 * reaped by someone else (ECHILD) must not pass for a clean exit: it is
 * reported through the STATUS_LOST sentinel, which is not an exit. */
#define STATUS_LOST 0x7f7f
static int wait_timeout(pid_t pid, int *status, long timeout_ms) {
  long deadline = now_ms() + timeout_ms;

  for (;;) {
    pid_t r = waitpid(pid, status, WNOHANG);
    if (r == pid)
      return 1;
    if (r < 0 && errno != EINTR) {
      *status = STATUS_LOST;
      return 1;
    }
    if (now_ms() >= deadline)
      return 0;
    sleep_ms(5);
  }
}

static void describe_status(int status, char *buf, size_t n) {
  if (status == STATUS_LOST)
    snprintf(buf, n, "exit status lost: the child was reaped by someone else");
  else if (WIFEXITED(status))
    snprintf(buf, n, "exit status %d", WEXITSTATUS(status));
  else if (WIFSIGNALED(status))
    snprintf(buf, n, "killed by signal %d (%s)", WTERMSIG(status), strsignal(WTERMSIG(status)));
  else
    snprintf(buf, n, "wait status 0x%x", (unsigned)status);
}

/* ---- server registry ---- */

struct srv_state {
  pid_t pid;
  int fd;               /* read end of the log pipe, -1 once closed */
  pthread_t drainer;
  bool drainer_running;
  bool reaped;
  int status;
  pthread_mutex_t lock;
  struct sbuf log;      /* under lock */
  bool stop_drain;      /* under lock */
  bool eof;             /* under lock */
  struct srv_state *next;
};

static struct srv_state *registry;

static void log_append(struct srv_state *st, const char *data, size_t n) {
  pthread_mutex_lock(&st->lock);
  sb_append(&st->log, data, n);
  pthread_mutex_unlock(&st->lock);
}

/* Reads what is available.  Returns 1 on data, 0 when nothing is ready
 * within timeout_ms, -1 at EOF or on error. */
static int drain_once(struct srv_state *st, int timeout_ms) {
  struct pollfd p = {.fd = st->fd, .events = POLLIN};
  char buf[8192];
  ssize_t n;
  int r = poll(&p, 1, timeout_ms);

  if (r < 0)
    return errno == EINTR ? 0 : -1;
  if (r == 0)
    return 0;
  n = read(st->fd, buf, sizeof buf);
  if (n < 0)
    return errno == EINTR || errno == EAGAIN ? 0 : -1;
  if (n == 0)
    return -1;
  log_append(st, buf, (size_t)n);
  return 1;
}

static void *drainer_main(void *arg) {
  struct srv_state *st = arg;

  for (;;) {
    bool stop;
    int r;

    pthread_mutex_lock(&st->lock);
    stop = st->stop_drain;
    pthread_mutex_unlock(&st->lock);
    /* Once asked to stop, read what is left without waiting. */
    r = drain_once(st, stop ? 0 : 100);
    if (r < 0 || (stop && r == 0))
      break;
  }
  pthread_mutex_lock(&st->lock);
  st->eof = true;
  pthread_mutex_unlock(&st->lock);
  return NULL;
}

static void stop_drainer(struct srv_state *st) {
  if (st->drainer_running) {
    pthread_mutex_lock(&st->lock);
    st->stop_drain = true;
    pthread_mutex_unlock(&st->lock);
    pthread_join(st->drainer, NULL);
    st->drainer_running = false;
  }
  if (st->fd >= 0) {
    close(st->fd);
    st->fd = -1;
  }
}

/* SIGKILL to the whole group, then reap. */
static void kill_group(struct srv_state *st) {
  if (!st->reaped) {
    kill(-st->pid, SIGKILL);
    kill(st->pid, SIGKILL);
    if (wait_timeout(st->pid, &st->status, 5000))
      st->reaped = true;
  } else {
    kill(-st->pid, SIGKILL); /* stragglers left in the group */
  }
}

static void state_free(struct srv_state *st) {
  kill_group(st);
  stop_drainer(st);
  pthread_mutex_destroy(&st->lock);
  free(st->log.p);
  free(st);
}

void srv_cleanup_all(void) {
  while (registry) {
    struct srv_state *st = registry;
    registry = st->next;
    state_free(st);
  }
}

static char *state_log_copy(struct srv_state *st) {
  char *c;

  pthread_mutex_lock(&st->lock);
  c = xstrndup(st->log.p ? st->log.p : "", st->log.len);
  pthread_mutex_unlock(&st->lock);
  return c;
}

/* Fails the test after killing the server, with its log. */
static void srv_fail(struct ts_srv *s, const char *what) {
  static char last[LOG_TAIL + 1]; /* the assertion does not return: nothing to free then */
  struct srv_state *st = s->st;
  char *log;

  kill_group(st);
  stop_drainer(st);
  s->stderr_fd = -1;
  log = state_log_copy(st);
  cr_log_error("%s\n---- server log (%s) ----\n%s---- end of log ----", what, TS_SERVER_BIN,
               log);
  snprintf(last, sizeof last, "%s", tail(log));
  free(log);
  cr_assert_fail("%s; server log tail:\n%s", what, last);
}

int srv_start(struct ts_srv *s, const char *const extra_args[],
              const char *const extra_env[]) {
  struct srv_opts o = {.args = extra_args, .env = extra_env};

  return srv_start_opts(s, &o);
}

int srv_start_opts(struct ts_srv *s, const struct srv_opts *o) {
  static const char marker[] = "listening on 127.0.0.1:";
  struct srv_state *st;
  char **argv, **envp;
  int p[2];
  long deadline;

  memset(s, 0, sizeof *s);
  s->stderr_fd = -1;
  st = calloc(1, sizeof *st);
  cr_assert(st, "out of memory");
  st->fd = -1;
  pthread_mutex_init(&st->lock, NULL);
  cr_assert_eq(pipe2(p, O_CLOEXEC), 0, "pipe: %s", strerror(errno));
  argv = build_argv(!o->no_listen, o->args);
  envp = build_env(o->env);
  st->pid = spawn(argv, envp, p[1], p[1]);
  free(argv);
  free(envp);
  close(p[1]);
  if (st->pid < 0) {
    int e = errno;
    close(p[0]);
    pthread_mutex_destroy(&st->lock);
    free(st);
    cr_assert_fail("fork: %s", strerror(e));
  }
  st->fd = p[0];
  st->next = registry;
  registry = st;
  s->st = st;
  s->pid = st->pid;
  s->stderr_fd = st->fd;

  /* Read until the "listening on" line, in this thread. */
  deadline = now_ms() + HARNESS_START_TIMEOUT_MS;
  for (;;) {
    long left = deadline - now_ms();
    const char *at;
    int r;

    pthread_mutex_lock(&st->lock);
    at = st->log.p ? strstr(st->log.p, marker) : NULL;
    if (at && strchr(at, '\n')) {
      char *end;
      unsigned long port = strtoul(at + sizeof marker - 1, &end, 10);
      pthread_mutex_unlock(&st->lock);
      if (end == at + sizeof marker - 1 || port == 0 || port > 65535)
        srv_fail(s, "cannot read the port from the \"listening on\" line");
      s->port = (unsigned)port;
      break;
    }
    pthread_mutex_unlock(&st->lock);
    if (left <= 0)
      srv_fail(s, "the server did not log \"listening on 127.0.0.1:PORT\" within 10 s");
    r = drain_once(st, (int)(left < 100 ? left : 100));
    if (r < 0) {
      char msg[200], how[100];
      if (wait_timeout(st->pid, &st->status, 2000)) {
        st->reaped = true;
        describe_status(st->status, how, sizeof how);
      } else {
        snprintf(how, sizeof how, "still running");
      }
      snprintf(msg, sizeof msg, "the server closed its output before listening (%s)", how);
      srv_fail(s, msg);
    }
  }
  cr_assert_eq(pthread_create(&st->drainer, NULL, drainer_main, st), 0,
               "cannot start the log thread");
  st->drainer_running = true;
  return 0;
}

bool srv_alive(struct ts_srv *s) {
  struct srv_state *st = s->st;

  if (!st || st->reaped)
    return false;
  if (waitpid(st->pid, &st->status, WNOHANG) == st->pid) {
    st->reaped = true;
    return false;
  }
  return true;
}

void srv_assert_alive(struct ts_srv *s, const char *context) {
  char msg[400], how[100];

  if (srv_alive(s))
    return;
  describe_status(s->st->status, how, sizeof how);
  snprintf(msg, sizeof msg, "the server is gone (%s) %s", how, context);
  srv_fail(s, msg);
}

char *srv_log_copy(struct ts_srv *s) {
  return s->st ? state_log_copy(s->st) : xstrndup("", 0);
}

bool srv_log_contains(struct ts_srv *s, const char *needle) {
  bool found;

  if (!s->st)
    return false;
  pthread_mutex_lock(&s->st->lock);
  found = s->st->log.p && strstr(s->st->log.p, needle);
  pthread_mutex_unlock(&s->st->lock);
  return found;
}

bool srv_log_wait(struct ts_srv *s, const char *needle, int timeout_ms) {
  long deadline = now_ms() + timeout_ms;

  while (!srv_log_contains(s, needle)) {
    if (now_ms() >= deadline)
      return false;
    sleep_ms(10);
  }
  return true;
}

void srv_stop_signal(struct ts_srv *s, int sig) {
  struct srv_state *st = s->st;
  char how[100], msg[300];

  cr_assert(st, "srv_stop on a server that was not started");
  if (!st->reaped) {
    kill(st->pid, sig);
    if (wait_timeout(st->pid, &st->status, HARNESS_STOP_TIMEOUT_MS)) {
      st->reaped = true;
    } else {
      snprintf(msg, sizeof msg, "the server did not exit within %d ms of %s",
               HARNESS_STOP_TIMEOUT_MS, strsignal(sig));
      srv_fail(s, msg);
    }
  }
  kill(-st->pid, SIGKILL); /* whatever it left in its group */
  stop_drainer(st);
  s->stderr_fd = -1;
  pthread_mutex_lock(&st->lock);
  s->log = st->log.p ? st->log.p : (char *)"";
  s->log_len = st->log.len;
  pthread_mutex_unlock(&st->lock);
  describe_status(st->status, how, sizeof how);
  if (log_has_sanitizer_report(s->log)) {
    cr_log_error("sanitizer report in the server log (%s):\n%s", how, s->log);
    cr_assert_fail("sanitizer report in the server log (%s):\n%s", how, tail(s->log));
  }
  if (!WIFEXITED(st->status) || WEXITSTATUS(st->status) != 0) {
    cr_log_error("server did not exit cleanly (%s):\n%s", how, s->log);
    cr_assert_fail("server did not exit cleanly after %s (%s); log tail:\n%s", strsignal(sig),
                   how, tail(s->log));
  }
}

void srv_stop(struct ts_srv *s) { srv_stop_signal(s, SIGTERM); }

/* ---- running to completion ---- */

int srv_run(const char *const args[], const char *const env[], struct cmd_result *r) {
  int po[2], pe[2];
  char **argv, **envp;
  struct sbuf out = {0}, err = {0};
  bool out_open = true, err_open = true;
  long deadline = now_ms() + HARNESS_IO_TIMEOUT_MS;
  int status = 0;
  pid_t pid;

  memset(r, 0, sizeof *r);
  cr_assert_eq(pipe2(po, O_CLOEXEC), 0, "pipe: %s", strerror(errno));
  cr_assert_eq(pipe2(pe, O_CLOEXEC), 0, "pipe: %s", strerror(errno));
  argv = build_argv(false, args);
  envp = build_env(env);
  pid = spawn(argv, envp, po[1], pe[1]);
  free(argv);
  free(envp);
  close(po[1]);
  close(pe[1]);
  cr_assert(pid > 0, "fork: %s", strerror(errno));
  sb_puts(&out, "");
  sb_puts(&err, "");
  while (out_open || err_open) {
    struct pollfd p[2] = {{.fd = out_open ? po[0] : -1, .events = POLLIN},
                          {.fd = err_open ? pe[0] : -1, .events = POLLIN}};
    long left = deadline - now_ms();
    char buf[4096];

    if (left <= 0)
      break;
    if (poll(p, 2, (int)left) <= 0)
      continue;
    for (int i = 0; i < 2; i++) {
      ssize_t n;
      if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      n = read(p[i].fd, buf, sizeof buf);
      if (n > 0)
        sb_append(i ? &err : &out, buf, (size_t)n);
      else if (n == 0 || (errno != EINTR && errno != EAGAIN))
        *(i ? &err_open : &out_open) = false;
    }
  }
  close(po[0]);
  close(pe[0]);
  if (!wait_timeout(pid, &status, out_open || err_open ? 0 : deadline - now_ms() + 1000)) {
    kill(-pid, SIGKILL);
    kill(pid, SIGKILL);
    waitpid(pid, &status, 0);
    cr_log_error("stdout:\n%s\nstderr:\n%s", out.p, err.p);
    free(out.p);
    cr_assert_fail("%s did not finish within %d ms; stderr tail:\n%s", TS_SERVER_BIN,
                   HARNESS_IO_TIMEOUT_MS, tail(err.p));
  }
  kill(-pid, SIGKILL);
  r->out = out.p;
  r->err = err.p;
  r->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r->term_sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  cr_assert(!log_has_sanitizer_report(r->err), "sanitizer report:\n%s", tail(r->err));
  return 0;
}

void cmd_result_free(struct cmd_result *r) {
  free(r->out);
  free(r->err);
  memset(r, 0, sizeof *r);
}

/* ---- HTTP client ---- */

static __thread char last_error[512];

const char *http_last_error(void) { return last_error; }

static int set_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static int set_error(const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(last_error, sizeof last_error, fmt, ap);
  va_end(ap);
  return -1;
}

/* With TS_RESPONSE_LOG=FILE, every response parsed by http_request (and so
 * post_json, http_get) and http_keepalive is appended to FILE as one JSON
 * line {"method","path","status","content_type","headers","body"} for the
 * contract check (scripts/contract-check.sh).  One write() per line on an
 * O_APPEND descriptor, so parallel test processes never interleave.  Raw
 * exchanges (http_send_raw*) are not logged: their request may not even
 * have a method and a path.  A body holding a NUL byte (never JSON) is cut
 * there and flagged with "body_truncated": true. */
static void log_response(const char *method, const char *path, const struct http_resp *r) {
  const char *file = getenv("TS_RESPONSE_LOG");
  const char *ct = http_header(r, "Content-Type");
  cJSON *line, *hdrs;
  char *text;
  int fd;

  if (!file || !*file)
    return;
  line = cJSON_CreateObject();
  if (!line)
    abort();
  cJSON_AddStringToObject(line, "method", method);
  cJSON_AddStringToObject(line, "path", path);
  cJSON_AddNumberToObject(line, "status", r->status);
  if (ct)
    cJSON_AddStringToObject(line, "content_type", ct);
  else
    cJSON_AddNullToObject(line, "content_type");
  hdrs = cJSON_AddObjectToObject(line, "headers");
  for (size_t i = 0; i < r->nfields; i++) /* first value of each name, lower-cased */
    if (http_header(r, r->fields[i].name) == r->fields[i].value) {
      char name[128];
      size_t n = 0;
      for (; r->fields[i].name[n] && n + 1 < sizeof name; n++)
        name[n] = (char)tolower((unsigned char)r->fields[i].name[n]);
      name[n] = '\0';
      if (!cJSON_GetObjectItemCaseSensitive(hdrs, name))
        cJSON_AddStringToObject(hdrs, name, r->fields[i].value);
    }
  cJSON_AddStringToObject(line, "body", r->body ? r->body : "");
  if (r->body && memchr(r->body, '\0', r->body_len))
    cJSON_AddTrueToObject(line, "body_truncated");
  text = cJSON_PrintUnformatted(line);
  cJSON_Delete(line);
  if (!text)
    abort();
  {
    size_t n = strlen(text);
    char *buf = realloc(text, n + 2);
    if (!buf)
      abort();
    buf[n++] = '\n';
    buf[n] = '\0';
    text = buf;
    fd = open(file, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd >= 0) {
      ssize_t w = write(fd, text, n);
      if (w != (ssize_t)n)
        fprintf(stderr, "harness: TS_RESPONSE_LOG %s: short write (%zd of %zu bytes)\n",
                file, w, n);
      close(fd);
    } else {
      fprintf(stderr, "harness: TS_RESPONSE_LOG %s: %s\n", file, strerror(errno));
    }
  }
  free(text);
}

static int connect_local(unsigned port, int timeout_ms) {
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = htons((uint16_t)port)};
  struct timeval tv = {timeout_ms / 1000, (timeout_ms % 1000) * 1000};
  int one = 1;
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);

  if (fd < 0)
    return set_error("socket: %s", strerror(errno));
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
  if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) {
    int e = errno;
    close(fd);
    return set_error("connect to 127.0.0.1:%u: %s", port, strerror(e));
  }
  return fd;
}

/* Returns 0, or the errno that stopped the sending (the server may have
 * answered early and closed: the caller still reads). */
static int send_all(int fd, const char *p, size_t n) {
  while (n) {
    ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
    if (w < 0) {
      if (errno == EINTR)
        continue;
      return errno;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

void http_resp_free(struct http_resp *r) {
  for (size_t i = 0; i < r->nfields; i++) {
    free(r->fields[i].name);
    free(r->fields[i].value);
  }
  free(r->fields);
  free(r->headers);
  free(r->body);
  free(r->version);
  memset(r, 0, sizeof *r);
}

const char *http_header(const struct http_resp *r, const char *name) {
  for (size_t i = 0; i < r->nfields; i++)
    if (strcasecmp(r->fields[i].name, name) == 0)
      return r->fields[i].value;
  return NULL;
}

size_t http_header_count(const struct http_resp *r, const char *name) {
  size_t n = 0;

  for (size_t i = 0; i < r->nfields; i++)
    n += strcasecmp(r->fields[i].name, name) == 0;
  return n;
}

static const char *memfind(const char *hay, size_t n, const char *needle) {
  return memmem(hay, n, needle, strlen(needle));
}

static bool token_in_list(const char *list, const char *token) {
  size_t tl = strlen(token);

  while (list && *list) {
    size_t n;
    list += strspn(list, " \t,");
    n = strcspn(list, " \t,;");
    if (n == tl && strncasecmp(list, token, tl) == 0)
      return true;
    list += strcspn(list, ",");
  }
  return false;
}

/* Parses the header block [p, p+n) (status line included) into *out. */
static int parse_head(const char *p, size_t n, struct http_resp *out) {
  const char *eol = memfind(p, n, "\r\n");
  const char *line, *end = p + n;
  char *stop;
  long status;

  if (!eol || eol - p < 12 || strncmp(p, "HTTP/1.", 7) != 0 || p[8] != ' ')
    return set_error("bad status line: %.80s", p);
  errno = 0;
  status = strtol(p + 9, &stop, 10);
  if (errno || stop != p + 12 || status < 100 || status > 999)
    return set_error("bad status code in: %.80s", p);
  out->status = (int)status;
  out->version = xstrndup(p, 8);
  out->headers = xstrndup(eol + 2, (size_t)(end - eol - 2));
  for (line = eol + 2; line < end;) {
    const char *le = memfind(line, (size_t)(end - line), "\r\n");
    const char *colon;
    struct http_header_field *f;
    if (!le)
      le = end;
    if (le == line)
      break;
    colon = memchr(line, ':', (size_t)(le - line));
    if (!colon)
      return set_error("bad header line: %.*s", (int)(le - line), line);
    f = realloc(out->fields, (out->nfields + 1) * sizeof *f);
    if (!f)
      abort();
    out->fields = f;
    f += out->nfields++;
    f->name = xstrndup(line, (size_t)(colon - line));
    colon++;
    while (colon < le && (*colon == ' ' || *colon == '\t'))
      colon++;
    {
      const char *ve = le;
      while (ve > colon && (ve[-1] == ' ' || ve[-1] == '\t'))
        ve--;
      f->value = xstrndup(colon, (size_t)(ve - colon));
    }
    line = le + 2;
  }
  return 0;
}

/* Decodes a chunked body starting at p.  Returns the bytes consumed, 0 if
 * incomplete, -1 if malformed. */
static ssize_t parse_chunked(const char *p, size_t n, struct sbuf *body) {
  size_t at = 0;

  body->len = 0;
  for (;;) {
    const char *eol = memfind(p + at, n - at, "\r\n");
    unsigned long long size;
    char *stop;

    if (!eol)
      return 0;
    errno = 0;
    size = strtoull(p + at, &stop, 16);
    if (errno || stop == p + at || (stop != eol && *stop != ';' && *stop != ' '))
      return set_error("bad chunk size line: %.*s", (int)(eol - (p + at)), p + at);
    at = (size_t)(eol - p) + 2;
    if (size == 0) {
      /* trailers, then an empty line */
      for (;;) {
        const char *te = memfind(p + at, n - at, "\r\n");
        if (!te)
          return 0;
        if (te == p + at)
          return (ssize_t)(at + 2);
        at = (size_t)(te - p) + 2;
      }
    }
    if (n - at < size + 2)
      return 0;
    sb_append(body, p + at, (size_t)size);
    if (memcmp(p + at + size, "\r\n", 2) != 0)
      return set_error("chunk not followed by CRLF");
    at += (size_t)size + 2;
  }
}

/* Parses one response from [p, p+n).  Returns the bytes consumed (> 0), 0
 * when more data is needed (and could come: !eof), -1 when malformed or
 * incomplete at EOF.  Interim 1xx responses are skipped. */
static ssize_t parse_response(const char *p, size_t n, bool eof, bool head,
                              struct http_resp *out) {
  size_t skipped = 0;

  for (;;) {
    const char *hend = memfind(p, n, "\r\n\r\n");
    size_t hlen, avail;
    const char *te, *cl;
    struct sbuf body = {0};

    if (!hend)
      return eof ? set_error("connection closed within the response head (%zu bytes)", n) : 0;
    hlen = (size_t)(hend - p) + 4;
    http_resp_free(out);
    if (parse_head(p, hlen - 2, out) < 0)
      return -1;
    if (out->status >= 100 && out->status < 200) {
      p += hlen;
      n -= hlen;
      skipped += hlen;
      continue;
    }
    avail = n - hlen;
    te = http_header(out, "Transfer-Encoding");
    cl = http_header(out, "Content-Length");
    if (head || out->status == 204 || out->status == 304) {
      out->body = xstrndup("", 0);
      return (ssize_t)(skipped + hlen);
    }
    if (te && token_in_list(te, "chunked")) {
      ssize_t used = parse_chunked(p + hlen, avail, &body);
      if (used <= 0) {
        free(body.p);
        if (used == 0 && eof)
          return set_error("connection closed within a chunked body");
        return used;
      }
      out->body = body.p ? body.p : xstrndup("", 0);
      out->body_len = body.len;
      return (ssize_t)(skipped + hlen + (size_t)used);
    }
    if (cl) {
      char *stop;
      unsigned long long len;
      errno = 0;
      len = strtoull(cl, &stop, 10);
      if (errno || stop == cl || *stop)
        return set_error("bad Content-Length: %s", cl);
      if (avail < len)
        return eof ? set_error("connection closed after %zu of %llu body bytes", avail, len) : 0;
      out->body = xstrndup(p + hlen, (size_t)len);
      out->body_len = (size_t)len;
      return (ssize_t)(skipped + hlen + (size_t)len);
    }
    if (!eof)
      return 0;
    out->body = xstrndup(p + hlen, avail);
    out->body_len = avail;
    return (ssize_t)(skipped + n);
  }
}

/* Buffered reader over one connection. */
struct rconn {
  int fd;
  struct sbuf in;
  size_t off; /* start of unconsumed data */
  bool eof;
  int rst;    /* errno of a failed recv, if any */
};

/* Reads one response.  Returns 1 when parsed, 0 when the connection ended
 * (or reset) before a full response, -1 on a timeout or a malformed
 * response. */
static int read_response(struct rconn *c, bool head, long deadline, struct http_resp *out) {
  for (;;) {
    ssize_t used;
    struct pollfd p = {.fd = c->fd, .events = POLLIN};
    long left;
    ssize_t r;

    if (c->in.len > c->off || c->eof) {
      used = parse_response(c->in.p ? c->in.p + c->off : "", c->in.len - c->off, c->eof,
                            head, out);
      if (used > 0) {
        c->off += (size_t)used;
        return 1;
      }
      if (used < 0) {
        if (c->eof && c->in.len == c->off) {
          set_error("connection closed without a response%s%s", c->rst ? ": " : "",
               c->rst ? strerror(c->rst) : "");
          return 0;
        }
        return c->eof && c->rst ? 0 : -1;
      }
    }
    left = deadline - now_ms();
    if (left <= 0) {
      set_error("timeout: no complete response after %d ms (%zu bytes received)",
           HARNESS_IO_TIMEOUT_MS, c->in.len - c->off);
      return -1;
    }
    if (poll(&p, 1, (int)left) <= 0)
      continue;
    sb_reserve(&c->in, 16384);
    r = recv(c->fd, c->in.p + c->in.len, c->in.cap - c->in.len - 1, 0);
    if (r > 0) {
      c->in.len += (size_t)r;
      c->in.p[c->in.len] = '\0';
    } else if (r == 0) {
      c->eof = true;
    } else if (errno != EINTR && errno != EAGAIN) {
      c->rst = errno;
      c->eof = true;
    }
  }
}

static void build_request(struct sbuf *b, unsigned port, const char *method, const char *path,
                          const char *const headers[], const char *body, size_t body_len,
                          bool keep_alive) {
  bool has_len = false;

  sb_printf(b, "%s %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nConnection: %s\r\n", method, path,
            port, keep_alive ? "keep-alive" : "close");
  for (size_t i = 0; headers && headers[i]; i++) {
    if (strncasecmp(headers[i], "Content-Length:", 15) == 0 ||
        strncasecmp(headers[i], "Transfer-Encoding:", 18) == 0)
      has_len = true;
    sb_printf(b, "%s\r\n", headers[i]);
  }
  if (body && !has_len)
    sb_printf(b, "Content-Length: %zu\r\n", body_len);
  sb_puts(b, "\r\n");
  if (body)
    sb_append(b, body, body_len);
}

int http_connect(unsigned port) { return connect_local(port, HARNESS_IO_TIMEOUT_MS); }

int http_request(unsigned port, const char *method, const char *path,
                 const char *const headers[], const char *body, size_t body_len,
                 struct http_resp *out) {
  struct sbuf req = {0};
  struct rconn c = {0};
  int serr, r;

  memset(out, 0, sizeof *out);
  c.fd = connect_local(port, HARNESS_IO_TIMEOUT_MS);
  if (c.fd < 0)
    return -1;
  build_request(&req, port, method, path, headers, body, body_len, false);
  serr = send_all(c.fd, req.p, req.len);
  free(req.p);
  r = read_response(&c, strcmp(method, "HEAD") == 0, now_ms() + HARNESS_IO_TIMEOUT_MS, out);
  close(c.fd);
  free(c.in.p);
  if (r == 1) {
    log_response(method, path, out);
    return 0;
  }
  if (serr) {
    char why[sizeof last_error];
    snprintf(why, sizeof why, "%s", last_error);
    set_error("%s (sending failed: %s)", why, strerror(serr));
  }
  http_resp_free(out);
  return -1;
}

int http_send_raw_ex(unsigned port, const void *bytes, size_t len, bool shut_wr,
                     int timeout_ms, struct http_resp *out, long *elapsed_ms) {
  struct rconn c = {0};
  long t0;
  int r;

  memset(out, 0, sizeof *out);
  c.fd = connect_local(port, timeout_ms);
  if (c.fd < 0)
    return -1;
  send_all(c.fd, bytes, len);
  if (shut_wr)
    shutdown(c.fd, SHUT_WR);
  t0 = now_ms();
  r = read_response(&c, false, t0 + timeout_ms, out);
  if (elapsed_ms)
    *elapsed_ms = now_ms() - t0;
  close(c.fd);
  free(c.in.p);
  if (r < 0 && !c.eof) {
    http_resp_free(out);
    return -1; /* a timeout */
  }
  if (r != 1)
    http_resp_free(out);
  return r == 1 ? 1 : 0;
}

int http_write_then_read(unsigned port, const void *bytes, size_t len, struct http_resp *out,
                         int *send_err) {
  struct rconn c = {0};
  int r;

  memset(out, 0, sizeof *out);
  c.fd = connect_local(port, HARNESS_IO_TIMEOUT_MS);
  if (c.fd < 0)
    return -1;
  *send_err = send_all(c.fd, bytes, len);
  r = read_response(&c, false, now_ms() + HARNESS_IO_TIMEOUT_MS, out);
  close(c.fd);
  free(c.in.p);
  if (r != 1)
    http_resp_free(out);
  return r == 1 ? 1 : r < 0 ? -1 : 0;
}

int http_send_raw(unsigned port, const void *bytes, size_t len, struct http_resp *out) {
  return http_send_raw_ex(port, bytes, len, true, HARNESS_IO_TIMEOUT_MS, out, NULL);
}

int http_keepalive(unsigned port, const struct http_req reqs[], size_t n, bool pipelined,
                   struct http_resp outs[]) {
  struct rconn c = {0};
  int rc = 0;

  for (size_t i = 0; i < n; i++)
    memset(&outs[i], 0, sizeof outs[i]);
  c.fd = connect_local(port, HARNESS_IO_TIMEOUT_MS);
  if (c.fd < 0)
    return -1;
  for (size_t i = 0; i < n && rc == 0; i++) {
    if (!pipelined || i == 0) {
      struct sbuf req = {0};
      for (size_t j = i; j < (pipelined ? n : i + 1); j++)
        build_request(&req, port, reqs[j].method, reqs[j].path, reqs[j].headers, reqs[j].body,
                      reqs[j].body_len, j + 1 < n);
      int serr = send_all(c.fd, req.p, req.len);
      if (serr && i > 0)
        rc = set_error("sending request %zu on the kept-alive connection failed: %s", i + 1,
                       strerror(serr));
      free(req.p);
    }
    if (rc == 0) {
      int r = read_response(&c, strcmp(reqs[i].method, "HEAD") == 0,
                            now_ms() + HARNESS_IO_TIMEOUT_MS, &outs[i]);
      if (r != 1) {
        char why[sizeof last_error];
        snprintf(why, sizeof why, "%s", last_error);
        rc = set_error("response %zu of %zu: %s", i + 1, n, why);
      } else {
        log_response(reqs[i].method, reqs[i].path, &outs[i]);
      }
    }
  }
  close(c.fd);
  free(c.in.p);
  return rc;
}

int post_json_len(unsigned port, const char *path, const char *json, size_t len,
                  struct http_resp *out) {
  static const char *const hdrs[] = {"Content-Type: application/json", NULL};

  return http_request(port, "POST", path, hdrs, json, len, out);
}

int post_json(unsigned port, const char *path, const char *json, struct http_resp *out) {
  return post_json_len(port, path, json, strlen(json), out);
}

int http_get(unsigned port, const char *path, struct http_resp *out) {
  return http_request(port, "GET", path, NULL, NULL, 0, out);
}

/* ---- assertions ---- */

void http_ok_at(const char *file, int line, const char *what, int rc) {
  cr_assert_eq(rc, 0, "%s:%d: %s failed: %s", file, line, what, http_last_error());
}

void assert_status_at(const char *file, int line, const struct http_resp *r, int status) {
  cr_assert_eq(r->status, status, "%s:%d: expected status %d, got %d; body: %.500s", file,
               line, status, r->status, r->body ? r->body : "(none)");
}

static bool is_json_type(const char *ct) {
  return ct && strncasecmp(ct, "application/json", 16) == 0 &&
         (ct[16] == '\0' || ct[16] == ';' || ct[16] == ' ');
}

cJSON *execute_code(unsigned port, const char *code, double timeout) {
  cJSON *req = cJSON_CreateObject();
  struct http_resp r;
  char *json;
  cJSON *doc;

  cJSON_AddStringToObject(req, "code", code);
  if (timeout > 0)
    cJSON_AddNumberToObject(req, "timeout", timeout);
  json = cJSON_PrintUnformatted(req);
  cJSON_Delete(req);
  HTTP_OK(post_json(port, "/execute", json, &r));
  free(json);
  assert_status(&r, 200);
  doc = json_body(&r);
  http_resp_free(&r);
  return doc;
}

cJSON *json_body_at(const char *file, int line, const struct http_resp *r) {
  const char *ct = http_header(r, "Content-Type");
  cJSON *doc;

  cr_assert(is_json_type(ct), "%s:%d: Content-Type is %s, not application/json; body: %.300s",
            file, line, ct ? ct : "(absent)", r->body ? r->body : "");
  cr_assert(r->body, "%s:%d: response has no body", file, line);
  doc = cJSON_ParseWithLength(r->body, r->body_len);
  cr_assert(doc, "%s:%d: body is not JSON: %.500s", file, line, r->body);
  return doc;
}

void assert_json_error_at(const char *file, int line, const struct http_resp *r, int status,
                          const char *code, const char *substr) {
  cJSON *doc, *err, *c, *m;
  bool ok_code, ok_msg;

  cr_assert_eq(r->status, status, "%s:%d: expected status %d (%s), got %d; body: %.500s", file,
               line, status, code, r->status, r->body ? r->body : "(none)");
  doc = json_body_at(file, line, r);
  err = cJSON_GetObjectItemCaseSensitive(doc, "error");
  c = cJSON_GetObjectItemCaseSensitive(err, "code");
  m = cJSON_GetObjectItemCaseSensitive(err, "message");
  if (!cJSON_IsObject(err) || !cJSON_IsString(c) || !cJSON_IsString(m)) {
    cJSON_Delete(doc);
    cr_assert_fail("%s:%d: body is not {\"error\":{\"code\":str,\"message\":str}}: %.500s",
                   file, line, r->body);
  }
  ok_code = strcmp(c->valuestring, code) == 0;
  ok_msg = m->valuestring[0] != '\0' && (!substr || strstr(m->valuestring, substr));
  if (!ok_code || !ok_msg) {
    char got[400];
    snprintf(got, sizeof got, "code \"%s\", message \"%s\"", c->valuestring, m->valuestring);
    cJSON_Delete(doc);
    cr_assert_fail("%s:%d: expected code \"%s\"%s%s%s; got %s", file, line, code,
                   substr ? " and a message containing \"" : "", substr ? substr : "",
                   substr ? "\"" : "", got);
  }
  cJSON_Delete(doc);
}

void *bg_post(void *arg) {
  struct bg *b = arg;
  struct http_resp r;

  b->status = -1;
  if (post_json(b->port, "/execute", b->body, &r) == 0) {
    b->status = r.status;
    snprintf(b->text, sizeof b->text, "%s", r.body ? r.body : "");
    http_resp_free(&r);
  }
  return NULL;
}

/* ---- processes ---- */

char proc_state(pid_t pid) {
  char path[64], buf[512], *p;
  FILE *f;
  size_t n;

  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  f = fopen(path, "re");
  if (!f)
    return '?';
  n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  p = strrchr(buf, ')');
  return p && p[1] == ' ' ? p[2] : '?';
}

/* A sandbox is pid 1 of a pid namespace of its own ("NSpid: N 1"); the
 * zygote, even in the instant before it execs, is not. */
bool proc_is_sandbox(pid_t pid) {
  char path[64], line[256];
  bool yes = false;
  FILE *f;

  snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
  if (!(f = fopen(path, "re")))
    return false;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "NSpid:", 6) == 0) {
      int a, b;
      yes = sscanf(line + 6, "%d %d", &a, &b) == 2 && b == 1;
      break;
    }
  fclose(f);
  return yes;
}

static bool is_zygote(pid_t pid) {
  char path[64], cmd[256];
  FILE *f;
  size_t n;

  snprintf(path, sizeof path, "/proc/%d/cmdline", (int)pid);
  f = fopen(path, "re");
  if (!f)
    return false;
  n = fread(cmd, 1, sizeof cmd - 1, f);
  fclose(f);
  cmd[n] = '\0';
  /* Sandboxes are clones of the zygote: same command line. */
  return n > strlen(cmd) + 1 && strcmp(cmd + strlen(cmd) + 1, "--zygote") == 0 &&
         !proc_is_sandbox(pid);
}

void srv_kids(pid_t server, struct srv_kids *k) {
  char path[320];
  DIR *d;
  struct dirent *de;

  memset(k, 0, sizeof *k);
  snprintf(path, sizeof path, "/proc/%d/task", (int)server);
  d = opendir(path);
  cr_assert(d, "the server %d is gone", (int)server);
  while ((de = readdir(d))) {
    FILE *f;
    int pid;
    if (de->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "/proc/%d/task/%s/children", (int)server, de->d_name);
    f = fopen(path, "re");
    if (!f)
      continue;
    while (fscanf(f, "%d", &pid) == 1 && k->n < sizeof k->pid / sizeof k->pid[0]) {
      if (proc_state(pid) == 'Z')
        k->zombies++;
      if (is_zygote(pid))
        k->zygote = pid;
      k->pid[k->n++] = pid;
    }
    fclose(f);
  }
  closedir(d);
}

/* ---- waiting on server state ---- */

/* The value of `sample` in an exposition: the line that starts with the
 * sample's name and labels followed by a space, or -1. */
static double sample_in(const char *text, const char *sample) {
  size_t n = strlen(sample);
  const char *p = text;

  while (p && *p) {
    if (strncmp(p, sample, n) == 0 && p[n] == ' ') {
      char *end;
      double v = strtod(p + n + 1, &end);
      return end == p + n + 1 ? -1 : v;
    }
    p = strchr(p, '\n');
    if (p)
      p++;
  }
  return -1;
}

double metric_value(unsigned port, const char *sample) {
  struct http_resp r;
  double v = -1;

  if (http_get(port, "/metrics", &r) < 0)
    return -1;
  if (r.status == 200 && r.body)
    v = sample_in(r.body, sample);
  http_resp_free(&r);
  return v;
}

bool wait_metric(unsigned port, const char *sample, double value, int timeout_ms) {
  long deadline = now_ms() + timeout_ms;

  while (metric_value(port, sample) != value) {
    if (now_ms() >= deadline)
      return false;
    sleep_ms(10);
  }
  return true;
}

int http_post_open(unsigned port, const char *path, const char *json) {
  static const char *const hdrs[] = {"Content-Type: application/json", NULL};
  struct sbuf req = {0};
  int fd = connect_local(port, HARNESS_IO_TIMEOUT_MS), serr;

  if (fd < 0)
    return -1;
  build_request(&req, port, "POST", path, hdrs, json, strlen(json), false);
  serr = send_all(fd, req.p, req.len);
  free(req.p);
  if (serr) {
    close(fd);
    return set_error("sending POST %s: %s", path, strerror(serr));
  }
  return fd;
}

bool sock_quiet(int fd) {
  struct pollfd p = {.fd = fd, .events = POLLIN};

  /* Data, an end of stream or an error all make the socket readable. */
  return poll(&p, 1, 0) == 0;
}

int http_read_answer(int fd, const char *method, const char *path, int timeout_ms,
                     struct http_resp *out) {
  struct rconn c = {.fd = fd};
  int r;

  memset(out, 0, sizeof *out);
  r = read_response(&c, strcmp(method, "HEAD") == 0, now_ms() + timeout_ms, out);
  free(c.in.p);
  if (r == 1) {
    log_response(method, path, out);
    return 0;
  }
  http_resp_free(out);
  return -1;
}
