/* What a child's output costs the server: its own CPU (the executor
 * thread included; the zygote and the sandboxes are other processes) per
 * execution, for a trivial snippet and for snippets that flood the report
 * pipe or stdout (up to the output ceiling, where they are killed), or
 * trickle single bytes into the report pipe or stdout.
 *
 *     build/ts-flood [ROUNDS]
 *
 * The snippets run in RAW mode through the executor API (as the sandbox
 * tests do): the Python layer would refuse `os.write` to a descriptor, so
 * only a snippet past it could flood.  Each kind runs ROUNDS times (default
 * 7), interleaved; the table gives the median server CPU, the median
 * wall time and the statuses seen.  It reports; it never fails on speed.
 * It builds against this tree and, for a before/after comparison, against
 * an older one (the include paths of both are tried). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#if __has_include("exec/executor.h")
#include "exec/executor.h"
#include "sandbox/zygote.h"
#else
#include "executor.h"
#include "zygote.h"
#endif

#define MAX_ROUNDS 101

static const struct kind {
  const char *name;
  const char *code;
} kinds[] = {
    {"trivial", "print(1)\n"},
    {"report flood", "import os\nc = b'x' * 65536\nwhile True:\n    os.write(3, c)\n"},
    {"stdout flood", "import os\nc = b'x' * 65536\nwhile True:\n    os.write(1, c)\n"},
    {"print flood", "while True:\n    print('x' * 1000)\n"},
    {"report trickle", "import os\nwhile True:\n    os.write(3, b'x')\n"},
    {"stdout trickle", "import os\nwhile True:\n    os.write(1, b'x')\n"},
};
#define NKINDS (sizeof kinds / sizeof kinds[0])

static double cpu_ms_self(void) {
  struct rusage ru;

  getrusage(RUSAGE_SELF, &ru);
  return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

static double now_ms(void) {
  struct timespec t;

  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int cmp(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, int n) {
  qsort(v, (size_t)n, sizeof *v, cmp);
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv) {
  struct ts_executor_config cfg = {
      .zygote_exe = "/proc/self/exe",
      .allowed_modules = "os",
      .max_concurrency = 1,
      .queue_max = 4,
      .output_max = 1024 * 1024, /* the server's default (and its ceiling, 16 x) */
      .tmp_bytes = 16ul << 20,
      .pool = 1,
      .memory_max_mb = 256,
      .timeout_max = 10,
  };
  static double cpu[NKINDS][MAX_ROUNDS], wall[NKINDS][MAX_ROUNDS];
  static char statuses[NKINDS][128];
  int rounds = argc > 1 ? atoi(argv[1]) : 7;
  struct ts_executor *ex;
  ts_err err = {0};

  if (argc > 1 && strcmp(argv[1], "--zygote") == 0)
    return ts_zygote_main(argc, argv);
  if (rounds < 1 || rounds > MAX_ROUNDS)
    rounds = 7;
  ex = ts_executor_start(&cfg, &err);
  if (!ex) {
    fprintf(stderr, "ts-flood: %s\n", err.msg);
    return 1;
  }
  for (int r = 0; r < rounds; r++)
    for (size_t k = 0; k < NKINDS; k++) {
      struct ts_exec_params p = {kinds[k].code, strlen(kinds[k].code), NULL, 0, 5.0, 64,
                                 TS_JOB_F_RAW};
      struct ts_exec_result res;
      double c0 = cpu_ms_self(), w0 = now_ms();
      const char *name;
      if (ts_exec_run(ex, &p, &res, &err) < 0) {
        fprintf(stderr, "ts-flood: %s\n", err.msg);
        return 1;
      }
      cpu[k][r] = cpu_ms_self() - c0;
      wall[k][r] = now_ms() - w0;
      name = ts_exec_status_name(res.status);
      if (!strstr(statuses[k], name))
        (void)snprintf(statuses[k] + strlen(statuses[k]), sizeof statuses[k] - strlen(statuses[k]),
                       "%s%s", statuses[k][0] ? "," : "", name);
      ts_exec_result_free(&res);
    }
  printf("| snippet | server CPU ms (median) | wall ms (median) | status |\n");
  printf("|---|---:|---:|---|\n");
  for (size_t k = 0; k < NKINDS; k++)
    printf("| %s | %.2f | %.1f | %s |\n", kinds[k].name, median(cpu[k], rounds),
           median(wall[k], rounds), statuses[k]);
  ts_executor_stop(ex, 5);
  ts_executor_free(ex);
  return 0;
}
