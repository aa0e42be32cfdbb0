/* The server's side of the zygote, on the executor thread (its launch
 * also from the main thread, at start): launching it with nothing but its
 * arguments and the control socket, asking it for children and matching
 * its replies to them, and cleaning up after it when it dies. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec/internal.h"
#include "sandbox/zygote.h"
#include "util/log.h"

#ifdef TS_SANITIZE
/* The sanitizers' options, without a suppressions file: it cannot be
 * read from the zygote's empty root, which has its own suppression built
 * in (zygote.c).  The strings are the calling thread's own (the main
 * thread, a lazy profile's starter, an executor thread), and used only
 * until its posix_spawn returns. */
static void zygote_env(char *envp[4]) {
  static __thread char store[3][512];
  const char *keep[] = {"ASAN_OPTIONS", "UBSAN_OPTIONS", "LSAN_OPTIONS"};
  int envc = 0;

  for (size_t i = 0; i < TS_ARRAY_LEN(keep); i++) {
    const char *v = getenv(keep[i]);
    size_t k;
    if (!v)
      continue;
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
}
#else
static void zygote_env(char *envp[4]) { envp[0] = NULL; }
#endif

/* A process's anonymous resident memory in KiB, from /proc (0 when
 * unknown).  The zygote's, read once it is ready, is what every child
 * starts with: fork copies the page tables of anonymous memory, while
 * the file pages (the libraries' code, some 48 MB in the science
 * profile's zygote) are counted in a child's resident set only as it
 * touches them again.  VmRSS would take those for the base and hide a
 * child's growth. */
static unsigned long rss_kb(pid_t pid) {
  char path[64], line[128];
  unsigned long kb = 0;
  FILE *f;

  (void)snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
  f = fopen(path, "re");
  if (!f)
    return 0;
  while (fgets(line, sizeof line, f))
    if (strncmp(line, "RssAnon:", 8) == 0) {
      char *end;
      kb = strtoul(line + 8, &end, 10);
      break;
    }
  (void)fclose(f);
  return kb;
}

int ex_zygote_launch(struct ts_executor *ex, ts_err *err) {
  char tmp[32], pidbuf[16], outputs[32], obytes[32];
  const char *argv[32];
  int argc = 0, sv[2], child_fd, rc;
  posix_spawn_file_actions_t fa;
  struct ts_zygote_ready ready;
  struct pollfd pfd;
  ssize_t n;
  /* The zygote gets no environment at all: no token or secret that the
   * server may hold can reach it (nor, through it, a snippet).  Sanitizer
   * builds pass their own options on, and nothing else. */
  char *envp[4] = {NULL};

  zygote_env(envp);
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
  (void)snprintf(outputs, sizeof outputs, "%zu", ex->report_limits.outputs_max);
  argv[argc++] = "--outputs";
  argv[argc++] = outputs;
  (void)snprintf(obytes, sizeof obytes, "%zu", ex->report_limits.outputs_bytes);
  argv[argc++] = "--outputs-bytes";
  argv[argc++] = obytes;
  (void)snprintf(pidbuf, sizeof pidbuf, "%d", (int)getpid());
  argv[argc++] = "--server-pid";
  argv[argc++] = pidbuf;
  if (ex->cfg.python_home) {
    argv[argc++] = "--python-home";
    argv[argc++] = ex->cfg.python_home;
  }
  if (ex->cfg.preimport && *ex->cfg.preimport) {
    argv[argc++] = "--preimport";
    argv[argc++] = ex->cfg.preimport;
  }
  if (ex->cfg.site_dirs && *ex->cfg.site_dirs) {
    argv[argc++] = "--site-dirs";
    argv[argc++] = ex->cfg.site_dirs;
  }
  if (ex->cfg.mplconfigdir && *ex->cfg.mplconfigdir) {
    argv[argc++] = "--mplconfigdir";
    argv[argc++] = ex->cfg.mplconfigdir;
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
  if (n != (ssize_t)sizeof ready || ready.magic != TS_PROTO_MAGIC || ready.err != 0) {
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
  ex->zygote_rss_kb = rss_kb(ex->zpid);
  return 0;
}

static int set_nonblock(int fd) {
  int fl = fcntl(fd, F_GETFL);
  return fl < 0 ? -1 : fcntl(fd, F_SETFL, fl | O_NONBLOCK);
}

/* A child's server side: a slot, its four pipes (the job's, read
 * non-blocking, and the three back, watched), and their child ends in
 * child_fds (job read end, stdout, stderr, report), which the caller
 * hands over and closes.  NULL when no slot or no pipe is left. */
struct child *ex_child_new(struct ts_executor *ex, int child_fds[TS_SPAWN_NFDS]) {
  int pipes[4][2] = {{-1, -1}, {-1, -1}, {-1, -1}, {-1, -1}};
  struct child *c;
  int slot = -1, psize;

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
  c->id = ++ex->next_id;
  c->slot = slot;
  c->pidfd = -1;
  c->state = CHILD_SPAWNING;
  ex->slots[slot] = c;
  ex->nchildren++;
  c->jobfd = pipes[0][1];
  ex_buf_init(&c->out, pipes[1][0], ex->cfg.output_max, ex->cfg.output_ceiling, 0);
  ex_buf_init(&c->err, pipes[2][0], ex->cfg.output_max, ex->cfg.output_ceiling, 0);
  /* Room for a whole report without display outputs: the child never
   * waits for us to write it (best effort: a user over its pipe quota
   * keeps the default size, and gets more reads for a large report). */
  psize = fcntl(pipes[3][0], F_SETPIPE_SZ, (int)TS_REPORT_PIPE);
  if (psize <= 0)
    psize = fcntl(pipes[3][0], F_GETPIPE_SZ);
  c->res_pipe = psize > 4096 ? (size_t)psize : 4096;
  ex_buf_init(&c->res, pipes[3][0], ts_report_cap(&ex->report_limits),
              ts_report_cap(&ex->report_limits),
              ex_report_reads(ex, ts_report_cap(&ex->report_limits), c->res_pipe));
  child_fds[0] = pipes[0][0];
  child_fds[1] = pipes[1][1];
  child_fds[2] = pipes[2][1];
  child_fds[3] = pipes[3][1];
  set_nonblock(c->jobfd);
  for (int i = 1; i < 4; i++) {
    set_nonblock(pipes[i][0]);
    ex_watch(ex, pipes[i][0], EPOLLIN, (enum ev_kind)(EV_OUT + i - 1), slot);
  }
  return c;
}

struct child *ex_spawn_child(struct ts_executor *ex) {
  int fds[TS_SPAWN_NFDS];
  struct ts_spawn_req req = {TS_PROTO_MAGIC, 0, 0, (uint32_t)ex->cfg.memory_max_mb,
                             (uint32_t)ceil(ex->cfg.timeout_max) + 2};
  struct child *c;
  int sent;

  if (ex->zfd < 0 || !(c = ex_child_new(ex, fds)))
    return NULL;
  req.job_id = c->id;
  sent = ts_send_fds(ex->zfd, &req, sizeof req, fds, TS_SPAWN_NFDS);
  /* The child's ends go now, or EOF would never come. */
  for (int i = 0; i < 4; i++)
    close(fds[i]);
  if (sent < 0) {
    ex_child_free(ex, c);
    return NULL;
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
  return pid == ex->zpid || ex_session_known_pid(ex, pid);
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

void ex_reap_strays(struct ts_executor *ex) {
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
  ex_close_fd(ex, &ex->zfd);
  if (ex->zpid > 0) {
    kill(ex->zpid, SIGKILL);
    waitpid(ex->zpid, NULL, 0);
    ex->zpid = 0;
  }
  /* Children it had not answered for may or may not exist: without a
   * pidfd none can be managed.  Closing their job pipes ends any that do. */
  while ((c = pop_spawning(ex)))
    ex_finish(ex, c, "the sandbox zygote died");
  note_strays(ex);
  ex->zretry_at = ex_now();
}

void ex_zygote_reply(struct ts_executor *ex) {
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
  if (c && c->sess_init) {
    bool ok = n == (ssize_t)sizeof resp && resp.job_id == c->id && resp.err == 0 && pidfd >= 0;
    if (!ok && pidfd >= 0)
      close(pidfd);
    ex_session_spawned(ex, c->sess_init, ok ? pidfd : -1, ok ? resp.pid : 0,
                       ok ? NULL : "cannot create the session's sandbox");
    free(c);
    return;
  }
  if (n != (ssize_t)sizeof resp || !c || resp.job_id != c->id || resp.err != 0 || pidfd < 0) {
    char why[120];
    (void)snprintf(why, sizeof why, "cannot create the sandbox: %s",
             resp.err ? strerror(resp.err) : "garbled reply from the zygote");
    ts_error("%s", why);
    if (pidfd >= 0)
      close(pidfd);
    if (c)
      ex_finish(ex, c, why);
    return;
  }
  c->pidfd = pidfd;
  c->pid = resp.pid;
  c->state = CHILD_READY;
  ex_watch(ex, pidfd, EPOLLIN, EV_PIDFD, c->slot);
  if (c->w) {
    if (c->timed_out || c->shutdown)
      ex_kill(c);
    else
      ex_write_job(ex, c);
  }
}
