/* Confinement of one sandbox child: namespaces are created by the clone in
 * the zygote; everything else happens here, in the order below, each step
 * relying on the ones before it. */
#include <errno.h>
#include <fcntl.h>
#include <linux/capability.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/mount.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/job.h"
#include "sandbox/sandbox.h"

/* ---- child setup ---- */

/* Reports a failed step on the result fd and dies.  Uses only
 * async-signal-safe calls and a stack buffer. */
__attribute__((noreturn)) static void die_stage(int result_fd, const char *stage) {
  char buf[200];
  int e = errno;
  int n = snprintf(buf, sizeof buf, "{\"setup_error\":{\"stage\":\"%s\",\"errno\":%d}}",
                   stage, e);

  if (n > 0 && result_fd >= 0)
    (void)!write(result_fd, buf, (size_t)n);
  _exit(TS_EXIT_SETUP);
}

static int write_file(int dirfd, const char *path, const char *data) {
  int fd = openat(dirfd, path, O_WRONLY | O_CLOEXEC);
  ssize_t n;
  size_t len = strlen(data);

  if (fd < 0)
    return -1;
  n = write(fd, data, len);
  close(fd);
  return n == (ssize_t)len ? 0 : -1;
}

/* A read-only bind mount keeps the flags the kernel locks on the source
 * (nosuid, nodev, noexec, atime) or the remount is refused in a user
 * namespace. */
static int bind_ro(const char *src, const char *dst) {
  struct statvfs sv;
  unsigned long flags = MS_BIND | MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV;

  if (mount(src, dst, NULL, MS_BIND | MS_REC, NULL) < 0)
    return -1;
  if (statvfs(dst, &sv) < 0)
    return -1;
  if (sv.f_flag & ST_NOEXEC)
    flags |= MS_NOEXEC;
  if (sv.f_flag & ST_NOATIME)
    flags |= MS_NOATIME;
  if (sv.f_flag & ST_NODIRATIME)
    flags |= MS_NODIRATIME;
  if (sv.f_flag & ST_RELATIME)
    flags |= MS_RELATIME;
  return mount(NULL, dst, NULL, flags, NULL);
}

static int mkdir_p(char *path) {
  for (char *p = path + 1; *p; p++) {
    if (*p != '/')
      continue;
    *p = '\0';
    if (mkdir(path, 0755) < 0 && errno != EEXIST) {
      *p = '/';
      return -1;
    }
    *p = '/';
  }
  return mkdir(path, 0755) < 0 && errno != EEXIST ? -1 : 0;
}

static int set_limit(int resource, rlim_t v) {
  struct rlimit rl = {v, v};
  return setrlimit(resource, &rl);
}

#define NEWROOT "/tmp" /* any existing directory: the tmpfs root hides it */

int ts_sandbox_make_root(const char *stdlib_dir, int *procfd, ts_err *err) {
  char buf[600];
  int n;

  /* The children write their id maps through the host's /proc, which is
   * not in the new root: keep a handle on it, opened first. */
  *procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (*procfd < 0)
    return ts_err_set(err, errno, "opening /proc: %s", strerror(errno));
  if (unshare(CLONE_NEWNS) < 0)
    return ts_err_set(err, errno, "unshare(CLONE_NEWNS): %s", strerror(errno));
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
    return ts_err_set(err, errno, "making mounts private: %s", strerror(errno));
  if (mount("tmpfs", NEWROOT, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,nr_inodes=64,mode=0755") < 0)
    return ts_err_set(err, errno, "mounting the root tmpfs: %s", strerror(errno));
  n = snprintf(buf, sizeof buf, NEWROOT "%s", stdlib_dir);
  if (n < 0 || (size_t)n >= sizeof buf) /* a cut path would bind elsewhere */
    return ts_err_set(err, ENAMETOOLONG, "binding %s: the path is too long", stdlib_dir);
  if (mkdir_p(buf) < 0 || bind_ro(stdlib_dir, buf) < 0)
    return ts_err_set(err, errno, "binding %s: %s", stdlib_dir, strerror(errno));
  if (mkdir(NEWROOT "/tmp", 01777) < 0)
    return ts_err_set(err, errno, "mkdir /tmp: %s", strerror(errno));
#ifdef TS_SANITIZE
  /* Sanitizer builds only: LeakSanitizer reads /proc/self/maps when the
   * zygote checks itself for leaks at exit.  Each child covers it again
   * (step 3). */
  if (mkdir(NEWROOT "/proc", 0555) < 0 || mount("/proc", NEWROOT "/proc", NULL, MS_BIND | MS_REC, NULL) < 0)
    return ts_err_set(err, errno, "binding /proc (sanitizer build): %s", strerror(errno));
#endif
  if (chdir(NEWROOT) < 0 || syscall(SYS_pivot_root, ".", ".") < 0)
    return ts_err_set(err, errno, "pivot_root: %s", strerror(errno));
  if (umount2(".", MNT_DETACH) < 0)
    return ts_err_set(err, errno, "detaching the old root: %s", strerror(errno));
  if (mount(NULL, "/", NULL, MS_REMOUNT | MS_RDONLY | MS_NOSUID | MS_NODEV, NULL) < 0)
    return ts_err_set(err, errno, "remounting the root read-only: %s", strerror(errno));
  if (chdir("/") < 0)
    return ts_err_set(err, errno, "chdir /: %s", strerror(errno));
  return 0;
}

void ts_sandbox_enter(const struct ts_sandbox_params *p, const struct sock_fprog *filter) {
  int res = p->fds[3];
  char buf[512];

  (void)filter;
  /* 1. Die with the server.  Our parent is the server (CLONE_PARENT): if it
   *    is already gone, the signal will never come, so give up now. */
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0)
    die_stage(res, "pdeathsig");
  /* (getppid() is 0 in a new pid namespace, so a server that died before
   *  this line cannot be detected here; the closed pipes end the child at
   *  its first output and RLIMIT_CPU at the latest.) */
  /* 2. Namespaces: user, pid, mount, ipc, uts and cgroup come from the
   *    clone; the network namespace is the zygote's, which has no
   *    interface, and the filter below forbids sockets anyway.  Map our
   *    ids: only our own outside ids can be mapped, to one inside id. */
  /* Our /proc/self files are ours to write only while we are dumpable;
   * the zygote is not, and step 5 turns it off again. */
  if (prctl(PR_SET_DUMPABLE, 1) < 0)
    die_stage(res, "dumpable");
  if (write_file(p->procfd, "self/setgroups", "deny") < 0)
    die_stage(res, "setgroups");
  (void)snprintf(buf, sizeof buf, "%d %u 1", TS_SANDBOX_UID, (unsigned)p->outside_uid); /* fits */
  if (write_file(p->procfd, "self/uid_map", buf) < 0)
    die_stage(res, "uid_map");
  (void)snprintf(buf, sizeof buf, "%d %u 1", TS_SANDBOX_GID, (unsigned)p->outside_gid); /* fits */
  if (write_file(p->procfd, "self/gid_map", buf) < 0)
    die_stage(res, "gid_map");
  /* Cosmetic (the UTS namespace is ours anyway), and container seccomp
   * profiles often refuse it without CAP_SYS_ADMIN: best effort. */
  (void)!sethostname("sandbox", 7);

  /* 3. An empty root.  The zygote already lives in one (see
   *    ts_sandbox_make_root): a read-only tmpfs holding only the standard
   *    library, read-only.  Our copy of its mount namespace belongs to our
   *    user namespace, so those mounts are locked as they are; all we add
   *    is a private /tmp that dies with us.  No /proc, /dev, /etc or /home
   *    exists inside. */
  (void)snprintf(buf, sizeof buf, "size=%lu,nr_inodes=1024,mode=1777", p->tmp_bytes); /* fits */
  if (mount("tmpfs", "/tmp", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, buf) < 0)
    die_stage(res, "mount tmp");
#ifdef TS_SANITIZE
  if (mount("tmpfs", "/proc", "tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC | MS_RDONLY,
            "size=4k,nr_inodes=4,mode=0555") < 0)
    die_stage(res, "cover proc (sanitizer build)");
#endif
  if (chdir("/tmp") < 0)
    die_stage(res, "chdir");

  /* 4. Resource limits.  RLIMIT_CPU backs up the server's wall-clock
   *    timer; soft == hard so that the kernel sends SIGKILL (pid 1 of a
   *    namespace ignores SIGXCPU).  No core files, no locked memory. */
  if (
#ifndef TS_SANITIZE /* the sanitizers' shadow memory alone is terabytes */
      (p->memory_bytes && set_limit(RLIMIT_AS, p->memory_bytes) < 0) ||
#endif
      set_limit(RLIMIT_CPU, p->cpu_seconds) < 0 ||
      set_limit(RLIMIT_FSIZE, p->tmp_bytes) < 0 ||
      set_limit(RLIMIT_NOFILE, 64) < 0 ||
      set_limit(RLIMIT_NPROC, 1) < 0 ||
      set_limit(RLIMIT_CORE, 0) < 0 ||
      set_limit(RLIMIT_MEMLOCK, 0) < 0 ||
      set_limit(RLIMIT_MSGQUEUE, 0) < 0)
    die_stage(res, "rlimits");

  /* 5. Drop privileges: every capability we hold in our user namespace
   *    (bounding, ambient, effective, permitted, inheritable). */
  for (int cap = 0; cap <= CAP_LAST_CAP; cap++)
    if (prctl(PR_CAPBSET_DROP, cap, 0, 0, 0) < 0 && errno != EINVAL)
      die_stage(res, "capbset");
  if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) < 0 && errno != EINVAL)
    die_stage(res, "ambient caps");
  {
    struct __user_cap_header_struct hdr = {_LINUX_CAPABILITY_VERSION_3, 0};
    struct __user_cap_data_struct data[2];
    memset(data, 0, sizeof data);
    if (syscall(SYS_capset, &hdr, data) < 0)
      die_stage(res, "capset");
  }
  if (prctl(PR_SET_DUMPABLE, 0) < 0)
    die_stage(res, "dumpable");

  /* 6. File descriptors: the capture pipes at 1, 2, 3, the job at 4,
   *    nothing else.  stdin is /dev/null's absence: closed. */
  {
    int want[4] = {TS_FD_JOB, TS_FD_STDOUT, TS_FD_STDERR, TS_FD_RESULT};
    int tmp[4];
    /* First move everything above the targets so dup2 cannot clobber. */
    for (int i = 0; i < 4; i++) {
      tmp[i] = fcntl(p->fds[i], F_DUPFD_CLOEXEC, 10);
      if (tmp[i] < 0)
        die_stage(res, "dup fds");
    }
    res = tmp[3];
    for (int i = 0; i < 4; i++)
      if (dup2(tmp[i], want[i]) < 0)
        die_stage(res, "dup2");
    res = TS_FD_RESULT;
    close(0);
    if (syscall(SYS_close_range, 5, ~0U, 0) < 0)
      die_stage(res, "close_range");
  }

  /* 7. No new privileges, required for an unprivileged seccomp filter and
   *    a promise that nothing can regain what was dropped above. */
  if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) < 0)
    die_stage(res, "no_new_privs");
}

void ts_sandbox_seal(const struct sock_fprog *filter) {
  /* 8. The seccomp filter, loaded last: every step above needed calls it
   *    forbids. */
  /* SPEC_ALLOW: attaching a filter would otherwise force the speculative
   * store bypass mitigation on, which slows every child down.  SSB leaks
   * only within the process, and a child holds nothing but its own job:
   * the zygote it was cloned from never saw a secret or another job. */
  if (syscall(SYS_seccomp, SECCOMP_SET_MODE_FILTER, SECCOMP_FILTER_FLAG_SPEC_ALLOW, filter) < 0)
    die_stage(TS_FD_RESULT, "seccomp");
}
