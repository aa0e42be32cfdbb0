/* Transactional sessions at the kernel layers (RAW mode, the Python layer
 * off): the state a call commits persists, the state of a call that fails
 * does not, and no snippet can make a process through the session's fork
 * mechanism, nor touch the holder, init, or another session. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sbx.h"
#include "sandbox/session.h"

static const unsigned char owner[TS_SESSION_OWNER_LEN] = {1, 2, 3};

static void mk(struct ts_session_info *info) {
  struct ts_session_params p = {.memory_mb = SBX_MEMORY_MB, .ttl = 60};
  ts_err err = {0};

  memcpy(p.owner, owner, sizeof p.owner);
  cr_assert_eq(ts_session_create_sync(sbx_ex, &p, info, &err), 0, "create: %s", err.msg);
  cr_assert_eq(strlen(info->id), TS_SESSION_ID_LEN);
  cr_assert_eq(info->revision, 0);
}

/* One call: `body` (with the prelude and DONE when `prelude`), RAW. */
static void call_t(struct sbx_run *run, const char *id, const char *body, enum ts_commit commit,
                   bool prelude, double timeout) {
  static const char tail[] = "\nprint('DONE')\n";
  size_t a = prelude ? strlen(SBX_PRELUDE) : 0, b = strlen(body);
  char *code = malloc(a + b + sizeof tail);
  struct ts_exec_params p = {0};
  ts_err err = {0};

  cr_assert(code);
  memcpy(code, SBX_PRELUDE, a);
  memcpy(code + a, body, b);
  if (prelude)
    memcpy(code + a + b, tail, sizeof tail);
  else
    code[a + b] = '\0';
  p.code = code;
  p.code_len = strlen(code);
  p.timeout = timeout;
  p.memory_mb = SBX_MEMORY_MB;
  p.flags = TS_JOB_F_RAW;
  memset(run, 0, sizeof *run);
  cr_assert_eq(ts_session_exec_run(sbx_ex, id, owner, &p, commit, &run->r, &err), 0, "exec: %s",
               err.msg);
  run->out = strndup(run->r.out ? run->r.out : "", run->r.out_len);
  run->err = strndup(run->r.err ? run->r.err : "", run->r.err_len);
  if (getenv("SBX_SHOW_OUTPUT"))
    cr_log_info("call: %s (%s) revision %u committed %d %s %s %s\n%s\n%s",
                ts_exec_status_name(run->r.status), run->r.session.reason,
                run->r.session.revision, run->r.session.committed, run->r.detail,
                run->r.report.type ? run->r.report.type : "-",
                run->r.report.message ? run->r.report.message : "-", run->out, run->err);
  free(code);
}

static void call(struct sbx_run *run, const char *id, const char *body, enum ts_commit commit) {
  call_t(run, id, body, commit, false, SBX_TIMEOUT);
}

#define assert_call(run, st, committed_, revision_)                                            \
  do {                                                                                        \
    sbx_assert_status(run, st);                                                               \
    cr_assert((run)->r.session.found);                                                        \
    cr_assert_eq((run)->r.session.committed, (committed_), "committed %d (%s)",                \
                 (run)->r.session.committed, (run)->r.session.reason);                        \
    cr_assert_eq((run)->r.session.revision, (revision_), "revision %u",                       \
                 (run)->r.session.revision);                                                  \
  } while (0)

/* x in the session is `want`. */
static void assert_x(const char *id, const char *want, unsigned revision) {
  struct sbx_run r;
  char expect[64];

  call(&r, id, "print(x)", TS_COMMIT_NEVER);
  assert_call(&r, TS_EXEC_OK, false, revision);
  (void)snprintf(expect, sizeof expect, "%s\n", want);
  cr_assert_str_eq(r.out, expect);
  sbx_free(&r);
}

static void destroy(const char *id) {
  ts_err err = {0};

  cr_assert_eq(ts_session_destroy_sync(sbx_ex, id, owner, &err), 0, "destroy: %s", err.msg);
}

TestSuite(sessions, .init = sbx_setup, .fini = sbx_teardown, .timeout = 60);

Test(sessions, commit_keeps_and_rollback_restores) {
  struct ts_session_info s;
  struct sbx_run r;

  mk(&s);
  call(&r, s.id, "x = 1\nprint('set')", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 1);
  cr_assert_str_eq(r.out, "set\n");
  sbx_free(&r);
  /* sets x = 2, then raises: rolled back */
  call(&r, s.id, "x = 2\nraise ValueError('no')", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_ERROR, false, 1);
  cr_assert_str_eq(r.r.report.type, "ValueError");
  sbx_free(&r);
  assert_x(s.id, "1", 1);
  /* commit really keeps: x += 1 twice */
  call(&r, s.id, "x += 1", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 2);
  sbx_free(&r);
  call(&r, s.id, "x += 1\ndef f(): return x * 10", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 3);
  sbx_free(&r);
  call(&r, s.id, "print(f())", TS_COMMIT_NEVER);
  assert_call(&r, TS_EXEC_OK, false, 3);
  cr_assert_str_eq(r.out, "30\n");
  sbx_free(&r);
  destroy(s.id);
  sbx_assert_no_leftover();
}

Test(sessions, commit_modes) {
  struct ts_session_info s;
  struct sbx_run r;

  mk(&s);
  call(&r, s.id, "x = 'kept'\nraise KeyError(1)", TS_COMMIT_ALWAYS);
  assert_call(&r, TS_EXEC_ERROR, true, 1);
  sbx_free(&r);
  assert_x(s.id, "kept", 1);
  call(&r, s.id, "x = 'never'", TS_COMMIT_NEVER);
  assert_call(&r, TS_EXEC_OK, false, 1);
  cr_assert_str_eq(r.r.session.reason, "never");
  sbx_free(&r);
  assert_x(s.id, "kept", 1);
  /* always, but the process did not survive: nothing to keep */
  call(&r, s.id, "x = 'gone'\nimport os\nos._exit(3)", TS_COMMIT_ALWAYS);
  cr_assert_eq(r.r.session.committed, false);
  cr_assert_eq(r.r.exit_code, 3);
  sbx_free(&r);
  assert_x(s.id, "kept", 1);
  destroy(s.id);
}

Test(sessions, dead_or_timed_out_call_leaves_the_holder) {
  struct ts_session_info s;
  struct sbx_run r;

  mk(&s);
  call(&r, s.id, "x = 7", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 1);
  sbx_free(&r);
  call(&r, s.id, "x = 8\nimport ctypes\nctypes.string_at(0)", TS_COMMIT_ALWAYS);
  cr_assert_eq(r.r.session.committed, false);
  cr_assert_eq(r.r.signal, SIGSEGV, "signal %d", r.r.signal);
  sbx_free(&r);
  assert_x(s.id, "7", 1);
  call_t(&r, s.id, "x = 9\nwhile True: pass", TS_COMMIT_ALWAYS, false, 0.5);
  assert_call(&r, TS_EXEC_TIMEOUT, false, 1);
  sbx_free(&r);
  assert_x(s.id, "7", 1);
  call(&r, s.id, "x = 10\nimport sys\nsys.exit(0)", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 2);
  sbx_free(&r);
  assert_x(s.id, "10", 2);
  destroy(s.id);
  sbx_assert_no_leftover();
}

/* Calls the strict filter refuses without asking the server: the call
 * goes on. */
Test(sessions, strict_filter_refusals) {
  struct ts_session_info s;
  struct sbx_run r;
  char body[2048];

  mk(&s);
  (void)snprintf(
      body, sizeof body,
      "import signal\n"
      "attempt('os.fork', os.fork)\n"
      "n = 0\n"
      "for i in range(2000):\n"
      "    try:\n"
      "        if os.fork() == 0: os._exit(0)\n"
      "        n += 1\n"
      "    except OSError: pass\n"
      "print('forks', n)\n"
      "expect_blocked('SYS_fork', 57)\n"
      "expect_blocked('SYS_vfork', 58)\n"
      "expect_blocked('clone SIGCHLD', 56, %d, 0, 0, 0, 0)\n"
      "expect_blocked('clone thread', 56, 0x3d0f00, 0, 0, 0, 0)\n"
      "expect_blocked('clone parent newsp', 56, %lu, 4096, 0, 0, 0)\n"
      "expect_blocked('clone parent newpid', 56, %lu, 0, 0, 0, 0)\n"
      "expect_blocked('clone3', 435, 0, 0)\n"
      "expect_blocked('unshare', 272, 0x10000000)\n"
      "for pid in (1, 2, 3, 4, 5):\n"
      "    expect_blocked(f'kill {pid}', 62, pid, 9)\n"
      "    expect_blocked(f'tgkill {pid}', 234, pid, pid, 9)\n"
      "    expect_blocked(f'prlimit {pid}', 302, pid, 7, 0, 0)\n"
      "r, e = sc(302, 0, 7, 0, 0)\n"
      "print('own prlimit', r, e)\n",
      SIGCHLD, TS_SESS_CLONE_FLAGS, TS_SESS_CLONE_FLAGS | 0x20000000ul);
  call_t(&r, s.id, body, TS_COMMIT_ON_SUCCESS, true, 10);
  sbx_assert_contained(&r);
  sbx_assert_out_has(&r, "forks 0\n");
  sbx_assert_out_has(&r, "BLOCKED clone3 errno=38 ENOSYS");
  sbx_assert_out_has(&r, "BLOCKED tgkill 1 errno=1 EPERM");
  sbx_assert_out_has(&r, "BLOCKED prlimit 2 errno=1 EPERM");
  sbx_assert_out_has(&r, "own prlimit 0 0\n");
  sbx_free(&r);
  destroy(s.id);
  sbx_assert_no_leftover();
}

/* The one clone the strict filter lets through reaches the server, which
 * refuses it and kills the call at once; so does a hello out of turn.
 * The holder and its state are untouched, and nothing was created. */
Test(sessions, unrequested_clone_or_hello_kills_the_call) {
  struct ts_session_info s;
  struct sbx_run r;
  char body[512];

  mk(&s);
  call(&r, s.id, "x = 'safe'", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 1);
  sbx_free(&r);
  (void)snprintf(body, sizeof body,
                 "x = 'attacker'\n"
                 "for i in range(100000):\n"
                 "    r, e = sc(56, %lu, 0, 0, 0, 0)\n"
                 "    if r == 0: os._exit(0)\n"
                 "    if r > 0: print('ESCAPED clone', r)\n",
                 TS_SESS_CLONE_FLAGS);
  call_t(&r, s.id, body, TS_COMMIT_ALWAYS, true, 10);
  sbx_assert_status(&r, TS_EXEC_KILLED);
  sbx_assert_out_lacks(&r, "ESCAPED");
  sbx_assert_out_lacks(&r, "DONE");
  /* Killed at its first unrequested clone: a call left to loop would end
   * as a timeout, not killed. */
  cr_assert_eq(r.r.session.committed, false);
  sbx_free(&r);
  (void)snprintf(body, sizeof body, "x = 'attacker'\nsc(%d, %lu)\n", TS_SESS_HELLO_NR,
                 TS_SESS_HELLO_MAGIC);
  call_t(&r, s.id, body, TS_COMMIT_ALWAYS, true, 10);
  sbx_assert_status(&r, TS_EXEC_KILLED);
  sbx_free(&r);
  assert_x(s.id, "safe", 1);
  destroy(s.id);
  sbx_assert_no_leftover();
}

Test(sessions, two_sessions_cannot_see_each_other) {
  struct ts_session_info a, b;
  struct sbx_run r;

  mk(&a);
  mk(&b);
  cr_assert_str_neq(a.id, b.id);
  call(&r, a.id, "x = 'secret'\nopen('/tmp/a.txt', 'w').write('a')", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 1);
  sbx_free(&r);
  call(&r, b.id,
       "import os\nprint('x' in globals(), os.listdir('/tmp'))\n"
       "print([p for p in range(1, 50) if os.path.exists(f'/proc/{p}')])",
       TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 1);
  cr_assert_str_eq(r.out, "False []\n[]\n");
  sbx_free(&r);
  /* the files of a session are its own, and not rolled back */
  call(&r, a.id, "import os\nprint(os.listdir('/tmp'))", TS_COMMIT_NEVER);
  cr_assert_str_eq(r.out, "['a.txt']\n");
  sbx_free(&r);
  destroy(a.id);
  destroy(b.id);
}

Test(sessions, unknown_deleted_or_other_owner) {
  struct ts_session_info s, info;
  struct sbx_run r;
  static const unsigned char other[TS_SESSION_OWNER_LEN] = {9};
  struct ts_exec_params p = {"print(1)", 8, NULL, 0, 1, SBX_MEMORY_MB, TS_JOB_F_RAW};
  ts_err err = {0};

  mk(&s);
  memset(&r, 0, sizeof r);
  cr_assert_eq(ts_session_exec_run(sbx_ex, s.id, other, &p, TS_COMMIT_ON_SUCCESS, &r.r, &err), 0);
  cr_assert_eq(r.r.session.found, false);
  ts_exec_result_free(&r.r);
  cr_assert_eq(ts_session_get_sync(sbx_ex, s.id, other, &info, &err), -1);
  cr_assert_eq(err.errnum, ENOENT);
  cr_assert_eq(ts_session_destroy_sync(sbx_ex, s.id, other, &err), -1);
  cr_assert_eq(ts_session_get_sync(sbx_ex, s.id, owner, &info, &err), 0);
  cr_assert_eq(info.revision, 0);
  destroy(s.id);
  cr_assert_eq(ts_session_get_sync(sbx_ex, s.id, owner, &info, &err), -1);
  cr_assert_eq(err.errnum, ENOENT);
  memset(&r, 0, sizeof r);
  cr_assert_eq(ts_session_exec_run(sbx_ex, s.id, owner, &p, TS_COMMIT_ON_SUCCESS, &r.r, &err), 0);
  cr_assert_eq(r.r.session.found, false);
  ts_exec_result_free(&r.r);
  sbx_assert_no_leftover();
}

Test(sessions, expiry_without_a_request) {
  struct ts_session_params p = {.memory_mb = SBX_MEMORY_MB, .ttl = 0.3};
  struct ts_session_info s, info;
  struct ts_session_stats st;
  ts_err err = {0};

  memcpy(p.owner, owner, sizeof p.owner);
  cr_assert_eq(ts_session_create_sync(sbx_ex, &p, &s, &err), 0, "%s", err.msg);
  /* Wait on the executor's counts, not on a clock: no request comes.
   * (The expiry is counted when the session is killed, and it leaves the
   * active count once its init is reaped.) */
  for (int i = 0; i < 3000; i++) {
    ts_session_stats(sbx_ex, &st);
    if (st.expired == 1 && st.active == 0)
      break;
    usleep(10 * 1000);
  }
  cr_assert_eq(st.expired, 1);
  cr_assert_eq(st.active, 0);
  cr_assert_eq(ts_session_get_sync(sbx_ex, s.id, owner, &info, &err), -1);
  sbx_assert_no_leftover();
}

/* The stateless path is unchanged next to sessions. */
Test(sessions, stateless_execute_still_fine) {
  struct ts_session_info s;
  struct sbx_run r;

  mk(&s);
  call(&r, s.id, "x = 1", TS_COMMIT_ON_SUCCESS);
  sbx_free(&r);
  sbx_run_plain(&r, "print(6*7)\n", 5.0, 64, 0);
  sbx_assert_status(&r, TS_EXEC_OK);
  cr_assert_str_eq(r.out, "42\n");
  cr_assert_eq(r.r.session.used, false);
  sbx_free(&r);
  destroy(s.id);
  sbx_assert_server_fine();
}

/* ---- forks ---- */

static void fork_of(const char *id, struct ts_session_info *info) {
  ts_err err = {0};

  cr_assert_eq(ts_session_fork_sync(sbx_ex, id, owner, info, &err), 0, "fork: %s", err.msg);
  cr_assert_str_neq(info->id, id);
  cr_assert_eq(strncmp(info->id, id, TS_SESSION_ROUTE_LEN), 0, "a fork keeps the routing prefix");
}

/* A fork holds a copy of the state at its revision; from there the two
 * go their own ways, each committing and rolling back alone, and either
 * outlives the other. */
Test(sessions, fork_copies_the_state_and_diverges) {
  struct ts_session_info a, b, info;
  struct sbx_run r;
  ts_err err = {0};

  mk(&a);
  call(&r, a.id, "x = 'base'", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 1);
  sbx_free(&r);
  fork_of(a.id, &b);
  cr_assert_eq(b.revision, 1);
  call(&r, b.id, "x = 'fork'", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_OK, true, 2);
  sbx_free(&r);
  call(&r, a.id, "x = 'origin'\nraise ValueError", TS_COMMIT_ON_SUCCESS);
  assert_call(&r, TS_EXEC_ERROR, false, 1);
  sbx_free(&r);
  assert_x(a.id, "base", 1);
  assert_x(b.id, "fork", 2);
  /* a fork of a fork, then the origin goes: the others stay */
  fork_of(b.id, &info);
  destroy(a.id);
  assert_x(b.id, "fork", 2);
  assert_x(info.id, "fork", 2);
  cr_assert_eq(ts_session_get_sync(sbx_ex, a.id, owner, &info, &err), -1);
  destroy(b.id);
  destroy(info.id);
  sbx_assert_no_leftover();
}

/* Sessions of one box share its pid namespace: a snippet of one (the
 * kernel layers alone) can neither signal, trace, read nor limit the
 * processes of another, nor map memory that a fork or a rollback would
 * share; the other's state is untouched. */
Test(sessions, forks_cannot_touch_each_other) {
  struct ts_session_info a, b;
  struct sbx_run r;

  mk(&a);
  call(&r, a.id, "x = 'a'", TS_COMMIT_ON_SUCCESS);
  sbx_free(&r);
  fork_of(a.id, &b);
  call_t(&r, b.id,
         "x = 'b'\n"
         "for pid in range(1, 12):\n"
         "    expect_blocked(f'kill {pid}', 62, pid, 9)\n"
         "    expect_blocked(f'tgkill {pid}', 234, pid, pid, 9)\n"
         "    expect_blocked(f'prlimit {pid}', 302, pid, 9, 0, 0)\n"
         "    expect_blocked(f'ptrace {pid}', 101, 16, pid, 0, 0)\n"
         "    expect_blocked(f'process_vm_readv {pid}', 310, pid, 0, 0, 0, 0, 0)\n"
         "    expect_blocked(f'pidfd_open {pid}', 434, pid, 0)\n"
         "    expect_blocked(f'setpriority {pid}', 141, 0, pid, 19)\n"
         "expect_blocked('mmap shared anon', 9, 0, 4096, 3, 0x21, -1, 0)\n"
         "expect_blocked('mmap shared validate', 9, 0, 4096, 3, 0x23, -1, 0)\n"
         "fd = os.open('/tmp/m', os.O_RDWR | os.O_CREAT)\n"
         "os.ftruncate(fd, 4096)\n"
         "expect_blocked('mmap shared file', 9, 0, 4096, 3, 0x01, fd, 0)\n"
         "r, e = sc(9, 0, 4096, 3, 0x22, -1, 0)\n"
         "print('private mmap', r > 0, e)\n"
         "print('proc', os.path.exists('/proc/1'))\n",
         TS_COMMIT_ON_SUCCESS, true, 10);
  sbx_assert_contained(&r);
  sbx_assert_out_has(&r, "BLOCKED kill 1 errno=1 EPERM");
  sbx_assert_out_has(&r, "BLOCKED ptrace 2 errno=1 EPERM");
  sbx_assert_out_has(&r, "BLOCKED process_vm_readv 3 errno=1 EPERM");
  sbx_assert_out_has(&r, "BLOCKED mmap shared anon errno=1 EPERM");
  sbx_assert_out_has(&r, "BLOCKED mmap shared file errno=1 EPERM");
  sbx_assert_out_has(&r, "private mmap True 0\n");
  sbx_assert_out_has(&r, "proc False\n");
  sbx_assert_out_has(&r, "DONE");
  sbx_free(&r);
  assert_x(a.id, "a", 1);
  assert_x(b.id, "b", 2);
  destroy(a.id);
  destroy(b.id);
  sbx_assert_no_leftover();
}

/* Nor through the kernel's own signals: fcntl's F_SETOWN and F_SETSIG
 * (with O_ASYNC the kernel would signal the owner whenever the pipe is
 * read), leases and notifications are refused in sessions, and the calls
 * that take a pid work on the caller only, so the box's pids cannot even
 * be listed. */
Test(sessions, forks_cannot_signal_or_probe_each_other) {
  struct ts_session_info a, b;
  struct sbx_run r;

  mk(&a);
  call(&r, a.id, "x = 'a'", TS_COMMIT_ON_SUCCESS);
  sbx_free(&r);
  fork_of(a.id, &b);
  call_t(&r, b.id,
         "expect_blocked('F_SETOWN', 72, 1, 8, 2)\n"
         "expect_blocked('F_SETOWN_EX', 72, 1, 15, 0)\n"
         "expect_blocked('F_SETSIG', 72, 1, 10, 9)\n"
         "expect_blocked('F_NOTIFY', 72, 1, 1026, 1)\n"
         "fd = os.open('/tmp/l', os.O_RDONLY | os.O_CREAT)\n"
         "expect_blocked('F_SETLEASE', 72, fd, 1024, 0)\n"
         "expect_blocked('F_SETLK', 72, fd, 6, 0)\n"
         "for pid in (1, 2, 3):\n"
         "    expect_blocked(f'getpgid {pid}', 121, pid)\n"
         "    expect_blocked(f'getsid {pid}', 124, pid)\n"
         "    expect_blocked(f'getpriority {pid}', 140, 0, pid)\n"
         "    expect_blocked(f'sched_getaffinity {pid}', 204, pid, 128, 0)\n"
         "fl = sc(72, 1, 3)\n"
         "print('own', sc(121, 0)[1], fl[1], sc(72, 1, 4, fl[0] | os.O_NONBLOCK)[1])\n",
         TS_COMMIT_ON_SUCCESS, true, 10);
  sbx_assert_contained(&r);
  sbx_assert_out_has(&r, "BLOCKED F_SETOWN errno=1 EPERM");
  sbx_assert_out_has(&r, "BLOCKED F_SETSIG errno=1 EPERM");
  sbx_assert_out_has(&r, "BLOCKED F_SETLEASE errno=1 EPERM");
  sbx_assert_out_has(&r, "BLOCKED getpgid 2 errno=1 EPERM");
  sbx_assert_out_has(&r, "BLOCKED sched_getaffinity 1 errno=1 EPERM");
  sbx_assert_out_has(&r, "own 0 0 0\n");
  sbx_assert_out_has(&r, "DONE");
  sbx_free(&r);
  assert_x(a.id, "a", 1);
  destroy(a.id);
  destroy(b.id);
  sbx_assert_no_leftover();
}

/* A box holds a session and at most TS_SESS_BOX_MAX - 1 forks at once;
 * a fork that ends makes room.  A busy session cannot be forked. */
Test(sessions, forks_per_box_are_bounded) {
  struct ts_session_info a, f[TS_SESS_BOX_MAX], info;
  ts_err err = {0};

  mk(&a);
  for (int i = 1; i < TS_SESS_BOX_MAX; i++)
    fork_of(i % 2 ? a.id : f[i - 1].id, &f[i]);
  cr_assert_eq(ts_session_fork_sync(sbx_ex, a.id, owner, &info, &err), -1);
  cr_assert_eq(err.errnum, EAGAIN, "%s", err.msg);
  destroy(f[3].id);
  fork_of(f[5].id, &f[3]);
  for (int i = 1; i < TS_SESS_BOX_MAX; i++) {
    struct sbx_run r;
    call(&r, f[i].id, "print('alive')", TS_COMMIT_NEVER);
    assert_call(&r, TS_EXEC_OK, false, 0);
    cr_assert_str_eq(r.out, "alive\n");
    sbx_free(&r);
  }
  destroy(a.id);
  for (int i = 1; i < TS_SESS_BOX_MAX; i++)
    destroy(f[i].id);
  sbx_assert_no_leftover();
}
