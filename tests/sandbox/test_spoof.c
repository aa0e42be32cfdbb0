/* A snippet that already has `os` (RAW mode: the Python layer is off)
 * tries to choose its own status through what the server reads from it:
 * its exception's name, a forged setup-error record, its exit code, a
 * flood of its report pipe.  Each must come back `error`, never a status
 * the server did not observe, and with no ERROR log line: a snippet must
 * not be able to raise alerts or move metrics by what it writes. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sbx.h"
#include "util/log.h"

TestSuite(spoof, .init = sbx_setup, .fini = sbx_teardown, .timeout = 30);

/* Runs a snippet with the server's log (this process's stderr) captured:
 * returns the log lines written meanwhile. */
static char *run_logged(struct sbx_run *run, const char *body) {
  char path[] = "/tmp/ts-spoof-log-XXXXXX";
  int fd = mkstemp(path), saved = dup(2);
  char *log = calloc(1, 65536);
  ssize_t n;

  cr_assert(fd >= 0 && saved >= 0 && log);
  unlink(path);
  fflush(stderr);
  cr_assert_eq(dup2(fd, 2), 2);
  sbx_run(run, body, SBX_TIMEOUT, SBX_MEMORY_MB);
  fflush(stderr);
  cr_assert_eq(dup2(saved, 2), 2);
  close(saved);
  n = pread(fd, log, 65535, 0);
  close(fd);
  cr_assert_geq(n, 0);
  return log;
}

static void assert_no_error_line(const char *log) {
  cr_assert_null(strstr(log, "\"level\":\"error\""), "an ERROR log line:\n%s", log);
}

/* 1. The exception's name: a MemoryError raised with nothing in use. */
Test(spoof, memory_error_by_name_is_an_error) {
  struct sbx_run run;
  char *log = run_logged(&run, "raise MemoryError('words')\n");

  sbx_assert_status(&run, TS_EXEC_ERROR);
  cr_assert_str_eq(run.r.report.type, "MemoryError", "the payload is still the child's");
  assert_no_error_line(log);
  free(log);
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* 2. A forged SETUP_ERROR record and exit code 125, after the job was
 *    handed over: not the server's fault. */
Test(spoof, setup_error_after_handover_is_an_error) {
  struct sbx_run run;
  char *log = run_logged(&run,
                         "import struct\n"
                         "payload = struct.pack('<i44s', 1, b'seccomp')\n"
                         "os.write(3, struct.pack('<II', 1, len(payload)) + payload)\n"
                         "os._exit(125)\n");

  sbx_assert_status(&run, TS_EXEC_ERROR);
  cr_assert_eq(run.r.exit_code, 125);
  cr_assert_eq(run.r.report.kind, TS_REPORT_SETUP_ERROR, "the record was read as one");
  cr_assert_not_null(strstr(run.r.detail, "after it was handed its job"), "%s", run.r.detail);
  assert_no_error_line(log);
  free(log);
  sbx_free(&run);

  /* The exit code alone, no record. */
  log = run_logged(&run, "os._exit(125)\n");
  sbx_assert_status(&run, TS_EXEC_ERROR);
  assert_no_error_line(log);
  free(log);
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* 3. A flood of the report pipe: killed once past TS_REPORT_MAX, long
 *    before its deadline, instead of drained for as long as it writes. */
Test(spoof, report_flood_is_killed_at_the_cap) {
  struct sbx_run run;
  char *log = run_logged(&run,
                         "chunk = b'x' * 65536\n"
                         "while True:\n"
                         "    os.write(3, chunk)\n");

  sbx_assert_status(&run, TS_EXEC_ERROR);
  cr_assert_eq(run.r.signal, 9, "killed by the server");
  cr_assert_not_null(strstr(run.r.detail, "report channel"), "%s", run.r.detail);
  cr_assert_eq(run.r.report.kind, TS_REPORT_NONE, "nothing past the cap is decoded");
  assert_no_error_line(log);
  free(log);
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* Forged records before the runner's own make the report malformed: the
 * exit status then decides, and a forged clean end hides no exception. */
Test(spoof, forged_clean_end_before_an_exception) {
  struct sbx_run run;
  char *log = run_logged(&run,
                         "import struct\n"
                         "body = b'{\"error\": null}'\n"
                         "os.write(3, struct.pack('<II', 2, len(body)) + body)\n"
                         "raise ValueError('real')\n");

  sbx_assert_status(&run, TS_EXEC_ERROR);
  cr_assert_eq(run.r.report.kind, TS_REPORT_MALFORMED);
  cr_assert_eq(run.r.exit_code, 1);
  assert_no_error_line(log);
  free(log);
  sbx_free(&run);
}

/* The genuine article still works: memory that runs out while growing is
 * memory_limit, from the peak the kernel reports. */
Test(spoof, growth_that_runs_out_is_memory_limit) {
#ifdef TS_SANITIZE
  cr_skip_test("RLIMIT_AS is not applied in sanitizer builds; this runs on the normal build");
#else
  struct sbx_run run;

  sbx_run(&run, "x = []\nwhile True:\n    x.append(b'y' * 100000)\n", SBX_TIMEOUT, 64);
  sbx_assert_status(&run, TS_EXEC_MEMORY_LIMIT);
  cr_assert_str_eq(run.r.report.type, "MemoryError");
  sbx_free(&run);
  sbx_assert_server_fine();
#endif
}

/* A whole clean-end record, then the pipes held open through a duplicate
 * until the deadline kills the child: its pipes close as it dies, before
 * its pidfd says so.  That is no early end: the server killed it, and
 * the answer (signal 9, no exit code) waits for the reap. */
Test(spoof, a_killed_child_is_not_done_early) {
  struct sbx_run run;

  sbx_run(&run,
          "import struct\n"
          "body = b'{\"error\": null}'\n"
          "os.write(3, struct.pack('<II', 2, len(body)) + body)\n"
          "os.dup2(3, 7)\n"
          "os.close(1)\n"
          "os.close(2)\n"
          "os.close(3)\n"
          "while True:\n"
          "    pass\n",
          1.0, SBX_MEMORY_MB);
  sbx_assert_status(&run, TS_EXEC_TIMEOUT);
  cr_assert_eq(run.r.report.kind, TS_REPORT_OK, "the record was read as one");
  cr_assert_eq(run.r.signal, 9, "exit %d, signal %d", run.r.exit_code, run.r.signal);
  cr_assert_eq(run.r.exit_code, -1);
  sbx_free(&run);
  sbx_assert_server_fine();
}
