/* Service configuration: built-in defaults, then TOOL_SANDBOX_* environment
 * variables, then command-line flags (later wins). */
#ifndef TS_CONFIG_H
#define TS_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "common.h"
#include "log.h"
#include "policy.h"

struct ts_config {
  char *listen;          /* "HOST:PORT", port 0 picks a free one */
  size_t max_body;       /* bytes; larger request bodies get 413 */
  unsigned threads;      /* HTTP worker threads */
  unsigned conn_timeout; /* seconds a connection may stay idle */
  unsigned max_conns;    /* simultaneous connections */
  char *python_home;     /* NULL: the interpreter's built-in prefix */
  enum ts_log_level log_level;
  struct ts_policy policy;

  /* /execute */
  double timeout_default, timeout_max; /* seconds */
  long memory_default_mb, memory_max_mb;
  size_t output_max;        /* bytes kept per stream */
  unsigned max_concurrency; /* executions at once */
  unsigned queue_max;       /* executions waiting for a slot */
  unsigned pool;            /* sandboxes kept ready ahead of demand */
};

enum ts_config_action { TS_CONFIG_RUN, TS_CONFIG_EXIT_OK, TS_CONFIG_EXIT_USAGE };

int ts_config_init(struct ts_config *c, ts_err *err);
/* Applies the environment then argv.  Prints --help/--version itself. */
enum ts_config_action ts_config_load(struct ts_config *c, int argc, char **argv,
                                     ts_err *err);
void ts_config_free(struct ts_config *c);

/* Splits "host:port" or "[v6]:port".  host must hold 256 bytes. */
int ts_parse_listen(const char *s, char host[256], unsigned *port, ts_err *err);

#endif
