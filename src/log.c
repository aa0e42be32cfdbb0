#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "log.h"

enum ts_log_level ts_log_threshold = TS_LOG_INFO;

static const char *const level_names[] = {"debug", "info", "warn", "error"};

int ts_log_level_parse(const char *s, enum ts_log_level *out) {
  for (size_t i = 0; i < sizeof level_names / sizeof level_names[0]; i++) {
    if (strcmp(s, level_names[i]) == 0) {
      *out = (enum ts_log_level)i;
      return 0;
    }
  }
  return -1;
}

void ts_log_write(enum ts_log_level lvl, const char *fmt, ...) {
  char line[1024];
  struct timespec ts;
  struct tm tm;
  int n;
  va_list ap;

  clock_gettime(CLOCK_REALTIME, &ts);
  gmtime_r(&ts.tv_sec, &tm);
  n = snprintf(line, sizeof line, "%04d-%02d-%02dT%02d:%02d:%02d.%03ldZ %s ",
               tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
               tm.tm_min, tm.tm_sec, ts.tv_nsec / 1000000, level_names[lvl]);
  va_start(ap, fmt);
  vsnprintf(line + n, sizeof line - (size_t)n, fmt, ap);
  va_end(ap);
  /* One fputs per line so that lines from several threads do not mix. */
  fprintf(stderr, "%s\n", line);
}
