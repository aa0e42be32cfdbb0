/* The HTTP front end of the server process: libmicrohttpd's callbacks,
 * routing, authentication, body handling, JSON responses, the access log,
 * and the hand-off of each request between the threads that serve it.
 * What each endpoint does is routes.c's; the state both share is in
 * internal.h.
 *
 * Its code runs on libmicrohttpd's pool threads (every libmicrohttpd
 * callback, and the routes without a body), on the worker threads started
 * here (two, one on a single CPU: parsing and validating bodies) and on
 * the executor thread (the done callbacks of executions).  It owns the
 * ts_server, every struct conn, the workers' queues and the /readyz
 * canary state; the configuration and the executor belong to main.c.
 *
 * Every request gets a `struct conn`.  Route, credentials, method, content
 * type and declared length are checked on the first callback, before any
 * byte of the body is read, so a refused request never makes us buffer its
 * body.  Every error is {"error": {"code", "message"}} with a fitting
 * status; every response carries X-Request-Id; every request ends in one
 * JSON access-log line and in the metrics. */
#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netdb.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/random.h>
#include <time.h>

#include <cjson/cJSON.h>
#include <microhttpd.h>

#include "server/internal.h"
#include "server/profiles.h"
#include "server/request.h"
#include "util/accept.h"
#include "util/json.h"
#include "util/log.h"
#include "util/sha256.h"

/* ---- responses ---- */

/* Takes a malloc'ed body (or NULL on allocation failure). */
void reply_text(struct conn *c, unsigned status, char *text, size_t len,
                       const char *content_type) {
  if (!text) {
    static const char oom[] =
        "{\"error\":{\"code\":\"internal_error\",\"message\":\"out of memory\"}}";
    status = MHD_HTTP_INTERNAL_SERVER_ERROR;
    content_type = "application/json";
    c->response = MHD_create_response_from_buffer(sizeof oom - 1, (void *)oom,
                                                  MHD_RESPMEM_PERSISTENT);
  } else {
    c->response = MHD_create_response_from_buffer(len, text, MHD_RESPMEM_MUST_FREE);
    if (!c->response)
      free(text);
  }
  if (c->response) {
    MHD_add_response_header(c->response, MHD_HTTP_HEADER_CONTENT_TYPE, content_type);
    MHD_add_response_header(c->response, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
  }
  c->status = status;
}

/* Serialises doc (consumed) with a trailing newline. */
char *print_json(cJSON *doc, size_t *len) {
  char *text = cJSON_PrintUnformatted(doc);

  cJSON_Delete(doc);
  if (!text)
    return NULL;
  *len = strlen(text);
  text[(*len)++] = '\n'; /* replaces the NUL: the length is explicit */
  return text;
}

void reply_json(struct conn *c, unsigned status, cJSON *doc) {
  size_t len = 0;
  char *text = print_json(doc, &len);

  reply_text(c, status, text, len, "application/json");
}

static cJSON *error_doc(const char *code, const char *fmt, va_list ap) {
  char msg[512];
  cJSON *doc = cJSON_CreateObject();
  cJSON *e = cJSON_AddObjectToObject(doc, "error");

  (void)vsnprintf(msg, sizeof msg, fmt, ap);
  cJSON_AddStringToObject(e, "code", code);
  /* Messages may quote what the client sent (a path, a content type):
   * escaped as bytes, invalid UTF-8 as U+FFFD, so the body stays valid
   * JSON (cJSON would pass bytes >= 0x80 through as they are). */
  cJSON_AddItemToObject(e, "message", ts_json_bytes(msg, strlen(msg)));
  return doc;
}


void reply_error(struct conn *c, unsigned status, const char *code,
                        const char *fmt, ...) {
  va_list ap;

  va_start(ap, fmt);
  reply_json(c, status, error_doc(code, fmt, ap));
  va_end(ap);
}

void reply_copy(struct conn *c, unsigned status, const char *text, size_t len,
                       const char *content_type) {
  char *copy = malloc(len ? len : 1);

  if (copy)
    memcpy(copy, text, len);
  reply_text(c, status, copy, len, content_type);
}

/* ---- the hand-off (see struct conn) ---- */

/* Suspends the connection: libmicrohttpd calls nothing for it until
 * conn_resume().  On the MHD thread, within on_request(). */
void conn_park(struct conn *c) {
  c->parked = true;
  MHD_suspend_connection(c->mc);
}

/* Gives back a parked connection whose answer is in c->response; the
 * caller's last touch of it.  Any thread, once. */
void conn_resume(struct conn *c) {
  MHD_resume_connection(c->mc);
}

static void wq_push(struct work_queue *q, struct conn *c) {
  c->work_next = NULL;
  *q->tail = c;
  q->tail = &c->work_next;
  q->len++;
}

static struct conn *wq_pop(struct work_queue *q) {
  struct conn *c = q->head;

  if (c) {
    q->head = c->work_next;
    if (!q->head)
      q->tail = &q->head;
    q->len--;
  }
  return c;
}

/* Parks the request and queues it for a worker thread, which holds it
 * from then on.  A /validate finding its queue full, or any request once
 * the workers stop, is answered at once instead. */
static enum route_result to_worker(struct ts_server *s, struct conn *c) {
  bool validate = strcmp(c->route->path, "/validate") == 0;
  unsigned waiting;

  pthread_mutex_lock(&s->work_lock);
  if (s->work_stop) {
    pthread_mutex_unlock(&s->work_lock);
    reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "shutting_down", "the server is shutting down");
    return ROUTE_ANSWERED;
  }
  if (validate && s->validate_q.len >= s->cfg->validate_queue_max) {
    waiting = s->validate_q.len;
    pthread_mutex_unlock(&s->work_lock);
    reply_error(c, MHD_HTTP_TOO_MANY_REQUESTS, "too_many_requests",
                "too many /validate requests waiting (%u); retry later", waiting);
    if (c->response)
      MHD_add_response_header(c->response, MHD_HTTP_HEADER_RETRY_AFTER, "1");
    return ROUTE_ANSWERED;
  }
  conn_park(c);
  wq_push(validate ? &s->validate_q : &s->exec_q, c);
  pthread_cond_signal(&s->work_cond);
  pthread_mutex_unlock(&s->work_lock);
  return ROUTE_PARKED;
}

bool requeue(struct ts_server *s, struct conn *c) {
  bool ok;

  pthread_mutex_lock(&s->work_lock);
  ok = !s->work_stop;
  if (ok) {
    c->replay = true;
    wq_push(&s->exec_q, c);
    pthread_cond_signal(&s->work_cond);
  }
  pthread_mutex_unlock(&s->work_lock);
  return ok;
}

/* The /validate slot for a validation that did not come as a /validate
 * (MCP's python_validate): taken only when no validation runs and no
 * /validate waits, so that it is bounded as they are.  false: busy. */
bool validate_slot_take(struct ts_server *s) {
  bool ok;

  pthread_mutex_lock(&s->work_lock);
  ok = !s->validating && s->validate_q.len == 0;
  if (ok)
    s->validating = true;
  pthread_mutex_unlock(&s->work_lock);
  return ok;
}

void validate_slot_give(struct ts_server *s) {
  pthread_mutex_lock(&s->work_lock);
  s->validating = false;
  pthread_cond_broadcast(&s->work_cond);
  pthread_mutex_unlock(&s->work_lock);
}

/* The next request for this worker: an /execute first, else a /validate
 * unless another worker is on one.  NULL when stopping with nothing left.
 * Called with work_lock held. */
static struct conn *next_work(struct ts_server *s, bool *validate) {
  for (;;) {
    struct conn *c = wq_pop(&s->exec_q);
    if (c) {
      *validate = false;
      return c;
    }
    if (!s->validating && (c = wq_pop(&s->validate_q))) {
      s->validating = true;
      *validate = true;
      return c;
    }
    /* A /validate left while another worker is on one is that worker's
     * to take next. */
    if (s->work_stop && !s->validate_q.head)
      return NULL;
    pthread_cond_wait(&s->work_cond, &s->work_lock);
  }
}

static void *worker_main(void *arg) {
  struct ts_server *s = arg;

  for (;;) {
    struct conn *c;
    bool validate = false;
    pthread_mutex_lock(&s->work_lock);
    c = next_work(s, &validate);
    pthread_mutex_unlock(&s->work_lock);
    if (!c) /* stopping, and nothing left */
      return NULL;
    /* The route answers, and this worker resumes the connection; or it
     * hands it on to the executor thread, which resumes it when the job
     * is done (and may have already). */
    if (c->route->fn(s, c) == ROUTE_ANSWERED)
      conn_resume(c);
    if (validate) {
      pthread_mutex_lock(&s->work_lock);
      s->validating = false;
      /* Another worker may be waiting for this one's /validate to end:
       * to take the next, or to exit. */
      pthread_cond_broadcast(&s->work_cond);
      pthread_mutex_unlock(&s->work_lock);
    }
  }
}

/* The connection's socket: a suspended connection is not watched by
 * libmicrohttpd, so the executor watches it for a hang-up. */
int client_fd(struct MHD_Connection *mc) {
  const union MHD_ConnectionInfo *ci =
      MHD_get_connection_info(mc, MHD_CONNECTION_INFO_CONNECTION_FD);

  return ci ? ci->connect_fd : -1;
}

/* ---- request plumbing ---- */

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

/* Compares in time that depends on the lengths only, never on where the
 * first difference is. */
static bool ct_equal(const char *a, size_t alen, const char *b, size_t blen) {
  unsigned char d = alen != blen;

  for (size_t i = 0; i < alen; i++)
    d |= (unsigned char)(a[i] ^ b[i % blen]);
  return d == 0;
}

/* Every configured token is compared, so the time does not tell which
 * one (if any) matched either.  owner: a hash of the token that matched,
 * which owns the sessions it makes (zeros without tokens). */
static bool authorized(const struct ts_config *cfg, const char *header,
                       unsigned char owner[TS_SESSION_OWNER_LEN]) {
  bool ok = false;
  size_t len;

  memset(owner, 0, TS_SESSION_OWNER_LEN);
  if (cfg->ntokens == 0)
    return true;
  if (!header || strncasecmp(header, "Bearer ", 7) != 0)
    return false;
  header += 7;
  while (*header == ' ')
    header++;
  len = strlen(header);
  for (size_t i = 0; i < cfg->ntokens; i++)
    ok |= ct_equal(header, len, cfg->tokens[i], strlen(cfg->tokens[i]));
  if (ok && len > 0)
    ts_sha256(header, len, owner);
  return ok && len > 0;
}

/* The session id of a /sessions/{id} path: 32 lowercase hex digits, or ""
 * (which no session has). */
static void path_session_id(struct conn *c, const char *url) {
  const char *p = url + strlen("/sessions/");
  size_t n = strcspn(p, "/");

  c->sess_id[0] = '\0';
  if (strncmp(url, "/sessions/", 10) != 0 || n != TS_SESSION_ID_LEN ||
      strspn(p, "0123456789abcdef") < n)
    return;
  memcpy(c->sess_id, p, n);
  c->sess_id[n] = '\0';
}

/* Every Accept field counts: a client may send the list in several. */
static enum MHD_Result accept_field(void *cls, enum MHD_ValueKind kind, const char *key,
                                    const char *value) {
  bool *ndjson = cls;

  (void)kind;
  if (strcasecmp(key, MHD_HTTP_HEADER_ACCEPT) == 0 && ts_accept_lists(value, TS_NDJSON))
    *ndjson = true;
  return MHD_YES;
}

/* X-Request-Id from the client when it is 1 to 128 safe characters,
 * otherwise 32 random hex digits. */
static void set_request_id(struct conn *c, const char *given) {
  unsigned char rnd[16];
  size_t n = given ? strlen(given) : 0;

  if (n > 0 && n < sizeof c->request_id &&
      strspn(given, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.:") == n) {
    memcpy(c->request_id, given, n + 1);
    return;
  }
  if (getrandom(rnd, sizeof rnd, 0) != (ssize_t)sizeof rnd)
    memset(rnd, 0, sizeof rnd);
  for (size_t i = 0; i < sizeof rnd; i++)
    (void)snprintf(c->request_id + 2 * i, 3, "%02x", rnd[i]);
}

/* Decides what can be decided from the headers alone.  Returns true when a
 * response is ready. */
static bool check_headers(struct ts_server *s, struct conn *c,
                          struct MHD_Connection *mc, const char *url,
                          const char *method) {
  const char *ct, *cl;

  c->route = find_route(url, method);
  if (!c->route) {
    reply_error(c, MHD_HTTP_NOT_FOUND, "not_found", "no such endpoint: %.200s", url);
    return true;
  }
  if (strncmp(url, "/sessions/", 10) == 0)
    path_session_id(c, url);
  if (strcmp(url, "/sessions") == 0) {
    /* The id a gateway chose, so that it can route by its hash (README:
     * scaling out): used when it is 32 lowercase hex digits. */
    const char *hint = MHD_lookup_connection_value(mc, MHD_HEADER_KIND, "X-Session-Id");
    if (hint && strlen(hint) == TS_SESSION_ID_LEN &&
        strspn(hint, "0123456789abcdef") == TS_SESSION_ID_LEN)
      memcpy(c->sess_id_hint, hint, TS_SESSION_ID_LEN + 1);
  }
  if (strcmp(url, "/mcp") == 0) {
    /* The MCP headers, read by the worker that answers (server/mcp.c). */
    const char *h;
    if ((h = MHD_lookup_connection_value(mc, MHD_HEADER_KIND, "MCP-Protocol-Version")))
      c->mcp_oom |= !(c->mcp_version = strdup(h));
    if ((h = MHD_lookup_connection_value(mc, MHD_HEADER_KIND, "Mcp-Method")))
      c->mcp_oom |= !(c->mcp_method = strdup(h));
    if ((h = MHD_lookup_connection_value(mc, MHD_HEADER_KIND, "Mcp-Name")))
      c->mcp_oom |= !(c->mcp_name = strdup(h));
    if ((h = MHD_lookup_connection_value(mc, MHD_HEADER_KIND, "Origin")))
      c->mcp_oom |= !(c->origin = strdup(h));
  }
  if (!c->route->open &&
      !authorized(s->cfg,
                  MHD_lookup_connection_value(mc, MHD_HEADER_KIND, MHD_HTTP_HEADER_AUTHORIZATION),
                  c->owner)) {
    reply_error(c, MHD_HTTP_UNAUTHORIZED, "unauthorized",
                "a valid bearer token is required (Authorization: Bearer TOKEN)");
    if (c->response)
      MHD_add_response_header(c->response, MHD_HTTP_HEADER_WWW_AUTHENTICATE,
                              "Bearer realm=\"tool-sandbox\"");
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
      /* Answered at once, without the body; the client may be writing it
       * all before it reads (see linger.h). */
      c->linger = true;
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

/* Whether the request announces a body (Content-Length > 0 or chunked). */
static bool has_body(struct MHD_Connection *mc) {
  const char *cl = MHD_lookup_connection_value(mc, MHD_HEADER_KIND, MHD_HTTP_HEADER_CONTENT_LENGTH);
  const char *te =
      MHD_lookup_connection_value(mc, MHD_HEADER_KIND, MHD_HTTP_HEADER_TRANSFER_ENCODING);

  if (te)
    return true;
  if (!cl)
    return false;
  while (*cl == ' ' || *cl == '\t')
    cl++;
  while (*cl == '0')
    cl++;
  return *cl >= '1' && *cl <= '9';
}

static enum MHD_Result queue(struct MHD_Connection *mc, struct conn *c) {
  enum MHD_Result r;

  if (!c->response)
    return MHD_NO;
  MHD_add_response_header(c->response, "X-Request-Id", c->request_id);
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
    c->s = s;
    c->mc = mc;
    clock_gettime(CLOCK_MONOTONIC, &c->start);
    (void)snprintf(c->method, sizeof c->method, "%s", method);
    (void)snprintf(c->path, sizeof c->path, "%s", url);
    set_request_id(c, MHD_lookup_connection_value(mc, MHD_HEADER_KIND, "X-Request-Id"));
    MHD_get_connection_values(mc, MHD_HEADER_KIND, accept_field, &c->ndjson);
    *con_cls = c;
    if (check_headers(s, c, mc, url, method)) {
      /* A response queued before the body is read makes libmicrohttpd
       * close the connection: right for a body we refuse to read, not
       * for a request that has none, which gets it on the next call. */
      if (has_body(mc))
        return queue(mc, c);
      c->dispatched = true;
    }
    return MHD_YES; /* the body, if any, then the next call */
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

  if (c->parked) {
    /* Resumed: answered by the thread that held it. */
    c->parked = false;
    return queue(mc, c);
  }
  if (c->response)
    return queue(mc, c); /* decided from the headers */
  if (c->dispatched)
    return MHD_YES;
  c->dispatched = true;
  if (c->too_large) {
    reply_error(c, MHD_HTTP_CONTENT_TOO_LARGE, "body_too_large",
                "request body is over the limit of %zu bytes", s->cfg->max_body);
    return queue(mc, c);
  }
  /* /validate and /execute go to a worker; the others run here. */
  if ((c->route->has_body ? to_worker(s, c) : c->route->fn(s, c)) == ROUTE_PARKED)
    return MHD_YES; /* c is not ours any more */
  return queue(mc, c);
}

/* One JSON line per request: never the code or its output, unless
 * --log-code asks for the code. */
static void access_log(const struct conn *c, double ms, bool aborted) {
  char path[300], method[64], code[4096], when[32];

  ts_json_escape(path, sizeof path, c->path);
  ts_json_escape(method, sizeof method, c->method);
  ts_log_time(when, sizeof when);
  if (c->code_copy)
    ts_json_escape(code, sizeof code, c->code_copy);
  fprintf(stderr,
          "{\"time\":\"%s\",\"level\":\"info\",\"msg\":\"request\",\"method\":\"%s\","
          "\"path\":\"%s\",\"status\":%u,\"duration_ms\":%.3f,\"request_id\":\"%s\""
          "%s%s%s%s%s%s%s%s%s}\n",
          when, method, path, c->status, ms, c->request_id,
          c->exec_status ? ",\"exec_status\":\"" : "", c->exec_status ? c->exec_status : "",
          c->exec_status ? "\"" : "", c->code_sha256[0] ? ",\"code_sha256\":\"" : "",
          c->code_sha256, c->code_sha256[0] ? "\"" : "",
          c->code_copy ? ",\"code\":\"" : "", c->code_copy ? code : "",
          c->code_copy ? "\"" : "");
  if (aborted)
    ts_debug("request %s was aborted by the client or the server", c->request_id);
}

static void on_completed(void *cls, struct MHD_Connection *mc, void **con_cls,
                         enum MHD_RequestTerminationCode toe) {
  struct ts_server *s = cls;
  struct conn *c = *con_cls;
  struct timespec now;

  if (!c)
    return;
  /* libmicrohttpd closes a connection whose body it did not read, right
   * after this call: a duplicate of its socket lingers instead. */
  if (c->linger && toe == MHD_REQUEST_TERMINATED_COMPLETED_OK && s->linger) {
    int fd = client_fd(mc);
    int lfd = fd >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 0) : -1;
    if (lfd >= 0)
      ts_linger_add(s->linger, lfd);
  }
  clock_gettime(CLOCK_MONOTONIC, &now);
  c->secs = (double)(now.tv_sec - c->start.tv_sec) + (double)(now.tv_nsec - c->start.tv_nsec) / 1e9;
  c->aborted = toe != MHD_REQUEST_TERMINATED_COMPLETED_OK;
  *con_cls = NULL;
  if (c->stream) {
    /* Its execution may still run: the stream ends the request. */
    stream_conn_gone(c->stream, client_fd(mc));
    return;
  }
  conn_end(c);
}

void conn_end(struct conn *c) {
  ts_metrics_request(c->s->metrics, c->route ? c->route->path : "other", (int)c->status, c->secs);
  if (ts_log_threshold <= TS_LOG_INFO)
    access_log(c, c->secs * 1e3, c->aborted);
  if (c->response)
    MHD_destroy_response(c->response);
  free(c->body);
  free(c->code_copy);
  free(c->mcp_version);
  free(c->mcp_method);
  free(c->mcp_name);
  free(c->origin);
  free(c);
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
  (void)vsnprintf(buf, sizeof buf, fmt, ap);
  buf[strcspn(buf, "\n")] = '\0';
  ts_warn("http: %s", buf);
}

static int start_workers(struct ts_server *s, ts_err *err) {
  pthread_attr_t attr;
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  unsigned want = ncpu >= TS_WORKERS_MAX ? TS_WORKERS_MAX : 1;
  int rc;

  if (pthread_attr_init(&attr) != 0)
    return ts_err_set(err, ENOMEM, "pthread_attr_init failed");
  /* The parser recurses on deeply nested snippets: give it room (the
   * libmicrohttpd threads, which no longer parse, keep the default). */
  rc = pthread_attr_setstacksize(&attr, (size_t)16 * 1024 * 1024);
  for (unsigned i = 0; rc == 0 && i < want; i++) {
    rc = pthread_create(&s->workers[i], &attr, worker_main, s);
    if (rc == 0)
      s->nworkers++;
  }
  pthread_attr_destroy(&attr);
  return rc == 0 ? 0 : ts_err_set(err, rc, "cannot start the worker threads: %s", strerror(rc));
}

/* --listen as a socket address (the first getaddrinfo gives). */
static int resolve_listen(const char *listen, struct sockaddr_storage *addr, unsigned *port,
                          ts_err *err) {
  struct addrinfo hints = {0}, *ai = NULL;
  char host[256], portstr[16];
  int rc;

  if (ts_parse_listen(listen, host, port, err) < 0)
    return -1;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE | AI_ADDRCONFIG;
  (void)snprintf(portstr, sizeof portstr, "%u", *port);
  rc = getaddrinfo(host, portstr, &hints, &ai);
  if (rc != 0) {
    ts_err_set(err, 0, "cannot resolve listen address '%s': %s", host, gai_strerror(rc));
    return -1;
  }
  memset(addr, 0, sizeof *addr);
  memcpy(addr, ai->ai_addr, ai->ai_addrlen <= sizeof *addr ? ai->ai_addrlen : sizeof *addr);
  freeaddrinfo(ai);
  return 0;
}

/* A policy with the science profile's modules allowed. */
static int science_policy(struct ts_policy *p, ts_err *err) {
  if (ts_strset_set_spec(&p->allowed_modules, "+" TS_SCIENCE_MODULES, err) < 0 ||
      ts_strset_set_spec(&p->banned_modules, "+" TS_SCIENCE_BANNED, err) < 0 ||
      ts_strset_set_spec(&p->banned_attributes, "+" TS_SCIENCE_BANNED_ATTRIBUTES, err) < 0)
    return -1;
  return 0;
}

struct ts_server *ts_server_start(const struct ts_config *cfg, struct ts_executor *ex,
                                  struct ts_executor *science,
                                  const struct ts_executor_config *science_lazy, ts_err *err) {
  struct sockaddr_storage addr;
  unsigned port;
  unsigned flags = MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_EPOLL |
                   MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ERROR_LOG;
  const union MHD_DaemonInfo *info;
  struct ts_server *s;

  if (resolve_listen(cfg->listen, &addr, &port, err) < 0)
    return NULL;
  s = calloc(1, sizeof *s);
  if (!s) {
    ts_err_set(err, ENOMEM, "out of memory");
    return NULL;
  }
  s->cfg = cfg;
  s->ex = ex;
  s->ex_science = science;
  pthread_mutex_init(&s->ready_lock, NULL);
  pthread_mutex_init(&s->work_lock, NULL);
  pthread_cond_init(&s->work_cond, NULL);
  s->exec_q.tail = &s->exec_q.head;
  s->validate_q.tail = &s->validate_q.head;
  if (cfg->science_lazy && lazy_init(s, science_lazy, err) < 0)
    goto fail;
  s->metrics = ts_metrics_new();
  s->info = build_info(s, &s->info_len);
  if (!s->metrics || !s->info) {
    ts_err_set(err, ENOMEM, "out of memory");
    goto fail;
  }
  if (ts_policy_copy(&s->policy_files, &cfg->policy, err) < 0)
    goto fail;
  ts_strset_remove(&s->policy_files.banned_names, "open");
  if (cfg->science && (ts_policy_copy(&s->policy_science, &cfg->policy, err) < 0 ||
                  ts_policy_copy(&s->policy_science_files, &s->policy_files, err) < 0 ||
                  science_policy(&s->policy_science, err) < 0 ||
                  science_policy(&s->policy_science_files, err) < 0))
    goto fail;
  for (int sci = 0; sci < 2; sci++)
    for (int files = 0; files < 2; files++) {
      const struct ts_policy *from = sci ? (files ? &s->policy_science_files : &s->policy_science)
                                         : (files ? &s->policy_files : &cfg->policy);
      if ((sci && !cfg->science) || ts_policy_copy(&s->policy_standard[sci][files], from, err) < 0 ||
          ts_policy_make_standard(&s->policy_standard[sci][files], err) < 0) {
        if (sci && !cfg->science)
          continue;
        goto fail;
      }
    }
  if (start_workers(s, err) < 0 || !(s->linger = ts_linger_start(err)))
    goto fail;
  if (addr.ss_family == AF_INET6)
    flags |= MHD_USE_IPv6;
  s->daemon = MHD_start_daemon(
      flags, 0, NULL, NULL, on_request, s,
      MHD_OPTION_EXTERNAL_LOGGER, mhd_log, s,
      MHD_OPTION_SOCK_ADDR, (struct sockaddr *)&addr,
      MHD_OPTION_THREAD_POOL_SIZE, cfg->threads,
      MHD_OPTION_CONNECTION_LIMIT, cfg->max_conns,
      MHD_OPTION_CONNECTION_TIMEOUT, cfg->conn_timeout,
      MHD_OPTION_NOTIFY_COMPLETED, on_completed, s,
      MHD_OPTION_UNESCAPE_CALLBACK, no_unescape, s,
      MHD_OPTION_END);
  if (!s->daemon) {
    ts_err_set(err, 0, "cannot listen on %s (address in use or not available?)",
               cfg->listen);
    goto fail;
  }
  info = MHD_get_daemon_info(s->daemon, MHD_DAEMON_INFO_BIND_PORT);
  s->port = info ? info->port : port;
  return s;

fail:
  ts_server_stop(s);
  return NULL;
}

unsigned ts_server_port(const struct ts_server *s) { return s->port; }

void ts_server_stop(struct ts_server *s) {
  if (!s)
    return;
  /* A lazy profile first: its start, if one runs, ends, and its waiters
   * go back to the workers (which answer them 503); its executor stops
   * as main.c stops the others. */
  lazy_stop(s);
  /* The workers finish what is queued (its connections are resumed) and
   * exit; a request arriving after this is answered 503.  Only then may
   * libmicrohttpd stop: no connection stays suspended on our side. */
  pthread_mutex_lock(&s->work_lock);
  s->work_stop = true;
  pthread_cond_broadcast(&s->work_cond);
  pthread_mutex_unlock(&s->work_lock);
  for (unsigned i = 0; i < s->nworkers; i++)
    pthread_join(s->workers[i], NULL);
  s->nworkers = 0;
  if (s->daemon)
    MHD_stop_daemon(s->daemon);
  ts_linger_stop(s->linger);
  pthread_cond_destroy(&s->work_cond);
  pthread_mutex_destroy(&s->work_lock);
  ts_metrics_free(s->metrics);
  pthread_mutex_destroy(&s->ready_lock);
  ts_policy_free(&s->policy_files);
  for (int sci = 0; sci < 2; sci++)
    for (int files = 0; files < 2; files++)
      ts_policy_free(&s->policy_standard[sci][files]);
  if (s->cfg->science) {
    ts_policy_free(&s->policy_science);
    ts_policy_free(&s->policy_science_files);
  }
  lazy_free(s);
  free(s->info);
  free(s);
}
