/* tool-sandbox: the entry point of the server process and of the zygote.
 *
 * One binary is both.  With TS_ZYGOTE_FLAG as its first argument (the
 * executor starts the zygote so, by fork+exec of /proc/self/exe) main()
 * hands the process to ts_zygote_main() and nothing else here runs.
 * Otherwise this is the server process's main thread: it owns the
 * configuration, the executor and the HTTP server, starts them, then only
 * waits for SIGINT or SIGTERM and stops them in order.
 *
 * Order matters:
 *   1. the zygote dispatch comes first, before anything is read;
 *   2. signals are blocked before any thread exists, so only the main
 *      thread receives SIGINT/SIGTERM (through sigwait);
 *   3. the zygote is started (by ts_executor_start) while the process is
 *      still single-threaded and before any secret is read (a lazy
 *      profile's zygote starts later, from the server's threads: by
 *      posix_spawn with an empty environment, so that it gets no secret
 *      either);
 *   4. only then are the bearer tokens read;
 *   5. Python is initialised for the validator, a canary execution proves
 *      that every sandbox layer works here, and only then does the HTTP
 *      server start.
 * --check stops after 3: the kernel probes and the canary, then exits. */
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <signal.h>
#include <sys/resource.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "exec/executor.h"
#include "sandbox/seccomp.h"
#include "sandbox/zygote.h"
#include "server/config.h"
#include "server/http.h"
#include "server/linger.h"
#include "server/preflight.h"
#include "server/profiles.h"
#include "util/log.h"
#include "util/pyembed.h"

static char *join_set(const struct ts_strset *s) {
  size_t len = 1;
  char *out, *p;

  for (size_t i = 0; i < s->n; i++)
    len += strlen(s->items[i]) + 1;
  out = p = malloc(len);
  if (!out)
    return NULL;
  *p = '\0';
  for (size_t i = 0; i < s->n; i++)
    p += snprintf(p, len - (size_t)(p - out), "%s%s", i ? "," : "", s->items[i]);
  return out;
}

/* Descriptors a session holds in the server, at most. */
#define SESSION_FDS 16u

/* Every connection and every sandbox needs descriptors: takes all the hard
 * limit allows, refuses to start when even the fixed needs do not fit
 * (-1), and lowers --max-sessions and --max-conns to what is left. */
static int fit_fd_limit(struct ts_config *cfg) {
  struct rlimit rl;
  rlim_t fixed;

  if (getrlimit(RLIMIT_NOFILE, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
    rl.rlim_cur = rl.rlim_max;
    (void)setrlimit(RLIMIT_NOFILE, &rl);
  }
  if (getrlimit(RLIMIT_NOFILE, &rl) < 0)
    return 0;
  /* Each sandbox holds 5 fds here (3 pipes, the job pipe, a pidfd) and
   * each execution a duplicate of its client's socket: max_concurrency
   * + pool sandboxes, plus the one on the slot reserved for the /readyz
   * canary; 64 for the rest (listener, epoll sets, zygote socket, logs)
   * and TS_LINGER_MAX for sockets closed lingering after a 413.  What is
   * left is for connections: fewer of them beats accept() failing at
   * EMFILE.  Sessions come out of it too, each SESSION_FDS at most (its
   * init's pidfd, status pipe and listener, its holder's pidfd and command
   * pipe, a call's pipes, pidfd, command pipe and client socket), and at
   * most half of it: past that, --max-sessions is lowered.  The science
   * profile is a second executor with the same limits: twice the fixed
   * part, lazy or not. */
  fixed = (cfg->science ? 2u : 1u) * (6u * ((rlim_t)cfg->max_concurrency + cfg->pool + 1) +
                                       cfg->queue_max + 64) +
          TS_LINGER_MAX;
  if (rl.rlim_cur < fixed + 8) {
    fprintf(stderr, "tool-sandbox: the open-file limit (%llu) is too low: --max-concurrency "
            "%u, --pool %u and --max-queue %u need %llu plus the connections; raise it "
            "(ulimit -n) or lower them\n", (unsigned long long)rl.rlim_cur,
            cfg->max_concurrency, cfg->pool, cfg->queue_max, (unsigned long long)fixed);
    return -1;
  }
  if (cfg->max_sessions > (rl.rlim_cur - fixed) / 2 / SESSION_FDS) {
    unsigned fit = (unsigned)((rl.rlim_cur - fixed) / 2 / SESSION_FDS);
    ts_warn("the open-file limit (%llu) leaves room for %u sessions: --max-sessions lowered "
            "from %u (raise the limit with ulimit -n)", (unsigned long long)rl.rlim_cur, fit,
            cfg->max_sessions);
    cfg->max_sessions = fit;
  }
  fixed += (rlim_t)SESSION_FDS * cfg->max_sessions;
  if (rl.rlim_cur < fixed + cfg->max_conns) {
    ts_warn("the open-file limit (%llu) leaves room for %llu connections: --max-conns "
            "lowered from %u (raise the limit with ulimit -n)",
            (unsigned long long)rl.rlim_cur, (unsigned long long)(rl.rlim_cur - fixed),
            cfg->max_conns);
    cfg->max_conns = (unsigned)(rl.rlim_cur - fixed);
  }
  return 0;
}

/* --check: the kernel probes, then one execution through every layer.
 * Returns the exit code. */
static int run_check(struct ts_executor *ex, const struct ts_config *cfg) {
  ts_err err = {0};
  int failed = ts_preflight(cfg, stdout);

  if (ex && ts_profile_canary(ex, cfg, &err) == 0) {
    printf("ok    a canary execution through every sandbox layer\n");
  } else {
    printf("FAIL  a canary execution through every sandbox layer: %s\n",
           ex ? err.msg : "the executor did not start (see above)");
    failed++;
  }
  printf("%s\n", failed ? "the sandbox cannot run here" : "the sandbox can run here");
  return failed ? 1 : 0;
}

/* Steps 4 and 5 of the order above: the secrets, Python for the
 * validator, a canary through every layer, then the HTTP server.  science:
 * the science profile's executor when it started at boot; lazy: its
 * configuration when it starts on its first request (the server's to
 * start then).  NULL after logging why. */
static struct ts_server *start_serving(struct ts_config *cfg, struct ts_executor *ex,
                                       struct ts_executor *science,
                                       const struct ts_executor_config *lazy) {
  struct ts_server *srv;
  ts_err err = {0};
  char host[256];
  unsigned port;

  if (ts_config_load_tokens(cfg, &err) < 0 || ts_python_init(cfg->python_home, &err) < 0) {
    ts_error("%s", err.msg);
    return NULL;
  }
  if (ts_profile_canary(ex, cfg, &err) < 0 ||
      (science && ts_profile_canary(science, cfg, &err) < 0)) {
    ts_error("%s", err.msg);
    ts_preflight(cfg, stderr);
    return NULL;
  }
  if (science && ts_science_versions(science, cfg, &cfg->science_versions, &err) < 0) {
    /* /info then lists the modules without their versions. */
    ts_warn("%s", err.msg);
    err = (ts_err){0};
  }
  srv = ts_server_start(cfg, ex, science, lazy, &err);
  if (!srv) {
    ts_error("%s", err.msg);
    return NULL;
  }
  if (ts_parse_listen(cfg->listen, host, &port, &err) == 0)
    ts_info("listening on %s%s%s:%u (bearer tokens: %zu)", strchr(host, ':') ? "[" : "", host,
            strchr(host, ':') ? "]" : "", ts_server_port(srv), cfg->ntokens);
  return srv;
}

int main(int argc, char **argv) {
  struct ts_config cfg;
  struct ts_executor_config xcfg, scfg;
  struct ts_executor *ex = NULL, *science = NULL;
  struct ts_server *srv = NULL;
  char *allowed = NULL, *science_allowed = NULL;
  ts_err err = {0};
  sigset_t stop;
  int sig = 0, rc = 1;
  bool check = false;

  if (argc > 1 && strcmp(argv[1], TS_ZYGOTE_FLAG) == 0)
    return ts_zygote_main(argc, argv);
  /* Blocks from 256 KiB up (an execution's output, up to --max-output per
   * stream, and its response) are mapped, and unmapped when freed: with
   * glibc's adaptive threshold, the first such block freed moves the
   * threshold above it, the next ones come from the heap, and the memory
   * of the largest answers stays with the process. */
  (void)mallopt(M_MMAP_THRESHOLD, 256 * 1024);

  if (ts_config_init(&cfg, &err) < 0) {
    fprintf(stderr, "tool-sandbox: %s\n", err.msg);
    return 1;
  }
  switch (ts_config_load(&cfg, argc, argv, &err)) {
  case TS_CONFIG_EXIT_OK:
    ts_config_free(&cfg);
    return 0;
  case TS_CONFIG_EXIT_USAGE:
    fprintf(stderr, "tool-sandbox: %s\n", err.msg);
    ts_config_free(&cfg);
    return 2;
  case TS_CONFIG_RUN:
    break;
  case TS_CONFIG_CHECK:
    check = true;
    break;
  }
  if (cfg.print_seccomp) {
    /* Before anything starts: the filter the zygote would compile. */
    rc = ts_seccomp_print(STDOUT_FILENO, &err);
    if (rc < 0)
      fprintf(stderr, "tool-sandbox: %s\n", err.msg);
    ts_config_free(&cfg);
    return rc < 0 ? 1 : 0;
  }
  ts_log_threshold = cfg.log_level;

  if (fit_fd_limit(&cfg) < 0) {
    ts_config_free(&cfg);
    return 2;
  }

  sigemptyset(&stop);
  sigaddset(&stop, SIGINT);
  sigaddset(&stop, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop, NULL);
  (void)signal(SIGPIPE, SIG_IGN);

  allowed = join_set(&cfg.policy.allowed_modules);
  xcfg = (struct ts_executor_config){
      .zygote_exe = "/proc/self/exe",
      .python_home = cfg.python_home,
      .allowed_modules = allowed,
      .allow_input = !ts_strset_has(&cfg.policy.banned_names, "input"),
      .max_concurrency = cfg.max_concurrency,
      .queue_max = cfg.queue_max,
      .output_max = cfg.output_max,
      .output_ceiling = cfg.output_ceiling,
      .outputs_max = cfg.outputs_max,
      .outputs_bytes = cfg.outputs_bytes,
      .tmp_bytes = 16ul << 20,
      .pool = cfg.pool,
      .memory_max_mb = cfg.memory_max_mb,
      .timeout_max = cfg.timeout_max,
      .max_sessions = cfg.max_sessions,
      .max_sessions_per_token = cfg.max_sessions_per_token,
      .sessions_memory_mb = cfg.sessions_memory_mb,
      .session_ttl_max = cfg.session_ttl_max,
      .session_lifetime = cfg.session_lifetime,
  };
  ex = allowed ? ts_executor_start(&xcfg, &err) : NULL;
  if (check) {
    if (!ex)
      ts_error("%s", allowed ? err.msg : "out of memory");
    rc = run_check(ex, &cfg);
    goto out;
  }
  if (!ex) {
    ts_error("%s", allowed ? err.msg : "out of memory");
    ts_preflight(&cfg, stderr);
    goto out;
  }
  if (cfg.science && ts_science_config(&xcfg, &cfg, &scfg, &science_allowed, &err) < 0) {
    ts_error("the science profile: %s", err.msg);
    goto out;
  }
  if (cfg.science && !cfg.science_lazy) {
    /* The science profile at boot: a second zygote, still single-threaded
     * here, with the packages imported and its own memory limit; no
     * sessions.  Lazily, the server starts it (profiles.h). */
    science = ts_executor_start(&scfg, &err);
    if (!science) {
      ts_error("the science profile: %s", err.msg);
      goto out;
    }
  }
  srv = start_serving(&cfg, ex, science, cfg.science_lazy ? &scfg : NULL);
  if (!srv)
    goto out;

  while (sigwait(&stop, &sig) != 0)
    ;
  ts_info("received %s, shutting down", sig == SIGINT ? "SIGINT" : "SIGTERM");
  rc = 0;

out:
  /* Executions in flight finish first: their connections are suspended
   * and must be resumed before the HTTP server can stop.  Meanwhile new
   * executions get 503.  (MHD_quiesce_daemon is not used: with epoll and
   * a thread pool, libmicrohttpd 0.9.75 can abort in it.) */
  ts_executor_stop(ex, cfg.grace_period);
  if (science)
    ts_executor_stop(science, cfg.grace_period);
  ts_server_stop(srv);
  ts_executor_free(ex);
  if (science)
    ts_executor_free(science);
  free(allowed);
  free(science_allowed);
  ts_config_free(&cfg);
  return rc;
}
