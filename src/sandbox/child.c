/* A sandbox child's whole life, from the clone to its report, in the
 * order it happens.  Runs in the child only: the zygote clones it with new
 * user, pid, mount, ipc, uts and cgroup namespaces (its network namespace
 * is the zygote's, which has no interface) and calls ts_child_main().
 *
 * Steps 1-8 confine the process, each relying on the ones before it;
 * until step 8 loads the seccomp filter, only our own code has run and
 * nothing of the job exists here.  Step 9 blocks until the server hands
 * a job over; 10-14 run it and report.  A failed step writes a
 * SETUP_ERROR record and exits TS_EXIT_SETUP (die()). */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sandbox/child.h"
#include "sandbox/files.h"
#include "sandbox/namespaces.h"
#include "sandbox/pyguard.h"
#include "sandbox/session.h"
#include "sandbox/snapshot.h"
#include "util/pyembed.h"

/* Where die() reports: the report pipe, wherever step 6 has it.  Each
 * child's own copy, written by this file only. */
static int report_fd = -1;

/* A session's working directory as the state holds it (snapshot.h): the
 * holder's, inherited by each call, replaced by the call's own capture
 * when the call may become the state.  Empty in the first holder. */
static struct ts_snapshot workdir;

/* Inodes of the private /tmp, itself included: the most entries a
 * snapshot can hold. */
#define TS_TMP_INODES 1024
#define TS_STR(x) TS_STR_(x)
#define TS_STR_(x) #x

/* The one way a step fails: a SETUP_ERROR record with errno, then exit.
 * Async-signal-safe and allocation-free (steps 1-8 run right after a
 * clone of a process that held the GIL). */
__attribute__((noreturn)) static void die(const char *stage) {
  (void)ts_report_setup_error(report_fd, stage, errno);
  _exit(TS_EXIT_SETUP);
}

static int set_limit(int resource, rlim_t v) {
  struct rlimit rl = {v, v};
  return setrlimit(resource, &rl);
}

/* "size=N,nr_inodes=1024,mode=1777" without snprintf. */
static void tmp_options(char *buf, size_t cap, unsigned long bytes) {
  static const char head[] = "size=", tail[] = ",nr_inodes=" TS_STR(TS_TMP_INODES) ",mode=1777";
  char digits[24];
  size_t n = 0, k = 0;

  do
    digits[k++] = (char)('0' + bytes % 10);
  while ((bytes /= 10) && k < sizeof digits);
  if (sizeof head - 1 + k + sizeof tail > cap)
    k = 0; /* cannot happen with the caller's buffer */
  memcpy(buf, head, sizeof head - 1);
  n = sizeof head - 1;
  while (k)
    buf[n++] = digits[--k];
  memcpy(buf + n, tail, sizeof tail);
}

/* Reads the job pipe to its end: the server closes its end once the whole
 * job is written. */
static char *read_job(size_t *len) {
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap);

  while (buf) {
    ssize_t r;
    if (n == cap) {
      char *nb = cap < TS_JOB_MAX_RECORD * 2 + 64 ? realloc(buf, cap * 2) : NULL;
      if (!nb)
        break;
      buf = nb;
      cap *= 2;
    }
    r = read(TS_FD_JOB, buf + n, cap - n);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      break;
    if (r == 0) {
      close(TS_FD_JOB);
      *len = n;
      return buf;
    }
    n += (size_t)r;
  }
  free(buf);
  return NULL;
}

/* The job's own limits, below the pool-wide ones of step 4: both soft and
 * hard, so the snippet cannot raise them back. */
static int lower_limits(const struct ts_child_ctx *ctx, const struct ts_job_limits *l,
                        bool session) {
  struct rusage ru;

  if (session) {
    /* A session's call may become the session's state, whose later calls
     * inherit its limits: hard limits only go down, so the call lowers
     * its soft CPU limit only (the server's timer is the bound; the hard
     * limits are the session's, from step 4), and its memory is the
     * session's, set at step 4. */
    struct rlimit rl;
    if (getrusage(RUSAGE_SELF, &ru) < 0 || getrlimit(RLIMIT_CPU, &rl) < 0)
      return -1;
    rl.rlim_cur = (rlim_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + l->cpu_seconds;
    if (rl.rlim_cur > rl.rlim_max)
      rl.rlim_cur = rl.rlim_max;
    return setrlimit(RLIMIT_CPU, &rl);
  }
  if (getrusage(RUSAGE_SELF, &ru) < 0 ||
      set_limit(RLIMIT_CPU, (rlim_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + l->cpu_seconds) < 0)
    return -1;
#ifndef TS_SANITIZE /* the sanitizers' shadow memory alone is terabytes */
  if (l->memory_mb && set_limit(RLIMIT_AS, ctx->base_vsz + (rlim_t)l->memory_mb * 1024 * 1024) < 0)
    return -1;
#else
  (void)ctx;
#endif
  return 0;
}

/* The runner's JSON as one RESULT record. */
static void report_result(bool exception, PyObject *json) {
  char *p;
  Py_ssize_t n;

  if (json && PyBytes_AsStringAndSize(json, &p, &n) == 0)
    (void)ts_report_write(TS_FD_REPORT, exception ? TS_REC_RESULT_EXCEPTION : TS_REC_RESULT_OK, p,
                          (size_t)n);
}

/* The report is written: closing the pipes tells the server the job is
 * over, so that it answers without waiting for our exit (unmapping our
 * copy of the zygote and tearing down the namespaces take milliseconds). */
__attribute__((noreturn)) static void finish(int code) {
  close(TS_FD_STDOUT);
  close(TS_FD_STDERR);
  close(TS_FD_REPORT);
  _exit(code);
}

/* A session's call that will end after its report says so first
 * (TS_REC_ENDS): it is never taken for one waiting to be committed. */
static void report_ends(bool session) {
  if (session)
    (void)ts_report_write(TS_FD_REPORT, TS_REC_ENDS, "", 0);
}

/* The fixed RESULT record of a MemoryError, made without allocating. */
static void report_oom(void) {
  static const char oom[] =
      "{\"error\":{\"type\":\"MemoryError\",\"message\":\"\",\"traceback\":\"\",\"line\":null}}";
  (void)ts_report_write(TS_FD_REPORT, TS_REC_RESULT_EXCEPTION, oom, sizeof oom - 1);
}

/* What the job could not do, as an exception of the snippet's (`type`,
 * the message in `text`) in the RESULT record.  Python is usable: the
 * setup is over. */
static void report_failure(const struct ts_child_ctx *ctx, PyObject *type, const char *text) {
  PyObject *t, *value, *tb, *json;

  PyErr_SetString(type, text);
  PyErr_Fetch(&t, &value, &tb);
  PyErr_NormalizeException(&t, &value, &tb);
  json = value ? PyObject_CallOneArg(ctx->report, value) : NULL;
  if (json)
    report_result(true, json);
  else
    report_oom();
  Py_XDECREF(json);
  Py_XDECREF(t);
  Py_XDECREF(value);
  Py_XDECREF(tb);
  PyErr_Clear();
}

/* A file of the job could not be written (the server checked every path,
 * so this is the private /tmp running out of room, a session's directory
 * in the way, or a malformed job): the snippet does not run, and the
 * report says which file, as an OSError of the snippet's.  A session's
 * call ends too: its working directory is half written. */
__attribute__((noreturn)) static void files_failed(const struct ts_child_ctx *ctx, bool session,
                                                   size_t i, const char *why) {
  char text[256];

  (void)snprintf(text, sizeof text, "cannot write files[%zu] into the working directory: %s: %s",
                 i, why, strerror(errno));
  report_ends(session);
  report_failure(ctx, PyExc_OSError, text);
  finish(TS_EXIT_ERROR);
}

/* 10b, a session's call: the working directory made exactly the state's
 * (snapshot.h).  Whatever a rolled-back call left there goes, what the
 * last committed call left comes back.  /tmp's own mode is not the
 * state's (the snippet owns it, and may have taken its permissions).  On
 * failure the snippet does not run and the call ends. */
static void restore_workdir(const struct ts_child_ctx *ctx) {
  const char *why = "cannot empty it";
  char text[256];
  int top = -1;

  if (fchmodat(AT_FDCWD, TS_WORKDIR, 01777, 0) == 0 &&
      (top = open(TS_WORKDIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)) >= 0 &&
      ts_snap_clear(top) == 0 && ts_snap_restore(top, &workdir, &why) == 0) {
    close(top);
    return;
  }
  (void)snprintf(text, sizeof text, "cannot restore the session's working directory: %s: %s",
                 top < 0 ? "cannot open it" : why, strerror(errno));
  report_ends(true);
  report_failure(ctx, PyExc_OSError, text);
  finish(TS_EXIT_ERROR);
}

/* 13, a session's call that may become the state: its working directory
 * captured into `taken`, unchanged files taken from the one it restored
 * (which is then only good to be freed).  Bounded by what the private
 * /tmp can hold; a call whose directory cannot be kept (out of memory,
 * nested too deep) cannot be the state: the reason goes in `text`. */
static bool capture_workdir(const struct ts_child_ctx *ctx, struct ts_snapshot *taken,
                            char *text, size_t cap, int *err) {
  const char *why = "cannot open it";
  int top = open(TS_WORKDIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);

  if (top >= 0 && ts_snap_capture(top, TS_TMP_INODES, ctx->tmp_bytes, &workdir, taken, &why) == 0) {
    close(top);
    return true;
  }
  *err = errno;
  if (top >= 0)
    close(top);
  if (*err == ENOMEM)
    why = "out of memory (memory_mb is the session's)";
  (void)snprintf(text, cap,
                 "the session's working directory could not be kept, so this call cannot "
                 "become the session's state: %s%s%s",
                 why, *err == ENOMEM ? "" : ": ", *err == ENOMEM ? "" : strerror(*err));
  return false;
}

/* runner.py's expect_compile(src): the one "compile" event of src that
 * the armed audit hook lets through (NULL: none).  A failure here only
 * makes the hook refuse the compile, the snippet's error.  The error the
 * compile left, if any, is kept for the report. */
static void expect_compile(const struct ts_child_ctx *ctx, const char *src) {
  PyObject *type, *value, *tb, *arg, *r;

  PyErr_Fetch(&type, &value, &tb);
  arg = src ? PyBytes_FromString(src) : Py_NewRef(Py_None);
  r = arg ? PyObject_CallOneArg(ctx->expect_compile, arg) : NULL;
  if (!r)
    PyErr_Clear();
  Py_XDECREF(r);
  Py_XDECREF(arg);
  PyErr_Restore(type, value, tb);
}

/* Steps 1-8: confinement.  Nothing here allocates. */
static void confine(const struct ts_child_ctx *ctx, const struct ts_spawn_req *req,
                    const int fds[TS_SPAWN_NFDS], bool session) {
  char buf[128];
  const char *what;

  report_fd = fds[3];
  /* 1. Die with the server.  Our parent is the server (CLONE_PARENT): if
   *    it is already gone, the signal never comes, and the closed pipes
   *    end us at our first output, RLIMIT_CPU at the latest (getppid() is
   *    0 in a new pid namespace, so its death cannot be seen here). */
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
    die("pdeathsig");

  /* 2. Our ids.  Only our own outside ids can be mapped, to one inside id
   *    each, through the host's /proc (ours does not exist yet).  Our
   *    /proc/self files are ours to write only while we are dumpable; the
   *    zygote is not, and step 5 turns it off again.  The hostname is
   *    cosmetic (the UTS namespace is ours anyway), and container seccomp
   *    profiles often refuse it without CAP_SYS_ADMIN: best effort. */
  if (prctl(PR_SET_DUMPABLE, 1) < 0)
    die("dumpable");
  if (ts_write_id_maps(ctx->procfd, TS_SANDBOX_UID, (unsigned)ctx->uid, TS_SANDBOX_GID,
                       (unsigned)ctx->gid, &what) < 0)
    die(what);
  (void)!sethostname("sandbox", 7);

  /* 3. An empty root.  The zygote already lives in one (namespaces.c): a
   *    read-only tmpfs holding only the standard library, read-only.  Our
   *    copy of its mount namespace belongs to our user namespace, so those
   *    mounts are locked as they are; all we add is a private /tmp that
   *    dies with us.  No /proc, /dev, /etc or /home exists inside. */
  tmp_options(buf, sizeof buf, ctx->tmp_bytes);
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, buf) < 0)
    die("mount tmp");
#ifdef TS_SANITIZE
  if (mount("tmpfs", "/proc", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY,
            "size=4k,nr_inodes=4,mode=0555") < 0)
    die("cover proc (sanitizer build)");
#endif
  if (chdir("/tmp") < 0)
    die("chdir");

  /* 4. Resource limits, the largest any job may get (step 10 lowers them
   *    to the job's).  RLIMIT_CPU backs up the server's wall-clock timer;
   *    soft == hard so that the kernel sends SIGKILL (pid 1 of a namespace
   *    ignores SIGXCPU).  No core files, no locked memory, no process. */
  if (
#ifndef TS_SANITIZE
      (req->memory_mb &&
       set_limit(RLIMIT_AS, ctx->base_vsz + (rlim_t)req->memory_mb * 1024 * 1024) < 0) ||
#endif
      set_limit(RLIMIT_CPU, req->cpu_seconds) < 0 || set_limit(RLIMIT_FSIZE, ctx->tmp_bytes) < 0 ||
      set_limit(RLIMIT_NOFILE, 64) < 0 ||
      set_limit(RLIMIT_NPROC, session ? TS_SESS_NPROC : 1) < 0 ||
      set_limit(RLIMIT_CORE, 0) < 0 || set_limit(RLIMIT_MEMLOCK, 0) < 0 ||
      set_limit(RLIMIT_MSGQUEUE, 0) < 0)
    die("rlimits");

  /* 5. Drop privileges: every capability we hold in our user namespace
   *    (bounding, ambient, effective, permitted, inheritable). */
  for (int cap = 0; cap <= CAP_LAST_CAP; cap++)
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 && errno != EINVAL)
      die("capbset");
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) < 0 && errno != EINVAL)
    die("ambient caps");
  {
    struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof data);
    if (syscall(SYS_capset, &hdr, data) < 0)
      die("capset");
  }
  if (prctl(PR_SET_DUMPABLE, 0) < 0)
    die("dumpable");

  /* 6. Descriptors: the capture pipes at 1 and 2, the report at 3, the
   *    job at 4, nothing else; stdin is closed.  A session's init gets
   *    the first holder's command pipe, its status pipe, the handoff
   *    socket and the report (session.h). */
  {
    static const int child_fds[TS_SPAWN_NFDS] = {TS_FD_JOB, TS_FD_STDOUT, TS_FD_STDERR,
                                                 TS_FD_REPORT};
    static const int session_fds[TS_SPAWN_NFDS] = {TS_FD_CMD, TS_FD_STATUS, TS_FD_HANDOFF,
                                                   TS_FD_REPORT};
    const int *want = session ? session_fds : child_fds;
    int tmp[TS_SPAWN_NFDS];
    /* First move everything above the targets so dup2 cannot clobber. */
    for (int i = 0; i < TS_SPAWN_NFDS; i++) {
      tmp[i] = fcntl(fds[i], F_DUPFD_CLOEXEC, 10);
      if (tmp[i] < 0)
        die("dup fds");
    }
    report_fd = tmp[3];
    for (int i = 0; i < TS_SPAWN_NFDS; i++)
      if (dup2(tmp[i], want[i]) < 0)
        die("dup2");
    report_fd = TS_FD_REPORT;
    close(0);
    if (session) {
      close(TS_FD_STDOUT);
      close(TS_FD_STDERR);
    }
    if (syscall(SYS_close_range, (session ? TS_FD_HANDOFF : TS_FD_JOB) + 1, ~0U, 0) < 0)
      die("close_range");
  }

  /* 7. No new privileges: required for an unprivileged seccomp filter,
   *    and a promise that nothing can regain what was dropped above. */
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
    die("no_new_privs");
  if (session)
    return; /* a session's init and holder load their own filters */

  /* 8. The seccomp filter, loaded last: every step above needed calls it
   *    forbids.  SPEC_ALLOW: attaching a filter would otherwise force the
   *    speculative store bypass mitigation on, which slows every child
   *    down; SSB leaks only within the process, and a child holds nothing
   *    but its own job: the zygote it was cloned from never saw a secret
   *    or another job. */
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_SPEC_ALLOW, &ctx->filter) <
      0)
    die("seccomp");
}

/* Whether a session's call that ended with `rc` may become the state:
 * the server decides (exec/session.c), by the same rule; this only spares
 * the capture of a working directory nobody will keep. */
static bool may_commit(const struct ts_job_limits *l, long rc) {
  if (l->flags & TS_JOB_F_COMMIT_NEVER)
    return false;
  return rc == TS_EXIT_OK || (l->flags & TS_JOB_F_COMMIT_ALWAYS);
}

/* Steps 9-13: the job, from the job pipe to the report.  Returns the exit
 * code; *intact (a session's call) whether the snippet's globals are
 * still whole, so that the process may become the session's state. */
static long run_job(const struct ts_child_ctx *ctx, bool session, bool *intact) {
  PyCompilerFlags flags = _PyCompilerFlags_INIT;
  PyObject *tree, *out, *source, *stdin_text;
  struct ts_job job;
  char *buf, *src;
  size_t len;
  bool raw, whole;
  long rc = TS_EXIT_ERROR;
  char lost[256] = "";
  int lost_errno = 0;

  *intact = false;
  /* 9. The job.  Fully confined, the child blocks here until the server
   *    hands it one.  (No warm-up run before: every page it wrote was one
   *    more copy of a page of the zygote, paid by every child, and it cost
   *    more, 1.3 ms, than the job's own first touches do, 0.2 ms.) */
  buf = read_job(&len);
  if (!buf || ts_job_decode(buf, len, &job) < 0)
    die("read job");
  raw = (job.limits.flags & TS_JOB_F_RAW) != 0;

  /* 10. The job's own limits. */
  if (lower_limits(ctx, &job.limits, session) < 0)
    die("job limits");

  /* 10b. The job's files, written into the working directory, /tmp, our
   *      cwd since step 3; then the capability that lets the snippet open
   *      them (runner.py: an `open` confined to that directory).  A
   *      session's call first makes that directory the state's, and its
   *      files replace the state's files of the same paths. */
  if (session)
    restore_workdir(ctx);
  if (job.nfiles) {
    size_t bad = 0;
    const char *why = "";
    if (ts_job_files_write(AT_FDCWD, &job, session, &bad, &why) < 0)
      files_failed(ctx, session, bad, why);
  }
  if (job.limits.flags & TS_JOB_F_FILES) {
    PyObject *r = PyObject_CallFunction(ctx->grant, "s", "files");
    if (!r)
      die("grant files");
    Py_DECREF(r);
  }
  if (job.limits.flags & TS_JOB_F_STANDARD) {
    PyObject *r = PyObject_CallFunction(ctx->grant, "s", "standard");
    if (!r)
      die("grant standard");
    Py_DECREF(r);
  }

  /* 11. Compile, with the same call and flags as the validator: what runs
   *     is what was checked.  When the server's parse found the last
   *     statement to be a constant (whose value only the tree holds), the
   *     child parses to that tree and the runner compiles it with the last
   *     statement apart; otherwise it compiles the source to code, and
   *     when the last statement is an expression the runner makes that
   *     code return its value (runner.py: _return_last).  A syntax error
   *     is the snippet's own. */
  src = strndup(job.code, job.code_len);
  source = PyUnicode_DecodeUTF8(job.code, (Py_ssize_t)job.code_len, "replace");
  stdin_text = PyUnicode_DecodeUTF8(job.stdin_data ? job.stdin_data : "",
                                    (Py_ssize_t)job.stdin_len, "replace");
  if (!src || !source || !stdin_text)
    die("decode job");
  flags.cf_flags = TS_PY_COMPILE_FLAGS | (job.limits.flags & TS_JOB_F_LAST_CONST ? PyCF_ONLY_AST : 0);
  /*     A session's call compiles with the last call's audit hook still
   *     armed (runner.py, run()): what the compile calls back of the
   *     snippet's (warnings' hooks on a SyntaxWarning) is judged, and
   *     this compile's own "compile" event passes by the one-shot
   *     allowance set here, for exactly this source, and cleared after. */
  expect_compile(ctx, src);
  tree = Py_CompileStringExFlags(src, "<snippet>", Py_file_input, &flags, -1);
  expect_compile(ctx, NULL);
  if (!tree) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb)
      PyException_SetTraceback(value, tb);
    /* (a session's call ends here too: never a state to keep) */
    report_ends(session);
    report_result(true, PyObject_CallOneArg(ctx->report, value));
    finish(TS_EXIT_ERROR);
  }

  /* 12. Run, with the C guards armed for good: the report is made while
   *     what the snippet left behind may still run (finalizers, an
   *     exception's __str__). */
  ts_pyguard_arm(!raw);
  out = PyObject_CallFunction(ctx->run, "OOOiii", tree, source, stdin_text, raw,
                              (job.limits.flags & TS_JOB_F_LAST_EXPR) != 0, session);

  /* 13. Report: the files the job asked back, as one FILES record (read
   *     here, in C, from the working directory: the server never opens a
   *     path inside a sandbox); then the runner's JSON as the RESULT
   *     record, or, when the runner itself ran out of memory, a fixed one
   *     made without allocating.  A session's call compares the files
   *     it sends back with the working directory it restored; then, when
   *     it may become the state, it captures that directory, which
   *     replaces the one it restored.  A call that cannot be the state
   *     says it ends. */
  whole = out && PyTuple_Check(out) && PyTuple_GET_SIZE(out) == (session ? 3 : 2);
  if (whole) {
    rc = PyLong_AsLong(PyTuple_GET_ITEM(out, 0)) == 0 ? TS_EXIT_OK : TS_EXIT_ERROR;
    *intact = session && PyObject_IsTrue(PyTuple_GET_ITEM(out, 2)) == 1;
  }
  if (job.npatterns) {
    int dirfd = open(TS_WORKDIR, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (dirfd >= 0) {
      int sent = ts_job_files_return(dirfd, &job, session ? &workdir : NULL, TS_FD_REPORT);
      close(dirfd);
      if (sent < 0)
        finish(TS_EXIT_ERROR); /* the report is broken: nothing more to say */
    }
  }
  if (*intact && may_commit(&job.limits, rc)) {
    struct ts_snapshot taken = {0};
    if (capture_workdir(ctx, &taken, lost, sizeof lost, &lost_errno)) {
      ts_snap_free(&workdir);
      workdir = taken;
    } else {
      *intact = false;
    }
  }
  if (session && !*intact)
    report_ends(true);
  if (lost[0]) {
    rc = TS_EXIT_ERROR;
    report_failure(ctx, lost_errno == ENOMEM ? PyExc_MemoryError : PyExc_OSError, lost);
  } else if (whole) {
    report_result(rc != TS_EXIT_OK, PyTuple_GET_ITEM(out, 1));
  } else if (PyErr_ExceptionMatches(PyExc_MemoryError)) {
    report_oom();
  }

  if (session) { /* the process lives on: what the job took goes back */
    Py_XDECREF(out);
    free(buf);
    free(src);
  }
  return rc;
}

void ts_child_main(const struct ts_child_ctx *ctx, const struct ts_spawn_req *req,
                   const int fds[TS_SPAWN_NFDS]) {
  bool intact;

  PyOS_AfterFork_Child();
  confine(ctx, req, fds, false); /* 1-8 */
  /* 14. Close the pipes and exit. */
  finish((int)run_job(ctx, false, &intact));
}

/* ---- sessions (session.h) ---- */

/* The holder: waits on its command pipe and forks when the server asks.
 * Returns in the new process only (the call, or a query: *query); the
 * holder itself never returns: it ends when the server kills it or closes
 * its pipe. */
static void holder_wait(const struct ts_child_ctx *ctx, PyObject **random_state, bool *query) {
  for (;;) {
    char cmd;
    long pid;
    ssize_t r = read(TS_FD_CMD, &cmd, 1);
    if (r < 0 && errno == EINTR)
      continue;
    if (r != 1)
      _exit(0); /* the server is done with this state */
    if (cmd == TS_SESS_CMD_QUERY) {
      /* A query: the bare clone, and no Python at all on either side of
       * it (no fork handlers, no random state): the holder is left
       * exactly as it was, and the new process only reads (list_variables).
       * The holder holds no lock but the GIL, which its copy keeps. */
      pid = syscall(SYS_clone, TS_SESS_CLONE_FLAGS, 0, NULL, NULL, 0);
      if (pid == 0) {
        *query = true;
        return;
      }
      continue;
    }
    if (cmd != TS_SESS_CMD_FORK)
      continue;
    /* The buffered output of the last call went with its report (the
     * runner flushes), so nothing is written twice.  The clone passes the
     * strict filter (exactly these flags) and then the server, which
     * approves it only because it asked; fails otherwise, and the server
     * knows. */
    /* random's state, which its at-fork handler reseeds in the call
     * (PyOS_AfterFork_Child): the call puts it back (calls()). */
    *random_state = PyObject_CallNoArgs(ctx->random_state);
    if (!*random_state)
      PyErr_Clear();
    PyOS_BeforeFork();
    pid = syscall(SYS_clone, TS_SESS_CLONE_FLAGS, 0, NULL, NULL, 0);
    if (pid == 0)
      return;
    PyOS_AfterFork_Parent();
    Py_CLEAR(*random_state);
  }
}

/* ---- a session's query: its variables, read without running any of
 * the snippets' code ----
 *
 * The state's globals (the dict of the runner's __main__, taken by the
 * zygote before any snippet existed) are walked with the dict's own C
 * iteration: no key is hashed or compared by its own methods, no value
 * is looked at but for its type's name, read from the type object itself
 * (a heap type's __qualname__ slot, a static type's tp_name; "module"
 * for a module and the runner's views of one, by the type's MRO), and no
 * reference is taken or dropped, so no finalizer can run.  Only keys of
 * exactly str count (a str subclass could be anything); dunder names are
 * the module's and the runner's.  The first TS_VARS_MAX names in code
 * point order are kept, the rest counted.  Nothing of Python runs here:
 * not the fork's handlers (PyOS_AfterFork_Child), not the runner; the
 * process reports and exits, and the audit hook it inherited armed stays
 * so to its end. */

struct var_ref {
  PyObject *name, *value; /* borrowed */
};

/* Code point order of two exact, ready str objects; pure C. */
static int ustr_cmp(PyObject *a, PyObject *b) {
  Py_ssize_t la = PyUnicode_GET_LENGTH(a), lb = PyUnicode_GET_LENGTH(b);
  int ka = PyUnicode_KIND(a), kb = PyUnicode_KIND(b);
  const void *da = PyUnicode_DATA(a), *db = PyUnicode_DATA(b);

  for (Py_ssize_t i = 0; i < la && i < lb; i++) {
    Py_UCS4 ca = PyUnicode_READ(ka, da, i), cb = PyUnicode_READ(kb, db, i);
    if (ca != cb)
      return ca < cb ? -1 : 1;
  }
  return la < lb ? -1 : la > lb;
}

/* Appends a NUL-ended text as it is to out. */
static void put(char *out, size_t *n, const char *text) {
  while (*text)
    out[(*n)++] = *text++;
}

/* Appends bytes, JSON-escaped, to out. */
static void json_bytes(char *out, size_t *n, const unsigned char *p, size_t len) {
  static const char hex[] = "0123456789abcdef";

  for (size_t i = 0; i < len; i++) {
    unsigned char ch = p[i];
    if (ch == '"' || ch == '\\') {
      out[(*n)++] = '\\';
      out[(*n)++] = (char)ch;
    } else if (ch < 0x20) {
      put(out, n, "\\u00");
      out[(*n)++] = hex[ch >> 4];
      out[(*n)++] = hex[ch & 15];
    } else {
      out[(*n)++] = (char)ch;
    }
  }
}

/* A str's text, in UTF-8 (a lone surrogate as U+FFFD), cut at a
 * character's end within TS_VAR_NAME_MAX bytes, JSON-escaped into out. */
static void json_ustr(char *out, size_t *n, PyObject *u) {
  int kind = PyUnicode_KIND(u);
  const void *data = PyUnicode_DATA(u);
  size_t used = 0;

  for (Py_ssize_t i = 0; i < PyUnicode_GET_LENGTH(u); i++) {
    Py_UCS4 c = PyUnicode_READ(kind, data, i);
    unsigned char b[4];
    size_t k;
    if (c >= 0xd800 && c <= 0xdfff)
      c = 0xfffd;
    if (c < 0x80) {
      b[0] = (unsigned char)c;
      k = 1;
    } else if (c < 0x800) {
      b[0] = (unsigned char)(0xc0 | (c >> 6));
      b[1] = (unsigned char)(0x80 | (c & 0x3f));
      k = 2;
    } else if (c < 0x10000) {
      b[0] = (unsigned char)(0xe0 | (c >> 12));
      b[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
      b[2] = (unsigned char)(0x80 | (c & 0x3f));
      k = 3;
    } else {
      b[0] = (unsigned char)(0xf0 | (c >> 18));
      b[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3f));
      b[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3f));
      b[3] = (unsigned char)(0x80 | (c & 0x3f));
      k = 4;
    }
    if (used + k > TS_VAR_NAME_MAX)
      break;
    used += k;
    json_bytes(out, n, b, k);
  }
}

/* The name of a value's class, as type.__qualname__ gives it, read from
 * the type object: a heap type's qualname slot (a str, perhaps of a
 * subclass: only its characters are read), a static type's tp_name past
 * its last dot. */
static void json_type_name(char *out, size_t *n, PyTypeObject *tp) {
  if (PyType_HasFeature(tp, Py_TPFLAGS_HEAPTYPE)) {
    PyObject *q = ((PyHeapTypeObject *)tp)->ht_qualname;
    if (q && PyUnicode_Check(q) && PyUnicode_IS_READY(q)) {
      json_ustr(out, n, q);
      return;
    }
  }
  if (tp->tp_name) {
    const char *name = strrchr(tp->tp_name, '.');
    size_t len;
    name = name ? name + 1 : tp->tp_name;
    len = strnlen(name, TS_VAR_NAME_MAX);
    while (len > 0 && len < strlen(name) && ((unsigned char)name[len] & 0xc0) == 0x80)
      len--; /* not in the middle of a character */
    json_bytes(out, n, (const unsigned char *)name, len);
  }
}

static bool dunder_name(PyObject *k) {
  Py_ssize_t len = PyUnicode_GET_LENGTH(k);
  int kind = PyUnicode_KIND(k);
  const void *d = PyUnicode_DATA(k);

  return len >= 4 && PyUnicode_READ(kind, d, 0) == '_' && PyUnicode_READ(kind, d, 1) == '_' &&
         PyUnicode_READ(kind, d, len - 1) == '_' && PyUnicode_READ(kind, d, len - 2) == '_';
}

__attribute__((noreturn)) static void list_variables(const struct ts_child_ctx *ctx) {
  static const char head[] = "{\"error\":null,\"variables\":[", tail[] = "],\"variables_dropped\":";
  struct var_ref sel[TS_VARS_MAX];
  size_t nsel = 0, n = 0, len;
  unsigned long long dropped = 0;
  Py_ssize_t pos = 0;
  PyObject *k, *v;
  struct ts_job job;
  char *buf = read_job(&len), *out;

  /* The job says this is a query too; it carries nothing else. */
  if (!buf || ts_job_decode(buf, len, &job) < 0 || !(job.limits.flags & TS_JOB_F_QUERY))
    _exit(TS_EXIT_SETUP);
  /* A name and a type, each at most 6 bytes of JSON per byte, and the
   * punctuation around them. */
  out = malloc(sizeof head + sizeof tail + 32 + (size_t)TS_VARS_MAX * (2 * 6 * TS_VAR_NAME_MAX + 32));
  if (!out || !ctx->main_dict || !PyDict_CheckExact(ctx->main_dict))
    _exit(TS_EXIT_ERROR);
  while (PyDict_Next(ctx->main_dict, &pos, &k, &v)) {
    size_t lo = 0, hi = nsel;
    if (!PyUnicode_CheckExact(k) || !PyUnicode_IS_READY(k)) {
      dropped++; /* not a name a snippet can use as one */
      continue;
    }
    if (dunder_name(k))
      continue;
    if (nsel == TS_VARS_MAX && ustr_cmp(k, sel[nsel - 1].name) >= 0) {
      dropped++;
      continue;
    }
    while (lo < hi) {
      size_t mid = (lo + hi) / 2;
      if (ustr_cmp(sel[mid].name, k) < 0)
        lo = mid + 1;
      else
        hi = mid;
    }
    if (nsel == TS_VARS_MAX) {
      dropped++; /* the last one goes */
      nsel--;
    }
    memmove(&sel[lo + 1], &sel[lo], (nsel - lo) * sizeof sel[0]);
    sel[lo] = (struct var_ref){k, v};
    nsel++;
  }
  put(out, &n, head);
  for (size_t i = 0; i < nsel; i++) {
    put(out, &n, i ? ",{\"name\":\"" : "{\"name\":\"");
    json_ustr(out, &n, sel[i].name);
    put(out, &n, "\",\"type\":\"");
    /* the runner's views of modules (runner.py: _View) are modules */
    if (PyModule_Check(sel[i].value))
      put(out, &n, "module");
    else
      json_type_name(out, &n, Py_TYPE(sel[i].value));
    put(out, &n, "\"}");
  }
  put(out, &n, tail);
  {
    char digits[24];
    size_t d = 0;
    do
      digits[d++] = (char)('0' + dropped % 10);
    while ((dropped /= 10) && d < sizeof digits);
    while (d)
      out[n++] = digits[--d];
  }
  out[n++] = '}';
  (void)ts_report_write(TS_FD_REPORT, TS_REC_RESULT_OK, out, n);
  finish(TS_EXIT_OK);
}

/* A call: the hello first (the server injects our pipes at 1-5 while it
 * answers), then steps 9-13 as any child; then the pipes close, the job
 * is over, and the process waits to be made the session's state (or to
 * be killed).  Forever: each call that is committed becomes the holder
 * that forks the next one, in this loop, with no growth of the stack. */
__attribute__((noreturn)) static void calls(const struct ts_child_ctx *ctx) {
  for (;;) {
    bool intact;
    long rc;
    PyObject *random_state = NULL, *r;
    bool query = false;

    /* A holder's soft CPU limit is the hard one: the call it was had a
     * limit of its own time, and the parent's side of each fork of the
     * state is charged to it now (the server replaces a worn holder:
     * exec/session.c, holder_worn). */
    {
      struct rlimit rl;
      if (getrlimit(RLIMIT_CPU, &rl) == 0 && rl.rlim_cur < rl.rlim_max) {
        rl.rlim_cur = rl.rlim_max;
        (void)setrlimit(RLIMIT_CPU, &rl);
      }
    }
    holder_wait(ctx, &random_state, &query);
    if (syscall(TS_SESS_HELLO_NR, TS_SESS_HELLO_MAGIC) != 0)
      _exit(TS_EXIT_SETUP); /* refused: the server kills us anyway */
    if (query) {
      report_fd = TS_FD_REPORT;
      list_variables(ctx);
    }
    PyOS_AfterFork_Child();
    /* A session is one program run in steps: random's module-level state
     * goes on from where the last call left it, as in one process. */
    if (random_state && random_state != Py_None) {
      r = PyObject_CallOneArg(ctx->random_state, random_state);
      if (!r)
        PyErr_Clear();
      Py_XDECREF(r);
    }
    Py_XDECREF(random_state);
    report_fd = TS_FD_REPORT;
    rc = run_job(ctx, true, &intact);
    close(TS_FD_STDOUT);
    close(TS_FD_STDERR);
    close(TS_FD_REPORT);
    report_fd = -1;
    if (!intact)
      _exit((int)rc);
  }
}

/* The first holder, init's child: the notify filter (its listener goes to
 * the server over the handoff socket, while only that filter is loaded:
 * it allows sendmsg), then the strict session filter, then the hello
 * that tells the server who we are, and then the calls. */
__attribute__((noreturn)) static void first_holder(const struct ts_child_ctx *ctx) {
  struct ts_sess_handoff msg = {TS_SESS_STATUS_MAGIC, 0, {0}};
  int lfd;

  close(TS_FD_STATUS);
  lfd = (int)syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER,
                     SECCOMP_FILTER_FLAG_NEW_LISTENER | SECCOMP_FILTER_FLAG_SPEC_ALLOW,
                     &ctx->notify_filter);
  if (lfd < 0) {
    msg.err = errno;
    memcpy(msg.stage, "seccomp notify", sizeof "seccomp notify");
    (void)ts_send_fds(TS_FD_HANDOFF, &msg, sizeof msg, NULL, 0);
    _exit(TS_EXIT_SETUP);
  }
  if (ts_send_fds(TS_FD_HANDOFF, &msg, sizeof msg, &lfd, 1) < 0)
    die("send listener");
  close(lfd);
  close(TS_FD_HANDOFF);
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_SPEC_ALLOW,
              &ctx->session_filter) < 0)
    die("seccomp");
  close(TS_FD_REPORT);
  report_fd = -1;
  if (syscall(TS_SESS_HELLO_NR, TS_SESS_HELLO_MAGIC) != 0)
    _exit(TS_EXIT_SETUP);
  calls(ctx);
}

/* The session's init: reaps every process of the session and reports
 * each on the status pipe.  Our own code only; its filter allows nothing
 * else.  With no child left (the holder died and no call runs) the
 * session is over. */
__attribute__((noreturn)) static void init_loop(void) {
  for (;;) {
    siginfo_t si;
    struct rusage ru;
    struct ts_sess_status st;

    memset(&si, 0, sizeof si);
    if (syscall(SYS_waitid, P_ALL, 0, &si, WEXITED, &ru) < 0) {
      if (errno == EINTR)
        continue;
      _exit(errno == ECHILD ? 0 : 1);
    }
    st = (struct ts_sess_status){
        .magic = TS_SESS_STATUS_MAGIC,
        .pid = si.si_pid,
        .code = si.si_code,
        .status = si.si_status,
        .utime_us = (int64_t)ru.ru_utime.tv_sec * 1000000 + ru.ru_utime.tv_usec,
        .stime_us = (int64_t)ru.ru_stime.tv_sec * 1000000 + ru.ru_stime.tv_usec,
        .maxrss_kb = ru.ru_maxrss,
    };
    if (write(TS_FD_STATUS, &st, sizeof st) != (ssize_t)sizeof st)
      _exit(1); /* the server is gone */
  }
}

void ts_session_main(const struct ts_child_ctx *ctx, const struct ts_spawn_req *req,
                     const int fds[TS_SPAWN_NFDS]) {
  long pid;

  PyOS_AfterFork_Child();
  confine(ctx, req, fds, true); /* 1-7 */
  /* The first holder: a plain fork, before any filter (only our own code
   * has run in the session); it loads its filters itself. */
  PyOS_BeforeFork();
  pid = syscall(SYS_clone, SIGCHLD, 0, NULL, NULL, 0);
  if (pid == 0) {
    PyOS_AfterFork_Child();
    first_holder(ctx);
  }
  if (pid < 0)
    die("fork holder");
  close(TS_FD_CMD);
  close(TS_FD_HANDOFF);
  close(TS_FD_REPORT);
  report_fd = -1;
  /* 8. init's own filter. */
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_SPEC_ALLOW,
              &ctx->init_filter) < 0)
    _exit(TS_EXIT_SETUP);
  init_loop();
}
