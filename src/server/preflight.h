/* --check: what the sandbox needs from this machine, each item tested for
 * real, with what to do when it is missing. */
#ifndef TS_PREFLIGHT_H
#define TS_PREFLIGHT_H

#include <stdio.h>

#include "server/config.h"

/* Runs the kernel checks (user namespaces, seccomp, the other namespaces,
 * the Python home) in throwaway child processes and prints one line per
 * check to `out`.  Returns the number of failed checks. */
int ts_preflight(const struct ts_config *cfg, FILE *out);

#endif
