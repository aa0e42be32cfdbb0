/* Logging to stderr, one JSON object per line.  The level is checked before
 * anything is formatted. */
#ifndef TS_LOG_H
#define TS_LOG_H

#include <stddef.h>

#include "util/json.h" /* ts_json_escape, for lines written elsewhere */

enum ts_log_level { TS_LOG_DEBUG, TS_LOG_INFO, TS_LOG_WARN, TS_LOG_ERROR };

/* Lines below it are not written.  Set once at startup (see log.c). */
extern enum ts_log_level ts_log_threshold;

int ts_log_level_parse(const char *s, enum ts_log_level *out);
const char *ts_log_level_name(enum ts_log_level lvl);
/* RFC 3339 UTC time with milliseconds. */
void ts_log_time(char *buf, size_t n);
void ts_log_write(enum ts_log_level lvl, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#define ts_log(lvl, ...)                 \
  do {                                   \
    if ((lvl) >= ts_log_threshold)       \
      ts_log_write((lvl), __VA_ARGS__);  \
  } while (0)
#define ts_debug(...) ts_log(TS_LOG_DEBUG, __VA_ARGS__)
#define ts_info(...) ts_log(TS_LOG_INFO, __VA_ARGS__)
#define ts_warn(...) ts_log(TS_LOG_WARN, __VA_ARGS__)
#define ts_error(...) ts_log(TS_LOG_ERROR, __VA_ARGS__)

#endif
