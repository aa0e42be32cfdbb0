/* The seccomp policy as libseccomp prints it (ts_seccomp_print, from the
 * same context, attributes included, as the filter the children load):
 * the allowlist and its argument rules are there, and what it refuses is
 * absent.  The behaviour itself is tested in a real child by
 * tests/sandbox. */
#include <criterion/criterion.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sandbox/seccomp.h"

TestSuite(seccomp);

/* The printed filter as a NUL-terminated string (free it). */
static char *print_filter(void) {
  ts_err err = {0};
  int fd = memfd_create("ts-pfc", MFD_CLOEXEC);
  off_t size;
  char *text;

  cr_assert_geq(fd, 0);
  cr_assert_eq(ts_seccomp_print(fd, &err), 0, "%s", err.msg);
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

/* The action that follows `test` in rule, or NULL: "ALLOW;", "ERRNO(38);"... */
static const char *action_after(const char *rule, const char *test) {
  const char *at = strstr(rule, test);

  if (!at)
    return NULL;
  at += strlen(test);
  at += strspn(at, " \n");
  return strncmp(at, "action ", 7) == 0 ? at + 7 : NULL;
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
  char *text = print_filter();

  for (int i = 0; i < 2; i++) {
    const char *name = i ? "mprotect" : "mmap";
    char *rule = rule_of(text, name);
    cr_assert(rule, "no rule for %s\n%s", name, text);
    /* one action, ALLOW, under the test that bit 2 (PROT_EXEC) of
     * argument 2 is clear: anything else falls to the default, EPERM */
    const char *action = action_after(rule, "$a2.lo32 & 0x00000004 == 0)");
    cr_assert(action && strncmp(action, "ALLOW;", 6) == 0, "%s", rule);
    cr_assert_eq(count(rule, "action"), 1, "%s", rule);
    free(rule);
  }
  free(text);
}

Test(seccomp, allowed_calls_are_allowed_without_condition) {
  static const char *const allowed[] = {"read", "write", "close", "openat", "futex",
                                        "exit_group"};
  char *text = print_filter();

  for (size_t i = 0; i < sizeof allowed / sizeof allowed[0]; i++) {
    char *rule = rule_of(text, allowed[i]), test[64];
    const char *action;
    cr_assert(rule, "no rule for %s\n%s", allowed[i], text);
    cr_assert_null(strstr(rule, "$a"), "%s has an argument test:\n%s", allowed[i], rule);
    cr_assert_eq(count(rule, "action"), 1, "%s", rule);
    /* the number in the header is the one compared */
    snprintf(test, sizeof test, "if ($syscall == %ld)",
             strtol(strchr(rule, '(') + 1, NULL, 10));
    action = action_after(rule, test);
    cr_assert(action && strncmp(action, "ALLOW;", 6) == 0, "%s", rule);
    free(rule);
  }
  free(text);
}

Test(seccomp, clone3_answers_enosys) {
  char *text = print_filter();
  char *rule = rule_of(text, "clone3");

  cr_assert(rule, "no rule for clone3\n%s", text);
  cr_assert_eq(count(rule, "action"), 1, "%s", rule);
  cr_assert(strstr(rule, "action ERRNO(38);"), "%s", rule);
  free(rule);
  free(text);
}

/* The attributes are part of what is printed: SCMP_FLTATR_CTL_OPTIMIZE 2
 * shows as a binary tree of syscall-number ranges (a filter built without
 * it, as the print once was, is one linear list). */
Test(seccomp, printed_filter_has_the_loaded_attributes) {
  char *text = print_filter();

  cr_assert(strstr(text, "if ($syscall > "), "not the binary tree that is loaded\n%s", text);
  free(text);
}

Test(seccomp, refused_calls_are_absent) {
  static const char *const absent[] = {
      "sysinfo", "pkey_mprotect", "socket",   "socketpair",     "connect", "execve",
      "execveat", "clone",        "fork",     "vfork",          "ptrace",  "process_vm_readv",
      "mount",   "unshare",       "setns",    "io_uring_setup", "bpf",     "keyctl",
      "ioctl",   "personality",   "memfd_create"};
  char *text = print_filter();

  for (size_t i = 0; i < sizeof absent / sizeof absent[0]; i++) {
    char *rule = rule_of(text, absent[i]);
    cr_assert_null(rule, "%s has a rule:\n%s", absent[i], rule);
  }
  cr_assert(strstr(text, "action ERRNO(1);"), "the default is not EPERM\n%s", text);
  cr_assert(strstr(text, "# invalid architecture action\naction KILL_PROCESS;"), "%s", text);
  free(text);
}
