/* The /sessions endpoints (see exec/executor.h for what a session is):
 *
 *   POST   /sessions               create (and run setup_code as its first call)
 *   POST   /sessions/{id}/execute  a call, committed or rolled back
 *   GET    /sessions/{id}          its revision, times, memory and variables
 *   DELETE /sessions/{id}          ends it: 204 once every process is gone
 *   POST   /sessions/{id}/fork     a new session holding a copy of the state
 *
 * A session belongs to the token that made it (c->owner): an unknown,
 * expired or deleted id and another token's session get the same 404
 * session_not_found.  The executor answers on its own thread, which then
 * holds the connection (struct conn): each request's state travels in a
 * `struct sess_req` from the route to the callback that answers it. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#include "policy/validator.h"
#include "server/internal.h"
#include "server/request.h"
#include "util/log.h"

/* Retry-After of a POST /sessions that found every session in use: a
 * session ends when it is deleted or expires, which a client cannot know. */
#define SESSIONS_FULL_RETRY "5"

struct sess_req {
  struct ts_server *s;
  struct conn *c;
  char id[TS_SESSION_ID_LEN + 1];
  unsigned char owner[TS_SESSION_OWNER_LEN];
  /* POST /sessions with setup_code: the snippet, copied (it runs once the
   * session exists), its job flags, timeout and the client's socket */
  char *code;
  size_t code_len;
  unsigned flags;
  double timeout;
  int client;
  /* A response kept while the executor is asked something more: the
   * setup call's, or a rejected snippet's. */
  cJSON *doc;
};

static struct sess_req *sess_req_new(struct ts_server *s, struct conn *c) {
  struct sess_req *q = calloc(1, sizeof *q);

  if (q) {
    q->s = s;
    q->c = c;
    q->client = -1;
    memcpy(q->id, c->sess_id, sizeof q->id);
    memcpy(q->owner, c->owner, sizeof q->owner);
  }
  return q;
}

static void sess_req_free(struct sess_req *q) {
  if (!q)
    return;
  free(q->code);
  cJSON_Delete(q->doc);
  free(q);
}

/* Answers and resumes the connection; the request's last touch. */
static void finish(struct sess_req *q) {
  struct conn *c = q->c;

  sess_req_free(q);
  conn_resume(c);
}

static void not_found(struct conn *c) {
  reply_error(c, MHD_HTTP_NOT_FOUND, "session_not_found",
              "no such session (unknown, expired or deleted)");
}

/* An executor's error number as the answer. */
static void session_error(struct conn *c, int err, const char *why) {
  if (!why || !*why)
    why = strerror(err);
  switch (err) {
  case ENOENT:
    not_found(c);
    break;
  case EAGAIN:
    reply_error(c, MHD_HTTP_TOO_MANY_REQUESTS, "too_many_requests", "%s; retry later", why);
    if (c->response)
      MHD_add_response_header(c->response, MHD_HTTP_HEADER_RETRY_AFTER, SESSIONS_FULL_RETRY);
    break;
  case ESHUTDOWN:
    reply_error(c, MHD_HTTP_SERVICE_UNAVAILABLE, "shutting_down", "%s", why);
    break;
  case EBUSY:
    reply_error(c, MHD_HTTP_CONFLICT, "session_busy",
                "a call of this session is running; retry once it is over");
    break;
  default:
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "the session failed: %s",
                why);
    break;
  }
}

/* Seconds since the epoch as RFC 3339, UTC, to the millisecond. */
static cJSON *time_json(double t) {
  char day[32], buf[48];
  time_t secs = (time_t)t;
  struct tm tm;
  int ms = (int)((t - (double)secs) * 1000);

  if (ms < 0 || ms > 999)
    ms = 0;
  if (!gmtime_r(&secs, &tm) || strftime(day, sizeof day, "%Y-%m-%dT%H:%M:%S", &tm) == 0)
    return cJSON_CreateNull();
  (void)snprintf(buf, sizeof buf, "%s.%03dZ", day, ms);
  return cJSON_CreateString(buf);
}

/* The session as POST /sessions and GET /sessions/{id} give it. */
cJSON *session_json(const struct ts_session_info *info, bool full) {
  cJSON *doc = cJSON_CreateObject();

  cJSON_AddStringToObject(doc, "session_id", info->id);
  cJSON_AddNumberToObject(doc, "revision", info->revision);
  cJSON_AddItemToObject(doc, "created_at", time_json(info->created));
  if (full)
    cJSON_AddItemToObject(doc, "last_used_at", time_json(info->last_used));
  cJSON_AddItemToObject(doc, "expires_at", time_json(info->expires));
  cJSON_AddNumberToObject(doc, "ttl", info->ttl);
  cJSON_AddNumberToObject(doc, "memory_mb", (double)info->memory_mb);
  if (full) {
    cJSON_AddNumberToObject(doc, "state_kb", (double)info->state_kb);
    cJSON_AddBoolToObject(doc, "busy", info->busy);
  }
  return doc;
}

static bool sessions_off(struct ts_server *s, struct conn *c) {
  if (s->cfg->max_sessions > 0)
    return false;
  reply_error(c, MHD_HTTP_NOT_IMPLEMENTED, "not_implemented",
              "sessions are off on this server (--max-sessions 0)");
  return true;
}

/* The job flags of a validated snippet. */
static unsigned job_flags(const struct ts_validation *v) {
  if (v->last == TS_LAST_EXPR)
    return TS_JOB_F_LAST_EXPR;
  if (v->last == TS_LAST_CONSTANT)
    return TS_JOB_F_LAST_CONST;
  return 0;
}

/* ---- POST /sessions ---- */

/* A session whose setup failed is deleted before the answer (kept in
 * q->doc) goes: no session is left behind. */
static void abandoned(void *ctx, int err, const char *why, const struct ts_session_info *info) {
  struct sess_req *q = ctx;
  cJSON *doc = cJSON_CreateObject();
  cJSON *e = cJSON_AddObjectToObject(doc, "error");

  (void)err;
  (void)why;
  (void)info;
  cJSON_AddStringToObject(e, "code", "setup_failed");
  cJSON_AddStringToObject(e, "message",
                          "setup_code did not succeed: no session was kept (see setup)");
  cJSON_AddItemToObject(doc, "setup", steal_pointer(&q->doc));
  reply_json(q->c, MHD_HTTP_UNPROCESSABLE_CONTENT, doc);
  finish(q);
}

static void abandon(struct sess_req *q) {
  ts_err err = {0};

  if (ts_session_destroy(q->s->ex, q->id, q->owner, abandoned, q, &err) < 0)
    abandoned(q, err.errnum, err.msg, NULL);
}

/* The session after its setup call: created. */
static void created_after_setup(void *ctx, int err, const char *why,
                                const struct ts_session_info *info) {
  struct sess_req *q = ctx;
  cJSON *doc;

  if (err || !info) {
    /* It ended between its setup and now (expired, deleted). */
    cJSON_Delete(steal_pointer(&q->doc));
    session_error(q->c, err ? err : EIO, why);
    finish(q);
    return;
  }
  doc = session_json(info, false);
  cJSON_AddItemToObject(doc, "setup", steal_pointer(&q->doc));
  reply_json(q->c, MHD_HTTP_CREATED, doc);
  finish(q);
}

static void setup_done(void *ctx, struct ts_exec_result *res) {
  struct sess_req *q = ctx;
  ts_err err = {0};
  bool ok;

  if (!res) {
    reply_error(q->c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
    ts_session_destroy(q->s->ex, q->id, q->owner, NULL, NULL, &err);
    finish(q);
    return;
  }
  ok = res->status == TS_EXEC_OK && res->session.committed;
  ts_metrics_execution(q->s->metrics, ts_exec_status_name(res->status), res->duration_ms / 1e3);
  q->c->exec_status = ts_exec_status_name(res->status);
  q->doc = ts_exec_result_to_json(res);
  ts_exec_result_free(res);
  free(res);
  if (!ok)
    abandon(q);
  else if (ts_session_get(q->s->ex, q->id, q->owner, created_after_setup, q, &err) < 0)
    created_after_setup(q, err.errnum, err.msg, NULL);
}

static void create_done(void *ctx, int err, const char *why, const struct ts_session_info *info) {
  struct sess_req *q = ctx;
  struct ts_exec_params p;
  ts_err e = {0};

  if (err || !info) {
    session_error(q->c, err ? err : EIO, why);
    finish(q);
    return;
  }
  memcpy(q->id, info->id, sizeof q->id);
  if (!q->code) {
    reply_json(q->c, MHD_HTTP_CREATED, session_json(info, false));
    finish(q);
    return;
  }
  p = (struct ts_exec_params){q->code, q->code_len, NULL, 0, q->timeout, 0, q->flags, q->client};
  if (ts_session_exec(q->s->ex, q->id, q->owner, &p, TS_COMMIT_ON_SUCCESS, setup_done, q, &e) < 0) {
    ts_session_destroy(q->s->ex, q->id, q->owner, NULL, NULL, &e);
    session_error(q->c, e.errnum, e.msg);
    finish(q);
  }
}

enum route_result route_session_create(struct ts_server *s, struct conn *c) {
  const struct ts_config *cfg = s->cfg;
  struct ts_session_req req = {0};
  struct ts_reqerr re = {0};
  struct ts_validation v = {0};
  struct ts_session_params sp = {0};
  struct sess_req *q;
  ts_err err = {0};
  cJSON *root;

  if (sessions_off(s, c))
    return ROUTE_ANSWERED;
  root = ts_session_req_parse(c->body, c->len, TS_SESSION_TTL_DEFAULT, cfg->session_ttl_max,
                              cfg->timeout_default, cfg->timeout_max, cfg->memory_default_mb,
                              cfg->memory_max_mb, &req, &re);
  if (!root) {
    reply_error(c, (unsigned)re.status, re.code, "%s", re.message);
    return ROUTE_ANSWERED;
  }
  if (!(q = sess_req_new(s, c))) {
    cJSON_Delete(root);
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
    return ROUTE_ANSWERED;
  }
  if (req.setup_code.s) {
    /* setup_code runs under the server's policy */
    unsigned caps = cfg->policy_standard ? TS_CAP_STANDARD : 0;
    if (check_code(s, c, &req.setup_code, caps, &v) < 0) {
      sess_req_free(q);
      cJSON_Delete(root);
      return ROUTE_ANSWERED;
    }
    if (!v.valid && cfg->static_validation) {
      /* A setup that cannot run makes no session. */
      struct ts_exec_result r = {.status = TS_EXEC_REJECTED, .exit_code = -1};
      cJSON *doc = cJSON_CreateObject(), *setup = ts_exec_result_to_json(&r);
      cJSON *vj = ts_validation_to_json(&v), *e = cJSON_AddObjectToObject(doc, "error");
      cJSON_AddItemToObject(setup, "violations", cJSON_DetachItemFromObject(vj, "violations"));
      cJSON_Delete(vj);
      cJSON_AddStringToObject(e, "code", "setup_failed");
      cJSON_AddStringToObject(e, "message",
                              "setup_code was rejected: no session was made (see setup)");
      cJSON_AddItemToObject(doc, "setup", setup);
      c->exec_status = "rejected";
      ts_metrics_execution(s->metrics, c->exec_status, 0);
      reply_json(c, MHD_HTTP_UNPROCESSABLE_CONTENT, doc);
      ts_validation_free(&v);
      sess_req_free(q);
      cJSON_Delete(root);
      return ROUTE_ANSWERED;
    }
    q->flags = job_flags(&v) | (caps & TS_CAP_STANDARD ? TS_JOB_F_STANDARD : 0);
    ts_validation_free(&v);
    q->code = malloc(req.setup_code.len + 1);
    if (q->code) {
      memcpy(q->code, req.setup_code.s, req.setup_code.len + 1);
      q->code_len = req.setup_code.len;
    }
    q->timeout = req.timeout;
    q->client = client_fd(c->mc);
  }
  cJSON_Delete(root);
  if (req.setup_code.s && !q->code) {
    sess_req_free(q);
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
    return ROUTE_ANSWERED;
  }
  sp.memory_mb = req.memory_mb;
  sp.ttl = req.ttl;
  memcpy(sp.owner, c->owner, sizeof sp.owner);
  memcpy(sp.id_hint, c->sess_id_hint, sizeof sp.id_hint);
  if (ts_session_create(s->ex, &sp, create_done, q, &err) < 0) {
    sess_req_free(q);
    session_error(c, err.errnum, err.msg);
    return ROUTE_ANSWERED;
  }
  return ROUTE_PARKED;
}

/* ---- POST /sessions/{id}/execute ---- */

static void call_done(void *ctx, struct ts_exec_result *res) {
  struct sess_req *q = ctx;
  struct conn *c = q->c;
  const char *reason = res ? res->session.reason : NULL;

  if (!res) {
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
  } else if (!res->session.found) {
    not_found(c);
  } else if (reason && strcmp(reason, "session_busy") == 0) {
    reply_error(c, MHD_HTTP_CONFLICT, "session_busy",
                "the session is running another call; retry when it is done");
  } else {
    c->exec_status = ts_exec_status_name(res->status);
    ts_metrics_execution(q->s->metrics, c->exec_status, res->duration_ms / 1e3);
    reply_json(c, strcmp(c->exec_status, "cancelled") == 0 ? 499 : MHD_HTTP_OK,
               ts_exec_result_to_json(res));
  }
  if (res) {
    ts_exec_result_free(res);
    free(res);
  }
  finish(q);
}

/* A rejected snippet never runs: the session is only looked up, for the
 * answer's revision. */
static void rejected_done(void *ctx, int err, const char *why, const struct ts_session_info *info) {
  struct sess_req *q = ctx;
  cJSON *o;

  if (err || !info) {
    session_error(q->c, err ? err : EIO, why);
    finish(q);
    return;
  }
  o = cJSON_AddObjectToObject(q->doc, "session");
  cJSON_AddNumberToObject(o, "revision", info->revision);
  cJSON_AddBoolToObject(o, "committed", false);
  cJSON_AddStringToObject(o, "reason", "rejected");
  q->c->exec_status = "rejected";
  ts_metrics_execution(q->s->metrics, "rejected", 0);
  reply_json(q->c, MHD_HTTP_OK, steal_pointer(&q->doc));
  finish(q);
}

/* The request's root and files, freed together. */
static void drop_request(cJSON *root, struct ts_req_files *files) {
  ts_req_files_free(files);
  cJSON_Delete(root);
}

enum route_result route_session_execute(struct ts_server *s, struct conn *c) {
  const struct ts_config *cfg = s->cfg;
  struct ts_execute_req req = {0};
  struct ts_validation v = {0};
  struct ts_reqerr re = {0};
  struct ts_files_limits lim = {cfg->max_files, cfg->max_files_bytes, cfg->return_max_files,
                                cfg->policy_standard};
  struct ts_req_files files = {0};
  struct ts_exec_params p;
  struct sess_req *q;
  ts_err err = {0};
  unsigned caps = 0;
  int commit = 0;
  cJSON *root;

  if (sessions_off(s, c))
    return ROUTE_ANSWERED;
  root = ts_execute_req_parse(c->body, c->len, ts_fields_session_exec, cfg->timeout_default, cfg->timeout_max,
                              cfg->memory_default_mb, cfg->memory_max_mb, &req, &re);
  /* files, return_files and capabilities as /execute takes them: the
   * files are written into the session's working directory, which is
   * part of its state (sandbox/snapshot.h) */
  if (root && (ts_session_exec_req_check(root, &commit, &re) < 0 ||
               ts_req_caps_parse(root, &lim, &caps, &files, &re) < 0)) {
    cJSON_Delete(root);
    root = NULL;
  }
  if (!root) {
    reply_error(c, (unsigned)re.status, re.code, "%s", re.message);
    return ROUTE_ANSWERED;
  }
  if (!c->sess_id[0]) {
    drop_request(root, &files);
    not_found(c);
    return ROUTE_ANSWERED;
  }
  if (check_code(s, c, &req.code, caps, &v) < 0) {
    drop_request(root, &files);
    return ROUTE_ANSWERED;
  }
  if (!(q = sess_req_new(s, c))) {
    drop_request(root, &files);
    ts_validation_free(&v);
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
    return ROUTE_ANSWERED;
  }
  if (!v.valid && cfg->static_validation) {
    struct ts_exec_result r = {.status = TS_EXEC_REJECTED, .exit_code = -1};
    cJSON *vj = ts_validation_to_json(&v);
    q->doc = ts_exec_result_to_json(&r);
    cJSON_AddItemToObject(q->doc, "violations", cJSON_DetachItemFromObject(vj, "violations"));
    cJSON_Delete(vj);
    ts_validation_free(&v);
    drop_request(root, &files);
    if (ts_session_get(s->ex, q->id, q->owner, rejected_done, q, &err) < 0) {
      sess_req_free(q);
      session_error(c, err.errnum, err.msg);
      return ROUTE_ANSWERED;
    }
    return ROUTE_PARKED;
  }
  p = (struct ts_exec_params){req.code.s, req.code.len, req.stdin_data.s, req.stdin_data.len,
                              req.timeout, 0, job_flags(&v), client_fd(c->mc)};
  ts_validation_free(&v);
  if (caps & TS_CAP_FILES)
    p.flags |= TS_JOB_F_FILES;
  if (caps & TS_CAP_STANDARD)
    p.flags |= TS_JOB_F_STANDARD;
  p.files = files.v;
  p.nfiles = files.n;
  p.patterns = files.patterns;
  p.npatterns = files.npatterns;
  p.ret = (struct ts_job_return){cfg->return_max_files, 0, cfg->return_max_bytes};
  /* The job is encoded by ts_session_exec: root and files may go. */
  if (ts_session_exec(s->ex, q->id, q->owner, &p, (enum ts_commit)commit, call_done, q, &err) <
      0) {
    drop_request(root, &files);
    sess_req_free(q);
    return not_queued(c, &err);
  }
  drop_request(root, &files);
  return ROUTE_PARKED;
}

/* ---- GET, DELETE, fork: on the libmicrohttpd thread ---- */

static void get_done(void *ctx, int err, const char *why, const struct ts_session_info *info) {
  struct sess_req *q = ctx;
  cJSON *doc, *vars;

  if (err || !info) {
    session_error(q->c, err ? err : EIO, why);
    finish(q);
    return;
  }
  doc = session_json(info, true);
  /* null: not read now (a call runs, the server is at its limit) */
  vars = info->has_variables ? cJSON_AddArrayToObject(doc, "variables")
                             : cJSON_AddNullToObject(doc, "variables");
  for (size_t i = 0; info->has_variables && vars && i < info->nvariables; i++) {
    cJSON *v = cJSON_CreateObject();
    cJSON_AddStringToObject(v, "name", info->variables[i].name);
    cJSON_AddStringToObject(v, "type", info->variables[i].type);
    cJSON_AddItemToArray(vars, v);
  }
  cJSON_AddNumberToObject(doc, "variables_dropped",
                          info->has_variables ? (double)info->variables_dropped : 0);
  reply_json(q->c, MHD_HTTP_OK, doc);
  finish(q);
}

static void delete_done(void *ctx, int err, const char *why, const struct ts_session_info *info) {
  struct sess_req *q = ctx;

  (void)info;
  if (err)
    session_error(q->c, err, why);
  else
    reply_text(q->c, MHD_HTTP_NO_CONTENT, strdup(""), 0, "application/json");
  finish(q);
}

static void fork_done(void *ctx, int err, const char *why, const struct ts_session_info *info) {
  struct sess_req *q = ctx;

  if (err || !info) {
    session_error(q->c, err ? err : EIO, why);
  } else {
    cJSON *doc = session_json(info, false);
    cJSON_AddStringToObject(doc, "forked_from", q->id);
    reply_json(q->c, MHD_HTTP_CREATED, doc);
  }
  finish(q);
}

/* Parks the connection and asks the executor; its callback answers. */
static enum route_result ask(struct ts_server *s, struct conn *c,
                             int (*op)(struct ts_executor *, const char *, const unsigned char *,
                                       ts_session_fn, void *, ts_err *),
                             ts_session_fn done) {
  struct sess_req *q;
  ts_err err = {0};

  if (sessions_off(s, c))
    return ROUTE_ANSWERED;
  if (!c->sess_id[0]) {
    not_found(c);
    return ROUTE_ANSWERED;
  }
  if (!(q = sess_req_new(s, c))) {
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
    return ROUTE_ANSWERED;
  }
  conn_park(c);
  if (op(s->ex, q->id, q->owner, done, q, &err) < 0) {
    session_error(c, err.errnum, err.msg);
    finish(q);
  }
  return ROUTE_PARKED;
}

enum route_result route_session_get(struct ts_server *s, struct conn *c) {
  return ask(s, c, ts_session_inspect, get_done);
}

enum route_result route_session_delete(struct ts_server *s, struct conn *c) {
  return ask(s, c, ts_session_destroy, delete_done);
}

enum route_result route_session_fork(struct ts_server *s, struct conn *c) {
  return ask(s, c, ts_session_fork, fork_done);
}
