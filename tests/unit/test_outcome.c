/* ts_outcome(), table-driven: every status, the order of the rules, and
 * the spoofs a snippet with `os` can try through what the server reads
 * from it (tests/sandbox/test_spoof.c runs them for real). */
#include <signal.h>

/* The rows override fields of a base run, on purpose. */
#pragma GCC diagnostic ignored "-Woverride-init"

#include <criterion/criterion.h>

#include "exec/outcome.h"

/* A clean run: exited 0 after a RESULT_OK record, 1 ms of CPU, 20 MiB
 * resident of which 18 MiB the zygote's, a 64 MiB allowance. */
#define CLEAN                                                                               \
  .handed_over = true, .end = TS_END_EXITED, .code = 0, .cpu_ms = 1, .cpu_limit_ms = 2000,   \
  .peak_kb = 20 << 10, .base_kb = 18 << 10, .allowance_kb = 64 << 10, .report = TS_REPORT_OK

/* The same run, raising: exit 1 after a RESULT_EXCEPTION record. */
#define RAISED CLEAN, .code = 1, .report = TS_REPORT_EXCEPTION

struct row {
  const char *what;
  struct ts_outcome_facts f;
  enum ts_exec_status want;
  bool server_fault;
};

static const struct row rows[] = {
    /* a run that ended by itself */
    {"clean exit", {CLEAN}, TS_EXEC_OK, false},
    {"clean end seen on the pipes", {CLEAN, .end = TS_END_DONE, .peak_kb = 0}, TS_EXEC_OK, false},
    {"exit 0 with no report (os._exit(0))", {CLEAN, .report = TS_REPORT_NONE}, TS_EXEC_OK, false},
    {"exit 0 after garbage on the report pipe", {CLEAN, .report = TS_REPORT_MALFORMED}, TS_EXEC_OK,
     false},
    {"exception", {RAISED}, TS_EXEC_ERROR, false},
    {"exception seen on the pipes", {RAISED, .end = TS_END_DONE, .peak_kb = 0}, TS_EXEC_ERROR,
     false},
    {"exit 1 with no report", {RAISED, .report = TS_REPORT_NONE}, TS_EXEC_ERROR, false},
    {"exit 3 (sys.exit(3))", {RAISED, .code = 3}, TS_EXEC_ERROR, false},

    /* memory: the peak the kernel reports decides, the name only narrows */
    {"MemoryError with half the allowance in use",
     {RAISED, .memory_error = true, .peak_kb = (18 + 32) << 10}, TS_EXEC_MEMORY_LIMIT, false},
    {"MemoryError with all of it in use", {RAISED, .memory_error = true, .peak_kb = (18 + 70) << 10},
     TS_EXEC_MEMORY_LIMIT, false},
    {"spoof: MemoryError('words') with nothing in use", {RAISED, .memory_error = true},
     TS_EXEC_ERROR, false},
    {"MemoryError just under half", {RAISED, .memory_error = true, .peak_kb = (18 + 31) << 10},
     TS_EXEC_ERROR, false},
    {"MemoryError not reaped: no peak known",
     {RAISED, .memory_error = true, .end = TS_END_DONE, .peak_kb = 0}, TS_EXEC_ERROR, false},
    {"another exception with all memory in use", {RAISED, .peak_kb = (18 + 70) << 10},
     TS_EXEC_ERROR, false},
    {"MemoryError with no allowance", {RAISED, .memory_error = true, .allowance_kb = 0,
                                       .peak_kb = 1 << 30}, TS_EXEC_ERROR, false},
    {"peak below the zygote's", {RAISED, .memory_error = true, .peak_kb = 1}, TS_EXEC_ERROR, false},

    /* setup errors: the server's fault only before the hand-over */
    {"setup error before the hand-over",
     {CLEAN, .handed_over = false, .code = 125, .report = TS_REPORT_SETUP_ERROR},
     TS_EXEC_INTERNAL_ERROR, true},
    {"exit 125 before the hand-over, no record",
     {CLEAN, .handed_over = false, .code = 125, .report = TS_REPORT_NONE}, TS_EXEC_INTERNAL_ERROR,
     true},
    {"spoof: setup-error record and exit 125 after the hand-over",
     {CLEAN, .code = 125, .report = TS_REPORT_SETUP_ERROR}, TS_EXEC_ERROR, false},
    {"spoof: exit 125 after the hand-over", {CLEAN, .code = 125, .report = TS_REPORT_NONE},
     TS_EXEC_ERROR, false},
    {"spoof: setup-error record then exit 0", {CLEAN, .report = TS_REPORT_SETUP_ERROR},
     TS_EXEC_ERROR, false},

    /* the server's own kills */
    {"spoof: report flood", {CLEAN, .report_over = true, .end = TS_END_SIGNALED, .code = SIGKILL,
                             .report = TS_REPORT_NONE}, TS_EXEC_ERROR, false},
    {"report flood that exited before the kill landed", {CLEAN, .report_over = true},
     TS_EXEC_ERROR, false},
    {"timeout", {CLEAN, .timed_out = true, .end = TS_END_SIGNALED, .code = SIGKILL}, TS_EXEC_TIMEOUT,
     false},
    {"timeout beats output", {CLEAN, .timed_out = true, .output_over = true,
                              .end = TS_END_SIGNALED, .code = SIGKILL}, TS_EXEC_TIMEOUT, false},
    {"timeout that exited before the kill landed", {CLEAN, .timed_out = true}, TS_EXEC_TIMEOUT,
     false},
    {"output limit", {CLEAN, .output_over = true, .end = TS_END_SIGNALED, .code = SIGKILL},
     TS_EXEC_OUTPUT_LIMIT, false},
    {"output limit beats a report flood", {CLEAN, .output_over = true, .report_over = true,
                                           .end = TS_END_SIGNALED, .code = SIGKILL},
     TS_EXEC_OUTPUT_LIMIT, false},
    {"shutdown", {CLEAN, .shutdown = true, .timed_out = true, .end = TS_END_SIGNALED,
                  .code = SIGKILL}, TS_EXEC_INTERNAL_ERROR, false},
    {"cancelled", {CLEAN, .client_gone = true, .end = TS_END_SIGNALED, .code = SIGKILL},
     TS_EXEC_CANCELLED, false},
    {"client gone but it exited first", {CLEAN, .client_gone = true}, TS_EXEC_OK, false},
    {"cancelled after the whole CPU allowance",
     {CLEAN, .client_gone = true, .end = TS_END_SIGNALED, .code = SIGKILL, .cpu_ms = 2500},
     TS_EXEC_CANCELLED, false},

    /* signals it did not get from the server's timers */
    {"RLIMIT_CPU soft: SIGXCPU", {CLEAN, .end = TS_END_SIGNALED, .code = SIGXCPU},
     TS_EXEC_TIMEOUT, false},
    {"RLIMIT_CPU hard: SIGKILL with the CPU spent",
     {CLEAN, .end = TS_END_SIGNALED, .code = SIGKILL, .cpu_ms = 2000}, TS_EXEC_TIMEOUT, false},
    {"SIGKILL from elsewhere", {CLEAN, .end = TS_END_SIGNALED, .code = SIGKILL}, TS_EXEC_KILLED,
     false},
    {"SIGSEGV", {CLEAN, .end = TS_END_SIGNALED, .code = SIGSEGV}, TS_EXEC_KILLED, false},
    {"spoof: killed by itself after a clean record",
     {CLEAN, .end = TS_END_SIGNALED, .code = SIGABRT}, TS_EXEC_KILLED, false},
};

Test(outcome, every_row_of_the_table) {
  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++) {
    struct ts_outcome o = ts_outcome(&rows[i].f);
    cr_expect_eq(o.status, rows[i].want, "%s: got %s, want %s", rows[i].what,
                 ts_exec_status_name(o.status), ts_exec_status_name(rows[i].want));
    cr_expect_eq(o.server_fault, rows[i].server_fault, "%s: server_fault %d", rows[i].what,
                 o.server_fault);
    if (o.status == TS_EXEC_INTERNAL_ERROR)
      cr_expect_not_null(o.why, "%s: internal_error says why", rows[i].what);
  }
}

/* Every status but `rejected` (decided before any execution) comes out of
 * some row. */
Test(outcome, the_table_covers_every_status) {
  bool seen[TS_EXEC_CANCELLED + 1] = {false};

  for (size_t i = 0; i < sizeof rows / sizeof rows[0]; i++)
    seen[ts_outcome(&rows[i].f).status] = true;
  for (int s = TS_EXEC_OK; s <= TS_EXEC_CANCELLED; s++)
    if (s != TS_EXEC_REJECTED)
      cr_expect(seen[s], "no row gives %s", ts_exec_status_name((enum ts_exec_status)s));
}

/* No fact the child controls can make the server log its own fault once
 * the job was handed over, whatever the rest says. */
Test(outcome, no_server_fault_after_the_handover) {
  static const enum ts_report_kind kinds[] = {TS_REPORT_NONE, TS_REPORT_MALFORMED,
                                              TS_REPORT_SETUP_ERROR, TS_REPORT_OK,
                                              TS_REPORT_EXCEPTION};
  static const enum ts_end ends[] = {TS_END_EXITED, TS_END_SIGNALED, TS_END_DONE};
  static const int codes[] = {0, 1, 125, 255, SIGKILL, SIGXCPU};

  for (size_t k = 0; k < 5; k++)
    for (size_t e = 0; e < 3; e++)
      for (size_t c = 0; c < 6; c++)
        for (int m = 0; m < 2; m++) {
          struct ts_outcome_facts f = {CLEAN, .report = kinds[k], .end = ends[e],
                                       .code = codes[c], .memory_error = m};
          struct ts_outcome o = ts_outcome(&f);
          cr_expect(!o.server_fault && o.status != TS_EXEC_INTERNAL_ERROR,
                    "report %zu end %zu code %d: %s", k, e, codes[c],
                    ts_exec_status_name(o.status));
        }
}

Test(outcome, status_names) {
  cr_expect_str_eq(ts_exec_status_name(TS_EXEC_OK), "ok");
  cr_expect_str_eq(ts_exec_status_name(TS_EXEC_MEMORY_LIMIT), "memory_limit");
  cr_expect_str_eq(ts_exec_status_name(TS_EXEC_CANCELLED), "cancelled");
  cr_expect_str_eq(ts_exec_status_name((enum ts_exec_status)99), "internal_error");
}
