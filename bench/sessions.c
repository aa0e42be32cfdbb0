/* What a call in a transactional session costs next to a stateless
 * execution of the same snippet, and what forking a session with 50 MB
 * of state costs: median wall time, server CPU (this process: the
 * executor thread included) and the sandbox's own CPU (the call process,
 * as the kernel reports it; the holder's side of the fork is not in it).
 *
 *     build/ts-sessions [ROUNDS]
 *
 * RAW mode through the executor API, as bench/flood.c.  It reports; it
 * never fails on speed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "exec/executor.h"
#include "sandbox/zygote.h"

#define MAX_ROUNDS 501

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

static double cpu_ms_self(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double pct(double *v, int n, double p) {
  qsort(v, (size_t)n, sizeof *v, cmp);
  return v[(int)(p * (n - 1) + 0.5)];
}

struct row {
  const char *name;
  double wall[MAX_ROUNDS], server[MAX_ROUNDS], sandbox[MAX_ROUNDS];
  char status[64];
};

static void record(struct row *row, int i, double w0, double c0, const struct ts_exec_result *r) {
  const char *st = ts_exec_status_name(r->status);
  row->wall[i] = now_ms() - w0;
  row->server[i] = cpu_ms_self() - c0;
  row->sandbox[i] = r->cpu_ms;
  if (!strstr(row->status, st))
    (void)snprintf(row->status + strlen(row->status), sizeof row->status - strlen(row->status),
                   "%s%s", row->status[0] ? "," : "", st);
}

static void print_row(struct row *row, int n) {
  printf("| %s | %.2f | %.2f | %.2f | %.2f | %s |\n", row->name, pct(row->wall, n, 0.5),
         pct(row->wall, n, 0.9), pct(row->server, n, 0.5), pct(row->sandbox, n, 0.5), row->status);
}

static int session_rows(struct ts_executor *ex, const char *setup, const char *code,
                        enum ts_commit commit, struct row *row, int rounds, unsigned long *kb) {
  struct ts_session_params sp = {.memory_mb = 1024, .ttl = 600};
  struct ts_session_info info;
  struct ts_exec_params p = {setup, strlen(setup), NULL, 0, 30.0, 1024, TS_JOB_F_RAW};
  struct ts_exec_result r;
  ts_err err = {0};

  if (ts_session_create_sync(ex, &sp, &info, &err) < 0 ||
      ts_session_exec_run(ex, info.id, sp.owner, &p, TS_COMMIT_ON_SUCCESS, &r, &err) < 0 ||
      r.status != TS_EXEC_OK) {
    fprintf(stderr, "ts-sessions: session setup: %s\n", err.msg);
    return -1;
  }
  ts_exec_result_free(&r);
  p.code = code;
  p.code_len = strlen(code);
  p.timeout = 5.0;
  for (int i = 0; i < rounds; i++) {
    double w0 = now_ms(), c0 = cpu_ms_self();
    if (ts_session_exec_run(ex, info.id, sp.owner, &p, commit, &r, &err) < 0)
      return -1;
    record(row, i, w0, c0, &r);
    ts_exec_result_free(&r);
  }
  if (ts_session_get_sync(ex, info.id, sp.owner, &info, &err) == 0)
    *kb = info.state_kb;
  return ts_session_destroy_sync(ex, info.id, sp.owner, &err);
}

/* Forks of a session holding `setup`'s state: each timed from the
 * request to the new session's answer, then deleted (not timed). */
static int fork_rows(struct ts_executor *ex, const char *setup, struct row *row, int rounds) {
  struct ts_session_params sp = {.memory_mb = 1024, .ttl = 600};
  struct ts_session_info info, f;
  struct ts_exec_params p = {setup, strlen(setup), NULL, 0, 30.0, 1024, TS_JOB_F_RAW};
  struct ts_exec_result r;
  ts_err err = {0};

  if (ts_session_create_sync(ex, &sp, &info, &err) < 0 ||
      ts_session_exec_run(ex, info.id, sp.owner, &p, TS_COMMIT_ON_SUCCESS, &r, &err) < 0 ||
      r.status != TS_EXEC_OK) {
    fprintf(stderr, "ts-sessions: session setup: %s\n", err.msg);
    return -1;
  }
  ts_exec_result_free(&r);
  for (int i = 0; i < rounds; i++) {
    double w0 = now_ms(), c0 = cpu_ms_self();
    if (ts_session_fork_sync(ex, info.id, sp.owner, &f, &err) < 0)
      return -1;
    row->wall[i] = now_ms() - w0;
    row->server[i] = cpu_ms_self() - c0;
    row->sandbox[i] = 0;
    (void)snprintf(row->status, sizeof row->status, "ok");
    if (ts_session_destroy_sync(ex, f.id, sp.owner, &err) < 0)
      return -1;
  }
  return ts_session_destroy_sync(ex, info.id, sp.owner, &err);
}

int main(int argc, char **argv) {
  struct ts_executor_config cfg = {
      .zygote_exe = "/proc/self/exe",
      .allowed_modules = "os",
      .max_concurrency = 1,
      .queue_max = 4,
      .output_max = 1024 * 1024,
      .tmp_bytes = 16ul << 20,
      .pool = 1,
      .memory_max_mb = 1024,
      .timeout_max = 30,
      .max_sessions = 3,
  };
  static struct row stateless = {"stateless /execute, `x = 1`"},
                    trivial = {"session call, `x = 1` (committed)"},
                    big = {"session call, 50 MB state, `y = 1` (committed)"},
                    cow = {"session call, 50 MB state, writes 1 MB of it (rolled back)"},
                    files = {"session call, 8 MiB in /tmp (64 files), `y = 1` (committed)"},
                    fork_small = {"fork, trivial state (sandbox CPU not measured)"},
                    fork_big = {"fork, 50 MB state (sandbox CPU not measured)"};
  static const char state[] = "data = {i: str(i) for i in range(400000)}\n"
                              "blob = bytearray(16 << 20)\n";
  /* a working directory that each call restores and captures again */
  static const char tmp_files[] = "import os\n"
                                  "os.mkdir('/tmp/d')\n"
                                  "for i in range(64):\n"
                                  "    with open('/tmp/d/%d' % i, 'wb') as f:\n"
                                  "        f.write(bytes([i]) * (128 << 10))\n";
  int rounds = argc > 1 ? atoi(argv[1]) : 51;
  unsigned long kb_small = 0, kb_big = 0, kb_files = 0;
  struct ts_executor *ex;
  ts_err err = {0};

  if (argc > 1 && strcmp(argv[1], "--zygote") == 0)
    return ts_zygote_main(argc, argv);
  if (rounds < 1 || rounds > MAX_ROUNDS)
    rounds = 51;
  if (!(ex = ts_executor_start(&cfg, &err))) {
    fprintf(stderr, "ts-sessions: %s\n", err.msg);
    return 1;
  }
  for (int i = 0; i < rounds; i++) {
    struct ts_exec_params p = {"x = 1\n", 6, NULL, 0, 5.0, 64, TS_JOB_F_RAW};
    struct ts_exec_result r;
    double w0 = now_ms(), c0 = cpu_ms_self();
    if (ts_exec_run(ex, &p, &r, &err) < 0)
      return 1;
    record(&stateless, i, w0, c0, &r);
    ts_exec_result_free(&r);
  }
  if (session_rows(ex, "x = 0\n", "x = 1\n", TS_COMMIT_ON_SUCCESS, &trivial, rounds, &kb_small) < 0 ||
      session_rows(ex, state, "y = 1\n", TS_COMMIT_ON_SUCCESS, &big, rounds, &kb_big) < 0 ||
      session_rows(ex, state, "blob[:1 << 20] = b'\\x01' * (1 << 20)\n", TS_COMMIT_NEVER, &cow,
                   rounds, &kb_big) < 0 ||
      session_rows(ex, tmp_files, "y = 1\n", TS_COMMIT_ON_SUCCESS, &files, rounds, &kb_files) < 0 ||
      fork_rows(ex, "x = 0\n", &fork_small, rounds) < 0 || fork_rows(ex, state, &fork_big, rounds) < 0) {
    fprintf(stderr, "ts-sessions: %s\n", err.msg);
    return 1;
  }
  printf("%d rounds each, medians (p90 of wall)\n\n", rounds);
  printf("| execution | wall ms p50 | wall ms p90 | server CPU ms | sandbox CPU ms | status |\n");
  printf("|---|---:|---:|---:|---:|---|\n");
  print_row(&stateless, rounds);
  print_row(&trivial, rounds);
  print_row(&big, rounds);
  print_row(&cow, rounds);
  print_row(&files, rounds);
  print_row(&fork_small, rounds);
  print_row(&fork_big, rounds);
  printf("\nholder resident set: %lu kB (trivial state), %lu kB (50 MB state), %lu kB (8 MiB in "
         "/tmp)\n",
         kb_small, kb_big, kb_files);
  ts_executor_stop(ex, 5);
  ts_executor_free(ex);
  return 0;
}
