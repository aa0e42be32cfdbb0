/* Sandbox attack harness: one executor per test (Criterion forks each test,
 * so the executor and its zygote belong to that test's process), snippets
 * run in RAW mode (full builtins, no import hook, no validator) so that
 * only the kernel layers stand between them and the host.
 *
 * Every snippet gets SBX_PRELUDE in front of it: os, sys, errno, socket,
 * ctypes and a libc handle are ready, and three helpers print one verdict
 * line per attempt:
 *
 *   attempt(name, fn, errnos)   calls fn(); an OSError whose errno is in
 *                               errnos prints "BLOCKED name errno=N NAME",
 *                               success prints "ESCAPED name ...", any
 *                               other outcome prints "UNEXPECTED name ...".
 *   expect_blocked(name, nr, *args, ok=(EPERM, ENOSYS))
 *                               the raw system call through libc.syscall:
 *                               -1 with errno in ok is BLOCKED, anything
 *                               else ESCAPED.
 *   sc(nr, *args)               -> (ret, errno), ints as long, bytes as
 *                               char *.
 *
 * and "DONE" is printed after the snippet's last line, so a test can tell
 * a snippet that ran to its end from one that died or was cut short.
 *
 * `SBX_SHOW_OUTPUT=1 sandbox-tests --verbose` logs every verdict line.
 *
 * Tests then assert on exact verdict lines ("BLOCKED mount errno=1 EPERM"):
 * an attack that fails for an unrelated reason (a missing module, a
 * different errno) does not pass. */
#ifndef TS_SBX_H
#define TS_SBX_H

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <sys/types.h>

#include <criterion/criterion.h>

#include "exec/executor.h"

#define SBX_OUTPUT_MAX 65536
#define SBX_POOL 2 /* sandboxes the executor keeps ready */
#define SBX_TMP_BYTES (16ul << 20)
/* Pre-imported by the zygote: inside, only the standard library directory
 * exists, so an extension module that needs a shared library from
 * elsewhere (ctypes needs libffi) can only be used if it is loaded before
 * the clone. */
#define SBX_MODULES "math,json,os,sys,errno,time,ctypes,socket,threading,subprocess,signal,mmap"
#define SBX_TIMEOUT 2.0
#define SBX_MEMORY_MB 256

struct sbx_run {
  struct ts_exec_result r;
  char *out, *err; /* NUL-terminated copies of r.out / r.err */
};

extern struct ts_executor *sbx_ex;

/* Whether the executor is the science profile's (SBX_PROFILE=science:
 * the same attacks against its zygote, README: Profiles). */
bool sbx_science(void);

/* Fixture: starts/stops the executor of this test. */
void sbx_setup(void);
void sbx_teardown(void);

/* Runs SBX_PRELUDE + body + print("DONE") in RAW mode. */
void sbx_run(struct sbx_run *run, const char *body, double timeout, long memory_mb);
/* Same with a printf-formatted body (Python's own % must be doubled). */
void sbx_runf(struct sbx_run *run, double timeout, long memory_mb, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* Runs exactly `code` (no prelude, no DONE) with the given flags. */
void sbx_run_plain(struct sbx_run *run, const char *code, double timeout, long memory_mb,
                   unsigned flags);
/* Runs SBX_PRELUDE + body + print("DONE") in RAW mode with the files
 * capability, `files` written into its working directory first. */
void sbx_run_files(struct sbx_run *run, const char *body, const struct ts_job_file *files,
                   size_t nfiles);
/* Same, no files in, and the files the patterns match sent back within
 * `ret`'s limits. */
void sbx_run_return(struct sbx_run *run, const char *body, const char *const *patterns,
                    size_t npatterns, struct ts_job_return ret);
void sbx_free(struct sbx_run *run);
/* The submitted form, for concurrent jobs: a copy of the code is kept. */
struct sbx_async;
struct sbx_async *sbx_submit(const char *body, double timeout, long memory_mb);
void sbx_wait(struct sbx_async *a, struct sbx_run *run); /* frees a */

/* The children of this process (every thread), zombies included, and
 * whether any of them is a zombie.  Returns the count (at most max). */
size_t sbx_children(pid_t *pids, size_t max, bool *zombie);
/* Exactly one child, the zygote, alive and not a zombie. */
void sbx_assert_no_leftover(void);
/* A normal (non-raw) print(6*7) through the same executor returns ok and
 * "42\n"; the zygote is the one we started; no child is left over. */
void sbx_assert_server_fine(void);
/* An ASCII stream read up to the executor's default ceiling (16 x
 * SBX_OUTPUT_MAX) and one byte past it: `len` bytes kept, its head, the
 * marker line and its tail; `bytes` counted. */
void sbx_assert_ceiling(const char *kept, size_t len, size_t bytes);
/* Each argument (until NULL) appears as a line "BLOCKED <arg>" in stdout. */
void sbx_assert_blocked_v(const struct sbx_run *run, ...);
#define sbx_assert_blocked(run, ...) sbx_assert_blocked_v((run), __VA_ARGS__, (const char *)NULL)
/* Number of lines of stdout starting with `prefix`. */
size_t sbx_count_lines(const struct sbx_run *run, const char *prefix);

#define sbx_assert_status(run, st)                                                            \
  cr_assert_eq((run)->r.status, (st),                                                         \
               "status %s (exit %d, signal %d, %.0f ms), want %s\n-- stdout:\n%s\n-- stderr:\n%s", \
               ts_exec_status_name((run)->r.status), (run)->r.exit_code, (run)->r.signal,     \
               (run)->r.duration_ms, ts_exec_status_name(st), (run)->out, (run)->err)

#define sbx_assert_out_has(run, needle)                                                       \
  cr_assert(strstr((run)->out, (needle)) != NULL,                                             \
            "stdout lacks \"%s\"\n-- stdout:\n%s\n-- stderr:\n%s", (needle), (run)->out,      \
            (run)->err)

#define sbx_assert_out_lacks(run, needle)                                                     \
  cr_assert(strstr((run)->out, (needle)) == NULL,                                             \
            "stdout has \"%s\"\n-- stdout:\n%s\n-- stderr:\n%s", (needle), (run)->out,        \
            (run)->err)

/* Ran to its end and no attempt escaped. */
#define sbx_assert_contained(run)                                                             \
  do {                                                                                        \
    sbx_assert_status(run, TS_EXEC_OK);                                                       \
    sbx_assert_out_lacks(run, "ESCAPED");                                                     \
    sbx_assert_out_lacks(run, "UNEXPECTED");                                                  \
    sbx_assert_out_has(run, "DONE\n");                                                        \
  } while (0)

extern const char SBX_PRELUDE[];

#endif
