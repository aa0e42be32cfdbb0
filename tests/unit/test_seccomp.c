/* The seccomp policy as libseccomp prints it (ts_seccomp_dump, built by
 * the same function as the filter the children load): the allowlist's
 * argument rules are there, and what it refuses is absent.  The
 * behaviour itself is tested in a real child by tests/sandbox. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sandbox/seccomp.h"

TestSuite(seccomp);

/* The dump as a NUL-terminated string (free it). */
static char *dump(void) {
  ts_err err = {0};
  int fd = memfd_create("ts-pfc", MFD_CLOEXEC);
  off_t size;
  char *text;

  cr_assert_geq(fd, 0);
  cr_assert_eq(ts_seccomp_dump(fd, &err), 0, "%s", err.msg);
  size = lseek(fd, 0, SEEK_END);
  cr_assert_gt(size, 0);
  text = calloc(1, (size_t)size + 1);
  cr_assert(text);
  cr_assert_eq(pread(fd, text, (size_t)size, 0), size);
  close(fd);
  return text;
}

/* The rule block of one system call: from its header to the next block
 * or the default action. */
static char *rule_of(const char *text, const char *name) {
  char head[96];
  const char *at, *next, *end;

  snprintf(head, sizeof head, "# filter for syscall \"%s\"", name);
  at = strstr(text, head);
  if (!at)
    return NULL;
  next = strstr(at + 1, "# filter for syscall");
  end = strstr(at, "# default action");
  if (!end || (next && next < end))
    end = next;
  if (!end)
    end = at + strlen(at);
  return strndup(at, (size_t)(end - at));
}

static size_t count(const char *s, const char *needle) {
  size_t n = 0;

  for (const char *p = strstr(s, needle); p; p = strstr(p + 1, needle))
    n++;
  return n;
}

Test(seccomp, compiles) {
  ts_err err = {0};
  struct sock_fprog prog = {0};

  cr_assert_eq(ts_seccomp_compile(&prog, &err), 0, "%s", err.msg);
  cr_assert_gt(prog.len, 0);
  free(prog.filter);
}

Test(seccomp, mmap_and_mprotect_only_without_prot_exec) {
  char *text = dump();

  for (int i = 0; i < 2; i++) {
    const char *name = i ? "mprotect" : "mmap";
    char *rule = rule_of(text, name);
    cr_assert(rule, "no rule for %s\n%s", name, text);
    /* one action, ALLOW, under the test that bit 2 (PROT_EXEC) of
     * argument 2 is clear: anything else falls to the default, EPERM */
    cr_assert(strstr(rule, "$a2.lo32 & 0x00000004 == 0)\n        action ALLOW;"), "%s", rule);
    cr_assert_eq(count(rule, "action"), 1, "%s", rule);
    free(rule);
  }
  free(text);
}

Test(seccomp, refused_calls_are_absent) {
  static const char *const absent[] = {"sysinfo", "pkey_mprotect", "socket", "execve",
                                       "clone", "ptrace", "personality", "memfd_create"};
  char *text = dump();

  for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
    char *rule = rule_of(text, absent[i]);
    cr_assert_null(rule, "%s has a rule:\n%s", absent[i], rule);
  }
  cr_assert(strstr(text, "action ERRNO(1);"), "the default is not EPERM\n%s", text);
  cr_assert(strstr(text, "# invalid architecture action\naction KILL_PROCESS;"), "%s", text);
  free(text);
}
