/* Namespace plumbing of the sandbox, used by the zygote (its root, and
 * its own id maps when the server is not root) and by each child (its id
 * maps).  Runs in the zygote and, after the clone, in a child: only
 * async-signal-safe calls after the clone (ts_write_id_maps). */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdio.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "sandbox/namespaces.h"

static int write_file(int dirfd, const char *path, const char *data, size_t len) {
  int fd = openat(dirfd, path, O_WRONLY | O_CLOEXEC);
  ssize_t n;

  if (fd < 0)
    return -1;
  n = write(fd, data, len);
  close(fd);
  return n == (ssize_t)len ? 0 : -1;
}

/* "INSIDE OUTSIDE 1" without snprintf (not async-signal-safe). */
static size_t id_map_line(char *buf, unsigned inside, unsigned outside) {
  char tmp[24];
  size_t n = 0, k;
  unsigned v[2] = {inside, outside};

  for (int i = 0; i < 2; i++) {
    k = 0;
    do
      tmp[k++] = (char)('0' + v[i] % 10);
    while ((v[i] /= 10) && k < sizeof tmp);
    while (k)
      buf[n++] = tmp[--k];
    buf[n++] = ' ';
  }
  buf[n++] = '1';
  return n;
}

int ts_write_id_maps(int procfd, unsigned inside_uid, unsigned outside_uid, unsigned inside_gid,
                     unsigned outside_gid, const char **what) {
  char line[64];

  *what = "setgroups";
  if (write_file(procfd, "self/setgroups", "deny", 4) < 0)
    return -1;
  *what = "uid_map";
  if (write_file(procfd, "self/uid_map", line, id_map_line(line, inside_uid, outside_uid)) < 0)
    return -1;
  *what = "gid_map";
  return write_file(procfd, "self/gid_map", line, id_map_line(line, inside_gid, outside_gid));
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


#define NEWROOT "/tmp" /* any existing directory: the tmpfs root hides it */

static int bind_into_root(const char *dir, ts_err *err) {
  char buf[600];
  int n = snprintf(buf, sizeof buf, NEWROOT "%s", dir);

  if (n < 0 || (size_t)n >= sizeof buf) /* a cut path would bind elsewhere */
    return ts_err_set(err, ENAMETOOLONG, "binding %s: the path is too long", dir);
  if (mkdir_p(buf) < 0 || bind_ro(dir, buf) < 0)
    return ts_err_set(err, errno, "binding %s: %s", dir, strerror(errno));
  return 0;
}

int ts_sandbox_make_root(const char *stdlib_dir, ts_err *err) {
  return ts_sandbox_make_root_with(stdlib_dir, NULL, err);
}

int ts_sandbox_make_root_with(const char *stdlib_dir, const char *extra, ts_err *err) {

  if (unshare(CLONE_NEWNS) < 0)
    return ts_err_set(err, errno, "unshare(CLONE_NEWNS): %s", strerror(errno));
  if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) < 0)
    return ts_err_set(err, errno, "making mounts private: %s", strerror(errno));
  if (mount("tmpfs", NEWROOT, "tmpfs", MS_NOSUID | MS_NODEV, "size=64k,nr_inodes=64,mode=0755") < 0)
    return ts_err_set(err, errno, "mounting the root tmpfs: %s", strerror(errno));
  if (bind_into_root(stdlib_dir, err) < 0)
    return -1;
  if (extra && *extra) {
    char list[1024], *save = NULL;
    struct stat st;

    if ((size_t)snprintf(list, sizeof list, "%s", extra) >= sizeof list)
      return ts_err_set(err, ENAMETOOLONG, "the profile's directories: the list is too long");
    for (char *d = strtok_r(list, ",", &save); d; d = strtok_r(NULL, ",", &save)) {
      if (d[0] != '/' || strstr(d, "/../") || stat(d, &st) < 0 || !S_ISDIR(st.st_mode))
        continue; /* absent here: what needs it fails as it would anyway */
      if (bind_into_root(d, err) < 0)
        return -1;
    }
  }
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

