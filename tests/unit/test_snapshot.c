/* A session's working directory kept in memory (sandbox/snapshot.c), on a
 * scratch directory: the path order, capture, clear and restore round
 * trips (contents, modes, times, deep trees, directories without
 * permissions), the bounds, and what a capture takes from the snapshot
 * the directory was restored from.  tests/api/test_sessions.c covers the
 * same through sessions, in the sandbox. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sandbox/snapshot.h"

TestSuite(snapshot);

static int cmp(const char *a, const char *b) {
  return ts_snap_path_cmp(a, strlen(a), b, strlen(b));
}

Test(snapshot, path_order_is_a_depth_first_walk) {
  cr_assert_lt(cmp("a", "a/b"), 0, "a directory before what it holds");
  cr_assert_lt(cmp("a/b", "a-c"), 0, "and what it holds right after it");
  cr_assert_lt(cmp("a/z", "a0"), 0);
  cr_assert_gt(cmp("b", "a/b"), 0);
  cr_assert_eq(cmp("a/b", "a/b"), 0);
  cr_assert_lt(cmp("a/b", "a/c"), 0);
}

static char root[64];
static int top = -1;

static void scratch(void) {
  snprintf(root, sizeof root, "/tmp/ts-snap-XXXXXX");
  cr_assert_not_null(mkdtemp(root));
  top = open(root, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  cr_assert_geq(top, 0);
}

static void scratch_done(void) {
  cr_assert_eq(ts_snap_clear(top), 0, "clear: %s", strerror(errno));
  close(top);
  cr_assert_eq(rmdir(root), 0);
}

static void put(const char *path, const char *text, mode_t mode) {
  int fd = openat(top, path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

  cr_assert_geq(fd, 0, "%s: %s", path, strerror(errno));
  cr_assert_eq(write(fd, text, strlen(text)), (ssize_t)strlen(text));
  cr_assert_eq(fchmod(fd, mode), 0);
  close(fd);
}

static void dir(const char *path) {
  cr_assert_eq(mkdirat(top, path, 0755), 0, "%s: %s", path, strerror(errno));
}

/* A directory `levels` deep under `base`, "base/d/d/...", with a file at
 * the bottom. */
static void deep(const char *base, int levels) {
  char path[512];
  size_t n = (size_t)snprintf(path, sizeof path, "%s", base);

  dir(path);
  for (int i = 1; i < levels; i++) {
    n += (size_t)snprintf(path + n, sizeof path - n, "/d");
    dir(path);
  }
  snprintf(path + n, sizeof path - n, "/bottom");
  put(path, "deep", 0644);
}

static bool empty(void) {
  int fd = openat(top, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  struct ts_snapshot s;
  const char *why;
  bool none;

  cr_assert_eq(ts_snap_capture(fd, 1024, 1 << 20, NULL, &s, &why), 0);
  none = s.n == 0;
  ts_snap_free(&s);
  close(fd);
  return none;
}

static void same(const struct ts_snapshot *a, const struct ts_snapshot *b) {
  cr_assert_eq(a->n, b->n);
  cr_assert_eq(a->bytes, b->bytes);
  for (size_t i = 0; i < a->n; i++) {
    const struct ts_snap_entry *x = &a->v[i], *y = &b->v[i];
    cr_assert_str_eq(x->path, y->path);
    cr_assert_eq(x->mode, y->mode, "%s: mode %o, not %o", x->path, y->mode, x->mode);
    cr_assert_eq(x->mtime.tv_sec, y->mtime.tv_sec, "%s: mtime", x->path);
    cr_assert_eq(x->mtime.tv_nsec, y->mtime.tv_nsec, "%s: mtime", x->path);
    cr_assert_eq(x->size, y->size);
    cr_assert(x->size == 0 || memcmp(x->data, y->data, x->size) == 0, "%s: bytes", x->path);
  }
}

Test(snapshot, capture_clear_restore_round_trip, .init = scratch, .fini = scratch_done) {
  struct ts_snapshot a, b;
  const char *why = "";
  char big[100000];

  memset(big, 'b', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  put("a.txt", "one", 0640);
  put("empty", "", 0600);
  put("big", big, 0644); /* a mapping of its own */
  dir("d");
  dir("d/e");
  put("d/e/f", "f", 0400);
  dir("ro");
  put("ro/x", "x", 0);
  cr_assert_eq(fchmodat(top, "ro", 0500, 0), 0);
  deep("deep", TS_SNAP_DEPTH_MAX);
  cr_assert_eq(ts_snap_capture(top, 1024, 1 << 20, NULL, &a, &why), 0, "%s: %s", why,
               strerror(errno));
  cr_assert_eq(a.n, 9 + TS_SNAP_DEPTH_MAX);
  cr_assert_eq(a.bytes, 3 + 1 + 1 + 4 + sizeof big - 1);
  for (size_t i = 1; i < a.n; i++)
    cr_assert_lt(ts_snap_path_cmp(a.v[i - 1].path, a.v[i - 1].path_len, a.v[i].path,
                                  a.v[i].path_len),
                 0, "sorted");
  cr_assert_not_null(ts_snap_find(&a, "d/e/f", 5));
  cr_assert_null(ts_snap_find(&a, "d/e/g", 5));
  cr_assert_eq(ts_snap_find(&a, "ro", 2)->mode, S_IFDIR | 0500);
  cr_assert_eq(memcmp(ts_snap_find(&a, "a.txt", 5)->data, "one", 3), 0);

  cr_assert_eq(ts_snap_clear(top), 0, "%s", strerror(errno));
  cr_assert(empty());
  cr_assert_eq(ts_snap_restore(top, &a, &why), 0, "%s: %s", why, strerror(errno));
  cr_assert_eq(ts_snap_capture(top, 1024, 1 << 20, NULL, &b, &why), 0, "%s", why);
  same(&a, &b);
  ts_snap_free(&a);
  ts_snap_free(&b);
}

/* A tree deeper than the capture keeps: the clear still empties it (with
 * a few descriptors), and its directories without permissions. */
Test(snapshot, clear_empties_any_depth, .init = scratch, .fini = scratch_done) {
  struct ts_snapshot s;
  const char *why = "";

  deep("x", 60);
  deep("y", 20);
  cr_assert_eq(fchmodat(top, "y/d", 0, 0), 0);
  cr_assert_eq(ts_snap_capture(top, 1024, 1 << 20, NULL, &s, &why), -1);
  cr_assert_eq(errno, ELOOP);
  cr_assert_eq(s.n, 0, "nothing is kept of a failed capture");
  cr_assert_eq(ts_snap_clear(top), 0, "%s", strerror(errno));
  cr_assert(empty());
}

Test(snapshot, bounds, .init = scratch, .fini = scratch_done) {
  struct ts_snapshot s;
  const char *why = "";

  put("a", "12345", 0644);
  put("b", "12345", 0644);
  cr_assert_eq(ts_snap_capture(top, 1, 1 << 20, NULL, &s, &why), -1);
  cr_assert_eq(errno, ENOSPC);
  cr_assert_eq(ts_snap_capture(top, 10, 9, NULL, &s, &why), -1);
  cr_assert_eq(errno, ENOSPC);
  cr_assert_eq(ts_snap_capture(top, 2, 10, NULL, &s, &why), 0);
  ts_snap_free(&s);
}

/* What the directory was restored from gives a capture the bytes of the
 * files that did not change (they are taken, not copied), and loses the
 * old bytes of the files that did. */
Test(snapshot, capture_takes_unchanged_files_from_prev, .init = scratch, .fini = scratch_done) {
  struct ts_snapshot prev, now;
  const char *why = "", *kept;
  char big[70000];

  memset(big, 'k', sizeof big - 1);
  big[sizeof big - 1] = '\0';
  put("same", big, 0644);
  put("changed", "old", 0644);
  put("gone", "g", 0644);
  cr_assert_eq(ts_snap_capture(top, 1024, 1 << 20, NULL, &prev, &why), 0);
  kept = ts_snap_find(&prev, "same", 4)->data;
  cr_assert_eq(unlinkat(top, "changed", 0), 0);
  cr_assert_eq(unlinkat(top, "gone", 0), 0);
  put("changed", "new", 0644);
  put("added", "a", 0644);
  cr_assert_eq(ts_snap_capture(top, 1024, 1 << 20, &prev, &now, &why), 0);
  cr_assert_eq(ts_snap_find(&now, "same", 4)->data, kept, "taken, not copied");
  cr_assert_null(ts_snap_find(&prev, "same", 4)->data);
  cr_assert_null(ts_snap_find(&prev, "changed", 7)->data, "old bytes freed");
  cr_assert_not_null(ts_snap_find(&prev, "gone", 4)->data);
  cr_assert_eq(memcmp(ts_snap_find(&now, "changed", 7)->data, "new", 3), 0);
  cr_assert_eq(now.n, 3);
  ts_snap_free(&prev);
  ts_snap_free(&now);
}
