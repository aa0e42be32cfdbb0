/* The HTTP front end (libmicrohttpd), in the server process.  A ts_server
 * owns the libmicrohttpd daemon and its thread pool, the worker threads
 * that parse and validate bodies, the lingering-close thread (linger.h)
 * and every connection's state.
 *
 * Lifecycle, both on the main thread: ts_server_start() after the zygote
 * exists and Python is initialised; it starts the workers, the
 * lingering-close thread and then the daemon.  ts_server_stop() after
 * ts_executor_stop(), so that no job still holds a parked connection: it
 * stops a lazily started profile's executor first (as main.c stops the
 * others), lets the workers finish what is queued and joins them, then
 * stops the daemon (its listening socket, its connections and its
 * threads). */
#ifndef TS_HTTP_H
#define TS_HTTP_H

#include "server/config.h"
#include "util/common.h"

struct ts_server;
struct ts_executor;
struct ts_executor_config;

/* science: the science profile's executor when it started at boot, or
 * NULL; science_lazy: its executor's configuration when it starts on its
 * first request (cfg->science_lazy), which the server does then, and
 * stops and frees in ts_server_stop() (server/profiles.h). */
struct ts_server *ts_server_start(const struct ts_config *cfg, struct ts_executor *ex,
                                  struct ts_executor *science,
                                  const struct ts_executor_config *science_lazy,
                                  ts_err *err);

/* The port actually bound (useful with port 0). */
unsigned ts_server_port(const struct ts_server *s);
void ts_server_stop(struct ts_server *s);

#endif
