/* The outcome function.  See outcome.h: the rules are in the order they
 * are checked, the server's own decisions first. */
#include <signal.h>

#include "exec/outcome.h"

const char *ts_exec_status_name(enum ts_exec_status s) {
  static const char *const names[] = {"ok",           "error",  "rejected",
                                      "timeout",      "memory_limit",
                                      "output_limit", "killed", "internal_error",
                                      "cancelled"};
  return (unsigned)s < TS_ARRAY_LEN(names) ? names[s] : "internal_error";
}

static struct ts_outcome is(enum ts_exec_status status, const char *why, bool server_fault) {
  return (struct ts_outcome){status, why, server_fault};
}

/* At least half of the job's allowance was in use at the peak: a
 * MemoryError then is the limit at work.  Growth that fails (a list, a
 * string, a dict doubling) fails with its old size still held, at least a
 * third to a half of what it asked for; a single request far beyond the
 * allowance fails with nothing in use and stays an error. */
static bool memory_exhausted(const struct ts_outcome_facts *f) {
  unsigned long used = f->peak_kb > f->base_kb ? f->peak_kb - f->base_kb : 0;

  return f->allowance_kb > 0 && used >= f->allowance_kb / 2;
}

struct ts_outcome ts_outcome(const struct ts_outcome_facts *f) {
  /* 1. What the server killed the child for, its own decisions first. */
  if (f->shutdown)
    return is(TS_EXEC_INTERNAL_ERROR, "the server shut down before the execution finished", false);
  if (f->timed_out)
    return is(TS_EXEC_TIMEOUT, NULL, false);
  if (f->output_over)
    return is(TS_EXEC_OUTPUT_LIMIT, NULL, false);
  if (f->report_over)
    return is(TS_EXEC_ERROR, "the execution wrote past the limit of its report channel", false);

  /* 2. Killed by a signal: the server's own, for the client's hang-up;
   *    RLIMIT_CPU (SIGXCPU, or SIGKILL at the hard limit); or anything
   *    else. */
  if (f->end == TS_END_SIGNALED) {
    /* The server's own kill for the hang-up first: a child that had used
     * its whole CPU allowance by then is still one nobody waits for. */
    if (f->client_gone)
      return is(TS_EXEC_CANCELLED, NULL, false);
    if (f->code == SIGXCPU || (f->code == SIGKILL && f->cpu_ms >= f->cpu_limit_ms))
      return is(TS_EXEC_TIMEOUT, NULL, false);
    return is(TS_EXEC_KILLED, NULL, false);
  }

  /* 3. A setup step failed.  Before the hand-over only our own code ran
   *    in the child; after it, the snippet may have written the record. */
  if (f->report == TS_REPORT_SETUP_ERROR || (f->end == TS_END_EXITED && f->code == TS_EXIT_SETUP)) {
    if (!f->handed_over)
      return is(TS_EXEC_INTERNAL_ERROR, "the sandbox setup failed", true);
    if (f->report == TS_REPORT_SETUP_ERROR)
      return is(TS_EXEC_ERROR, "the execution reported a failed sandbox setup after it was "
                               "handed its job", false);
  }

  /* 4. The run ended by itself.  An exit status is what the child chose;
   *    a closed channel after a whole RESULT record stands for the exit
   *    it was about to make. */
  if (f->end == TS_END_EXITED && f->code == TS_EXIT_OK)
    return is(TS_EXEC_OK, NULL, false);
  if (f->end == TS_END_DONE && f->report == TS_REPORT_OK)
    return is(TS_EXEC_OK, NULL, false);
  if (f->report == TS_REPORT_EXCEPTION && f->memory_error && memory_exhausted(f))
    return is(TS_EXEC_MEMORY_LIMIT, NULL, false);
  return is(TS_EXEC_ERROR, NULL, false);
}
