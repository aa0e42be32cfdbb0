/* A transactional session, on the sandbox side: the constants the server
 * and the session's processes share, and the session's life after the
 * zygote's clone (child.c: ts_session_main).
 *
 * A session is a sandbox like any other (the same namespaces, limits,
 * capabilities and no_new_privs), but its pid 1 is the session's init:
 * our own C code only, it forks the first holder and then reaps every
 * process of the session, reporting each (pid, how it ended, its usage)
 * to the server on the status pipe.  The holder keeps the snippets'
 * Python state and waits on its command pipe.  For each call the server
 * asks the holder to fork; the fork is a clone with exactly
 * TS_SESS_CLONE_FLAGS (the new process is init's child), which passes
 * only through a seccomp USER_NOTIF filter whose listener the server
 * holds: it approves one clone per request, from the holder only.  The
 * new process's first act is the hello, through the same listener, at
 * which the server injects its pipes (job, stdout, stderr, report, and
 * its own command pipe); it then runs its job as any child does, and
 * waits on its command pipe: on commit it becomes the holder, on
 * rollback the server kills it.
 *
 *   server --SPAWN (flags SESSION, 4 fds)--> zygote
 *   server <-listener (SCM_RIGHTS)---------- first holder   handoff socket
 *   server <-struct ts_sess_status---------- init           status pipe
 *   server --TS_SESS_CMD_FORK--------------> holder         command pipe */
#ifndef TS_SANDBOX_SESSION_H
#define TS_SANDBOX_SESSION_H

#include <sched.h>
#include <signal.h>
#include <stdint.h>
#include <sys/syscall.h>

/* The spawn request of a session's init (struct ts_spawn_req.flags); its
 * four fds are, in order: the first holder's command pipe (read end),
 * init's status pipe (write end), the handoff socket (the first holder
 * sends its listener there) and the report pipe (setup errors). */
#define TS_SPAWN_F_SESSION 0x1u

/* A session process's descriptors, besides the job's four (child.h). */
#define TS_FD_CMD 5     /* server -> holder: commands */
#define TS_FD_STATUS 6  /* init -> server: struct ts_sess_status */
#define TS_FD_HANDOFF 7 /* first holder -> server: the listener, then closed */

/* The only clone a session process may make, and only when the server
 * approves it: the new process is the caller's sibling, init's child, so
 * init reaps it. */
#define TS_SESS_CLONE_FLAGS ((unsigned long)(CLONE_PARENT | SIGCHLD))

/* The hello: a system call nothing else uses, with a magic argument.  The
 * notify filter gives it to the server, which learns the caller's pid (in
 * its own namespace) from the notification itself. */
#define TS_SESS_HELLO_NR __NR_sched_get_priority_min
#define TS_SESS_HELLO_MAGIC 0x5e55105eUL

/* Commands on the holder's command pipe, one byte each: a fork for a
 * call; a fork for a query (GET /sessions/{id}), for which the holder runs
 * no Python at all, not even the fork's handlers, and the new process
 * only reads the state's globals in C (child.c: list_variables). */
#define TS_SESS_CMD_FORK 'F'
#define TS_SESS_CMD_QUERY 'Q'

/* Sessions in one box (a session and its forks, which share its init,
 * namespaces and /tmp). */
#define TS_SESS_BOX_MAX 8

/* Processes of a box: init, a holder per session, one call, and the
 * processes the server killed that init has not reaped yet (the server
 * makes no process while any is left).  The real bound is the server's
 * approval (uid 0 ignores RLIMIT_NPROC). */
#define TS_SESS_NPROC (2 + 2 * TS_SESS_BOX_MAX)

/* One record of the status pipe: a child of init was reaped. */
#define TS_SESS_STATUS_MAGIC 0x54535354u /* "TSST" */
struct ts_sess_status {
  uint32_t magic;
  int32_t pid;    /* in the session's pid namespace */
  int32_t code;   /* siginfo si_code: CLD_EXITED, CLD_KILLED, CLD_DUMPED */
  int32_t status; /* exit code or signal */
  int64_t utime_us, stime_us;
  int64_t maxrss_kb;
};

/* What the first holder sends on the handoff socket, with the listener. */
struct ts_sess_handoff {
  uint32_t magic; /* TS_SESS_STATUS_MAGIC */
  int32_t err;    /* 0, or the errno of `stage` (no fd then) */
  char stage[40];
};

#endif
