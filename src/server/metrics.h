/* Prometheus metrics for the service: a fixed set of counters, histograms
 * and sampled gauges, rendered in the text exposition format 0.0.4.
 *
 * Every label value comes from a fixed table (below), so the whole registry
 * is one allocation of atomic counters: the update functions take no lock,
 * never allocate and are safe from any thread; ts_metrics_render() may run
 * concurrently with them (it reads each counter once, relaxed, so a scrape
 * may see some updates of a concurrent request and not others). */
#ifndef TS_METRICS_H
#define TS_METRICS_H

/* The Content-Type to serve ts_metrics_render()'s output with. */
#define TS_METRICS_CONTENT_TYPE "text/plain; version=0.0.4; charset=utf-8"

struct ts_metrics;

/* Sampled at render time; any callback (or the whole struct) may be NULL,
 * in which case that metric family is left out of the output. */
/* The sessions' numbers, sampled at render time. */
struct ts_metrics_sessions {
  unsigned active;
  unsigned long created, expired, committed, rolled_back, forked, refreshed;
};

struct ts_metrics_gauges {
  unsigned (*inflight)(void *ctx);         /* executions running now */
  unsigned (*queued)(void *ctx);           /* executions waiting for a slot */
  unsigned (*zygote_restarts)(void *ctx);  /* monotonic, rendered as a counter */
  void *ctx;
  unsigned (*validate_queued)(void *ctx);  /* /validate requests waiting for the parser */
  void (*sessions)(void *ctx, struct ts_metrics_sessions *out);
  /* starts of the lazy science profile's zygote, that ended ready or failed */
  void (*science_starts)(void *ctx, unsigned long *ok, unsigned long *failed);
};

/* A zeroed registry, or NULL on ENOMEM.  Free with ts_metrics_free(). */
struct ts_metrics *ts_metrics_new(void);
/* NULL is a no-op.  No update or render may be running. */
void ts_metrics_free(struct ts_metrics *m);

/* One HTTP request answered.  route is matched exactly against "/healthz",
 * "/readyz", "/validate", "/execute", "/metrics", "/info", "/openapi.yaml",
 * "/sessions", "/sessions/{id}", "/sessions/{id}/execute", "/sessions/{id}/fork";
 * anything else (or NULL) counts as route "other" -- pass the route, never
 * the raw URL with its query string.  status 100..599 is counted under its
 * own label; any other value under status="other".  seconds < 0 or NaN
 * count as 0; above 1e9 (or +Inf) they go to the +Inf bucket and add 1e9
 * to _sum.  m may be NULL (no-op). */
void ts_metrics_request(struct ts_metrics *m, const char *route, int status, double seconds);

/* One execution finished, by status name: "ok", "error", "rejected",
 * "timeout", "memory_limit", "output_limit", "killed", "internal_error"
 * (ts_exec_status_name()); anything else counts as "other".  seconds as
 * for ts_metrics_request().  m may be NULL (no-op). */
void ts_metrics_execution(struct ts_metrics *m, const char *status, double seconds);

/* One validation violation, by rule id: syntax-error, null-byte, encoding,
 * too-complex, too-many-violations, import-banned, import-not-allowed,
 * import-relative, import-star, banned-name, dunder, private-attribute,
 * internal-attribute, view-member; anything else counts as "other".  Call once per
 * violation reported.  m may be NULL (no-op). */
void ts_metrics_violation(struct ts_metrics *m, const char *rule);

/* Renders every family into a malloc'ed NUL-terminated string (caller
 * frees), or NULL on ENOMEM (or when m is NULL).  g may be NULL.  The
 * output:
 *   tool_sandbox_http_requests_total{route,status}        counter, non-zero only
 *   tool_sandbox_http_request_duration_seconds{route}     histogram, all routes
 *   tool_sandbox_executions_total{status}                 counter
 *   tool_sandbox_execution_duration_seconds               histogram
 *   tool_sandbox_validation_violations_total{rule}        counter
 *   tool_sandbox_executions_in_flight                     gauge   (g->inflight)
 *   tool_sandbox_execution_queue_depth                    gauge   (g->queued)
 *   tool_sandbox_zygote_restarts_total                    counter (g->zygote_restarts)
 *   tool_sandbox_validate_queue_depth                     gauge   (g->validate_queued)
 *   tool_sandbox_sessions_active                          gauge   (g->sessions)
 *   tool_sandbox_sessions_created_total                   counter (g->sessions)
 *   tool_sandbox_sessions_expired_total                   counter (g->sessions)
 *   tool_sandbox_session_calls_total{outcome}             counter (g->sessions):
 *                                                         committed, rolled_back
 *   tool_sandbox_profile_starts_total{profile,outcome}    counter (g->science_starts):
 *                                                         science; ok, failed
 * Known label values of the small counters are always present (0 until
 * used) so that rate() has a starting point; their "other" only once
 * non-zero.  Histogram buckets (le, seconds): 0.0005 0.001 0.0025 0.005
 * 0.01 0.025 0.05 0.1 0.25 0.5 1 2.5 5 10 +Inf. */
char *ts_metrics_render(struct ts_metrics *m, const struct ts_metrics_gauges *g);

#endif
