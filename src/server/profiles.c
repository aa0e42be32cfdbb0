/* Starting the execution profiles (profiles.h): what a start does, at boot
 * (main.c) or on the first request (here), and the lazy profiles' state.
 *
 * A lazy profile's start runs on a thread of its own, the starter: the
 * worker that finds the profile not started parks its request among the
 * waiters and goes on with other work (the workers are few, and a start
 * takes seconds: the science zygote imports numpy, pandas, scipy, sympy
 * and matplotlib).  The starter starts the executor (its zygote comes by
 * posix_spawn, which a threaded process may use, with an empty
 * environment), runs the canary and asks the versions exactly as main.c
 * does at boot, then hands every waiter back to the workers, whose route
 * runs it again: now against the started executor, or into a 503 when the
 * start failed.  Concurrent first requests wait for the one start.  A
 * failed start is tried again by a request at least
 * TS_PROFILE_RETRY_SECONDS later; the ones before get 503.
 *
 * Shutdown (lazy_stop, from ts_server_stop before the workers stop): no
 * start begins after it; one that runs is waited for (the zygote's start,
 * about 2 s, is not interruptible; the canary and the versions are
 * bounded by their timeouts) and its waiters go back to the workers,
 * which answer them 503; the starter stops the started executor like the
 * boot ones, and exits; the executor is freed once the daemon is stopped
 * (lazy_free). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "exec/canary.h"
#include "exec/executor.h"
#include "server/internal.h"
#include "server/profiles.h"
#include "server/request.h"
#include "util/log.h"

/* ---- what a start does (main.c at boot, the starter thread lazily) ---- */

int ts_science_config(const struct ts_executor_config *base, const struct ts_config *cfg,
                      struct ts_executor_config *out, char **allowed, ts_err *err) {
  /* The runtime layer's modules: the default ones, the packages, and
   * what the profile refuses of them as "-name" entries. */
  static const char *const refused[] = {TS_SCIENCE_BANNED, TS_SCIENCE_REFUSED_OBJECTS};
  const char *mods = base->allowed_modules ? base->allowed_modules : "";
  size_t len = strlen(mods) + sizeof TS_SCIENCE_MODULES + 2, used;

  for (size_t i = 0; i < TS_ARRAY_LEN(refused); i++)
    len += 2 * strlen(refused[i]) + 2; /* a '-' per name at most */
  *allowed = malloc(len);
  if (!*allowed)
    return ts_err_set(err, ENOMEM, "out of memory");
  used = (size_t)snprintf(*allowed, len, "%s,%s", mods, TS_SCIENCE_MODULES);
  for (size_t i = 0; i < TS_ARRAY_LEN(refused); i++)
    for (const char *q = refused[i]; *q && used < len;) {
      size_t n = strcspn(q, ",");

      used += (size_t)snprintf(*allowed + used, len - used, ",-%.*s", (int)n, q);
      q += n;
      q += *q == ',';
    }
  *out = *base;
  out->allowed_modules = *allowed;
  out->preimport = TS_SCIENCE_PREIMPORT;
  out->site_dirs = cfg->science_site_dirs;
  out->mplconfigdir = cfg->mplconfigdir;
  out->memory_max_mb = cfg->science_memory_max_mb;
  out->max_sessions = 0;
  out->max_sessions_per_token = 0;
  out->sessions_memory_mb = 0;
  return 0;
}

int ts_profile_canary(struct ts_executor *ex, const struct ts_config *cfg, ts_err *err) {
  struct ts_exec_params p = ts_canary_params(10, cfg->timeout_max, 64, cfg->memory_max_mb);
  struct ts_exec_result r;
  char why[200];
  int rc = 0;

  if (ts_exec_run(ex, &p, &r, err) < 0)
    return -1;
  if (!ts_canary_judge(&r, why, sizeof why))
    rc = ts_err_set(err, 0, "%s%s%.*s", why, r.err_len ? "; stderr: " : "",
                    (int)(r.err_len > 300 ? 300 : r.err_len), r.err ? r.err : "");
  ts_exec_result_free(&r);
  return rc;
}

int ts_science_versions(struct ts_executor *science, const struct ts_config *cfg,
                        char **versions, ts_err *err) {
  static const char code[] = "import " TS_SCIENCE_MODULES "\n"
                             "for m in (" TS_SCIENCE_MODULES "):\n"
                             "    print(m.__name__, m.__version__)\n";
  struct ts_exec_params p = ts_canary_params(10, cfg->timeout_max, cfg->science_memory_default_mb,
                                             cfg->science_memory_max_mb);
  struct ts_exec_result r;
  int rc = 0;

  p.code = code;
  p.code_len = sizeof code - 1;
  if (ts_exec_run(science, &p, &r, err) < 0)
    return -1;
  if (r.status != TS_EXEC_OK || !r.out)
    rc = ts_err_set(err, 0, "the science profile's versions: %s%.*s",
                    ts_exec_status_name(r.status), (int)(r.err_len > 300 ? 300 : r.err_len),
                    r.err ? r.err : "");
  else if (!(*versions = strndup(r.out, r.out_len)))
    rc = ts_err_set(err, ENOMEM, "out of memory");
  ts_exec_result_free(&r);
  return rc;
}

/* ---- the lazy science profile ---- */

/* One start: the executor, the canary, the versions (whose failure only
 * leaves /info without them, as at boot).  NULL with *err. */
static struct ts_executor *start_once(struct ts_server *s, char **versions, ts_err *err) {
  struct lazy_profile *l = &s->science_lazy;
  struct ts_executor *ex = ts_executor_start(&l->xcfg, err);
  ts_err verr = {0};

  if (!ex)
    return NULL;
  if (ts_profile_canary(ex, s->cfg, err) < 0) {
    ts_executor_stop(ex, 0);
    ts_executor_free(ex);
    return NULL;
  }
  if (ts_science_versions(ex, s->cfg, versions, &verr) < 0)
    ts_warn("%s", verr.msg);
  return ex;
}

/* The starter thread: lives as long as the server, since the zygote it
 * starts gets SIGKILL when the thread that spawned it exits
 * (PR_SET_PDEATHSIG is per thread). */
static void *starter_main(void *arg) {
  struct ts_server *s = arg;
  struct lazy_profile *l = &s->science_lazy;
  struct ts_executor *ex;

  pthread_mutex_lock(&l->lock);
  for (;;) {
    struct conn *waiters;
    char *versions = NULL;
    ts_err err = {0};
    double t0;

    while (!l->requested && !l->stopping)
      pthread_cond_wait(&l->cond, &l->lock);
    if (l->stopping)
      break;
    l->requested = false;
    pthread_mutex_unlock(&l->lock);

    ts_info("starting the science profile (its first request)");
    t0 = now_s();
    ex = start_once(s, &versions, &err);
    if (ex)
      ts_info("the science profile started in %.1f s", now_s() - t0);
    else
      ts_error("the science profile did not start: %s (a request tries again in %d s at "
               "the earliest)", err.msg, TS_PROFILE_RETRY_SECONDS);

    pthread_mutex_lock(&l->lock);
    if (ex) {
      /* Kept even when stopping: lazy_stop stops it. */
      l->ex = ex;
      l->versions = versions;
      l->state = LAZY_READY;
      l->starts_ok++;
    } else {
      l->state = LAZY_FAILED;
      l->failed_at = now_s();
      (void)snprintf(l->why, sizeof l->why, "%s", err.msg);
      l->starts_failed++;
    }
    waiters = steal_pointer(&l->waiters);
    pthread_mutex_unlock(&l->lock);
    /* Back to the workers, outside the lock (a worker takes it to find
     * out how the start ended). */
    while (waiters) {
      struct conn *c = waiters;
      waiters = c->lazy_next;
      if (!requeue(s, c)) {
        reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "shutting_down",
                    "the server is shutting down");
        conn_resume(c);
      }
    }
    pthread_mutex_lock(&l->lock);
  }
  ex = l->ex;
  pthread_mutex_unlock(&l->lock);
  /* Stopped by this thread, before it exits: the zygote dies with the
   * thread that spawned it (its parent-death signal). */
  if (ex)
    ts_executor_stop(ex, s->cfg->grace_period);
  return NULL;
}

int lazy_init(struct ts_server *s, const struct ts_executor_config *xcfg, ts_err *err) {
  struct lazy_profile *l = &s->science_lazy;
  int rc;

  if (!xcfg)
    return ts_err_set(err, EINVAL, "the lazy science profile has no executor configuration");
  l->xcfg = *xcfg;
  pthread_mutex_init(&l->lock, NULL);
  pthread_cond_init(&l->cond, NULL);
  rc = pthread_create(&l->thread, NULL, starter_main, s);
  if (rc != 0)
    return ts_err_set(err, rc, "cannot start the profiles' starter thread: %s", strerror(rc));
  l->thread_started = true;
  return 0;
}

enum lazy_acquire lazy_acquire(struct ts_server *s, struct conn *c, struct ts_executor **ex,
                               struct ts_reqerr *re) {
  struct lazy_profile *l = &s->science_lazy;
  enum lazy_acquire out = LAZY_WAIT;
  double wait;

  pthread_mutex_lock(&l->lock);
  if (l->stopping) {
    *re = (struct ts_reqerr){503, "shutting_down", {0}};
    (void)snprintf(re->message, sizeof re->message, "the server is shutting down");
    out = LAZY_UNAVAILABLE;
  } else if (l->state == LAZY_READY) {
    *ex = l->ex;
    out = LAZY_GOT_IT;
  } else if (l->state == LAZY_FAILED &&
             (wait = l->failed_at + TS_PROFILE_RETRY_SECONDS - now_s()) > 0) {
    *re = (struct ts_reqerr){503, "profile_unavailable", {0}};
    (void)snprintf(re->message, sizeof re->message,
                   "the science profile could not start (tried again in %.0f s at the "
                   "earliest): %.120s", wait < 1 ? 1 : wait, l->why);
    out = LAZY_UNAVAILABLE;
  } else {
    if (l->state != LAZY_STARTING) {
      /* Not started, or failed long enough ago: this request starts it. */
      l->state = LAZY_STARTING;
      l->requested = true;
      pthread_cond_signal(&l->cond);
    }
    c->lazy_next = l->waiters;
    l->waiters = c;
  }
  pthread_mutex_unlock(&l->lock);
  return out;
}

bool lazy_started(struct ts_server *s, char **versions) {
  struct lazy_profile *l = &s->science_lazy;
  bool started;

  pthread_mutex_lock(&l->lock);
  started = l->state == LAZY_READY;
  *versions = started && l->versions ? strdup(l->versions) : NULL;
  pthread_mutex_unlock(&l->lock);
  return started;
}

void lazy_starts(struct ts_server *s, unsigned long *ok, unsigned long *failed) {
  struct lazy_profile *l = &s->science_lazy;

  pthread_mutex_lock(&l->lock);
  *ok = l->starts_ok;
  *failed = l->starts_failed;
  pthread_mutex_unlock(&l->lock);
}

void lazy_stop(struct ts_server *s) {
  struct lazy_profile *l = &s->science_lazy;

  if (!l->thread_started)
    return;
  pthread_mutex_lock(&l->lock);
  l->stopping = true;
  pthread_cond_broadcast(&l->cond);
  pthread_mutex_unlock(&l->lock);
  /* It ends the start that runs, if one does, and stops the executor. */
  pthread_join(l->thread, NULL);
  l->thread_started = false;
}

void lazy_free(struct ts_server *s) {
  struct lazy_profile *l = &s->science_lazy;

  if (!s->cfg->science_lazy)
    return;
  if (l->ex)
    ts_executor_free(l->ex);
  free(l->versions);
  pthread_cond_destroy(&l->cond);
  pthread_mutex_destroy(&l->lock);
  memset(l, 0, sizeof *l);
}
