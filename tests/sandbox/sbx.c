/* Sandbox attack harness.  See sbx.h. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sbx.h"
#include "server/profiles.h"

struct ts_executor *sbx_ex;
static pid_t sbx_zpid;

const char SBX_PRELUDE[] =
    "import os, sys, errno, socket, ctypes\n"
    "libc = ctypes.CDLL(None, use_errno=True)\n"
    "libc.syscall.restype = ctypes.c_long\n"
    "def _arg(x):\n"
    "    if isinstance(x, bytes):\n"
    "        return ctypes.c_char_p(x)\n"
    "    if isinstance(x, int):\n"
    "        return ctypes.c_long(x)\n"
    "    return x\n"
    "def sc(nr, *a):\n"
    "    ctypes.set_errno(0)\n"
    "    r = libc.syscall(ctypes.c_long(nr), *[_arg(x) for x in a])\n"
    "    return r, ctypes.get_errno()\n"
    "def ename(e):\n"
    "    return errno.errorcode.get(e, str(e))\n"
    "def expect_blocked(name, nr, *a, ok=(errno.EPERM, errno.ENOSYS)):\n"
    "    r, e = sc(nr, *a)\n"
    "    if r == -1 and e in ok:\n"
    "        print(f'BLOCKED {name} errno={e} {ename(e)}')\n"
    "    else:\n"
    "        print(f'ESCAPED {name} ret={r} errno={e}')\n"
    "    return r, e\n"
    "def attempt(name, fn, errnos=(errno.EPERM,)):\n"
    "    try:\n"
    "        v = fn()\n"
    "    except OSError as ex:\n"
    "        if ex.errno in errnos:\n"
    "            print(f'BLOCKED {name} errno={ex.errno} {ename(ex.errno)}')\n"
    "        else:\n"
    "            print(f'UNEXPECTED {name} {ex!r}')\n"
    "        return None\n"
    "    except BaseException as ex:\n"
    "        print(f'UNEXPECTED {name} {ex!r}')\n"
    "        return None\n"
    "    print(f'ESCAPED {name} {v!r:.300}')\n"
    "    return v\n";

bool sbx_science(void) {
  const char *profile = getenv("SBX_PROFILE");

  return profile && strcmp(profile, PROFILE_SCIENCE) == 0;
}

void sbx_setup(void) {
  struct ts_executor_config cfg = {
      .zygote_exe = TS_SERVER_BIN,
      .python_home = NULL,
      .allowed_modules = SBX_MODULES,
      .allow_input = false,
      .max_concurrency = 4,
      .queue_max = 8,
      .output_max = SBX_OUTPUT_MAX,
      .tmp_bytes = SBX_TMP_BYTES,
      .pool = SBX_POOL,
      .memory_max_mb = 4096,
      .timeout_max = 30,
      .max_sessions = 10, /* test_sessions.c: a session and its 7 forks, and more */
  };
  ts_err err = {0};
  if (sbx_science()) {
    /* The same attacks against the science profile's zygote (README:
     * Profiles): its packages imported and their directories in the
     * root, as the server starts it (main.c), sessions kept for the
     * session attacks. */
    cfg.allowed_modules = SBX_MODULES "," TS_SCIENCE_MODULES;
    cfg.preimport = TS_SCIENCE_PREIMPORT;
    cfg.site_dirs = TS_SCIENCE_SITE_DIRS;
    cfg.mplconfigdir = "/var/cache/tool-sandbox/matplotlib";
  }
  sbx_ex = ts_executor_start(&cfg, &err);
  cr_assert(sbx_ex, "ts_executor_start: %s", err.msg);
  sbx_zpid = ts_executor_zygote_pid(sbx_ex);
  cr_assert_gt(sbx_zpid, 0);
}

void sbx_teardown(void) {
  if (sbx_ex) {
    ts_executor_stop(sbx_ex, 10);
    ts_executor_free(sbx_ex);
    sbx_ex = NULL;
  }
}

static char *terminated(const char *p, size_t n) {
  char *s = malloc(n + 1);

  cr_assert(s);
  if (n)
    memcpy(s, p, n);
  s[n] = '\0';
  return s;
}

static void fill(struct sbx_run *run) {
  run->out = terminated(run->r.out, run->r.out_len);
  run->err = terminated(run->r.err, run->r.err_len);
}

/* With --verbose: what each job ended as, for the record (and its stdout
 * with SBX_SHOW_OUTPUT=1 in the environment). */
static void log_run(const struct sbx_run *run) {
  cr_log_info("job: status %s, exit %d, signal %d, %.0f ms, error type %s",
              ts_exec_status_name(run->r.status), run->r.exit_code, run->r.signal,
              run->r.duration_ms, run->r.report.type ? run->r.report.type : "-");
  if (getenv("SBX_SHOW_OUTPUT"))
    cr_log_info("job stdout:\n%s", run->out);
}

static char *with_prelude(const char *body) {
  static const char tail[] = "\nprint('DONE')\n";
  size_t a = strlen(SBX_PRELUDE), b = strlen(body);
  char *code = malloc(a + b + sizeof tail);

  cr_assert(code);
  memcpy(code, SBX_PRELUDE, a);
  memcpy(code + a, body, b);
  memcpy(code + a + b, tail, sizeof tail);
  return code;
}

void sbx_run_plain(struct sbx_run *run, const char *code, double timeout, long memory_mb,
                   unsigned flags) {
  struct ts_exec_params p = {code, strlen(code), NULL, 0, timeout, memory_mb, flags};
  ts_err err = {0};

  memset(run, 0, sizeof *run);
  cr_assert_eq(ts_exec_run(sbx_ex, &p, &run->r, &err), 0, "ts_exec_run: %s", err.msg);
  fill(run);
  log_run(run);
}

void sbx_run(struct sbx_run *run, const char *body, double timeout, long memory_mb) {
  char *code = with_prelude(body);

  sbx_run_plain(run, code, timeout, memory_mb, TS_JOB_F_RAW);
  free(code);
}

void sbx_run_files(struct sbx_run *run, const char *body, const struct ts_job_file *files,
                   size_t nfiles) {
  char *code = with_prelude(body);
  struct ts_exec_params p = {code, strlen(code), NULL, 0, SBX_TIMEOUT, SBX_MEMORY_MB,
                             TS_JOB_F_RAW | TS_JOB_F_FILES};
  ts_err err = {0};

  p.files = files;
  p.nfiles = nfiles;
  memset(run, 0, sizeof *run);
  cr_assert_eq(ts_exec_run(sbx_ex, &p, &run->r, &err), 0, "ts_exec_run: %s", err.msg);
  fill(run);
  log_run(run);
  free(code);
}

void sbx_run_return(struct sbx_run *run, const char *body, const char *const *patterns,
                    size_t npatterns, struct ts_job_return ret) {
  char *code = with_prelude(body);
  struct ts_exec_params p = {code, strlen(code), NULL, 0, SBX_TIMEOUT, SBX_MEMORY_MB,
                             TS_JOB_F_RAW | TS_JOB_F_FILES};
  ts_err err = {0};

  p.patterns = patterns;
  p.npatterns = npatterns;
  p.ret = ret;
  memset(run, 0, sizeof *run);
  cr_assert_eq(ts_exec_run(sbx_ex, &p, &run->r, &err), 0, "ts_exec_run: %s", err.msg);
  fill(run);
  log_run(run);
  free(code);
}

void sbx_runf(struct sbx_run *run, double timeout, long memory_mb, const char *fmt, ...) {
  va_list ap;
  char *body = NULL;
  int n;

  va_start(ap, fmt);
  n = vasprintf(&body, fmt, ap);
  va_end(ap);
  cr_assert_geq(n, 0);
  sbx_run(run, body, timeout, memory_mb);
  free(body);
}

void sbx_free(struct sbx_run *run) {
  ts_exec_result_free(&run->r);
  free(run->out);
  free(run->err);
  run->out = run->err = NULL;
}

struct sbx_async {
  pthread_mutex_t m;
  pthread_cond_t c;
  struct ts_exec_result *res;
  char *code;
};

static void async_done(void *ctx, struct ts_exec_result *res) {
  struct sbx_async *a = ctx;

  pthread_mutex_lock(&a->m);
  a->res = res;
  pthread_cond_signal(&a->c);
  pthread_mutex_unlock(&a->m);
}

struct sbx_async *sbx_submit(const char *body, double timeout, long memory_mb) {
  struct sbx_async *a = calloc(1, sizeof *a);
  struct ts_exec_params p;
  ts_err err = {0};

  cr_assert(a);
  pthread_mutex_init(&a->m, NULL);
  pthread_cond_init(&a->c, NULL);
  a->code = with_prelude(body);
  p = (struct ts_exec_params){a->code, strlen(a->code), NULL, 0, timeout, memory_mb,
                              TS_JOB_F_RAW};
  cr_assert_eq(ts_exec_submit(sbx_ex, &p, async_done, a, &err), 0, "ts_exec_submit: %s",
               err.msg);
  return a;
}

void sbx_wait(struct sbx_async *a, struct sbx_run *run) {
  memset(run, 0, sizeof *run);
  pthread_mutex_lock(&a->m);
  while (!a->res)
    pthread_cond_wait(&a->c, &a->m);
  pthread_mutex_unlock(&a->m);
  run->r = *a->res;
  free(a->res);
  fill(run);
  log_run(run);
  pthread_mutex_destroy(&a->m);
  pthread_cond_destroy(&a->c);
  free(a->code);
  free(a);
}

static bool is_zombie(pid_t pid) {
  char path[64], buf[512], *close_paren;
  ssize_t n;
  int fd;

  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false; /* gone: reaped */
  n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  close_paren = strrchr(buf, ')');
  return close_paren && close_paren[1] == ' ' && close_paren[2] == 'Z';
}

size_t sbx_children(pid_t *pids, size_t max, bool *zombie) {
  DIR *d = opendir("/proc/self/task");
  struct dirent *de;
  size_t count = 0;

  *zombie = false;
  cr_assert(d, "opendir /proc/self/task: %s", strerror(errno));
  while ((de = readdir(d))) {
    char path[300], buf[4096], *p, *end;
    ssize_t n;
    int fd;

    if (de->d_name[0] == '.')
      continue;
    snprintf(path, sizeof path, "/proc/self/task/%s/children", de->d_name);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
      continue; /* the thread ended meanwhile */
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
      continue;
    buf[n] = '\0';
    for (p = buf;; p = end) {
      long v = strtol(p, &end, 10);
      if (end == p)
        break;
      if (is_zombie((pid_t)v))
        *zombie = true;
      if (count < max)
        pids[count] = (pid_t)v;
      count++;
    }
  }
  closedir(d);
  return count;
}

void sbx_assert_no_leftover(void) {
  pid_t pids[64];
  bool zombie;
  size_t n = sbx_children(pids, TS_ARRAY_LEN(pids), &zombie);

  /* A job is answered before its child has finished exiting: the
   * executor kills it and reaps it in the background.  Wait for that
   * (30 s: a hang guard, not a speed limit). */
  for (int i = 0; i < 3000 && (zombie || n > 1 + SBX_POOL); i++) {
    usleep(10000);
    n = sbx_children(pids, TS_ARRAY_LEN(pids), &zombie);
  }
  cr_assert(!zombie, "a child of the test process is a zombie");
  /* The zygote, and at most the pool's ready sandboxes, waiting for a job. */
  cr_assert(n >= 1 && n <= 1 + SBX_POOL,
            "expected the zygote and at most %d pooled sandboxes, found %zu children", SBX_POOL, n);
  {
    bool has_zygote = false;
    for (size_t i = 0; i < n; i++)
      has_zygote |= pids[i] == sbx_zpid;
    cr_assert(has_zygote, "the zygote %d is not among the children", (int)sbx_zpid);
  }
  /* Nothing is waiting to be reaped either (the zygote is alive). */
  cr_assert_eq(waitpid(-1, NULL, WNOHANG), 0);
  cr_assert_eq(kill(sbx_zpid, 0), 0, "the zygote is gone");
}

void sbx_assert_ceiling(const char *kept, size_t len, size_t bytes) {
  size_t ceiling = (size_t)TS_OUTPUT_CEILING_FACTOR * SBX_OUTPUT_MAX;
  char marker[64];
  int m;

  cr_assert_eq(bytes, ceiling + 1, "read %zu bytes, want the ceiling (%zu) and one", bytes, ceiling);
  m = snprintf(marker, sizeof marker, "\n[... %zu bytes left out ...]\n", bytes - SBX_OUTPUT_MAX);
  cr_assert_eq(len, SBX_OUTPUT_MAX + (size_t)m, "kept %zu bytes", len);
  cr_assert(memcmp(kept + SBX_OUTPUT_MAX / 2, marker, (size_t)m) == 0, "no marker after the head");
}

void sbx_assert_server_fine(void) {
  struct sbx_run run;

  sbx_run_plain(&run, "print(6*7)\n", 5.0, 64, 0);
  sbx_assert_status(&run, TS_EXEC_OK);
  cr_assert_str_eq(run.out, "42\n", "stdout: %s\nstderr: %s", run.out, run.err);
  cr_assert_eq(run.r.out_truncated, false);
  sbx_free(&run);
  cr_assert_eq(ts_executor_zygote_pid(sbx_ex), sbx_zpid, "the zygote was restarted");
  cr_assert_eq(ts_executor_zygote_restarts(sbx_ex), 0u);
  cr_assert_eq(ts_executor_inflight(sbx_ex), 0u);
  sbx_assert_no_leftover();
}

void sbx_assert_blocked_v(const struct sbx_run *run, ...) {
  va_list ap;
  const char *want;

  va_start(ap, run);
  while ((want = va_arg(ap, const char *))) {
    char line[512];
    snprintf(line, sizeof line, "BLOCKED %s\n", want);
    cr_assert(strstr(run->out, line) != NULL, "stdout lacks the line \"BLOCKED %s\"\n-- stdout:\n%s\n-- stderr:\n%s",
              want, run->out, run->err);
  }
  va_end(ap);
}

size_t sbx_count_lines(const struct sbx_run *run, const char *prefix) {
  size_t n = 0, plen = strlen(prefix);

  for (const char *p = run->out; *p;) {
    const char *nl = strchr(p, '\n');
    if (strncmp(p, prefix, plen) == 0)
      n++;
    if (!nl)
      break;
    p = nl + 1;
  }
  return n;
}
