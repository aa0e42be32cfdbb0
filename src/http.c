/* HTTP routing, body handling and JSON responses.
 *
 * Every request gets a `struct conn`.  Route, method, content type and
 * declared length are checked on the first callback, before any byte of
 * the body is read, so a refused request never makes us buffer its body.
 * Every error is {"error": {"code", "message"}} with a fitting status. */
#include <arpa/inet.h>
#include <errno.h>
#include <netdb.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <microhttpd.h>

#include "executor.h"
#include "http.h"
#include "log.h"
#include "request.h"
#include "validator.h"

struct ts_server {
  struct MHD_Daemon *daemon;
  const struct ts_config *cfg;
  struct ts_executor *ex;
  unsigned port;
};

struct conn;
typedef void (*route_fn)(struct ts_server *s, struct conn *c, struct MHD_Connection *mc);

struct route {
  const char *path;
  const char *method; /* GET routes also answer HEAD */
  const char *allow;  /* value of the Allow header on 405 */
  bool has_body;
  route_fn fn;
};

struct conn {
  const struct route *route;
  char *body;
  size_t len, cap;
  bool too_large;     /* body passed max_body: the rest is discarded */
  size_t discarded;
  struct MHD_Response *response;
  unsigned status;
  struct timespec start;
  bool dispatched;
  /* /execute: the connection is suspended while the job runs; the
   * executor thread leaves the finished body here and resumes it. */
  bool suspended;
  struct MHD_Connection *mc;
  char *result;
  size_t result_len;
};

/* Past max_body, a body of unknown length is drained up to this many more
 * bytes so that the client still reads a clean 413; beyond it the
 * connection is dropped. */
#define DRAIN_LIMIT (1024 * 1024)

static void route_healthz(struct ts_server *s, struct conn *c, struct MHD_Connection *mc);
static void route_validate(struct ts_server *s, struct conn *c, struct MHD_Connection *mc);
static void route_execute(struct ts_server *s, struct conn *c, struct MHD_Connection *mc);

static const struct route routes[] = {
    {"/healthz", "GET", "GET, HEAD", false, route_healthz},
    {"/validate", "POST", "POST", true, route_validate},
    {"/execute", "POST", "POST", true, route_execute},
};

/* ---- responses ---- */

/* Takes a malloc'ed body (or NULL on allocation failure). */
static void reply_text(struct conn *c, unsigned status, char *text, size_t len) {
  if (!text) {
    static const char oom[] =
        "{\"error\":{\"code\":\"internal_error\",\"message\":\"out of memory\"}}";
    status = MHD_HTTP_INTERNAL_SERVER_ERROR;
    c->response = MHD_create_response_from_buffer(sizeof oom - 1, (void *)oom,
                                                  MHD_RESPMEM_PERSISTENT);
  } else {
    c->response = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
    if (!c->response)
      free(text);
  }
  if (c->response) {
    MHD_add_response_header(c->response, MHD_HTTP_HEADER_CONTENT_TYPE, "application/json");
    MHD_add_response_header(c->response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
  }
  c->status = status;
}

/* Serialises doc (consumed) with a trailing newline. */
static char *print_json(cJSON *doc, size_t *len) {
  char *text = cJSON_PrintUnformatted(doc);

  cJSON_Delete(doc);
  if (!text)
    return NULL;
  *len = strlen(text);
  text[(*len)++] = '\n'; /* replaces the NUL: the length is explicit */
  return text;
}

static void reply_json(struct conn *c, unsigned status, cJSON *doc) {
  size_t len = 0;
  char *text = print_json(doc, &len);

  reply_text(c, status, text, len);
}

static void reply_error(struct conn *c, unsigned status, const char *code,
                        const char *fmt, ...) __attribute__((format(printf, 4, 5)));

static void reply_error(struct conn *c, unsigned status, const char *code,
                        const char *fmt, ...) {
  char msg[512];
  cJSON *doc = cJSON_CreateObject();
  cJSON *e = cJSON_AddObjectToObject(doc, "error");
  va_list ap;

  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  cJSON_AddStringToObject(e, "code", code);
  cJSON_AddStringToObject(e, "message", msg);
  reply_json(c, status, doc);
}

/* ---- routes ---- */

static void route_healthz(struct ts_server *s, struct conn *c, struct MHD_Connection *mc) {
  cJSON *doc = cJSON_CreateObject();

  (void)s;
  (void)mc;
  cJSON_AddStringToObject(doc, "status", "ok");
  reply_json(c, MHD_HTTP_OK, doc);
}

static void route_validate(struct ts_server *s, struct conn *c, struct MHD_Connection *mc) {
  struct ts_validate_req req = {0};
  struct ts_validation v = {0};
  struct ts_reqerr re = {0};
  ts_err err = {0};
  cJSON *root = ts_validate_req_parse(c->body, c->len, &req, &re);

  (void)mc;
  if (!root) {
    reply_error(c, (unsigned)re.status, re.code, "%s", re.message);
    return;
  }
  if (ts_validate(&s->cfg->policy, req.code.s, req.code.len, &v, &err) < 0) {
    cJSON_Delete(root);
    ts_error("validate: %s", err.msg);
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "validation failed: %s",
                err.msg);
    return;
  }
  cJSON_Delete(root);
  reply_json(c, MHD_HTTP_OK, ts_validation_to_json(&v));
  ts_validation_free(&v);
}

/* Runs on the executor thread. */
static void execute_done(void *ctx, struct ts_exec_result *res) {
  struct conn *c = ctx;

  c->result = print_json(ts_exec_result_to_json(res), &c->result_len);
  ts_exec_result_free(res);
  free(res);
  MHD_resume_connection(c->mc);
}

static void route_execute(struct ts_server *s, struct conn *c, struct MHD_Connection *mc) {
  const struct ts_config *cfg = s->cfg;
  struct ts_execute_req req = {0};
  struct ts_validation v = {0};
  struct ts_reqerr re = {0};
  ts_err err = {0};
  cJSON *root = ts_execute_req_parse(c->body, c->len, cfg->timeout_default, cfg->timeout_max,
                                     cfg->memory_default_mb, cfg->memory_max_mb, &req, &re);
  struct ts_exec_params p;

  if (!root) {
    reply_error(c, (unsigned)re.status, re.code, "%s", re.message);
    return;
  }
  if (ts_validate(&cfg->policy, req.code.s, req.code.len, &v, &err) < 0) {
    cJSON_Delete(root);
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "validation failed: %s",
                err.msg);
    return;
  }
  if (!v.valid) {
    /* Rejected code never runs. */
    struct ts_exec_result r = {.status = TS_EXEC_REJECTED, .exit_code = -1};
    cJSON *doc = ts_exec_result_to_json(&r);
    cJSON *vj = ts_validation_to_json(&v);
    cJSON_AddItemToObject(doc, "violations", cJSON_DetachItemFromObject(vj, "violations"));
    cJSON_Delete(vj);
    cJSON_Delete(root);
    ts_validation_free(&v);
    reply_json(c, MHD_HTTP_OK, doc);
    return;
  }
  ts_validation_free(&v);
  p = (struct ts_exec_params){req.code.s, req.code.len, req.stdin_data.s, req.stdin_data.len,
                              req.timeout, req.memory_mb, 0};
  c->mc = mc;
  c->suspended = true;
  MHD_suspend_connection(mc);
  if (ts_exec_submit(s->ex, &p, execute_done, c, &err) < 0) {
    c->suspended = false;
    MHD_resume_connection(mc);
    if (err.errnum == EAGAIN) {
      reply_error(c, MHD_HTTP_TOO_MANY_REQUESTS, "too_many_requests", "%s", err.msg);
      if (c->response)
        MHD_add_response_header(c->response, MHD_HTTP_HEADER_RETRY_AFTER, "1");
    } else if (err.errnum == ESHUTDOWN) {
      reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "shutting_down", "%s", err.msg);
    } else {
      reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "%s", err.msg);
    }
  }
  cJSON_Delete(root); /* the job was encoded by ts_exec_submit */
}

/* ---- request plumbing ---- */

static const struct route *find_route(const char *url) {
  for (size_t i = 0; i < TS_ARRAY_LEN(routes); i++)
    if (strcmp(routes[i].path, url) == 0)
      return &routes[i];
  return NULL;
}

static bool method_matches(const struct route *r, const char *method) {
  if (strcmp(r->method, method) == 0)
    return true;
  return strcmp(r->method, "GET") == 0 && strcmp(method, "HEAD") == 0;
}

/* application/json, with parameters, or any +json type.  An absent
 * Content-Type is taken as JSON. */
static bool content_type_ok(const char *ct) {
  size_t n;

  if (!ct)
    return true;
  n = strcspn(ct, "; \t");
  if (n == 16 && strncasecmp(ct, "application/json", 16) == 0)
    return true;
  /* application/<something>+json: at least one character of subtype */
  return n >= 18 && strncasecmp(ct, "application/", 12) == 0 &&
         strncasecmp(ct + n - 5, "+json", 5) == 0;
}

/* Decides what can be decided from the headers alone.  Returns true when a
 * response is ready. */
static bool check_headers(struct ts_server *s, struct conn *c,
                          struct MHD_Connection *mc, const char *url,
                          const char *method) {
  const char *ct, *cl;

  c->route = find_route(url);
  if (!c->route) {
    reply_error(c, MHD_HTTP_NOT_FOUND, "not_found", "no such endpoint: %.200s", url);
    return true;
  }
  if (!method_matches(c->route, method)) {
    reply_error(c, MHD_HTTP_METHOD_NOT_ALLOWED, "method_not_allowed",
                "%.20s is not allowed on %s; use %s", method, c->route->path,
                c->route->allow);
    if (c->response)
      MHD_add_response_header(c->response, MHD_HTTP_HEADER_ALLOW, c->route->allow);
    return true;
  }
  if (!c->route->has_body)
    return false;
  ct = MHD_lookup_connection_value(mc, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_TYPE);
  if (!content_type_ok(ct)) {
    reply_error(c, MHD_HTTP_UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type",
                "Content-Type must be application/json, not %.100s", ct);
    return true;
  }
  cl = MHD_lookup_connection_value(mc, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
  if (cl) {
    char *end;
    unsigned long long n;
    errno = 0;
    n = strtoull(cl, &end, 10);
    if (!errno && end != cl && n > s->cfg->max_body) {
      reply_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "body_too_large",
                  "request body of %llu bytes is over the limit of %zu bytes", n,
                  s->cfg->max_body);
      return true;
    }
  }
  return false;
}

static int append_body(struct ts_server *s, struct conn *c, const char *data,
                       size_t n) {
  if (c->too_large || c->len + n > s->cfg->max_body) {
    c->too_large = true;
    c->discarded += n;
    free(c->body);
    c->body = NULL;
    c->len = c->cap = 0;
    return c->discarded > DRAIN_LIMIT ? -1 : 0;
  }
  if (c->len + n > c->cap) {
    size_t cap = c->cap ? c->cap : 4096;
    char *nb;
    while (cap < c->len + n)
      cap *= 2;
    if (cap > s->cfg->max_body)
      cap = s->cfg->max_body;
    nb = realloc(c->body, cap);
    if (!nb)
      return -1;
    c->body = nb;
    c->cap = cap;
  }
  memcpy(c->body + c->len, data, n);
  c->len += n;
  return 0;
}

static enum MHD_Result queue(struct MHD_Connection *mc, struct conn *c) {
  enum MHD_Result r;

  if (!c->response)
    return MHD_NO;
  r = MHD_queue_response(mc, c->status, c->response);
  MHD_destroy_response(c->response);
  c->response = NULL;
  return r;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *mc,
                                  const char *url, const char *method,
                                  const char *version, const char *upload_data,
                                  size_t *upload_data_size, void **con_cls) {
  struct ts_server *s = cls;
  struct conn *c = *con_cls;

  (void)version;
  if (!c) {
    c = calloc(1, sizeof *c);
    if (!c)
      return MHD_NO;
    clock_gettime(CLOCK_MONOTONIC, &c->start);
    *con_cls = c;
    if (check_headers(s, c, mc, url, method))
      return queue(mc, c);
    if (c->route->has_body)
      return MHD_YES; /* wait for the body */
  } else if (*upload_data_size) {
    if (!c->route->has_body) {
      *upload_data_size = 0; /* a body on a GET is ignored */
      return MHD_YES;
    }
    if (append_body(s, c, upload_data, *upload_data_size) < 0)
      return MHD_NO; /* drop the connection: flooding past the drain limit */
    *upload_data_size = 0;
    return MHD_YES;
  }

  if (c->suspended) {
    /* Resumed by execute_done: the body is ready. */
    c->suspended = false;
    reply_text(c, MHD_HTTP_OK, steal_pointer(&c->result), c->result_len);
    return queue(mc, c);
  }
  if (c->dispatched)
    return MHD_YES;
  c->dispatched = true;
  if (c->too_large)
    reply_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "body_too_large",
                "request body is over the limit of %zu bytes", s->cfg->max_body);
  else
    c->route->fn(s, c, mc);
  if (c->suspended)
    return MHD_YES;
  return queue(mc, c);
}

static void on_completed(void *cls, struct MHD_Connection *mc, void **con_cls,
                         enum MHD_RequestTerminationCode toe) {
  struct conn *c = *con_cls;
  struct timespec now;

  (void)cls;
  (void)mc;
  if (!c)
    return;
  clock_gettime(CLOCK_MONOTONIC, &now);
  ts_debug("request %s %u %.3fms%s", c->route ? c->route->path : "-", c->status,
           (double)(now.tv_sec - c->start.tv_sec) * 1e3 +
               (double)(now.tv_nsec - c->start.tv_nsec) / 1e6,
           toe == MHD_REQUEST_TERMINATED_COMPLETED_OK ? "" : " (aborted)");
  if (c->response)
    MHD_destroy_response(c->response);
  free(c->body);
  free(c->result);
  free(c);
  *con_cls = NULL;
}

/* Paths are matched exactly as sent: no percent-decoding, so that
 * "/validate%00" (which decodes to a string cut at the NUL) is not
 * "/validate".  No endpoint takes a percent-encoded path. */
static size_t no_unescape(void *cls, struct MHD_Connection *c, char *s) {
  (void)cls;
  (void)c;
  return strlen(s);
}

static void mhd_log(void *cls, const char *fmt, va_list ap) {
  char buf[512];

  (void)cls;
  vsnprintf(buf, sizeof buf, fmt, ap);
  buf[strcspn(buf, "\n")] = '\0';
  ts_warn("http: %s", buf);
}

struct ts_server *ts_server_start(const struct ts_config *cfg, struct ts_executor *ex,
                                  ts_err *err) {
  struct addrinfo hints = {0}, *ai = NULL;
  char host[256], portstr[16];
  unsigned port;
  unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
                   MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
  const union MHD_DaemonInfo *info;
  struct ts_server *s;
  int rc;

  if (ts_parse_listen(cfg->listen, host, &port, err) < 0)
    return NULL;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_ADDRCONFIG;
  snprintf(portstr, sizeof portstr, "%u", port);
  rc = getaddrinfo(host, portstr, &hints, &ai);
  if (rc != 0) {
    ts_err_set(err, 0, "cannot resolve listen address '%s': %s", host, gai_strerror(rc));
    return NULL;
  }
  s = calloc(1, sizeof *s);
  if (!s) {
    freeaddrinfo(ai);
    ts_err_set(err, ENOMEM, "out of memory");
    return NULL;
  }
  s->cfg = cfg;
  s->ex = ex;
  if (ai->ai_family == AF_INET6)
    flags |= MHD_USE_IPv6;
  s->daemon = MHD_start_daemon(
      flags, 0, NULL, NULL, on_request, s,
      MHD_OPTION_EXTERNAL_LOGGER, mhd_log, s,
      MHD_OPTION_SOCK_ADDR, ai->ai_addr,
      MHD_OPTION_THREAD_POOL_SIZE, cfg->threads,
      /* The parser recurses on deeply nested snippets; give it room. */
      MHD_OPTION_THREAD_STACK_SIZE, (size_t)16 * 1024 * 1024,
      MHD_OPTION_CONNECTION_LIMIT, cfg->max_conns,
      MHD_OPTION_CONNECTION_TIMEOUT, cfg->conn_timeout,
      MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
      MHD_OPTION_UNESCAPE_CALLBACK, no_unescape, s,
      MHD_OPTION_END);
  freeaddrinfo(ai);
  if (!s->daemon) {
    ts_err_set(err, 0, "cannot listen on %s (address in use or not available?)",
               cfg->listen);
    free(s);
    return NULL;
  }
  info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
  s->port = info ? info->port : port;
  return s;
}

unsigned ts_server_port(const struct ts_server *s) { return s->port; }

void ts_server_stop(struct ts_server *s) {
  if (!s)
    return;
  MHD_stop_daemon(s->daemon);
  free(s);
}
