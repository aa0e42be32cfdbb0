/* The canary: one known snippet, run through every sandbox layer and
 * judged the same way wherever the server process runs it: at start-up
 * and for --check (main.c, on the main thread, through ts_exec_run) and
 * for /readyz (http.c, on the executor's reserved slot).  This file only
 * builds its job and judges its result; it runs nothing and owns nothing. */
#ifndef TS_CANARY_H
#define TS_CANARY_H

#include <stdbool.h>
#include <stddef.h>

#include "exec/executor.h"

/* The canary's job: its snippet, no stdin, no client socket, flags 0;
 * `timeout` seconds and `memory_mb` MiB, each cut to the caller's
 * configured maximum (a job may not pass it).  The code is static: the
 * result may outlive the call. */
struct ts_exec_params ts_canary_params(double timeout, double timeout_max, long memory_mb,
                                       long memory_max_mb);

/* True when r is the expected result: status ok and stdout exactly the
 * answer.  Otherwise false, with why[n] saying what went wrong ("the
 * canary execution failed: ...", never the snippet's stderr, so that the
 * caller chooses whether to show it).  r NULL (the executor could not
 * allocate a result) is a failure. */
bool ts_canary_judge(const struct ts_exec_result *r, char *why, size_t n);

#endif
