/* The seccomp filter of every sandbox child.  Runs in the zygote, which
 * compiles the filter once, before any child exists; the child only loads
 * the finished BPF program (child.c), so nothing of libseccomp runs after
 * the clone. */
#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <seccomp.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sandbox/seccomp.h"
#include "sandbox/session.h"
/* ---- seccomp policy ----
 * An allowlist: what CPython needs to run already-loaded code, read its
 * standard library and write to the capture pipes.  Everything else fails
 * with EPERM, so user code sees an ordinary OSError.  Notably absent:
 * socket and every networking call, clone/fork/vfork/execve (no new
 * process or thread can exist), ptrace and process_vm_*, mount, unshare,
 * setns, pivot_root, chroot, io_uring_*, keyctl/add_key/request_key, bpf,
 * perf_event_open, userfaultfd, kexec, module loading, personality,
 * pkey_mprotect, ioctl (nothing here needs a terminal) and sysinfo (host
 * RAM, load, process count and uptime, nothing a snippet needs; glibc
 * calls it only for sysconf(_SC_PHYS_PAGES / _SC_AVPHYS_PAGES), which
 * ignore the error, and qsort, their one user in libc, sorts either way.
 * The uptime stays readable through CLOCK_BOOTTIME: there is no time
 * namespace). */
static const char *const allowed_syscalls[] = {
    /* memory (mmap and mprotect: see add_rules) */
    "brk", "munmap", "mremap", "madvise",
    /* files, within the sandbox's own mount tree */
    "read", "pread64", "readv", "write", "pwrite64", "writev", "close",
    "openat", "open", "lseek", "fstat", "newfstatat", "stat", "lstat", "statx",
    "getdents64", "readlink", "readlinkat", "access", "faccessat", "faccessat2",
    "getcwd", "fcntl", "dup", "dup2", "dup3", "ftruncate", "fsync", "fdatasync",
    "mkdir", "mkdirat", "unlink", "unlinkat", "rename", "renameat", "renameat2",
    "rmdir", "utimensat", "fchmod", "chmod", "fchmodat", "umask",
    /* time */
    "clock_gettime", "clock_getres", "gettimeofday", "time", "nanosleep",
    "clock_nanosleep", "select", "pselect6", "poll", "ppoll",
    /* signals, only towards itself (the pid namespace holds nobody else) */
    "rt_sigaction", "rt_sigprocmask", "rt_sigreturn", "sigaltstack", "tgkill",
    "rt_sigpending", "rt_sigtimedwait",
    /* process info */
    "getpid", "gettid", "getppid", "getuid", "geteuid", "getgid", "getegid",
    "getgroups", "getresuid", "getresgid", "getpgrp", "getpgid", "getsid",
    "uname", "getrusage", "times", "getpriority", "getrlimit",
    "prlimit64", "sched_getaffinity", "sched_yield", "getcpu",
    /* runtime */
    "futex", "set_robust_list", "get_robust_list", "rseq", "set_tid_address",
    "arch_prctl", "getrandom", "restart_syscall", "membarrier",
    "exit", "exit_group",
};

/* Memory calls that may make a mapping executable: allowed without
 * PROT_EXEC only.  The filter is loaded once the interpreter and every
 * extension module a job may use are mapped (the zygote imports them), so
 * no child needs new machine code, and one that asks for it (an RWX page,
 * a page made executable after it was written, a file mapped executable)
 * is running its own.  pkey_mprotect is not allowed at all.  mremap keeps
 * the protection of what it moves, so it cannot add PROT_EXEC either. */
static const char *const no_exec_syscalls[] = {"mmap", "mprotect"};

/* Calls that take a pid as their first argument, allowed in a session on
 * the caller only (pid 0). */
static bool is_session_self_only(const char *name) {
  static const char *const self_only[] = {"getpgid", "getsid", "sched_getaffinity"};
  for (size_t i = 0; i < TS_ARRAY_LEN(self_only); i++)
    if (strcmp(name, self_only[i]) == 0)
      return true;
  return false;
}

/* What every call without a rule gets (seccomp_init). */
#define DEFAULT_ACTION SCMP_ACT_ERRNO(EPERM)

/* The session filters apart from the allowlist: the notify filter (ALLOW
 * by default: the strict filter below it decides) hands every clone and
 * the hello to the server; the init's filter lets it wait for its
 * children and report them, nothing else. */
static int add_session_rules(scmp_filter_ctx ctx, enum ts_filter_kind kind) {
  static const char *const init_syscalls[] = {"waitid", "write", "exit", "exit_group",
                                              "rt_sigreturn", "restart_syscall"};
  int rc = 0;

  if (kind == TS_FILTER_NOTIFY) {
    rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, SCMP_SYS(clone), 0);
    if (rc == 0)
      rc = seccomp_rule_add(ctx, SCMP_ACT_NOTIFY, TS_SESS_HELLO_NR, 1,
                            SCMP_A0(SCMP_CMP_EQ, TS_SESS_HELLO_MAGIC));
    return rc;
  }
#ifdef TS_SANITIZE
  /* The sanitizers' runtime, in init as in every process of a sanitizer
   * build: its signal stack, thread ids and shadow and report memory
   * (without them it fails a check at init's first intercepted call and
   * the session ends at once).  Normal builds never get these. */
  static const char *const sanitizer_syscalls[] = {
      "sigaltstack", "gettid",  "getpid",  "mmap",          "munmap",       "madvise",
      "mprotect",    "futex",   "prctl",   "rt_sigprocmask", "rt_sigaction", "sched_yield",
      "getrandom",   "openat",  "read",    "close",         "readlink",     "sched_getaffinity"};
  for (size_t i = 0; rc == 0 && i < TS_ARRAY_LEN(sanitizer_syscalls); i++)
    rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW,
                          seccomp_syscall_resolve_name(sanitizer_syscalls[i]), 0);
#endif
  for (size_t i = 0; rc == 0 && i < TS_ARRAY_LEN(init_syscalls); i++)
    rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, seccomp_syscall_resolve_name(init_syscalls[i]), 0);
  return rc;
}

/* The complete filter: default action, attributes and rules.  Both the
 * BPF program the children load and the pseudo code ts_seccomp_print
 * writes come from this one context, so what is printed is what runs.
 * NULL with *err filled on failure; release with seccomp_release. */
static scmp_filter_ctx build_filter(enum ts_filter_kind kind, ts_err *err) {
  scmp_filter_ctx ctx = seccomp_init(kind == TS_FILTER_NOTIFY ? SCMP_ACT_ALLOW : DEFAULT_ACTION);
  int rc;

  if (!ctx) {
    ts_err_set(err, ENOMEM, "seccomp_init failed");
    return NULL;
  }
  /* Any other ABI (x32, i386 via int 0x80) is killed outright. */
  rc = seccomp_attr_set(ctx, SCMP_FLTATR_ACT_BADARCH, SCMP_ACT_KILL_PROCESS);
  /* We set no_new_privs ourselves, as a numbered step. */
  if (rc == 0)
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_NNP, 0);
  /* A binary tree instead of a linear scan of the allowlist. */
  if (rc == 0)
    rc = seccomp_attr_set(ctx, SCMP_FLTATR_CTL_OPTIMIZE, 2);

  if (kind == TS_FILTER_NOTIFY || kind == TS_FILTER_SESSION_INIT) {
    if (rc == 0 && add_session_rules(ctx, kind) < 0)
      rc = -EINVAL;
    if (rc < 0) {
      seccomp_release(ctx);
      ts_err_set(err, -rc, "building the session seccomp filters: %s", strerror(-rc));
      return NULL;
    }
    return ctx;
  }
  for (size_t i = 0; rc == 0 && i < TS_ARRAY_LEN(allowed_syscalls); i++) {
    int nr = seccomp_syscall_resolve_name(allowed_syscalls[i]);
    if (nr == __NR_SCMP_ERROR)
      continue; /* not on this architecture */
    /* A session's processes share a pid namespace: a call could signal
     * its holder (the last good state) or change its limits.  No signal
     * to anybody, and prlimit64 on the caller only (glibc's getrlimit
     * and setrlimit pass pid 0).  abort() and raise() then fail, which
     * glibc survives. */
    if (kind == TS_FILTER_SESSION && strcmp(allowed_syscalls[i], "tgkill") == 0)
      continue;
    if (kind == TS_FILTER_SESSION && strcmp(allowed_syscalls[i], "prlimit64") == 0) {
      rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 1, SCMP_A0(SCMP_CMP_EQ, 0));
      continue;
    }
    /* Nor may it learn which processes exist through the calls that take
     * a pid: on itself only (pid 0, what glibc and CPython pass). */
    if (kind == TS_FILTER_SESSION && is_session_self_only(allowed_syscalls[i])) {
      rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 1, SCMP_A0(SCMP_CMP_EQ, 0));
      continue;
    }
    if (kind == TS_FILTER_SESSION && strcmp(allowed_syscalls[i], "getpriority") == 0) {
      rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 1, SCMP_A1(SCMP_CMP_EQ, 0));
      continue;
    }
    /* fcntl: the commands CPython and glibc use.  Not F_SETOWN, F_SETSIG
     * (with O_ASYNC, the kernel would signal any process of the box for
     * the snippet whenever its pipe is read), F_SETLEASE, F_NOTIFY or the
     * locks, which reach across the box's processes too. */
    if (kind == TS_FILTER_SESSION && strcmp(allowed_syscalls[i], "fcntl") == 0) {
      static const int cmds[] = {F_DUPFD, F_GETFD, F_SETFD, F_GETFL, F_SETFL, F_DUPFD_CLOEXEC,
                                 F_GETPIPE_SZ};
      for (size_t k = 0; rc == 0 && k < TS_ARRAY_LEN(cmds); k++)
        rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 1, SCMP_A1(SCMP_CMP_EQ, (scmp_datum_t)cmds[k]));
      continue;
    }
    rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 0);
  }
  /* A session process: the one clone the server may approve (through the
   * notify filter, which only sees what this filter allows: an ERRNO
   * outranks a notification), and the hello. */
  if (rc == 0 && kind == TS_FILTER_SESSION)
    rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(clone), 2,
                          SCMP_A0(SCMP_CMP_EQ, TS_SESS_CLONE_FLAGS), SCMP_A1(SCMP_CMP_EQ, 0));
  if (rc == 0 && kind == TS_FILTER_SESSION)
    rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, TS_SESS_HELLO_NR, 1,
                          SCMP_A0(SCMP_CMP_EQ, TS_SESS_HELLO_MAGIC));
  /* prot is argument 2 of both.  With PROT_EXEC set, no rule matches and
   * the default answers EPERM (libseccomp refuses a rule whose action is
   * the default's, so the refusal cannot be spelt out as a rule). */
  for (size_t i = 0; rc == 0 && i < TS_ARRAY_LEN(no_exec_syscalls); i++) {
    int nr = seccomp_syscall_resolve_name(no_exec_syscalls[i]);
    if (nr == __NR_SCMP_ERROR)
      continue;
    /* A session's processes map nothing shared (flags, argument 3, of
     * mmap): a shared mapping kept in the state would be the same memory
     * in every call and fork of it, so a call that is rolled back could
     * still change it, and a fork see its origin's writes.  (MAP_SHARED
     * is also in MAP_SHARED_VALIDATE.) */
    if (kind == TS_FILTER_SESSION && nr == SCMP_SYS(mmap))
      rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 2, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0),
                            SCMP_A3(SCMP_CMP_MASKED_EQ, MAP_SHARED, 0));
    else
      rc = seccomp_rule_add(ctx, SCMP_ACT_ALLOW, nr, 1, SCMP_A2(SCMP_CMP_MASKED_EQ, PROT_EXEC, 0));
  }
  /* clone3 answers ENOSYS so that libc falls back to clone, which fails
   * with EPERM like every other way of making a process. */
  if (rc == 0)
    rc = seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
  if (rc < 0) {
    seccomp_release(ctx);
    ts_err_set(err, -rc, "building the seccomp filter: %s", strerror(-rc));
    return NULL;
  }
  return ctx;
}

int ts_seccomp_compile_kind(enum ts_filter_kind kind, struct sock_fprog *out, ts_err *err) {
  scmp_filter_ctx ctx = build_filter(kind, err);
  char *bpf = NULL;
  int rc, memfd;
  off_t size;

  if (!ctx)
    return -1;
  memfd = memfd_create("ts-bpf", MFD_CLOEXEC);
  rc = memfd < 0 ? -errno : seccomp_export_bpf(ctx, memfd);
  seccomp_release(ctx);
  if (rc < 0) {
    if (memfd >= 0)
      close(memfd);
    return ts_err_set(err, -rc, "exporting the seccomp filter: %s", strerror(-rc));
  }
  size = lseek(memfd, 0, SEEK_END);
  if (size <= 0 || size % (off_t)sizeof(struct sock_filter) != 0 ||
      !(bpf = malloc((size_t)size)) || pread(memfd, bpf, (size_t)size, 0) != size) {
    free(bpf);
    close(memfd);
    return ts_err_set(err, EIO, "reading back the seccomp filter");
  }
  close(memfd);
  out->len = (unsigned short)((size_t)size / sizeof(struct sock_filter));
  out->filter = (struct sock_filter *)(void *)bpf;
  return 0;
}

int ts_seccomp_compile(struct sock_fprog *out, ts_err *err) {
  return ts_seccomp_compile_kind(TS_FILTER_CHILD, out, err);
}

int ts_seccomp_print(int fd, ts_err *err) {
  scmp_filter_ctx ctx = build_filter(TS_FILTER_CHILD, err);
  int rc;

  if (!ctx)
    return -1;
  rc = seccomp_export_pfc(ctx, fd);
  seccomp_release(ctx);
  return rc < 0 ? ts_err_set(err, -rc, "printing the seccomp filter: %s", strerror(-rc)) : 0;
}
