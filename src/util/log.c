/* Logging: one JSON object per line on stderr, so that log collectors need
 * no parser of ours.  The level is checked (by the ts_log macro) before
 * anything is formatted. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "util/common.h"
#include "util/json.h"
#include "util/log.h"

/* Written by the main thread at startup (from the configuration), before
 * any other thread runs; read-only after, by every thread. */
enum ts_log_level ts_log_threshold = TS_LOG_INFO;

static const char *const level_names[] = {"debug", "info", "warn", "error"};

int ts_log_level_parse(const char *s, enum ts_log_level *out) {
  for (size_t i = 0; i < TS_ARRAY_LEN(level_names); i++) {
    if (strcmp(s, level_names[i]) == 0) {
      *out = (enum ts_log_level)i;
      return 0;
    }
  }
  return -1;
}

const char *ts_log_level_name(enum ts_log_level lvl) {
  return (unsigned)lvl < TS_ARRAY_LEN(level_names) ? level_names[lvl] : "info";
}

void ts_log_time(char *buf, size_t n) {
  struct timespec ts;
  struct tm tm;

  size_t len;

  clock_gettime(CLOCK_REALTIME, &ts);
  gmtime_r(&ts.tv_sec, &tm);
  len = strftime(buf, n, "%Y-%m-%dT%H:%M:%S", &tm);
  (void)snprintf(buf + len, n - len, ".%03dZ", (int)((ts.tv_nsec / 1000000) % 1000));
}

void ts_log_write(enum ts_log_level lvl, const char *fmt, ...) {
  char msg[1024], esc[6 * sizeof msg], when[32]; /* room to escape every byte */
  va_list ap;

  va_start(ap, fmt);
  (void)vsnprintf(msg, sizeof msg, fmt, ap); /* a long message is cut */
  va_end(ap);
  ts_json_escape(esc, sizeof esc, msg);
  ts_log_time(when, sizeof when);
  /* One fprintf per line so that lines from several threads do not mix. */
  fprintf(stderr, "{\"time\":\"%s\",\"level\":\"%s\",\"msg\":\"%s\"}\n", when,
          ts_log_level_name(lvl), esc);
}
