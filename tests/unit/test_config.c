/* The config file and token file readers (regressions found by
 * fuzz/fuzz_config.c; the inputs are also in fuzz/regressions/config/). */
#include <criterion/criterion.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server/config.h"

static char path[64];

static void remove_file(void) {
  if (path[0])
    unlink(path);
  path[0] = '\0';
}

/* A temporary file holding `len` bytes of `data` (replaces the last one). */
static const char *temp_file(const char *data, size_t len) {
  int fd;

  remove_file();
  snprintf(path, sizeof path, "/tmp/ts-config-test-XXXXXX");
  fd = mkstemp(path);

  cr_assert(fd >= 0);
  cr_assert_eq(write(fd, data, len), (ssize_t)len);
  close(fd);
  return path;
}

static void clean_env(void) {
  unsetenv("TOOL_SANDBOX_CONFIG");
  unsetenv("TOOL_SANDBOX_TOKENS");
  unsetenv("TOOL_SANDBOX_LISTEN");
  unsetenv("TOOL_SANDBOX_PYTHON_HOME");
}

TestSuite(config, .init = clean_env, .fini = remove_file);

static enum ts_config_action load(struct ts_config *c, const char *file, ts_err *err) {
  char prog[] = "tool-sandbox", flag[] = "--config", arg[64];
  char *argv[] = {prog, flag, arg, NULL};

  snprintf(arg, sizeof arg, "%s", file);
  cr_assert_eq(ts_config_init(c, err), 0);
  return ts_config_load(c, 3, argv, err);
}

/* head, `fill` copies of x, tail: a line longer than the old buffers. */
static char *long_line(size_t fill, const char *head, char x, const char *tail) {
  size_t h = strlen(head), t = strlen(tail);
  char *s = malloc(h + fill + t + 1);

  cr_assert(s);
  memcpy(s, head, h);
  memset(s + h, x, fill);
  memcpy(s + h + fill, tail, t + 1);
  return s;
}

/* A comment longer than the old 8 KiB line buffer: its tail was read as a
 * line of its own and set the listen address. */
Test(config, the_tail_of_a_long_comment_is_not_a_setting) {
  char *text = long_line(8189, "# ", 'x', "listen = 6.6.6.6:6\n");
  struct ts_config c;
  ts_err err;

  cr_assert_eq(load(&c, temp_file(text, strlen(text)), &err), TS_CONFIG_RUN, "%s", err.msg);
  cr_expect_str_eq(c.listen, "127.0.0.1:8080");
  ts_config_free(&c);
  free(text);
}

/* A long value is read whole, not cut at the buffer's size. */
Test(config, a_long_value_is_read_whole) {
  size_t n = 9000;
  char *text = long_line(n, "python-home = /", 'p', "\nthreads = 8\n");
  struct ts_config c;
  ts_err err;

  cr_assert_eq(load(&c, temp_file(text, strlen(text)), &err), TS_CONFIG_RUN, "%s", err.msg);
  cr_expect_eq(strlen(c.python_home), n + 1);
  cr_expect_eq(c.threads, 8);
  ts_config_free(&c);
  free(text);
}

static int load_tokens(struct ts_config *c, const char *data, size_t len, ts_err *err) {
  cr_assert_eq(ts_config_init(c, err), 0);
  c->token_file = strdup(temp_file(data, len));
  return ts_config_load_tokens(c, err);
}

/* The tail of a comment longer than the old 4200-byte buffer was accepted
 * as a bearer token. */
Test(config, the_tail_of_a_long_comment_is_not_a_token) {
  /* "# " and 4197 bytes fill the old 4200-byte buffer (4199 bytes) */
  char *text = long_line(4197, "real-token\n# ", 'c', "hidden-token\n");
  struct ts_config c;
  ts_err err;

  cr_assert_eq(load_tokens(&c, text, strlen(text), &err), 0, "%s", err.msg);
  cr_expect_eq(c.ntokens, 1);
  cr_expect_str_eq(c.tokens[0], "real-token");
  ts_config_free(&c);
  free(text);
}

/* What the fuzzer found: a line with a NUL is a token up to the NUL, and
 * what follows the NUL past 4199 bytes was a second token. */
Test(config, a_line_with_a_nul_is_one_token) {
  size_t n = 4206;
  char *text = calloc(1, n + 2);
  struct ts_config c;
  ts_err err;

  memset(text, 't', n);
  text[714] = '\0';
  text[n] = '\n';
  cr_assert_eq(load_tokens(&c, text, n + 1, &err), 0, "%s", err.msg);
  cr_expect_eq(c.ntokens, 1);
  cr_expect_eq(strlen(c.tokens[0]), 714);
  ts_config_free(&c);
  free(text);
}

/* Bytes >= 0x80 are refused on purpose (they were, by accident of a signed
 * char, and accepted where char is unsigned). */
Test(config, a_token_is_printable_ascii) {
  struct ts_config c;
  ts_err err;

  cr_expect_eq(load_tokens(&c, "tok\xcd\n", 5, &err), -1);
  cr_expect(strstr(err.msg, "non-ASCII"), "%s", err.msg);
  ts_config_free(&c);
  cr_expect_eq(load_tokens(&c, "tok\x7f\n", 5, &err), -1);
  ts_config_free(&c);
  cr_expect_eq(load_tokens(&c, "~!tok/+=\n", 9, &err), 0, "%s", err.msg);
  ts_config_free(&c);
}

/* The bound of the /validate queue: a default, a range, and the file. */
Test(config, max_validate_queue_has_a_default_and_a_range) {
  static const char good[] = "max-validate-queue = 5\n";
  static const char zero[] = "max-validate-queue = 0\n";
  static const char huge[] = "max-validate-queue = 100001\n";
  struct ts_config c;
  ts_err err = {0};

  cr_assert_eq(ts_config_init(&c, &err), 0);
  cr_assert_eq(c.validate_queue_max, 64);
  ts_config_free(&c);
  cr_assert_eq(load(&c, temp_file(good, sizeof good - 1), &err), TS_CONFIG_RUN, "%s", err.msg);
  cr_assert_eq(c.validate_queue_max, 5);
  ts_config_free(&c);
  /* No waiting room at all would refuse a /validate that merely arrives
   * while the worker is taking the previous one. */
  cr_assert_eq(load(&c, temp_file(zero, sizeof zero - 1), &err), TS_CONFIG_EXIT_USAGE);
  cr_assert(strstr(err.msg, "max-validate-queue"), "%s", err.msg);
  ts_config_free(&c);
  cr_assert_eq(load(&c, temp_file(huge, sizeof huge - 1), &err), TS_CONFIG_EXIT_USAGE);
  ts_config_free(&c);
}

/* Output: 1 MiB kept per stream by default; the ceiling, past which an
 * execution is killed, is 16 x that unless set, and never below it. */
Test(config, output_ceiling_follows_max_output_unless_set) {
  static const char cap[] = "max-output = 2000\n";
  static const char both[] = "max-output = 2000\noutput-ceiling = 5000\n";
  static const char below[] = "max-output = 2000\noutput-ceiling = 1999\n";
  static const char huge[] = "output-ceiling = 1073741825\n";
  char prog[] = "tool-sandbox";
  char *argv[] = {prog, NULL};
  struct ts_config c;
  ts_err err = {0};

  cr_assert_eq(ts_config_init(&c, &err), 0);
  cr_assert_eq(ts_config_load(&c, 1, argv, &err), TS_CONFIG_RUN, "%s", err.msg);
  cr_assert_eq(c.output_max, 1024 * 1024);
  cr_assert_eq(c.output_ceiling, 16 * 1024 * 1024);
  ts_config_free(&c);
  cr_assert_eq(load(&c, temp_file(cap, sizeof cap - 1), &err), TS_CONFIG_RUN, "%s", err.msg);
  cr_assert_eq(c.output_max, 2000);
  cr_assert_eq(c.output_ceiling, 32000);
  ts_config_free(&c);
  cr_assert_eq(load(&c, temp_file(both, sizeof both - 1), &err), TS_CONFIG_RUN, "%s", err.msg);
  cr_assert_eq(c.output_ceiling, 5000);
  ts_config_free(&c);
  cr_assert_eq(load(&c, temp_file(below, sizeof below - 1), &err), TS_CONFIG_EXIT_USAGE);
  cr_expect_str_eq(err.msg, "output-ceiling = 1999 is below max-output = 2000");
  ts_config_free(&c);
  cr_assert_eq(load(&c, temp_file(huge, sizeof huge - 1), &err), TS_CONFIG_EXIT_USAGE);
  cr_assert(strstr(err.msg, "--output-ceiling"), "%s", err.msg);
  ts_config_free(&c);

  setenv("TOOL_SANDBOX_OUTPUT_CEILING", "3000", 1);
  cr_assert_eq(load(&c, temp_file(cap, sizeof cap - 1), &err), TS_CONFIG_RUN, "%s", err.msg);
  unsetenv("TOOL_SANDBOX_OUTPUT_CEILING");
  cr_assert_eq(c.output_ceiling, 3000);
  ts_config_free(&c);
}

/* --print-seccomp is an action on the command line only: it sets a flag
 * for main and nothing else; no config file line can set it. */
Test(config, print_seccomp_is_a_command_line_action) {
  static const char line[] = "print-seccomp = true\n";
  char prog[] = "tool-sandbox", flag[] = "--print-seccomp";
  char *argv[] = {prog, flag, NULL};
  struct ts_config c;
  ts_err err = {0};

  cr_assert_eq(ts_config_init(&c, &err), 0);
  cr_assert_not(c.print_seccomp);
  cr_assert_eq(ts_config_load(&c, 2, argv, &err), TS_CONFIG_RUN, "%s", err.msg);
  cr_assert(c.print_seccomp);
  ts_config_free(&c);
  cr_assert_eq(load(&c, temp_file(line, sizeof line - 1), &err), TS_CONFIG_EXIT_USAGE);
  cr_assert(strstr(err.msg, "unknown setting 'print-seccomp'"), "%s", err.msg);
}

/* An error names where the bad value came from: the file and line, or the
 * environment variable, before what is wrong with it. */
Test(config, errors_say_where_the_value_came_from) {
  static const char text[] = "# threads\n\nthreads = 0\n";
  static const char list[] = "banned-names = ok,bad!name\n";
  static const char tokens[] = "good\nb\x01" "d\n";
  char prog[] = "tool-sandbox";
  char *argv[] = {prog, NULL};
  struct ts_config c;
  ts_err err;
  char want[256];

  cr_assert_eq(load(&c, temp_file(text, sizeof text - 1), &err), TS_CONFIG_EXIT_USAGE);
  snprintf(want, sizeof want, "%s:3: --threads: 0 is out of range [1, 256]", path);
  cr_expect_str_eq(err.msg, want);
  cr_expect_eq(err.errnum, ERANGE);
  ts_config_free(&c);

  cr_assert_eq(load(&c, temp_file(list, sizeof list - 1), &err), TS_CONFIG_EXIT_USAGE);
  snprintf(want, sizeof want,
           "%s:1: --banned-names: invalid name 'bad!name' in list: expected 1 to %d of "
           "[A-Za-z0-9_.]", path, 128);
  cr_expect_str_eq(err.msg, want);
  ts_config_free(&c);

  setenv("TOOL_SANDBOX_MAX_BODY", "abc", 1);
  cr_assert_eq(ts_config_init(&c, &err), 0);
  cr_assert_eq(ts_config_load(&c, 1, argv, &err), TS_CONFIG_EXIT_USAGE);
  unsetenv("TOOL_SANDBOX_MAX_BODY");
  cr_expect_str_eq(err.msg, "TOOL_SANDBOX_MAX_BODY: --max-body: 'abc' is not a number");
  ts_config_free(&c);

  cr_assert_eq(load_tokens(&c, tokens, sizeof tokens - 1, &err), -1);
  snprintf(want, sizeof want,
           "token file %s: a bearer token holds a space, a control character or a non-ASCII byte",
           path);
  cr_expect_str_eq(err.msg, want);
  ts_config_free(&c);
}
