/* The status of an execution, decided by one pure function from what the
 * server itself observed.  Runs in the server process, on the executor
 * thread; no I/O, no state, so every rule is unit-tested in a table
 * (tests/unit/test_outcome.c).
 *
 * The child's word counts for nothing here but the kind of its report: a
 * clean end, an exception or a failed setup step.  Even that only ever
 * chooses between statuses the server's own facts allow:
 *  - a setup error is the server's fault (internal_error) only while no
 *    byte of the job was handed over, when nothing but our own code can
 *    have run in the child; after that, it is the snippet's (error);
 *  - memory_limit needs the peak memory the kernel reports to the server
 *    at the reap (at least half of the job's allowance in use); a
 *    MemoryError without it is an error like any other exception;
 *  - a report that is not exactly one well-formed record is no report. */
#ifndef TS_OUTCOME_H
#define TS_OUTCOME_H

#include <stdbool.h>

#include "sandbox/proto.h"

enum ts_exec_status {
  TS_EXEC_OK,
  TS_EXEC_ERROR,
  TS_EXEC_REJECTED,
  TS_EXEC_TIMEOUT,
  TS_EXEC_MEMORY_LIMIT,
  TS_EXEC_OUTPUT_LIMIT,
  TS_EXEC_KILLED,
  TS_EXEC_INTERNAL_ERROR,
  TS_EXEC_CANCELLED, /* the client hung up: stopped, or never started */
};

const char *ts_exec_status_name(enum ts_exec_status s);

/* How the child's run ended, as the server saw it. */
enum ts_end {
  TS_END_EXITED,   /* reaped; it called exit: `code` is its exit code */
  TS_END_SIGNALED, /* reaped; killed by signal `code` */
  TS_END_DONE,     /* not reaped yet: it closed every pipe after a whole
                    * RESULT record, and was then killed by the server */
};

struct ts_outcome_facts {
  /* what the server decided and did */
  bool shutdown;    /* it killed the child because it was shutting down */
  bool timed_out;   /* the wall-clock deadline passed; it killed the child */
  bool output_over; /* stdout or stderr passed its cap; it killed the child */
  bool report_over; /* the report pipe passed TS_REPORT_MAX; it killed the child */
  bool client_gone; /* the client hung up; it killed the child */
  bool handed_over; /* it had written at least one byte of the job */
  /* how the child ended */
  enum ts_end end;
  int code;
  double cpu_ms;       /* CPU time, from the kernel */
  double cpu_limit_ms; /* the job's RLIMIT_CPU, rounded down like the kernel's */
  /* memory, from the kernel: peak resident set at the reap, the zygote's
   * resident set (what every child starts with) and the job's allowance;
   * peak_kb is 0 when not reaped */
  unsigned long peak_kb, base_kb, allowance_kb;
  /* the report, as decoded (ts_report_decode) */
  enum ts_report_kind report;
  bool memory_error; /* the report's exception is a MemoryError */
};

struct ts_outcome {
  enum ts_exec_status status;
  /* For internal_error and for a failure the server itself describes (a
   * report that broke the protocol, a setup error after the hand-over):
   * fixed text, never the child's; NULL otherwise. */
  const char *why;
  /* Whether the status is the server's own fault, worth an ERROR log
   * line: only ever for facts the snippet cannot produce. */
  bool server_fault;
};

struct ts_outcome ts_outcome(const struct ts_outcome_facts *f);

#endif
