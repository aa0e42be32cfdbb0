/* Logging: level names, the escaper the lines are built with, and the
 * one-line JSON that ts_log_write puts on stderr. */
#include <criterion/criterion.h>
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <cjson/cJSON.h>

#include "util/log.h"

#define FFFD "\xef\xbf\xbd"

TestSuite(log);

Test(log, level_names_parse_back) {
  static const char *const names[] = {"debug", "info", "warn", "error"};
  static const enum ts_log_level levels[] = {TS_LOG_DEBUG, TS_LOG_INFO, TS_LOG_WARN, TS_LOG_ERROR};

  for (size_t i = 0; i < 4; i++) {
    enum ts_log_level l = TS_LOG_ERROR + 1;
    cr_expect_eq(ts_log_level_parse(names[i], &l), 0, "%s", names[i]);
    cr_expect_eq(l, levels[i], "%s", names[i]);
    cr_expect_str_eq(ts_log_level_name(levels[i]), names[i]);
  }
}

Test(log, unknown_levels_are_refused) {
  static const char *const bad[] = {"", "DEBUG", "Info", "warning", "err", "error "};

  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
    enum ts_log_level l = TS_LOG_WARN;
    cr_expect_eq(ts_log_level_parse(bad[i], &l), -1, "'%s'", bad[i]);
    cr_expect_eq(l, TS_LOG_WARN, "'%s' changed the level", bad[i]);
  }
  cr_expect_str_eq(ts_log_level_name((enum ts_log_level)7), "info");
}

Test(log, escape_quotes_and_controls) {
  char out[128];

  cr_expect_eq(ts_json_escape(out, sizeof out, "a \"b\" \\c"), 11);
  cr_expect_str_eq(out, "a \\\"b\\\" \\\\c");
  ts_json_escape(out, sizeof out, "l1\nl2\r\t\x01\x1f\x7f");
  cr_expect_str_eq(out, "l1\\nl2\\r\\t\\u0001\\u001f\\u007f");
}

/* Invalid UTF-8 is U+FFFD in a log line, as in a response (it was '?'). */
Test(log, escape_invalid_utf8) {
  char out[128];

  ts_json_escape(out, sizeof out, "\xff x \xc0\xaf \xe2\x82");
  cr_expect_str_eq(out, FFFD " x " FFFD FFFD " " FFFD FFFD);
  ts_json_escape(out, sizeof out, "caf\xc3\xa9");
  cr_expect_str_eq(out, "caf\xc3\xa9");
}

/* A line cut at its cap ends on a whole character or escape. */
Test(log, escape_cuts_between_units) {
  static const struct {
    size_t cap;
    const char *in, *want;
  } t[] = {
      {5, "abc\xc3\xa9", "abc"}, {6, "abc\xc3\xa9", "abc\xc3\xa9"},
      {8, "ab\x01", "ab"},        {9, "ab\x01", "ab\\u0001"},
      {3, "a\"", "a"},            {4, "a\"", "a\\\""},
      {4, "a\xff", "a"},          {5, "a\xff", "a" FFFD},
      {1, "abc", ""},
  };
  char out[16];

  for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
    cr_expect_eq(ts_json_escape(out, t[i].cap, t[i].in), strlen(t[i].want), "case %zu", i);
    cr_expect_str_eq(out, t[i].want, "case %zu", i);
  }
}

/* What ts_log_write puts on stderr while it runs, read from a temp file. */
static char *capture_stderr(enum ts_log_level lvl, const char *msg) {
  FILE *tmp = tmpfile();
  int saved = dup(STDERR_FILENO);
  char *text;
  long n;

  cr_assert(tmp && saved >= 0);
  fflush(stderr);
  cr_assert(dup2(fileno(tmp), STDERR_FILENO) >= 0);
  ts_log(lvl, "%s", msg);
  fflush(stderr);
  dup2(saved, STDERR_FILENO);
  close(saved);
  n = ftell(tmp);
  cr_assert(n >= 0);
  text = calloc(1, (size_t)n + 1);
  cr_assert(text);
  rewind(tmp);
  cr_assert_eq(fread(text, 1, (size_t)n, tmp), (size_t)n);
  fclose(tmp);
  return text;
}

/* "2024-05-01T12:34:56.789Z" */
static bool is_log_time(const char *t) {
  static const char shape[] = "dddd-dd-ddTdd:dd:dd.dddZ";

  for (size_t i = 0; i < sizeof shape - 1; i++)
    if (shape[i] == 'd' ? !isdigit((unsigned char)t[i]) : t[i] != shape[i])
      return false;
  return true;
}

Test(log, write_puts_one_json_line) {
  static const char head[] = "{\"time\":\"";
  static const char tail[] = "\",\"level\":\"warn\",\"msg\":\"say \\\"hi\\\"\\n\\u0001 " FFFD "\"}\n";
  char *line = capture_stderr(TS_LOG_WARN, "say \"hi\"\n\x01 \xff");
  size_t time_len = 24;
  cJSON *doc;

  cr_assert_eq(strncmp(line, head, sizeof head - 1), 0, "%s", line);
  cr_expect(is_log_time(line + sizeof head - 1), "%s", line);
  cr_expect_str_eq(line + sizeof head - 1 + time_len, tail);
  cr_expect_eq(strchr(line, '\n'), line + strlen(line) - 1, "one line: %s", line);
  doc = cJSON_Parse(line);
  cr_assert(doc, "not JSON: %s", line);
  cr_expect_str_eq(cJSON_GetObjectItemCaseSensitive(doc, "msg")->valuestring, "say \"hi\"\n\x01 " FFFD);
  cJSON_Delete(doc);
  free(line);
}

Test(log, below_the_threshold_nothing_is_written) {
  char *line;

  ts_log_threshold = TS_LOG_ERROR;
  line = capture_stderr(TS_LOG_WARN, "hidden");
  cr_expect_str_eq(line, "");
  free(line);
  line = capture_stderr(TS_LOG_ERROR, "shown");
  cr_expect(strstr(line, "\"level\":\"error\",\"msg\":\"shown\"}\n"), "%s", line);
  free(line);
  ts_log_threshold = TS_LOG_INFO;
}

/* A message is cut at 1023 bytes; its escaped form is never cut. */
Test(log, a_long_message_is_cut_before_escaping) {
  char msg[2000], *line, *m;
  size_t n;

  memset(msg, '\x01', sizeof msg - 1);
  msg[sizeof msg - 1] = '\0';
  line = capture_stderr(TS_LOG_ERROR, msg);
  m = strstr(line, "\"msg\":\"");
  cr_assert(m, "%s", line);
  m += 7;
  n = strlen(m);
  cr_assert_eq(n, 1023 * 6 + 3, "%zu", n); /* escapes, then "}\n */
  for (size_t i = 0; i < 1023; i++)
    cr_assert_eq(memcmp(m + 6 * i, "\\u0001", 6), 0, "escape %zu", i);
  cr_expect_str_eq(m + 1023 * 6, "\"}\n");
  free(line);
}
