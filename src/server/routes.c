/* What each endpoint does, in the server process: /healthz, /readyz (and
 * its canary), /validate and /execute (on a worker thread: decoding,
 * validation, the submission to the executor, and the answer built on the
 * executor thread), /info, /metrics, /openapi.yaml.  The plumbing that
 * brings a request here and its answer back is http.c's. */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "exec/canary.h"
#include "policy/validator.h"
#include "sandbox/proto.h"
#include "sandbox/session.h"
#include "server/internal.h"
#include "server/profiles.h"
#include "server/request.h"
#include "server/tools.h"
#include "util/filepath.h"
#include "util/log.h"
#include "util/pyembed.h"
#include "util/sha256.h"

extern const char ts_openapi_yaml[];

static enum route_result route_healthz(struct ts_server *s, struct conn *c);
static enum route_result route_readyz(struct ts_server *s, struct conn *c);
static enum route_result route_validate(struct ts_server *s, struct conn *c);
static enum route_result route_execute(struct ts_server *s, struct conn *c);
static enum route_result route_info(struct ts_server *s, struct conn *c);
static enum route_result route_metrics(struct ts_server *s, struct conn *c);
static enum route_result route_openapi(struct ts_server *s, struct conn *c);
static enum route_result route_tools(struct ts_server *s, struct conn *c);

static const struct route routes[] = {
    {"/healthz", "GET", "GET, HEAD", false, true, route_healthz},
    {"/readyz", "GET", "GET, HEAD", false, true, route_readyz},
    {"/validate", "POST", "POST", true, false, route_validate},
    {"/execute", "POST", "POST", true, false, route_execute},
    {"/info", "GET", "GET, HEAD", false, false, route_info},
    {"/metrics", "GET", "GET, HEAD", false, false, route_metrics},
    {"/openapi.yaml", "GET", "GET, HEAD", false, false, route_openapi},
    {"/tools", "GET", "GET, HEAD", false, false, route_tools},
    {"/mcp", "POST", "POST", true, false, route_mcp},
    {"/sessions", "POST", "POST", true, false, route_session_create},
    {"/sessions/{id}", "GET", "GET, HEAD, DELETE", false, false, route_session_get},
    {"/sessions/{id}", "DELETE", "GET, HEAD, DELETE", false, false, route_session_delete},
    {"/sessions/{id}/execute", "POST", "POST", true, false, route_session_execute},
    {"/sessions/{id}/fork", "POST", "POST", false, false, route_session_fork},
};

/* Whether url is the route's path, where "{id}" stands for one non-empty
 * segment (what it holds is the route's to check). */
static bool path_matches(const char *pattern, const char *url) {
  while (*pattern) {
    if (strncmp(pattern, "{id}", 4) == 0) {
      size_t n = strcspn(url, "/");
      if (n == 0)
        return false;
      pattern += 4;
      url += n;
      continue;
    }
    if (*pattern++ != *url++)
      return false;
  }
  return *url == '\0';
}

const struct route *find_route(const char *url, const char *method) {
  const struct route *any = NULL;

  for (size_t i = 0; i < TS_ARRAY_LEN(routes); i++) {
    if (!path_matches(routes[i].path, url))
      continue;
    if (strcmp(routes[i].method, method) == 0 ||
        (strcmp(method, "HEAD") == 0 && strcmp(routes[i].method, "GET") == 0))
      return &routes[i];
    if (!any)
      any = &routes[i];
  }
  return any;
}

double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}


static enum route_result route_healthz(struct ts_server *s, struct conn *c) {
  static const char ok[] = "{\"status\":\"ok\"}\n";

  (void)s;
  reply_copy(c, MHD_HTTP_OK, ok, sizeof ok - 1, "application/json");
  return ROUTE_ANSWERED;
}

static void record_violations(struct ts_server *s, const struct ts_validation *v) {
  for (size_t i = 0; i < v->n; i++)
    ts_metrics_violation(s->metrics, v->v[i].rule);
}

/* Validates the snippet of a parsed request, keeping its hash (and, with
 * --log-code, its text) for the access log.  Returns -1 after replying
 * on an internal failure. */
int check_code(struct ts_server *s, struct conn *c, const struct ts_str *code, unsigned caps,
               struct ts_validation *v) {
  return check_code_in(s, c, code, caps, false, v);
}

int check_code_in(struct ts_server *s, struct conn *c, const struct ts_str *code, unsigned caps,
                  bool science, struct ts_validation *v) {
  ts_err err = {0};
  const struct ts_policy *pol = (caps & TS_CAP_FILES) ? &s->policy_files : &s->cfg->policy;

  ts_sha256_hex(code->s, code->len, c->code_sha256);
  if (s->cfg->log_code) {
    free(c->code_copy); /* a second validation: a replay, or the science profile's */
    c->code_copy = strndup(code->s, code->len);
  }
  if (science)
    pol = (caps & TS_CAP_FILES) ? &s->policy_science_files : &s->policy_science;
  if (caps & TS_CAP_STANDARD)
    pol = &s->policy_standard[science][(caps & TS_CAP_FILES) != 0];
  if (ts_validate(pol, code->s, code->len, v, &err) < 0) {
    ts_error("validate: %s", err.msg);
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "validation failed: %s",
                err.msg);
    return -1;
  }
  if (!c->replay) /* counted when the request first came */
    record_violations(s, v);
  return 0;
}


static struct ts_files_limits files_limits(const struct ts_config *cfg) {
  return (struct ts_files_limits){cfg->max_files, cfg->max_files_bytes, cfg->return_max_files,
                                  cfg->policy_standard};
}

enum { PICK_AUTO, PICK_DEFAULT, PICK_SCIENCE };
static int profile_field(const struct ts_server *s, const cJSON *root, struct ts_reqerr *re);
static int check_in_profile(struct ts_server *s, struct conn *c, const struct ts_str *code,
                            unsigned caps, bool may_route, int *pick, struct ts_validation *v);

static enum route_result route_validate(struct ts_server *s, struct conn *c) {
  struct ts_validate_req req = {0};
  struct ts_validation v = {0};
  struct ts_reqerr re = {0};
  struct ts_files_limits lim = files_limits(s->cfg);
  struct ts_req_files files;
  unsigned caps = 0;
  int pick;
  cJSON *doc;
  cJSON *root = ts_validate_req_parse(c->body, c->len, &req, &re);

  /* The same capabilities as /execute would grant the same body, files
   * included, so that the two answers agree. */
  if (root && ts_req_caps_parse(root, &lim, &caps, &files, &re) < 0) {
    cJSON_Delete(root);
    root = NULL;
  }
  if (!root) {
    reply_error(c, (unsigned)re.status, re.code, "%s", re.message);
    return ROUTE_ANSWERED;
  }
  ts_req_files_free(&files);
  /* The profile as /execute chooses it (exec_prepare): asked for, or the
   * science profile for a snippet the default policy refuses only for
   * want of its packages.  The answer says which policy judged. */
  pick = profile_field(s, root, &re);
  if (pick < 0) {
    reply_error(c, (unsigned)re.status, re.code, "%s", re.message);
    cJSON_Delete(root);
    return ROUTE_ANSWERED;
  }
  if (check_in_profile(s, c, &req.code, caps, true, &pick, &v) == 0) {
    doc = ts_validation_to_json(&v);
    if (doc)
      cJSON_AddStringToObject(doc, "policy",
                              caps & TS_CAP_STANDARD ? TS_POLICY_STANDARD : TS_POLICY_STRICT);
    if (doc && s->cfg->science)
      cJSON_AddStringToObject(doc, "profile", pick == PICK_SCIENCE ? PROFILE_SCIENCE
                                                                   : PROFILE_DEFAULT);
    reply_json(c, MHD_HTTP_OK, doc);
  }
  cJSON_Delete(root);
  ts_validation_free(&v);
  return ROUTE_ANSWERED;
}

/* Runs on the executor thread, which holds the connection from submit()
 * until it resumes it here. */
static void execute_done(void *ctx, struct ts_exec_result *res) {
  struct conn *c = ctx;
  char *text = NULL;
  size_t len = 0;

  if (res) {
    c->exec_status = ts_exec_status_name(res->status);
    ts_metrics_execution(c->s->metrics, c->exec_status, res->duration_ms / 1e3);
    {
      cJSON *doc = ts_exec_result_to_json(res);
      if (doc && c->profile)
        cJSON_AddStringToObject(doc, "profile", c->profile);
      text = print_json(doc, &len);
    }
    ts_exec_result_free(res);
    free(res);
  }
  /* Nobody reads the answer to a client that hung up: 499, as nginx logs
   * it, keeps it out of the 200s in the access log and the metrics. */
  reply_text(c,
             c->exec_status && strcmp(c->exec_status, "cancelled") == 0 ? 499 : MHD_HTTP_OK,
             text, len, "application/json");
  conn_resume(c);
}

/* The answer to a job that could not be queued: 429, 503 or 500. */
enum route_result not_queued(struct conn *c, const ts_err *err) {
  if (err->errnum == EAGAIN) {
    reply_error(c, MHD_HTTP_TOO_MANY_REQUESTS, "too_many_requests", "%s", err->msg);
    if (c->response)
      MHD_add_response_header(c->response, MHD_HTTP_HEADER_RETRY_AFTER, "1");
  } else if (err->errnum == ESHUTDOWN) {
    reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "shutting_down", "%s", err->msg);
  } else {
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "%s", err->msg);
  }
  return ROUTE_ANSWERED;
}

/* On the worker holding the connection: queues its job, and with it the
 * connection, for the executor thread (ROUTE_PARKED: execute_done() will
 * answer and resume it, maybe before this returns).  When the job cannot
 * be queued the worker keeps the connection, answered here. */
static enum route_result submit(struct ts_executor *ex, struct conn *c,
                                const struct ts_exec_params *p) {
  ts_err err = {0};

  if (ts_exec_submit(ex, p, execute_done, c, &err) == 0)
    return ROUTE_PARKED;
  return not_queued(c, &err);
}

/* The same for a client that follows its job (Accept:
 * application/x-ndjson): the answer is the stream, ready before the job
 * is queued, and the worker keeps the connection (ROUTE_ANSWERED): it
 * resumes it at once, so that the client gets the events as they come.
 * The executor only ever touches the stream. */
static enum route_result submit_stream(struct ts_executor *ex, struct conn *c,
                                       struct ts_exec_params *p) {
  struct stream *st = stream_new(c);
  ts_err err = {0};

  if (st)
    c->response = stream_response(st);
  if (!c->response) {
    if (st)
      stream_discard(st);
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
    return ROUTE_ANSWERED;
  }
  c->status = MHD_HTTP_OK;
  c->stream = st;
  p->event = stream_event;
  p->event_ctx = st;
  if (ts_exec_submit(ex, p, stream_done, st, &err) == 0)
    return ROUTE_ANSWERED;
  MHD_destroy_response(steal_pointer(&c->response));
  c->stream = NULL;
  stream_discard(st);
  return not_queued(c, &err);
}

/* A streaming client's answer to a snippet that never runs (rejected):
 * the stream of the done event alone, so that it has one way to read
 * every execution. */
static void reply_done_only(struct conn *c, cJSON *response) {
  cJSON *doc = cJSON_CreateObject();
  size_t len = 0;
  char *text;

  cJSON_AddStringToObject(doc, "event", "done");
  cJSON_AddItemToObject(doc, "response", response);
  text = print_json(doc, &len);
  reply_text(c, MHD_HTTP_OK, text, len, TS_NDJSON);
}

/* The request's "profile": absent (chosen from its imports), "default" or
 * "science".  -1 after setting *re. */
static int profile_field(const struct ts_server *s, const cJSON *root, struct ts_reqerr *re) {
  const cJSON *f = cJSON_GetObjectItemCaseSensitive(root, "profile");

  if (!f || cJSON_IsNull(f))
    return PICK_AUTO;
  if (!cJSON_IsString(f)) {
    *re = (struct ts_reqerr){400, "invalid_field", {0}};
    (void)snprintf(re->message, sizeof re->message, "field 'profile' must be a string");
    return -1;
  }
  if (strcmp(f->valuestring, PROFILE_DEFAULT) == 0)
    return PICK_DEFAULT;
  if (strcmp(f->valuestring, PROFILE_SCIENCE) == 0 && s->cfg->science)
    return PICK_SCIENCE;
  *re = (struct ts_reqerr){400, "invalid_field", {0}};
  (void)snprintf(re->message, sizeof re->message,
                 "field 'profile': no profile '%.40s' here (%s)", f->valuestring,
                 s->cfg->science ? "default, science" : "default");
  return -1;
}

/* Whether a snippet the default policy refused imports one of the science
 * profile's modules: it then goes to that profile. */
static bool wants_science(const struct ts_validation *v) {
  for (size_t i = 0; i < v->n; i++) {
    const struct ts_violation *x = &v->v[i];
    if (x->name && strcmp(x->rule, "import-not-allowed") == 0) {
      size_t len = strcspn(x->name, ".");
      char list[] = TS_SCIENCE_MODULES, *save = NULL;
      for (char *m = strtok_r(list, ",", &save); m; m = strtok_r(NULL, ",", &save))
        if (strlen(m) == len && strncmp(m, x->name, len) == 0)
          return true;
    }
  }
  return false;
}

/* Validates a snippet under the policy of its profile, *pick (from
 * profile_field): the science one when asked for; and, when the request
 * named none and may_route, the science one too for a snippet the default
 * policy refused for its imports of science's packages (*pick becomes
 * PICK_SCIENCE).  /validate and /execute choose alike through it.  -1
 * after replying, as check_code_in. */
static int check_in_profile(struct ts_server *s, struct conn *c, const struct ts_str *code,
                            unsigned caps, bool may_route, int *pick, struct ts_validation *v) {
  if (check_code_in(s, c, code, caps, *pick == PICK_SCIENCE, v) < 0)
    return -1;
  if (*pick == PICK_AUTO && may_route && s->cfg->science && !v->valid && wants_science(v)) {
    ts_validation_free(v);
    *pick = PICK_SCIENCE;
    return check_code_in(s, c, code, caps, true, v);
  }
  return 0;
}

/* Reads an /execute request (the body, or an MCP tool's arguments) into a
 * job for its profile's executor (x->ex, x->profile; c->profile too): 0
 * with x->p ready to submit (x->files and x->root hold what it points
 * into: exec_prep_free after the submit); 1 when the validator refused the
 * snippet, x->rejected the response; -1 with *re when the request is bad
 * (or 503: its lazy profile could not start); -2 after answering an
 * internal failure; 2 when its lazy profile is starting: c waits for it
 * (lazy_acquire), the caller returns ROUTE_PARKED and touches c no more.  A session's call (in_session)
 * runs in the default profile: no routing, and "profile" may only say so. */
int exec_prepare(struct ts_server *s, struct conn *c, const char *body, size_t len,
                 bool in_session, struct exec_prep *x, struct ts_reqerr *re) {
  const struct ts_config *cfg = s->cfg;
  struct ts_execute_req req = {0};
  struct ts_validation v = {0};
  /* Parsed within the larger of the profiles' memory limits, checked
   * against the chosen profile's once it is known. */
  long mem_max = cfg->science && !in_session && cfg->science_memory_max_mb > cfg->memory_max_mb
                     ? cfg->science_memory_max_mb : cfg->memory_max_mb;
  int pick;
  struct ts_files_limits lim = files_limits(cfg);
  unsigned caps = 0;

  memset(x, 0, sizeof *x);
  x->root = ts_execute_req_parse(body, len, in_session ? ts_fields_session_exec : ts_fields_execute,
                                 cfg->timeout_default, cfg->timeout_max,
                                 cfg->memory_default_mb, mem_max, &req, re);
  pick = x->root ? profile_field(s, x->root, re) : -1;
  if (x->root && pick == PICK_SCIENCE && in_session) {
    *re = (struct ts_reqerr){400, "invalid_field", {0}};
    (void)snprintf(re->message, sizeof re->message,
                   "field 'profile': a session runs in the default profile");
    pick = -1;
  }
  if (x->root && pick < 0) {
    cJSON_Delete(x->root);
    x->root = NULL;
  }
  if (x->root && ts_req_caps_parse(x->root, &lim, &caps, &x->files, re) < 0) {
    cJSON_Delete(x->root);
    x->root = NULL;
  }
  if (!x->root)
    return -1;
  if (check_in_profile(s, c, &req.code, caps, !in_session, &pick, &v) < 0) {
    exec_prep_free(x);
    return -2;
  }
  x->profile = c->profile = pick == PICK_SCIENCE ? PROFILE_SCIENCE : PROFILE_DEFAULT;
  x->ex = pick == PICK_SCIENCE ? s->ex_science : s->ex;
  if (pick == PICK_SCIENCE && cfg->science_lazy)
    x->ex = NULL; /* once the checks below pass: lazy_acquire */
  if (pick == PICK_SCIENCE && !cJSON_GetObjectItemCaseSensitive(x->root, "memory_mb"))
    req.memory_mb = cfg->science_memory_default_mb;
  if (req.memory_mb > (pick == PICK_SCIENCE ? cfg->science_memory_max_mb : cfg->memory_max_mb)) {
    *re = (struct ts_reqerr){400, "limit_exceeded", {0}};
    (void)snprintf(re->message, sizeof re->message,
                   "field 'memory_mb' is above the %s profile's maximum, %ld", x->profile,
                   pick == PICK_SCIENCE ? cfg->science_memory_max_mb : cfg->memory_max_mb);
    ts_validation_free(&v);
    exec_prep_free(x);
    return -1;
  }
  if (!v.valid && cfg->static_validation) {
    /* Rejected code never runs. */
    struct ts_exec_result r = {.status = TS_EXEC_REJECTED, .exit_code = -1};
    cJSON *vj = ts_validation_to_json(&v);
    x->rejected = ts_exec_result_to_json(&r);
    cJSON_AddItemToObject(x->rejected, "violations",
                          cJSON_DetachItemFromObject(vj, "violations"));
    if (!in_session)
      cJSON_AddStringToObject(x->rejected, "profile", x->profile);
    cJSON_Delete(vj);
    ts_validation_free(&v);
    c->exec_status = "rejected";
    ts_metrics_execution(s->metrics, c->exec_status, 0);
    return 1;
  }
  if (!x->ex) {
    /* Only a job that will run waits for its profile's start. */
    enum lazy_acquire got = lazy_acquire(s, c, &x->ex, re);
    if (got != LAZY_GOT_IT) {
      ts_validation_free(&v);
      exec_prep_free(x);
      return got == LAZY_WAIT ? 2 : -1;
    }
  }
  x->p = (struct ts_exec_params){req.code.s, req.code.len, req.stdin_data.s, req.stdin_data.len,
                                 req.timeout, req.memory_mb, 0, client_fd(c->mc)};
  if (v.last == TS_LAST_EXPR)
    x->p.flags |= TS_JOB_F_LAST_EXPR;
  else if (v.last == TS_LAST_CONSTANT)
    x->p.flags |= TS_JOB_F_LAST_CONST;
  ts_validation_free(&v);
  if (caps & TS_CAP_FILES)
    x->p.flags |= TS_JOB_F_FILES;
  if (caps & TS_CAP_STANDARD)
    x->p.flags |= TS_JOB_F_STANDARD;
  x->p.files = x->files.v;
  x->p.nfiles = x->files.n;
  x->p.patterns = x->files.patterns;
  x->p.npatterns = x->files.npatterns;
  x->p.ret = (struct ts_job_return){cfg->return_max_files, 0, cfg->return_max_bytes};
  return 0;
}

void exec_prep_free(struct exec_prep *x) {
  ts_req_files_free(&x->files);
  cJSON_Delete(x->root);
  cJSON_Delete(x->rejected);
  memset(x, 0, sizeof *x);
}

static enum route_result route_execute(struct ts_server *s, struct conn *c) {
  struct exec_prep x;
  struct ts_reqerr re = {0};
  enum route_result outcome;

  switch (exec_prepare(s, c, c->body, c->len, false, &x, &re)) {
  case -1:
    reply_error(c, (unsigned)re.status, re.code, "%s", re.message);
    if (re.status == MHD_HTTP_SERVICE_UNAVAILABLE && c->response &&
        strcmp(re.code, "profile_unavailable") == 0) {
      char after[16];
      (void)snprintf(after, sizeof after, "%d", TS_PROFILE_RETRY_SECONDS);
      MHD_add_response_header(c->response, MHD_HTTP_HEADER_RETRY_AFTER, after);
    }
    return ROUTE_ANSWERED;
  case 2:
    return ROUTE_PARKED; /* waiting for its profile's start */
  case -2:
    return ROUTE_ANSWERED;
  case 1:
    if (c->ndjson)
      reply_done_only(c, steal_pointer(&x.rejected));
    else
      reply_json(c, MHD_HTTP_OK, steal_pointer(&x.rejected));
    exec_prep_free(&x);
    return ROUTE_ANSWERED;
  default:
    break;
  }
  outcome = c->ndjson ? submit_stream(x.ex, c, &x.p) : submit(x.ex, c, &x.p);
  /* The job was encoded by ts_exec_submit: what it pointed into is this
   * worker's, freed even when c is gone. */
  exec_prep_free(&x);
  return outcome;
}

/* ---- /readyz ----
 *
 * The rule: ready when the zygote is up, the execution queue is not full,
 * and the last canary execution succeeded.  A canary's result is the answer
 * for READY_CACHE_SECONDS after it ended; a /readyz that finds it older (or
 * none yet) starts one unless one is running, and waits for that one.  So
 * every answer is at most READY_CACHE_SECONDS old or brand new, however many
 * probes come, and at most one canary runs at a time, on the executor's
 * reserved slot, never in the users' queue.  Neither state check (zygote,
 * full queue) starts anything. */

static const char ready_body[] = "{\"status\":\"ready\"}\n";

/* The answer to a /readyz from a canary's result. */
static void ready_answer(struct conn *c, bool ok, const char *code, const char *why) {
  if (ok) {
    reply_copy(c, MHD_HTTP_OK, ready_body, sizeof ready_body - 1, "application/json");
    return;
  }
  reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, code, "%s", why);
}

/* A canary ended (or could not start): its result becomes the state, and
 * every /readyz waiting for it is answered and resumed.  Any thread. */
static void canary_finish(struct ts_server *s, bool ok, const char *code, const char *why) {
  struct conn *waiters;

  pthread_mutex_lock(&s->ready_lock);
  s->canary_at = now_s();
  s->canary_ok = ok;
  s->canary_code = code;
  (void)snprintf(s->canary_why, sizeof s->canary_why, "%s", why);
  s->canary_running = false;
  waiters = steal_pointer(&s->ready_waiters);
  pthread_mutex_unlock(&s->ready_lock);
  /* Resumed outside the lock: route_readyz parks with it held. */
  while (waiters) {
    struct conn *c = waiters, *next = c->ready_next;
    ready_answer(c, ok, code, why);
    conn_resume(c);
    waiters = next;
  }
}

/* Runs on the executor thread. */
static void canary_done(void *ctx, struct ts_exec_result *res) {
  struct ts_server *s = ctx;
  char why[sizeof s->canary_why];
  bool ok = ts_canary_judge(res, why, sizeof why);

  if (res) {
    ts_exec_result_free(res);
    free(res);
  }
  canary_finish(s, ok, "not_ready", why);
}

static enum route_result route_readyz(struct ts_server *s, struct conn *c) {
  /* Sandboxed exactly like a user's execution, with the default memory
   * and at most 5 s; no client socket: it belongs to every /readyz
   * waiting for it. */
  struct ts_exec_params p = ts_canary_params(5, s->cfg->timeout_max, s->cfg->memory_default_mb,
                                             s->cfg->memory_max_mb);
  ts_err err = {0};
  bool start;

  if (!ts_executor_zygote_alive(s->ex)) {
    reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "not_ready", "the sandbox zygote is down");
    return ROUTE_ANSWERED;
  }
  if (ts_executor_inflight(s->ex) >= s->cfg->max_concurrency + s->cfg->queue_max) {
    /* A full queue is a reason not to send traffic here. */
    reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "not_ready",
                "every execution slot and the queue are full");
    return ROUTE_ANSWERED;
  }
  pthread_mutex_lock(&s->ready_lock);
  if (s->canary_at > 0 && now_s() - s->canary_at < READY_CACHE_SECONDS) {
    bool ok = s->canary_ok;
    const char *ecode = s->canary_code;
    char why[sizeof s->canary_why];
    memcpy(why, s->canary_why, sizeof why);
    pthread_mutex_unlock(&s->ready_lock);
    ready_answer(c, ok, ecode, why);
    return ROUTE_ANSWERED;
  }
  /* Wait for the canary, starting it if none runs: from here the thread
   * that finishes it holds this connection. */
  conn_park(c);
  c->ready_next = s->ready_waiters;
  s->ready_waiters = c;
  start = !s->canary_running;
  s->canary_running = true;
  pthread_mutex_unlock(&s->ready_lock);
  if (start && ts_exec_submit_system(s->ex, &p, canary_done, s, &err) < 0) {
    /* EBUSY cannot happen: canary_running is the only submitter's flag.
     * This thread finishes the canary that did not start, and so answers
     * and resumes every waiter, this connection included. */
    if (err.errnum == ESHUTDOWN)
      canary_finish(s, false, "shutting_down", err.msg);
    else
      canary_finish(s, false, "not_ready", err.msg);
  }
  return ROUTE_PARKED;
}

static enum route_result route_info(struct ts_server *s, struct conn *c) {
  size_t len = 0;
  char *text;

  if (!s->cfg->science_lazy) {
    reply_copy(c, MHD_HTTP_OK, s->info, s->info_len, "application/json");
    return ROUTE_ANSWERED;
  }
  /* A lazy profile's state changes: built now. */
  text = build_info(s, &len);
  reply_text(c, MHD_HTTP_OK, text, len, "application/json");
  return ROUTE_ANSWERED;
}

static unsigned g_inflight(void *ctx) {
  return ts_executor_inflight(((struct ts_server *)ctx)->ex);
}
static unsigned g_queued(void *ctx) { return ts_executor_queued(((struct ts_server *)ctx)->ex); }
static unsigned g_restarts(void *ctx) {
  return ts_executor_zygote_restarts(((struct ts_server *)ctx)->ex);
}
static unsigned g_validate_queued(void *ctx) {
  struct ts_server *s = ctx;
  unsigned n;

  pthread_mutex_lock(&s->work_lock);
  n = s->validate_q.len;
  pthread_mutex_unlock(&s->work_lock);
  return n;
}

static void g_sessions(void *ctx, struct ts_metrics_sessions *out) {
  struct ts_session_stats st;

  ts_session_stats(((struct ts_server *)ctx)->ex, &st);
  *out = (struct ts_metrics_sessions){st.active, st.created, st.expired, st.committed,
                                      st.rolled_back, st.forked, st.refreshed};
}

static void g_science_starts(void *ctx, unsigned long *ok, unsigned long *failed) {
  lazy_starts(ctx, ok, failed);
}

static enum route_result route_metrics(struct ts_server *s, struct conn *c) {
  struct ts_metrics_gauges g = {g_inflight, g_queued, g_restarts, s, g_validate_queued,
                                g_sessions, s->cfg->science_lazy ? g_science_starts : NULL};
  char *text = ts_metrics_render(s->metrics, &g);

  reply_text(c, MHD_HTTP_OK, text, text ? strlen(text) : 0,
             TS_METRICS_CONTENT_TYPE);
  return ROUTE_ANSWERED;
}

static enum route_result route_openapi(struct ts_server *s, struct conn *c) {
  (void)s;
  reply_copy(c, MHD_HTTP_OK, ts_openapi_yaml, strlen(ts_openapi_yaml), "application/yaml");
  return ROUTE_ANSWERED;
}

/* The tools in the shapes agent frameworks register (server/tools.h). */
static enum route_result route_tools(struct ts_server *s, struct conn *c) {
  cJSON *doc = ts_tools_document(s->cfg);

  if (!doc)
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
  else
    reply_json(c, MHD_HTTP_OK, doc);
  return ROUTE_ANSWERED;
}

static cJSON *strset_json(const struct ts_strset *set) {
  cJSON *a = cJSON_CreateArray();

  for (size_t i = 0; i < set->n; i++)
    cJSON_AddItemToArray(a, cJSON_CreateString(set->items[i]));
  return a;
}

static cJSON *limit_json(double def, double max) {
  cJSON *o = cJSON_CreateObject();

  cJSON_AddNumberToObject(o, "default", def);
  cJSON_AddNumberToObject(o, "max", max);
  return o;
}

/* One profile of /info: its name, when it starts (lazy: on its first
 * request) and whether it has, the modules it adds to the policy's
 * allowed ones (a comma list) with the versions its zygote answered
 * ("module version" lines; a module it did not answer has none), its
 * limits, and whether sessions run there. */
static cJSON *profile_json(const char *name, bool lazy, bool started, const char *modules,
                           const char *versions, long mem_def, long mem_max,
                           const struct ts_config *cfg, bool sessions) {
  cJSON *o = cJSON_CreateObject(), *mods, *limits;

  cJSON_AddStringToObject(o, "name", name);
  cJSON_AddStringToObject(o, "start", lazy ? "lazy" : "boot");
  cJSON_AddBoolToObject(o, "started", started);
  mods = cJSON_AddArrayToObject(o, "modules");
  for (const char *m = modules; *m;) {
    size_t n = strcspn(m, ",");
    cJSON *mj = cJSON_CreateObject();
    char *mod = strndup(m, n);
    if (mod) {
      cJSON_AddStringToObject(mj, "name", mod);
      for (const char *p = versions; p && *p;) {
        size_t len = strcspn(p, "\n");
        if (len > n + 1 && strncmp(p, mod, n) == 0 && p[n] == ' ') {
          char *ver = strndup(p + n + 1, len - n - 1);
          if (ver)
            cJSON_AddStringToObject(mj, "version", ver);
          free(ver);
          break;
        }
        p += len + (p[len] == '\n');
      }
    }
    free(mod);
    cJSON_AddItemToArray(mods, mj);
    m += n + (m[n] == ',');
  }
  limits = cJSON_AddObjectToObject(o, "limits");
  cJSON_AddItemToObject(limits, "memory_mb", limit_json((double)mem_def, (double)mem_max));
  cJSON_AddItemToObject(limits, "timeout_seconds",
                        limit_json(cfg->timeout_default, cfg->timeout_max));
  cJSON_AddNumberToObject(limits, "concurrent_executions", cfg->max_concurrency);
  cJSON_AddNumberToObject(limits, "queued_executions", cfg->queue_max);
  cJSON_AddBoolToObject(o, "sessions", sessions && cfg->max_sessions > 0);
  return o;
}

/* What an agent needs to know to write code that will be accepted. */
char *build_info(struct ts_server *s, size_t *len) {
  const struct ts_config *cfg = s->cfg;
  cJSON *doc = cJSON_CreateObject(), *limits, *policy, *caps;

  cJSON_AddStringToObject(doc, "name", "tool-sandbox");
  cJSON_AddStringToObject(doc, "version", TS_VERSION);
  cJSON_AddStringToObject(doc, "python_version", ts_python_version());
  limits = cJSON_AddObjectToObject(doc, "limits");
  cJSON_AddItemToObject(limits, "timeout_seconds", limit_json(cfg->timeout_default, cfg->timeout_max));
  cJSON_AddItemToObject(limits, "memory_mb",
                        limit_json((double)cfg->memory_default_mb, (double)cfg->memory_max_mb));
  cJSON_AddNumberToObject(limits, "output_bytes_per_stream", (double)cfg->output_max);
  cJSON_AddNumberToObject(limits, "output_ceiling_bytes_per_stream", (double)cfg->output_ceiling);
  cJSON_AddNumberToObject(limits, "body_bytes", (double)cfg->max_body);
  cJSON_AddNumberToObject(limits, "concurrent_executions", cfg->max_concurrency);
  cJSON_AddNumberToObject(limits, "queued_executions", cfg->queue_max);
  /* the bounds of the result and the display outputs (sandbox/proto.h) */
  cJSON_AddNumberToObject(limits, "result_repr_bytes", (double)TS_RESULT_REPR_MAX);
  cJSON_AddNumberToObject(limits, "outputs_max", cfg->outputs_max);
  cJSON_AddNumberToObject(limits, "outputs_bytes", (double)cfg->outputs_bytes);
  cJSON_AddNumberToObject(limits, "outputs_json_values", TS_OUTPUTS_MAX_JSON_VALUES);
  {
    /* sessions: how many at once (0: off), their idle ttl, their lifetime */
    cJSON *sess = cJSON_AddObjectToObject(limits, "sessions");
    double ttl = TS_SESSION_TTL_DEFAULT < cfg->session_ttl_max ? TS_SESSION_TTL_DEFAULT
                                                                : cfg->session_ttl_max;
    cJSON_AddNumberToObject(sess, "max", cfg->max_sessions);
    cJSON_AddNumberToObject(sess, "max_per_token", cfg->max_sessions_per_token);
    cJSON_AddNumberToObject(sess, "max_per_box", TS_SESS_BOX_MAX);
    cJSON_AddNumberToObject(sess, "memory_mb", (double)cfg->sessions_memory_mb);
    cJSON_AddItemToObject(sess, "ttl_seconds", limit_json(ttl, cfg->session_ttl_max));
    cJSON_AddNumberToObject(sess, "lifetime_seconds", cfg->session_lifetime);
  }
  /* The named policies (a request's "policy"); "policy" below is the
   * strict one's lists, which standard extends. */
  {
    cJSON *pols = cJSON_AddObjectToObject(doc, "policies");
    cJSON *std = cJSON_AddObjectToObject(pols, TS_POLICY_STANDARD);
    cJSON *b = cJSON_AddArrayToObject(std, "builtins"), *m = cJSON_AddArrayToObject(std, "modules");
    static const char *const std_builtins[] = {"getattr", "setattr", "delattr", "hasattr", "vars", "dir"};

    cJSON_AddStringToObject(pols, "default", cfg->policy_name);
    cJSON_AddObjectToObject(pols, TS_POLICY_STRICT);
    for (size_t i = 0; i < TS_ARRAY_LEN(std_builtins); i++)
      cJSON_AddItemToArray(b, cJSON_CreateString(std_builtins[i]));
    cJSON_AddItemToArray(m, cJSON_CreateString("io"));
  }
  policy = cJSON_AddObjectToObject(doc, "policy");
  cJSON_AddItemToObject(policy, "allowed_modules", strset_json(&cfg->policy.allowed_modules));
  cJSON_AddItemToObject(policy, "banned_modules", strset_json(&cfg->policy.banned_modules));
  cJSON_AddItemToObject(policy, "banned_names", strset_json(&cfg->policy.banned_names));
  cJSON_AddItemToObject(policy, "banned_attributes", strset_json(&cfg->policy.banned_attributes));
  cJSON_AddItemToObject(policy, "allowed_dunders", strset_json(&cfg->policy.allowed_dunders));
  /* What a request may ask for beyond the default policy, and its limits. */
  caps = cJSON_AddObjectToObject(doc, "capabilities");
  if (cfg->max_files > 0) {
    cJSON *files = cJSON_AddObjectToObject(caps, "files");
    cJSON *grants = cJSON_AddArrayToObject(files, "builtins");
    cJSON_AddItemToArray(grants, cJSON_CreateString("open"));
    cJSON_AddStringToObject(files, "working_directory", TS_WORKDIR);
    cJSON_AddNumberToObject(files, "max_files", cfg->max_files);
    cJSON_AddNumberToObject(files, "max_bytes", (double)cfg->max_files_bytes);
    cJSON_AddNumberToObject(files, "max_path_bytes", TS_FILE_PATH_MAX);
    cJSON_AddNumberToObject(files, "max_path_depth", TS_FILE_DEPTH_MAX);
    cJSON_AddNumberToObject(files, "return_max_files", cfg->return_max_files);
    cJSON_AddNumberToObject(files, "return_max_bytes", (double)cfg->return_max_bytes);
    cJSON_AddNumberToObject(files, "return_max_patterns", TS_RETURN_PATTERNS_MAX);
  }
  {
    cJSON *profiles = cJSON_AddArrayToObject(doc, "profiles");
    cJSON_AddItemToArray(profiles, profile_json(PROFILE_DEFAULT, false, true, "", NULL,
                                                cfg->memory_default_mb, cfg->memory_max_mb, cfg,
                                                true));
    if (cfg->science) {
      char *lazy_versions = NULL;
      bool started = cfg->science_lazy ? lazy_started(s, &lazy_versions) : true;
      cJSON_AddItemToArray(
          profiles, profile_json(PROFILE_SCIENCE, cfg->science_lazy, started, TS_SCIENCE_MODULES,
                                 cfg->science_lazy ? lazy_versions : cfg->science_versions,
                                 cfg->science_memory_default_mb, cfg->science_memory_max_mb, cfg,
                                 false));
      free(lazy_versions);
    }
  }
  cJSON_AddBoolToObject(doc, "auth_required", cfg->ntokens > 0);
  return print_json(doc, len);
}

