/* Metrics registry: exact counts under concurrency, cumulative histograms,
 * the "other" fallbacks, and a line-by-line check of the Prometheus text
 * exposition format 0.0.4 on the rendered output. */
#include <criterion/criterion.h>
#include <math.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/metrics.h"

TestSuite(metrics);

static const char *const les[] = {"0.0005", "0.001", "0.0025", "0.005", "0.01",
                                  "0.025",  "0.05",  "0.1",    "0.25",  "0.5",
                                  "1",      "2.5",   "5",      "10",    "+Inf"};
#define N_LES (sizeof les / sizeof les[0])

/* ---- a small parser for the text format ---- */

static bool is_name_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':';
}
static bool is_name_char(char c) { return is_name_start(c) || (c >= '0' && c <= '9'); }

/* Length of the metric name at s (0 if none). */
static size_t name_len(const char *s) {
  size_t n = 0;
  if (!is_name_start(s[0]))
    return 0;
  while (is_name_char(s[n]))
    n++;
  return n;
}

static bool has_suffix(const char *s, size_t n, const char *suf) {
  size_t k = strlen(suf);
  return n >= k && memcmp(s + n - k, suf, k) == 0;
}

/* Checks the whole exposition: every line is a HELP, a TYPE or a sample;
 * each family has HELP then TYPE before its samples, appears once, and its
 * samples are contiguous and named after it (with _bucket/_sum/_count for a
 * histogram, whose buckets carry `le`); no sample is repeated. */
static void check_format(const char *text) {
  char family[128] = "", type[16] = "", helped[128] = "";
  char *seen[2048];
  size_t nseen = 0;
  char *families[64];
  size_t nfam = 0;
  size_t lineno = 0;

  cr_assert(strlen(text) > 0);
  cr_assert_eq(text[strlen(text) - 1], '\n', "output must end with a newline");

  for (const char *line = text; *line; lineno++) {
    const char *eol = strchr(line, '\n');
    size_t len = (size_t)(eol - line);
    char buf[512];

    cr_assert_not_null(eol);
    cr_assert(len > 0 && len < sizeof buf, "line %zu: empty or too long", lineno);
    memcpy(buf, line, len);
    buf[len] = '\0';
    line = eol + 1;

    if (strncmp(buf, "# HELP ", 7) == 0) {
      size_t n = name_len(buf + 7);
      cr_assert(n > 0 && n < sizeof helped && buf[7 + n] == ' ' && buf[8 + n] != '\0',
                "line %zu: bad HELP: %s", lineno, buf);
      memcpy(helped, buf + 7, n);
      helped[n] = '\0';
      continue;
    }
    if (strncmp(buf, "# TYPE ", 7) == 0) {
      size_t n = name_len(buf + 7);
      const char *t = buf + 8 + n;
      cr_assert(n > 0 && n < sizeof family && buf[7 + n] == ' ', "line %zu: bad TYPE: %s",
                lineno, buf);
      memcpy(family, buf + 7, n);
      family[n] = '\0';
      cr_assert_str_eq(helped, family, "line %zu: TYPE without HELP just before", lineno);
      cr_assert(strcmp(t, "counter") == 0 || strcmp(t, "gauge") == 0 ||
                    strcmp(t, "histogram") == 0,
                "line %zu: type %s", lineno, t);
      snprintf(type, sizeof type, "%.15s", t); /* one of the three names above */
      for (size_t i = 0; i < nfam; i++)
        cr_assert_str_neq(families[i], family, "family %s declared twice", family);
      cr_assert(nfam < sizeof families / sizeof families[0]);
      families[nfam++] = strdup(family);
      if (strcmp(type, "counter") == 0)
        cr_assert(has_suffix(family, strlen(family), "_total"), "counter %s lacks _total",
                  family);
      continue;
    }
    cr_assert_neq(buf[0], '#', "line %zu: unexpected comment: %s", lineno, buf);

    /* A sample: name, optional {labels}, one space, a value, end. */
    const char *p = buf;
    size_t n = name_len(p);
    size_t flen = strlen(family);
    bool has_le = false;
    cr_assert(n > 0, "line %zu: no metric name: %s", lineno, buf);
    cr_assert(flen > 0, "line %zu: sample before any TYPE", lineno);
    cr_assert(n >= flen && memcmp(p, family, flen) == 0,
              "line %zu: %s outside its family %s", lineno, buf, family);
    if (strcmp(type, "histogram") == 0)
      cr_assert(has_suffix(p, n, "_bucket") || has_suffix(p, n, "_sum") ||
                    has_suffix(p, n, "_count"),
                "line %zu: histogram sample %s", lineno, buf);
    else
      cr_assert_eq(n, flen, "line %zu: %s is not %s", lineno, buf, family);
    bool is_bucket = has_suffix(p, n, "_bucket") && strcmp(type, "histogram") == 0;
    p += n;
    if (*p == '{') {
      p++;
      while (*p != '}') {
        size_t ln = name_len(p);
        cr_assert(ln > 0 && p[0] != ':', "line %zu: bad label name: %s", lineno, buf);
        if (ln == 2 && strncmp(p, "le", 2) == 0)
          has_le = true;
        p += ln;
        cr_assert_eq(*p++, '=', "line %zu: %s", lineno, buf);
        cr_assert_eq(*p++, '"', "line %zu: %s", lineno, buf);
        while (*p != '"') {
          cr_assert_neq(*p, '\0', "line %zu: unterminated label value", lineno);
          if (*p == '\\') {
            p++;
            cr_assert(*p == '\\' || *p == '"' || *p == 'n', "line %zu: bad escape", lineno);
          }
          p++;
        }
        p++;
        if (*p == ',')
          p++;
        else
          cr_assert_eq(*p, '}', "line %zu: %s", lineno, buf);
      }
      p++;
    }
    cr_assert_eq(is_bucket, has_le, "line %zu: le on a non-bucket or missing: %s", lineno, buf);
    cr_assert_eq(*p++, ' ', "line %zu: no space before the value: %s", lineno, buf);
    if (strcmp(p, "+Inf") != 0 && strcmp(p, "-Inf") != 0 && strcmp(p, "NaN") != 0) {
      char *end;
      strtod(p, &end);
      cr_assert(end != p && *end == '\0', "line %zu: bad value: %s", lineno, buf);
    }

    /* The series (everything before the value) must be unique. */
    size_t slen = (size_t)(p - 1 - buf);
    for (size_t i = 0; i < nseen; i++)
      cr_assert(strlen(seen[i]) != slen || memcmp(seen[i], buf, slen) != 0,
                "line %zu: duplicate series %s", lineno, buf);
    cr_assert(nseen < sizeof seen / sizeof seen[0]);
    seen[nseen++] = strndup(buf, slen);
  }
  for (size_t i = 0; i < nseen; i++)
    free(seen[i]);
  for (size_t i = 0; i < nfam; i++)
    free(families[i]);
}

/* The value of one exact series (`name{labels}` as rendered), or -1. */
static double value_of(const char *text, const char *series) {
  size_t n = strlen(series);

  for (const char *line = text; *line;) {
    const char *eol = strchr(line, '\n');
    if (strncmp(line, series, n) == 0 && line[n] == ' ')
      return strtod(line + n + 1, NULL);
    if (!eol)
      break;
    line = eol + 1;
  }
  return -1;
}

static bool has_series(const char *text, const char *series) {
  return value_of(text, series) >= 0;
}

/* Buckets of histogram `name` whose other labels render as `labels`
 * ("route=\"/x\"," or ""): present, non-decreasing, +Inf == _count.  Fills
 * cum[] with the bucket values when it is not NULL. */
static void check_histogram(const char *text, const char *name, const char *labels,
                            double cum[N_LES]) {
  char series[256];
  double prev = 0, v = 0, count;

  for (size_t i = 0; i < N_LES; i++) {
    snprintf(series, sizeof series, "%s_bucket{%sle=\"%s\"}", name, labels, les[i]);
    v = value_of(text, series);
    cr_assert(v >= 0, "missing %s", series);
    cr_assert(v >= prev, "%s: %g < previous bucket %g", series, v, prev);
    prev = v;
    if (cum)
      cum[i] = v;
  }
  if (labels[0]) {
    /* `route="/x",` -> `{route="/x"}` for _sum and _count */
    char l[128];
    snprintf(l, sizeof l, "%s", labels);
    l[strlen(l) - 1] = '\0';
    snprintf(series, sizeof series, "%s_count{%s}", name, l);
    count = value_of(text, series);
    snprintf(series, sizeof series, "%s_sum{%s}", name, l);
  } else {
    snprintf(series, sizeof series, "%s_count", name);
    count = value_of(text, series);
    snprintf(series, sizeof series, "%s_sum", name);
  }
  cr_assert_eq(count, v, "%s: _count %g != +Inf bucket %g", name, count, v);
  cr_assert(value_of(text, series) >= 0, "missing %s", series);
}

/* ---- tests ---- */

/* Series names as rendered. */
#define REQS(route, status) \
  "tool_sandbox_http_requests_total{route=\"" route "\",status=\"" status "\"}"
#define REQ_DUR(suffix, route) \
  "tool_sandbox_http_request_duration_seconds_" suffix "{route=\"" route "\"}"

#define THREADS 4
#define PER_THREAD 50000

static void *hammer(void *arg) {
  struct ts_metrics *m = arg;

  for (int i = 0; i < PER_THREAD; i++) {
    ts_metrics_request(m, "/execute", 200, 0.003);
    ts_metrics_request(m, "/validate", i % 2 ? 422 : 200, 0.0001);
    ts_metrics_request(m, "/nowhere", 404, 0.0001);
    ts_metrics_execution(m, i % 4 ? "ok" : "timeout", 0.2);
    ts_metrics_violation(m, "dunder");
    ts_metrics_violation(m, "not-a-rule");
  }
  return NULL;
}

Test(metrics, concurrent_updates_are_exact) {
  struct ts_metrics *m = ts_metrics_new();
  pthread_t t[THREADS];
  const double total = (double)THREADS * PER_THREAD;
  char *text;
  int scrapes = 0;

  cr_assert_not_null(m);
  for (int i = 0; i < THREADS; i++)
    cr_assert_eq(pthread_create(&t[i], NULL, hammer, m), 0);

  /* Scrape while they run: every snapshot must be well-formed on its own. */
  for (; scrapes < 20; scrapes++) {
    text = ts_metrics_render(m, NULL);
    cr_assert_not_null(text);
    check_format(text);
    check_histogram(text, "tool_sandbox_http_request_duration_seconds", "route=\"/execute\",",
                    NULL);
    check_histogram(text, "tool_sandbox_execution_duration_seconds", "", NULL);
    free(text);
  }
  for (int i = 0; i < THREADS; i++)
    cr_assert_eq(pthread_join(t[i], NULL), 0);

  text = ts_metrics_render(m, NULL);
  cr_assert_not_null(text);
  check_format(text);
  cr_assert_eq(value_of(text, REQS("/execute", "200")),
               total);
  cr_assert_eq(value_of(text, REQS("/validate", "200")),
               total / 2);
  cr_assert_eq(value_of(text, REQS("/validate", "422")),
               total / 2);
  cr_assert_eq(value_of(text, REQS("other", "404")),
               total);
  cr_assert_eq(value_of(text, REQ_DUR("count", "/execute")),
               total);
  /* 3 ms each, summed in integer nanoseconds: exact. */
  cr_assert_eq(value_of(text, REQ_DUR("sum", "/execute")),
               total * 0.003);
  cr_assert_not_null(strstr(text, REQ_DUR("sum", "/execute") " 600.000000000\n"));
  cr_assert_eq(value_of(text, "tool_sandbox_executions_total{status=\"ok\"}"), total * 3 / 4);
  cr_assert_eq(value_of(text, "tool_sandbox_executions_total{status=\"timeout\"}"), total / 4);
  cr_assert_eq(value_of(text, "tool_sandbox_execution_duration_seconds_count"), total);
  cr_assert_eq(value_of(text, "tool_sandbox_validation_violations_total{rule=\"dunder\"}"), total);
  cr_assert_eq(value_of(text, "tool_sandbox_validation_violations_total{rule=\"other\"}"), total);
  free(text);
  ts_metrics_free(m);
}

Test(metrics, histogram_buckets_are_cumulative) {
  struct ts_metrics *m = ts_metrics_new();
  /* Observations and the index of the first bucket (le) that holds each. */
  static const struct {
    double s;
    size_t first;
  } obs[] = {
    {0.0005, 0},  /* bounds are inclusive */
    {0.0007, 1},  {0.003, 3},  {0.3, 9},   {1, 10},  {7, 13},
    {100, 14},    /* only +Inf */
    {-1, 0},      /* a clock going backwards counts as 0 */
    {NAN, 0},
  };
  double want[N_LES] = {0}, got[N_LES];
  char *text;

  cr_assert_not_null(m);
  for (size_t i = 0; i < sizeof obs / sizeof obs[0]; i++) {
    ts_metrics_execution(m, "ok", obs[i].s);
    for (size_t b = obs[i].first; b < N_LES; b++)
      want[b]++;
  }
  text = ts_metrics_render(m, NULL);
  cr_assert_not_null(text);
  check_format(text);
  check_histogram(text, "tool_sandbox_execution_duration_seconds", "", got);
  for (size_t b = 0; b < N_LES; b++)
    cr_assert_eq(got[b], want[b], "le=%s: got %g want %g", les[b], got[b], want[b]);
  cr_assert_eq(value_of(text, "tool_sandbox_execution_duration_seconds_count"), 9);
  /* 0.0005 + 0.0007 + 0.003 + 0.3 + 1 + 7 + 100 */
  cr_assert_not_null(strstr(text, "tool_sandbox_execution_duration_seconds_sum 108.304200000\n"),
                     "%s", text);
  free(text);
  ts_metrics_free(m);
}

Test(metrics, request_histogram_per_route) {
  struct ts_metrics *m = ts_metrics_new();
  double got[N_LES];
  char *text;

  cr_assert_not_null(m);
  ts_metrics_request(m, "/healthz", 200, 0.0001);
  ts_metrics_request(m, "/healthz", 200, 0.02);
  ts_metrics_request(m, "/execute", 200, 3);
  text = ts_metrics_render(m, NULL);
  cr_assert_not_null(text);
  check_format(text);
  check_histogram(text, "tool_sandbox_http_request_duration_seconds", "route=\"/healthz\",", got);
  cr_assert_eq(got[0], 1);   /* 0.0005 */
  cr_assert_eq(got[4], 1);   /* 0.01 */
  cr_assert_eq(got[5], 2);   /* 0.025 */
  cr_assert_eq(got[14], 2);  /* +Inf */
  check_histogram(text, "tool_sandbox_http_request_duration_seconds", "route=\"/execute\",", got);
  cr_assert_eq(got[11], 0);  /* 2.5 */
  cr_assert_eq(got[12], 1);  /* 5 */
  /* Every route has its histogram, used or not. */
  static const char *const routes[] = {"/healthz", "/readyz",      "/validate", "/execute",
                                       "/metrics", "/info", "/openapi.yaml", "other"};
  for (size_t i = 0; i < sizeof routes / sizeof routes[0]; i++) {
    char l[64];
    snprintf(l, sizeof l, "route=\"%s\",", routes[i]);
    check_histogram(text, "tool_sandbox_http_request_duration_seconds", l, NULL);
  }
  free(text);
  ts_metrics_free(m);
}

Test(metrics, unknown_labels_count_as_other) {
  struct ts_metrics *m = ts_metrics_new();
  char *text;

  cr_assert_not_null(m);
  text = ts_metrics_render(m, NULL);
  cr_assert_not_null(text);
  /* Nothing counted yet: no request lines, no "other" for the small tables. */
  cr_assert_null(strstr(text, "tool_sandbox_http_requests_total{"));
  cr_assert_null(strstr(text, "status=\"other\""));
  cr_assert_null(strstr(text, "rule=\"other\""));
  free(text);

  ts_metrics_request(m, NULL, 200, 0.001);
  ts_metrics_request(m, "/execute?x=1", 200, 0.001);  /* exact match only */
  ts_metrics_request(m, "", 200, 0.001);
  ts_metrics_request(m, "/execute", 0, 0.001);
  ts_metrics_request(m, "/execute", 99, 0.001);
  ts_metrics_request(m, "/execute", 600, 0.001);
  ts_metrics_request(m, "/execute", -500, 0.001);
  ts_metrics_request(m, "/execute", 100, 0.001);
  ts_metrics_request(m, "/execute", 599, 0.001);
  ts_metrics_execution(m, "exploded", 1);
  ts_metrics_execution(m, NULL, 1);
  ts_metrics_execution(m, "OK", 1);  /* names are case-sensitive */
  ts_metrics_violation(m, "made-up");
  ts_metrics_violation(m, NULL);
  ts_metrics_violation(m, "");

  text = ts_metrics_render(m, NULL);
  cr_assert_not_null(text);
  check_format(text);
  cr_assert_eq(value_of(text, REQS("other", "200")), 3);
  cr_assert_eq(value_of(text, REQS("/execute", "other")), 4);
  cr_assert_eq(value_of(text, REQS("/execute", "100")), 1);
  cr_assert_eq(value_of(text, REQS("/execute", "599")), 1);
  cr_assert_eq(value_of(text, REQ_DUR("count", "/execute")), 6);
  cr_assert_eq(value_of(text, REQ_DUR("count", "other")), 3);
  cr_assert_eq(value_of(text, "tool_sandbox_executions_total{status=\"other\"}"), 3);
  cr_assert_eq(value_of(text, "tool_sandbox_executions_total{status=\"ok\"}"), 0);
  cr_assert_eq(value_of(text, "tool_sandbox_validation_violations_total{rule=\"other\"}"), 3);
  free(text);
  ts_metrics_free(m);
}

Test(metrics, known_labels_start_at_zero) {
  static const char *const statuses[] = {"ok",           "error",        "rejected",
                                         "timeout",      "memory_limit", "output_limit",
                                         "killed",       "internal_error"};
  static const char *const rules[] = {
    "syntax-error",      "null-byte",          "encoding",        "too-complex",
    "too-many-violations", "import-banned",    "import-not-allowed", "import-relative",
    "import-star",       "banned-name",        "dunder",          "private-attribute",
    "internal-attribute", "view-member"};
  struct ts_metrics *m = ts_metrics_new();
  char series[128], *text;

  cr_assert_not_null(m);
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++)
    ts_metrics_violation(m, rules[i]);
  text = ts_metrics_render(m, NULL);
  cr_assert_not_null(text);
  check_format(text);
  for (size_t i = 0; i < sizeof statuses / sizeof statuses[0]; i++) {
    snprintf(series, sizeof series, "tool_sandbox_executions_total{status=\"%s\"}", statuses[i]);
    cr_assert_eq(value_of(text, series), 0, "%s", series);
  }
  /* Each validator rule id has its own label, none falls into "other". */
  for (size_t i = 0; i < sizeof rules / sizeof rules[0]; i++) {
    snprintf(series, sizeof series, "tool_sandbox_validation_violations_total{rule=\"%s\"}",
             rules[i]);
    cr_assert_eq(value_of(text, series), 1, "%s", series);
  }
  cr_assert_null(strstr(text, "rule=\"other\""));
  free(text);
  ts_metrics_free(m);
}

struct gauge_state {
  unsigned inflight, queued, restarts;
  int calls;
};

static unsigned g_inflight(void *ctx) {
  struct gauge_state *s = ctx;
  s->calls++;
  return s->inflight;
}
static unsigned g_queued(void *ctx) {
  struct gauge_state *s = ctx;
  s->calls++;
  return s->queued;
}
static unsigned g_restarts(void *ctx) {
  struct gauge_state *s = ctx;
  s->calls++;
  return s->restarts;
}

Test(metrics, gauges_sampled_at_render) {
  struct ts_metrics *m = ts_metrics_new();
  struct gauge_state st = {3, 7, 2, 0};
  struct ts_metrics_gauges g = {g_inflight, g_queued, g_restarts, &st};
  char *text;

  cr_assert_not_null(m);
  text = ts_metrics_render(m, &g);
  cr_assert_not_null(text);
  check_format(text);
  cr_assert_eq(st.calls, 3);
  cr_assert_eq(value_of(text, "tool_sandbox_executions_in_flight"), 3);
  cr_assert_eq(value_of(text, "tool_sandbox_execution_queue_depth"), 7);
  cr_assert_eq(value_of(text, "tool_sandbox_zygote_restarts_total"), 2);
  cr_assert_not_null(strstr(text, "# TYPE tool_sandbox_executions_in_flight gauge\n"));
  cr_assert_not_null(strstr(text, "# TYPE tool_sandbox_execution_queue_depth gauge\n"));
  cr_assert_not_null(strstr(text, "# TYPE tool_sandbox_zygote_restarts_total counter\n"));
  free(text);

  st.inflight = 0;
  st.queued = 4000000000u;  /* unsigned values print as such */
  text = ts_metrics_render(m, &g);
  cr_assert_not_null(text);
  cr_assert_eq(value_of(text, "tool_sandbox_executions_in_flight"), 0);
  cr_assert_not_null(strstr(text, "\ntool_sandbox_execution_queue_depth 4000000000\n"));
  free(text);

  /* A NULL callback leaves its family out entirely. */
  g.queued = NULL;
  text = ts_metrics_render(m, &g);
  cr_assert_not_null(text);
  check_format(text);
  cr_assert_null(strstr(text, "tool_sandbox_execution_queue_depth"));
  cr_assert(has_series(text, "tool_sandbox_executions_in_flight"));
  free(text);

  text = ts_metrics_render(m, NULL);
  cr_assert_not_null(text);
  check_format(text);
  cr_assert_null(strstr(text, "in_flight"));
  cr_assert_null(strstr(text, "zygote"));
  free(text);
  ts_metrics_free(m);
}

Test(metrics, every_family_documented) {
  static const char *const fams[][2] = {
    {"tool_sandbox_http_requests_total", "counter"},
    {"tool_sandbox_http_request_duration_seconds", "histogram"},
    {"tool_sandbox_executions_total", "counter"},
    {"tool_sandbox_execution_duration_seconds", "histogram"},
    {"tool_sandbox_validation_violations_total", "counter"},
    {"tool_sandbox_executions_in_flight", "gauge"},
    {"tool_sandbox_execution_queue_depth", "gauge"},
    {"tool_sandbox_zygote_restarts_total", "counter"},
  };
  struct ts_metrics *m = ts_metrics_new();
  struct gauge_state st = {0};
  struct ts_metrics_gauges g = {g_inflight, g_queued, g_restarts, &st};
  char want[160], *text;

  cr_assert_not_null(m);
  ts_metrics_request(m, "/metrics", 200, 0.001);
  text = ts_metrics_render(m, &g);
  cr_assert_not_null(text);
  check_format(text);
  for (size_t i = 0; i < sizeof fams / sizeof fams[0]; i++) {
    snprintf(want, sizeof want, "# HELP %s ", fams[i][0]);
    cr_assert_not_null(strstr(text, want), "no HELP for %s", fams[i][0]);
    snprintf(want, sizeof want, "# TYPE %s %s\n", fams[i][0], fams[i][1]);
    cr_assert_not_null(strstr(text, want), "no TYPE for %s", fams[i][0]);
  }
  free(text);
  ts_metrics_free(m);
}

static unsigned g_validate_queued(void *ctx) {
  struct gauge_state *s = ctx;
  s->calls++;
  return s->queued + 1;
}

Test(metrics, validate_queue_gauge_only_when_given) {
  struct ts_metrics *m = ts_metrics_new();
  struct gauge_state st = {0, 4, 0, 0};
  struct ts_metrics_gauges g = {g_inflight, g_queued, g_restarts, &st, g_validate_queued};
  char *text;

  cr_assert_not_null(m);
  text = ts_metrics_render(m, &g);
  cr_assert_not_null(text);
  check_format(text);
  cr_assert_eq(value_of(text, "tool_sandbox_validate_queue_depth"), 5);
  cr_assert_eq(value_of(text, "tool_sandbox_execution_queue_depth"), 4);
  cr_assert_not_null(strstr(text, "# TYPE tool_sandbox_validate_queue_depth gauge\n"));
  cr_assert_not_null(strstr(text, "# HELP tool_sandbox_validate_queue_depth "));
  free(text);
  /* Without the callback (the positional initialisers of before), no family. */
  g.validate_queued = NULL;
  text = ts_metrics_render(m, &g);
  cr_assert_not_null(text);
  cr_assert_null(strstr(text, "tool_sandbox_validate_queue_depth"));
  free(text);
  ts_metrics_free(m);
}

Test(metrics, null_registry_is_harmless) {
  ts_metrics_free(NULL);
  ts_metrics_request(NULL, "/execute", 200, 1);
  ts_metrics_execution(NULL, "ok", 1);
  ts_metrics_violation(NULL, "dunder");
  cr_assert_null(ts_metrics_render(NULL, NULL));
}

Test(metrics, huge_and_infinite_durations) {
  struct ts_metrics *m = ts_metrics_new();
  char *text;

  cr_assert_not_null(m);
  ts_metrics_execution(m, "ok", INFINITY);
  ts_metrics_execution(m, "ok", 1e300);
  text = ts_metrics_render(m, NULL);
  cr_assert_not_null(text);
  check_format(text);
  check_histogram(text, "tool_sandbox_execution_duration_seconds", "", NULL);
  cr_assert_eq(value_of(text, "tool_sandbox_execution_duration_seconds_bucket{le=\"10\"}"), 0);
  cr_assert_eq(value_of(text, "tool_sandbox_execution_duration_seconds_count"), 2);
  /* Each clamped to 1e9 s in the sum. */
  cr_assert_not_null(
      strstr(text, "tool_sandbox_execution_duration_seconds_sum 2000000000.000000000\n"));
  free(text);
  ts_metrics_free(m);
}
