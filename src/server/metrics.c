/* The metrics registry: fixed arrays of relaxed atomic counters indexed by
 * small fixed tables, and a renderer for the Prometheus text format 0.0.4.
 *
 * Relaxed ordering is enough: each counter is independent and a scrape is a
 * best-effort snapshot anyway.  Histograms keep per-bucket (non-cumulative)
 * counts and derive both the cumulative buckets and _count from one read of
 * each bucket, so a scrape always has _count == the +Inf bucket and
 * non-decreasing buckets even while observations race with it. */
#include <inttypes.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "server/metrics.h"
#include "util/common.h"

typedef _Atomic uint64_t ts_counter;

static const char *const route_names[] = {
  "/healthz", "/readyz", "/validate", "/execute", "/metrics", "/info", "/openapi.yaml",
  "/sessions", "/sessions/{id}", "/sessions/{id}/execute", "/sessions/{id}/fork",
  "other",  /* must stay last: the fallback */
};
#define N_ROUTES TS_ARRAY_LEN(route_names)

/* Status slots: one per code 100..599, then one for anything outside. */
#define STATUS_MIN 100
#define STATUS_MAX 599
#define N_STATUS (STATUS_MAX - STATUS_MIN + 2)
#define STATUS_OTHER (N_STATUS - 1)

static const char *const exec_names[] = {
  "ok", "error", "rejected", "timeout", "memory_limit", "output_limit", "killed",
  "internal_error", "cancelled", "other",
};
#define N_EXEC TS_ARRAY_LEN(exec_names)

static const char *const rule_names[] = {
  "syntax-error", "null-byte", "encoding", "too-complex", "too-many-violations",
  "import-banned", "import-not-allowed", "import-relative", "import-star",
  "banned-name", "dunder", "private-attribute", "internal-attribute", "view-member", "other",
};
#define N_RULES TS_ARRAY_LEN(rule_names)

/* Upper bounds (inclusive) in seconds; the text is what `le` shows, kept
 * next to the number so the label never depends on float formatting. */
static const struct {
  double le;
  const char *text;
} bucket_bounds[] = {
  {0.0005, "0.0005"}, {0.001, "0.001"}, {0.0025, "0.0025"}, {0.005, "0.005"},
  {0.01, "0.01"},     {0.025, "0.025"}, {0.05, "0.05"},     {0.1, "0.1"},
  {0.25, "0.25"},     {0.5, "0.5"},     {1, "1"},           {2.5, "2.5"},
  {5, "5"},           {10, "10"},
};
#define N_BUCKETS (TS_ARRAY_LEN(bucket_bounds) + 1) /* + the +Inf bucket */

struct histogram {
  ts_counter bucket[N_BUCKETS]; /* observations that fell in each, not cumulative */
  ts_counter sum_ns;
};

struct ts_metrics {
  ts_counter requests[N_ROUTES][N_STATUS];
  struct histogram request_duration[N_ROUTES];
  ts_counter executions[N_EXEC];
  struct histogram execution_duration;
  ts_counter violations[N_RULES];
};

/* calloc's all-zero bytes are a valid zero for lock-free 64-bit atomics on
 * every platform we build for, which saves an atomic_init() per counter. */
struct ts_metrics *ts_metrics_new(void) { return calloc(1, sizeof(struct ts_metrics)); }

void ts_metrics_free(struct ts_metrics *m) { free(m); }

/* Index of s in names, or the last entry ("other") when absent or NULL. */
static size_t lookup(const char *const *names, size_t n, const char *s) {
  if (s)
    for (size_t i = 0; i + 1 < n; i++)
      if (strcmp(names[i], s) == 0)
        return i;
  return n - 1;
}

static inline void inc(ts_counter *c, uint64_t by) {
  atomic_fetch_add_explicit(c, by, memory_order_relaxed);
}

static inline uint64_t get(ts_counter *c) {
  return atomic_load_explicit(c, memory_order_relaxed);
}

static void observe(struct histogram *h, double seconds) {
  size_t i = 0;
  uint64_t ns;

  if (!(seconds > 0))
    seconds = 0;  /* negative (clock went back) and NaN alike */
  while (i < N_BUCKETS - 1 && !(seconds <= bucket_bounds[i].le))
    i++;
  /* Clamped at 1e9 s (31 years, +Inf included) so the conversion stays in
   * range; the uint64 sum itself only wraps after 584 years in total. */
  ns = seconds < 1e9 ? (uint64_t)(seconds * 1e9 + 0.5) : UINT64_C(1000000000000000000);
  inc(&h->bucket[i], 1);
  inc(&h->sum_ns, ns);
}

void ts_metrics_request(struct ts_metrics *m, const char *route, int status, double seconds) {
  size_t r, s;

  if (!m)
    return;
  r = lookup(route_names, N_ROUTES, route);
  s = status >= STATUS_MIN && status <= STATUS_MAX ? (size_t)(status - STATUS_MIN)
                                                   : (size_t)STATUS_OTHER;
  inc(&m->requests[r][s], 1);
  observe(&m->request_duration[r], seconds);
}

void ts_metrics_execution(struct ts_metrics *m, const char *status, double seconds) {
  if (!m)
    return;
  inc(&m->executions[lookup(exec_names, N_EXEC, status)], 1);
  observe(&m->execution_duration, seconds);
}

void ts_metrics_violation(struct ts_metrics *m, const char *rule) {
  if (!m)
    return;
  inc(&m->violations[lookup(rule_names, N_RULES, rule)], 1);
}

/* ---- rendering ---- */

/* A growing output buffer; after the first allocation failure every append
 * is a no-op and the render returns NULL. */
struct out {
  char *p;
  size_t len, cap;
  bool oom;
};

static bool reserve(struct out *o, size_t more) {
  size_t cap = o->cap ? o->cap : 4096;
  char *p;

  if (o->oom)
    return false;
  if (o->len + more < o->cap)
    return true;
  while (o->len + more >= cap)
    cap *= 2;
  p = realloc(o->p, cap);
  if (!p) {
    o->oom = true;
    return false;
  }
  o->p = p;
  o->cap = cap;
  return true;
}

static void put(struct out *o, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void put(struct out *o, const char *fmt, ...) {
  va_list ap;
  int n;

  va_start(ap, fmt);
  n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) {
    o->oom = true;  /* only an encoding error could get here; fail the render */
    return;
  }
  if (!reserve(o, (size_t)n + 1))
    return;
  va_start(ap, fmt);
  (void)vsnprintf(o->p + o->len, o->cap - o->len, fmt, ap); /* n + 1 bytes reserved */
  va_end(ap);
  o->len += (size_t)n;
}

/* A label value with the format's three escapes (\\, \", \n).  The tables
 * never need them; this keeps a future table entry from breaking a scrape. */
static void put_label_value(struct out *o, const char *s) {
  for (; *s; s++) {
    if (*s == '\\')
      put(o, "\\\\");
    else if (*s == '"')
      put(o, "\\\"");
    else if (*s == '\n')
      put(o, "\\n");
    else
      put(o, "%c", *s);
  }
}

static void put_family(struct out *o, const char *name, const char *type, const char *help) {
  put(o, "# HELP %s %s\n# TYPE %s %s\n", name, help, name, type);
}

/* `{label="value"}`, or nothing when label is NULL (value is then NULL too:
 * the two come as a pair). */
static void put_labels(struct out *o, const char *label, const char *value) {
  if (label && value) {
    put(o, "{%s=\"", label);
    put_label_value(o, value);
    put(o, "\"}");
  }
}

/* `name{label="value"} n` or `name n` when label is NULL. */
static void put_sample(struct out *o, const char *name, const char *label, const char *value,
                       uint64_t n) {
  put(o, "%s", name);
  put_labels(o, label, value);
  put(o, " %" PRIu64 "\n", n);
}

/* The buckets, _sum and _count of one histogram; label/value may be NULL
 * for an unlabelled one. */
static void put_histogram(struct out *o, const char *name, const char *label,
                          const char *value, struct histogram *h) {
  uint64_t cum = 0, sum_ns = get(&h->sum_ns);

  for (size_t i = 0; i < N_BUCKETS; i++) {
    cum += get(&h->bucket[i]);
    put(o, "%s_bucket{", name);
    if (label && value) {
      put(o, "%s=\"", label);
      put_label_value(o, value);
      put(o, "\",");
    }
    put(o, "le=\"%s\"} %" PRIu64 "\n", i < N_BUCKETS - 1 ? bucket_bounds[i].text : "+Inf", cum);
  }
  put(o, "%s_sum", name);
  put_labels(o, label, value);
  /* Exact decimal seconds from the integer nanoseconds, no float rounding. */
  put(o, " %" PRIu64 ".%09" PRIu64 "\n", sum_ns / 1000000000u, sum_ns % 1000000000u);
  put(o, "%s_count", name);
  put_labels(o, label, value);
  put(o, " %" PRIu64 "\n", cum);
}

/* A counter family over a fixed table: known values always, "other" (the
 * last entry) only once it has counted something. */
static void put_table_counter(struct out *o, const char *name, const char *label,
                              const char *const *names, ts_counter *c, size_t n) {
  for (size_t i = 0; i < n; i++) {
    uint64_t v = get(&c[i]);
    if (i + 1 < n || v > 0)
      put_sample(o, name, label, names[i], v);
  }
}

char *ts_metrics_render(struct ts_metrics *m, const struct ts_metrics_gauges *g) {
  struct out o = {0};

  if (!m)
    return NULL;
  put_family(&o, "tool_sandbox_http_requests_total", "counter",
             "HTTP requests answered, by route and status code.");
  for (size_t r = 0; r < N_ROUTES; r++)
    for (size_t s = 0; s < N_STATUS; s++) {
      uint64_t v = get(&m->requests[r][s]);
      char code[8];

      /* ~4000 slots: only those that ever counted are worth a line. */
      if (v == 0)
        continue;
      if (s == STATUS_OTHER)
        (void)snprintf(code, sizeof code, "other");
      else
        (void)snprintf(code, sizeof code, "%d", (int)s + STATUS_MIN); /* 3 digits */
      put(&o, "tool_sandbox_http_requests_total{route=\"");
      put_label_value(&o, route_names[r]);
      put(&o, "\",status=\"");
      put_label_value(&o, code);
      put(&o, "\"} %" PRIu64 "\n", v);
    }

  put_family(&o, "tool_sandbox_http_request_duration_seconds", "histogram",
             "Time to answer an HTTP request, by route.");
  for (size_t r = 0; r < N_ROUTES; r++)
    put_histogram(&o, "tool_sandbox_http_request_duration_seconds", "route", route_names[r],
                  &m->request_duration[r]);

  put_family(&o, "tool_sandbox_executions_total", "counter",
             "Executions finished, by result status.");
  put_table_counter(&o, "tool_sandbox_executions_total", "status", exec_names, m->executions,
                    N_EXEC);

  put_family(&o, "tool_sandbox_execution_duration_seconds", "histogram",
             "Wall-clock duration of finished executions.");
  put_histogram(&o, "tool_sandbox_execution_duration_seconds", NULL, NULL,
                &m->execution_duration);

  put_family(&o, "tool_sandbox_validation_violations_total", "counter",
             "Validation violations reported, by rule.");
  put_table_counter(&o, "tool_sandbox_validation_violations_total", "rule", rule_names,
                    m->violations, N_RULES);

  if (g && g->inflight) {
    put_family(&o, "tool_sandbox_executions_in_flight", "gauge",
               "Executions running or waiting for a slot.");
    put_sample(&o, "tool_sandbox_executions_in_flight", NULL, NULL, g->inflight(g->ctx));
  }
  if (g && g->queued) {
    put_family(&o, "tool_sandbox_execution_queue_depth", "gauge",
               "Executions waiting for a free slot.");
    put_sample(&o, "tool_sandbox_execution_queue_depth", NULL, NULL, g->queued(g->ctx));
  }
  if (g && g->zygote_restarts) {
    put_family(&o, "tool_sandbox_zygote_restarts_total", "counter",
               "Times the zygote process had to be restarted.");
    put_sample(&o, "tool_sandbox_zygote_restarts_total", NULL, NULL,
               g->zygote_restarts(g->ctx));
  }
  if (g && g->validate_queued) {
    put_family(&o, "tool_sandbox_validate_queue_depth", "gauge",
               "/validate requests waiting for the parser.");
    put_sample(&o, "tool_sandbox_validate_queue_depth", NULL, NULL, g->validate_queued(g->ctx));
  }
  if (g && g->sessions) {
    struct ts_metrics_sessions st = {0};
    g->sessions(g->ctx, &st);
    put_family(&o, "tool_sandbox_sessions_active", "gauge", "Sessions alive now.");
    put_sample(&o, "tool_sandbox_sessions_active", NULL, NULL, st.active);
    put_family(&o, "tool_sandbox_sessions_created_total", "counter", "Sessions created.");
    put_sample(&o, "tool_sandbox_sessions_created_total", NULL, NULL, st.created);
    put_family(&o, "tool_sandbox_sessions_expired_total", "counter",
               "Sessions ended by their idle ttl or their lifetime.");
    put_sample(&o, "tool_sandbox_sessions_expired_total", NULL, NULL, st.expired);
    put_family(&o, "tool_sandbox_sessions_forked_total", "counter",
               "Sessions made by a fork of another (not in created).");
    put_sample(&o, "tool_sandbox_sessions_forked_total", NULL, NULL, st.forked);
    put_family(&o, "tool_sandbox_session_holders_refreshed_total", "counter",
               "Session holders replaced by a fork of themselves, their CPU time worn.");
    put_sample(&o, "tool_sandbox_session_holders_refreshed_total", NULL, NULL, st.refreshed);
    put_family(&o, "tool_sandbox_session_calls_total", "counter",
               "Calls in sessions, by what became of their state.");
    put_sample(&o, "tool_sandbox_session_calls_total", "outcome", "committed", st.committed);
    put_sample(&o, "tool_sandbox_session_calls_total", "outcome", "rolled_back", st.rolled_back);
  }
  if (g && g->science_starts) {
    unsigned long ok = 0, failed = 0;
    g->science_starts(g->ctx, &ok, &failed);
    put_family(&o, "tool_sandbox_profile_starts_total", "counter",
               "Starts of a lazy profile's zygote on its first request, by how they ended.");
    put(&o, "tool_sandbox_profile_starts_total{profile=\"science\",outcome=\"ok\"} %lu\n", ok);
    put(&o, "tool_sandbox_profile_starts_total{profile=\"science\",outcome=\"failed\"} %lu\n",
        failed);
  }

  if (o.oom) {
    free(o.p);
    return NULL;
  }
  return o.p;
}
