/* A snippet that already has `os` (RAW mode) makes the server work for
 * its output: many tiny writes, each of which would wake the executor
 * thread (the one thread that serves every sandbox) for a read of a byte
 * or two.  The byte caps bound how much is kept, not how often the server
 * is woken: the server must not spend on a child's output anything like
 * the CPU the child spends making it. */
#include <stdio.h>
#include <sys/resource.h>

#include "sbx.h"

TestSuite(flood, .init = sbx_setup, .fini = sbx_teardown, .timeout = 60);

/* CPU time of this process, every thread: the executor thread is the
 * server; the children are not counted. */
static double server_cpu_ms(void) {
  struct rusage ru;

  cr_assert_eq(getrusage(RUSAGE_SELF, &ru), 0);
  return (double)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) * 1e3 +
         (double)(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e3;
}

/* One-byte writes to stdout and stderr, each pipe kept just under its cap,
 * with a pause between writes long enough for the server to go back to
 * sleep: left alone it would wake up for every one of them, about a
 * microsecond of its CPU per write, close to what the child pays.
 * Throttled, the server reads what piled up in the pipes a bounded number
 * of times a second.  The report pipe, which carries one record written
 * at once, gets a handful of reads: a child that trickles into it is
 * killed. */
Test(flood, tiny_writes_cost_the_server_little) {
  struct sbx_run run;
  double before, spent;

  before = server_cpu_ms();
  sbx_runf(&run, 20.0, SBX_MEMORY_MB,
           "def drip(fd, n):\n"
           "    for i in range(n):\n"
           "        os.write(fd, b'x')\n"
           "        for j in range(10):\n"
           "            pass\n"
           "drip(1, %d)\n"
           "drip(2, %d)\n",
           SBX_OUTPUT_MAX - 4096, SBX_OUTPUT_MAX - 4096);
  spent = server_cpu_ms() - before;
  sbx_assert_status(&run, TS_EXEC_OK);
  cr_assert_eq(run.r.out_truncated, false);
  cr_assert_eq(run.r.err_len, (size_t)(SBX_OUTPUT_MAX - 4096));
  cr_log_info("server %.1f ms of CPU for %.1f ms of the child's", spent, run.r.cpu_ms);
  cr_assert_lt(spent, 50.0, "the server spent %.1f ms of CPU on tiny writes (the child %.1f ms)",
               spent, run.r.cpu_ms);
  sbx_free(&run);

  before = server_cpu_ms();
  sbx_runf(&run, 20.0, SBX_MEMORY_MB,
           "for i in range(%zu):\n"
           "    os.write(3, b'x')\n"
           "    for j in range(10):\n"
           "        pass\n",
           TS_REPORT_MAX - 4096);
  spent = server_cpu_ms() - before;
  sbx_assert_status(&run, TS_EXEC_ERROR);
  cr_assert_eq(run.r.signal, 9, "killed by the server");
  cr_assert_lt(spent, 50.0, "the server spent %.1f ms of CPU on a report trickle", spent);
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* Past the cap a stream is still read, to count it and keep its tail,
 * until the ceiling: a flood costs the server the copying of the ceiling
 * (in reads of at most 64 KiB), and it keeps no more than the cap. */
Test(flood, a_flood_to_the_ceiling_is_counted_and_bounded) {
  struct sbx_run run;
  double before, spent;

  before = server_cpu_ms();
  sbx_run(&run, "c = b'x' * 65536\nwhile True:\n    os.write(1, c)\n", SBX_TIMEOUT, SBX_MEMORY_MB);
  spent = server_cpu_ms() - before;
  sbx_assert_status(&run, TS_EXEC_OUTPUT_LIMIT);
  cr_assert(run.r.out_truncated);
  sbx_assert_ceiling(run.r.out, run.r.out_len, run.r.out_bytes);
  cr_log_info("server %.1f ms of CPU for a flood of %zu bytes", spent, run.r.out_bytes);
  cr_assert_lt(spent, 50.0, "the server spent %.1f ms of CPU on a flood", spent);
  sbx_free(&run);
  sbx_assert_server_fine();
}
