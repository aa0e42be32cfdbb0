/* The HTTP front end (libmicrohttpd).
 *
 * Lifecycle: ts_server_start() after the zygote exists and Python is
 * initialised; it spawns the worker threads.  ts_server_stop() closes the
 * listening socket, finishes the connections and joins the threads. */
#ifndef TS_HTTP_H
#define TS_HTTP_H

#include "util/common.h"
#include "server/config.h"

struct ts_server;
struct ts_executor;

struct ts_server *ts_server_start(const struct ts_config *cfg, struct ts_executor *ex,
                                  ts_err *err);

/* The port actually bound (useful with port 0). */
unsigned ts_server_port(const struct ts_server *s);
void ts_server_stop(struct ts_server *s);

#endif
