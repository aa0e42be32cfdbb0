/* The zygote: a single-threaded fork server.
 *
 * It is started by the server with posix_spawn of its own binary (argv[1] is
 * "--zygote"), before the HTTP threads and before any secret is read, so
 * it inherits nothing but its arguments and the control socket at fd 3.
 * It initialises Python once, pre-imports the allowed modules, compiles
 * the seccomp filter, enters an empty network namespace, drops root, and
 * then clones one child per spawn request.  It never reads user code. */
#ifndef TS_ZYGOTE_H
#define TS_ZYGOTE_H

#define TS_ZYGOTE_FLAG "--zygote"
#define TS_ZYGOTE_CTL_FD 3

int ts_zygote_main(int argc, char **argv);

#endif
