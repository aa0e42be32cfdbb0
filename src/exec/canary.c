/* The canary's job and its judge.  See canary.h.  Pure: no system call,
 * no state; called from the main thread and from the executor thread. */
#include <stdio.h>
#include <string.h>

#include "exec/canary.h"

static const char canary_code[] = "print(6 * 7)";
static const char canary_answer[] = "42\n";

struct ts_exec_params ts_canary_params(double timeout, double timeout_max, long memory_mb,
                                       long memory_max_mb) {
  return (struct ts_exec_params){
      .code = canary_code,
      .code_len = sizeof canary_code - 1,
      .stdin_data = NULL,
      .stdin_len = 0,
      .timeout = timeout < timeout_max ? timeout : timeout_max,
      .memory_mb = memory_mb < memory_max_mb ? memory_mb : memory_max_mb,
      .flags = 0,
      .client_fd = -1,
  };
}

bool ts_canary_judge(const struct ts_exec_result *r, char *why, size_t n) {
  if (!r) {
    (void)snprintf(why, n, "the canary execution failed: out of memory");
    return false;
  }
  if (r->status != TS_EXEC_OK) {
    (void)snprintf(why, n, "the canary execution failed: %s%s%s",
                   ts_exec_status_name(r->status), r->detail[0] ? ": " : "", r->detail);
    return false;
  }
  if (r->out_len != sizeof canary_answer - 1 || memcmp(r->out, canary_answer, r->out_len) != 0) {
    (void)snprintf(why, n, "the canary execution failed: it printed %zu bytes, not \"42\\n\"",
                   r->out_len);
    return false;
  }
  if (n)
    why[0] = '\0';
  return true;
}
