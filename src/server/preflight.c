/* Preflight checks.  Each probe runs in a forked child so that nothing it
 * does (unsharing, a seccomp filter) touches the calling process. */
#include <errno.h>
#include <fcntl.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "server/preflight.h"

/* Runs fn in a child; returns 0 when it exited 0, else the errno it exited
 * with (or EIO when it died). */
static int probe(int (*fn)(const struct ts_config *), const struct ts_config *cfg) {
  pid_t pid = fork();
  int st;

  if (pid < 0)
    return errno;
  if (pid == 0)
    _exit(fn(cfg) & 0xff);
  if (waitpid(pid, &st, 0) < 0)
    return errno;
  return WIFEXITED(st) ? WEXITSTATUS(st) : EIO;
}

static int p_userns(const struct ts_config *cfg) {
  (void)cfg;
  return unshare(CLONE_NEWUSER) < 0 ? errno : 0;
}

/* What a child needs: a user namespace with the others inside it. */
static int p_namespaces(const struct ts_config *cfg) {
  (void)cfg;
  if (unshare(CLONE_NEWUSER) < 0)
    return errno;
  return unshare(CLONE_NEWNS | CLONE_NEWIPC | CLONE_NEWUTS | CLONE_NEWPID | CLONE_NEWNET |
                 CLONE_NEWCGROUP) < 0
             ? errno
             : 0;
}

static int p_seccomp(const struct ts_config *cfg) {
  (void)cfg;
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
    return errno;
  /* SECCOMP_GET_ACTION_AVAIL tells whether filters and KILL_PROCESS work. */
  {
    unsigned action = SECCOMP_RET_KILL_PROCESS;
    if (syscall(SYS_seccomp, SECCOMP_GET_ACTION_AVAIL, 0, &action) < 0)
      return errno;
  }
  return 0;
}

static int p_clone3(const struct ts_config *cfg) {
  (void)cfg;
  /* clone3 with an invalid size: ENOSYS means the kernel lacks it. */
  return syscall(SYS_clone3, NULL, 0) < 0 && errno == ENOSYS ? ENOSYS : 0;
}

static int p_stdlib(const struct ts_config *cfg) {
  char path[600];
  struct stat st;
  int n = snprintf(path, sizeof path, "%s/lib/python3.11/os.py",
                   cfg->python_home ? cfg->python_home : "/usr");

  if (n < 0 || (size_t)n >= sizeof path)
    return ENAMETOOLONG; /* a cut path would name another file */
  return stat(path, &st) < 0 ? errno : 0;
}

struct check {
  const char *what;
  int (*fn)(const struct ts_config *);
  const char *fix;
};

static const struct check checks[] = {
    {"user namespaces", p_userns,
     "enable unprivileged user namespaces: sysctl kernel.unprivileged_userns_clone=1 and "
     "user.max_user_namespaces>0; under AppArmor (Ubuntu 24.04+) "
     "kernel.apparmor_restrict_unprivileged_userns=0; in a container, a seccomp profile that "
     "allows unshare/clone3"},
    {"mount, pid, ipc, uts, net and cgroup namespaces inside a user namespace", p_namespaces,
     "a kernel built with CONFIG_{USER,PID,IPC,UTS,NET,CGROUP}_NS; in a container, drop "
     "restrictions on unshare"},
    {"clone3", p_clone3,
     "Linux 5.5 or newer; in a container, a seccomp profile that allows clone3 (runtimes often "
     "answer ENOSYS for it)"},
    {"seccomp filters with no_new_privs", p_seccomp,
     "a kernel with CONFIG_SECCOMP_FILTER; in a container, do not run with seccomp=unconfined "
     "blocking nested filters"},
    {"Python 3.11 standard library", p_stdlib,
     "install python3 (Debian: libpython3.11-stdlib) or pass --python-home PREFIX"},
};

int ts_preflight(const struct ts_config *cfg, FILE *out) {
  int failed = 0;

  for (size_t i = 0; i < TS_ARRAY_LEN(checks); i++) {
    int e = probe(checks[i].fn, cfg);
    if (e == 0) {
      fprintf(out, "ok    %s\n", checks[i].what);
    } else {
      fprintf(out, "FAIL  %s: %s\n      fix: %s\n", checks[i].what, strerror(e), checks[i].fix);
      failed++;
    }
  }
  return failed;
}
