/* POST /mcp: the Model Context Protocol over Streamable HTTP, JSON
 * responses only (no SSE; GET and DELETE answer 405), both protocol eras
 * on one endpoint (server/mcp_proto.h tells them apart), tools only:
 *
 *   legacy (2025-11-25): initialize, notifications (202), ping,
 *     tools/list, tools/call; method errors come back with HTTP 200, as
 *     the official SDKs read them;
 *   modern (2026-07-28): server/discover, tools/list, tools/call, every
 *     result with resultType and the server's info in _meta; an unknown
 *     method is a 404.
 *
 * The tools (server/tools.h) are the HTTP API's: python_execute runs what
 * POST /execute runs (routes.c: exec_prepare), or a session's call;
 * python_validate answers what /validate answers.  A tool's result holds
 * the endpoint's JSON as structuredContent, a summary written for a model
 * as text, and the images of its display outputs; an execution that did
 * not end ok is isError, never a JSON-RPC error.  No session of MCP's own
 * exists: every POST stands alone, and the server never sends a request. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "policy/validator.h"
#include "server/internal.h"
#include "server/mcp_proto.h"
#include "server/tools.h"
#include "util/log.h"
#include "util/utf8.h"

#define LIST_TTL_MS 300000 /* tools/list and server/discover: the tools change only with a restart */
/* bytes of stdout or stderr in a summary, each of head and tail */
#define TEXT_KEEP ((size_t)2000)

/* A tools/call that the executor answers. */
struct mcp_call {
  struct ts_server *s;
  struct conn *c;
  cJSON *id;
  enum ts_mcp_era era;
  char session_id[TS_SESSION_ID_LEN + 1];
};

/* ---- answers ---- */

static cJSON *server_info(void) {
  cJSON *o = cJSON_CreateObject();

  cJSON_AddStringToObject(o, "name", "tool-sandbox");
  cJSON_AddStringToObject(o, "title", "Tool Sandbox");
  cJSON_AddStringToObject(o, "version", TS_VERSION);
  return o;
}

/* A result as its era has it: a modern one says it is complete and who
 * answered. */
static cJSON *era_result(enum ts_mcp_era era, cJSON *result) {
  if (era == TS_MCP_MODERN && result) {
    cJSON *meta = cJSON_GetObjectItemCaseSensitive(result, "_meta");
    cJSON_AddStringToObject(result, "resultType", "complete");
    if (!meta)
      meta = cJSON_AddObjectToObject(result, "_meta");
    cJSON_AddItemToObject(meta, TS_MCP_META_SERVER, server_info());
  }
  return result;
}

static void reply_result(struct conn *c, const cJSON *id, enum ts_mcp_era era, cJSON *result) {
  cJSON *doc = ts_mcp_result_response(id, era_result(era, result));

  if (!doc)
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
  else
    reply_json(c, MHD_HTTP_OK, doc);
}

static void reply_rpc_error(struct conn *c, const cJSON *id, struct ts_mcp_error *e) {
  cJSON *doc = ts_mcp_error_response(id, e);

  if (!doc)
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
  else
    reply_json(c, e->http, doc);
}

/* A method error: HTTP 200 in the legacy era (what its clients read),
 * the modern era's own status otherwise. */
__attribute__((format(printf, 6, 7))) static void method_error(struct conn *c, const cJSON *id,
                                                               enum ts_mcp_era era,
                                                               unsigned modern_http, int code,
                                                               const char *fmt, ...) {
  struct ts_mcp_error e = {0};
  va_list ap;

  e.http = era == TS_MCP_MODERN ? modern_http : MHD_HTTP_OK;
  e.code = code;
  va_start(ap, fmt);
  (void)vsnprintf(e.message, sizeof e.message, fmt, ap);
  va_end(ap);
  reply_rpc_error(c, id, &e);
}

/* ---- the tool results ---- */

struct text {
  char *p;
  size_t len, cap;
};

static void add(struct text *t, const char *s, size_t n) {
  if (t->len + n + 1 > t->cap) {
    size_t cap = (t->cap ? t->cap * 2 : 1024) + n;
    char *p = realloc(t->p, cap);
    if (!p)
      return;
    t->p = p;
    t->cap = cap;
  }
  memcpy(t->p + t->len, s, n);
  t->len += n;
  t->p[t->len] = '\0';
}

static void adds(struct text *t, const char *s) { add(t, s, strlen(s)); }

/* A stream's text for a model: whole when short, else its head and tail
 * with what was left out said, cut at whole characters. */
static void add_stream(struct text *t, const char *label, const char *s) {
  size_t n = strlen(s);

  if (n == 0)
    return;
  adds(t, label);
  if (n <= 2 * TEXT_KEEP) {
    add(t, s, n);
  } else {
    size_t head = ts_utf8_valid_prefix(s, TEXT_KEEP), from = n - TEXT_KEEP;
    char gap[96];
    while (from < n && ((unsigned char)s[from] & 0xc0) == 0x80)
      from++;
    add(t, s, head);
    (void)snprintf(gap, sizeof gap, "\n[... %zu bytes left out ...]\n", from - head);
    adds(t, gap);
    add(t, s + from, n - from);
  }
  if (s[n - 1] != '\n')
    adds(t, "\n");
}

static const char *str_of(const cJSON *o, const char *k) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
  return cJSON_IsString(v) ? v->valuestring : "";
}

/* A string field that may be a raw item (the response's stdout and stderr
 * are escaped once, as raw JSON strings: util/json.h), as text; malloc'd. */
static char *text_of(const cJSON *o, const char *k) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, k);
  cJSON *parsed;
  char *out;

  if (cJSON_IsString(v))
    return strdup(v->valuestring);
  if (!cJSON_IsRaw(v) || !(parsed = cJSON_Parse(v->valuestring)))
    return strdup("");
  out = strdup(cJSON_IsString(parsed) ? parsed->valuestring : "");
  cJSON_Delete(parsed);
  return out;
}

/* A line per violation of a /validate or rejected /execute answer: as a
 * refusal of the run, or as a finding of the check. */
static void add_violations(struct text *t, const cJSON *doc, bool refused) {
  const cJSON *v;

  cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(doc, "violations")) {
    const cJSON *ln = cJSON_GetObjectItemCaseSensitive(v, "line");
    int at = cJSON_IsNumber(ln) ? ln->valueint : 0;
    char line[512];
    if (refused)
      (void)snprintf(line, sizeof line, "refused (%s) at line %d: %s\n", str_of(v, "rule"), at,
                     str_of(v, "message"));
    else
      (void)snprintf(line, sizeof line, "line %d: %s (%s)\n", at, str_of(v, "message"),
                     str_of(v, "rule"));
    adds(t, line);
  }
}

/* The text a model reads of an /execute response. */
static char *execute_summary(const cJSON *doc) {
  const char *status = str_of(doc, "status");
  const cJSON *err = cJSON_GetObjectItemCaseSensitive(doc, "error");
  const cJSON *res = cJSON_GetObjectItemCaseSensitive(doc, "result");
  const cJSON *v, *sess = cJSON_GetObjectItemCaseSensitive(doc, "session");
  struct text t = {0};
  char line[512];

  (void)snprintf(line, sizeof line, "status: %s\n", status);
  adds(&t, line);
  if (strcmp(status, "rejected") == 0)
    add_violations(&t, doc, true);
  if (cJSON_IsObject(res)) {
    adds(&t, "result: ");
    adds(&t, str_of(res, "repr"));
    adds(&t, "\n");
  }
  for (int i = 0; i < 2; i++) {
    char *text = text_of(doc, i ? "stderr" : "stdout");
    if (text)
      add_stream(&t, i ? "stderr:\n" : "stdout:\n", text);
    free(text);
  }
  if (cJSON_IsObject(err)) {
    const cJSON *ln = cJSON_GetObjectItemCaseSensitive(err, "line");
    if (cJSON_IsNumber(ln))
      (void)snprintf(line, sizeof line, "error: %s: %s (line %d)\n", str_of(err, "type"),
                     str_of(err, "message"), ln->valueint);
    else
      (void)snprintf(line, sizeof line, "error: %s: %s\n", str_of(err, "type"),
                     str_of(err, "message"));
    adds(&t, line);
  }
  cJSON_ArrayForEach(v, cJSON_GetObjectItemCaseSensitive(doc, "files")) {
    const cJSON *size = cJSON_GetObjectItemCaseSensitive(v, "size");
    (void)snprintf(line, sizeof line, "file: %s (%.0f bytes, %s)\n", str_of(v, "path"),
                   cJSON_IsNumber(size) ? size->valuedouble : 0, str_of(v, "mime"));
    adds(&t, line);
  }
  if (cJSON_IsObject(sess)) {
    const cJSON *rev = cJSON_GetObjectItemCaseSensitive(sess, "revision");
    (void)snprintf(line, sizeof line, "session: revision %d, %s (%s)\n",
                   cJSON_IsNumber(rev) ? rev->valueint : 0,
                   cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(sess, "committed")) ? "kept"
                                                                         : "not kept",
                   str_of(sess, "reason"));
    adds(&t, line);
  }
  if (!t.p)
    return strdup("status: unknown\n");
  return t.p;
}

static void add_text_item(cJSON *content, char *text) {
  cJSON *item = cJSON_CreateObject();

  ts_utf8_scrub(text); /* lines cut by a printf may end inside a character */
  cJSON_AddStringToObject(item, "type", "text");
  cJSON_AddStringToObject(item, "text", text);
  cJSON_AddItemToArray(content, item);
}

/* The images of the display outputs, as image content. */
static void add_images(cJSON *content, const cJSON *doc) {
  static const char *const types[] = {"image/png", "image/jpeg", "image/gif"};
  const cJSON *o;

  cJSON_ArrayForEach(o, cJSON_GetObjectItemCaseSensitive(doc, "outputs")) {
    const cJSON *data = cJSON_GetObjectItemCaseSensitive(o, "data");
    for (size_t i = 0; i < sizeof types / sizeof types[0]; i++) {
      const cJSON *img = cJSON_GetObjectItemCaseSensitive(data, types[i]);
      if (cJSON_IsString(img)) {
        cJSON *item = cJSON_CreateObject();
        cJSON_AddStringToObject(item, "type", "image");
        cJSON_AddStringToObject(item, "data", img->valuestring);
        cJSON_AddStringToObject(item, "mimeType", types[i]);
        cJSON_AddItemToArray(content, item);
        break;
      }
    }
  }
}

/* {content: [text, images...], structuredContent: doc, isError}: takes doc. */
static cJSON *tool_result(cJSON *doc, char *summary, bool is_error) {
  cJSON *r = cJSON_CreateObject(), *content = cJSON_AddArrayToObject(r, "content");
  char empty[1] = "";

  add_text_item(content, summary ? summary : empty);
  free(summary);
  if (doc) {
    add_images(content, doc);
    cJSON_AddItemToObject(r, "structuredContent", doc);
  }
  cJSON_AddBoolToObject(r, "isError", is_error);
  return r;
}

/* A tool error a model can act on (bad arguments, a session not found):
 * isError with the reason, and no structured content. */
__attribute__((format(printf, 1, 2))) static cJSON *tool_error(const char *fmt, ...) {
  char msg[600];
  va_list ap;

  va_start(ap, fmt);
  (void)vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  return tool_result(NULL, strdup(msg), true);
}

/* ---- calls the executor answers ---- */

static struct mcp_call *call_new(struct ts_server *s, struct conn *c, const cJSON *id,
                                 enum ts_mcp_era era) {
  struct mcp_call *k = calloc(1, sizeof *k);

  if (k && !(k->id = cJSON_Duplicate(id, false))) {
    free(k);
    return NULL;
  }
  if (k) {
    k->s = s;
    k->c = c;
    k->era = era;
  }
  return k;
}

/* Answers a parked call and resumes its connection. */
static void call_answer(struct mcp_call *k, cJSON *result) {
  struct conn *c = k->c;

  reply_result(c, k->id, k->era, result);
  cJSON_Delete(k->id);
  free(k);
  conn_resume(c);
}

static void execute_done(void *ctx, struct ts_exec_result *res) {
  struct mcp_call *k = ctx;
  cJSON *doc, *result;

  if (!res) {
    call_answer(k, tool_error("the execution failed: out of memory"));
    return;
  }
  if (res->session.used && !res->session.found) {
    result = tool_error("no such session: %s (unknown, expired or deleted)", k->session_id);
  } else if (res->session.used && res->session.reason &&
             strcmp(res->session.reason, "session_busy") == 0) {
    result = tool_error("the session is running another call; retry when it is done");
  } else {
    k->c->exec_status = ts_exec_status_name(res->status);
    ts_metrics_execution(k->s->metrics, k->c->exec_status, res->duration_ms / 1e3);
    doc = ts_exec_result_to_json(res);
    if (doc && !res->session.used && k->c->profile)
      cJSON_AddStringToObject(doc, "profile", k->c->profile);
    result = tool_result(doc, execute_summary(doc), res->status != TS_EXEC_OK);
  }
  ts_exec_result_free(res);
  free(res);
  call_answer(k, result);
}

static void session_done(void *ctx, int err, const char *why,
                         const struct ts_session_info *info) {
  struct mcp_call *k = ctx;
  cJSON *doc;
  char text[200];

  if (err == ENOENT) {
    call_answer(k, tool_error("no such session: %s (unknown, expired or deleted)",
                              k->session_id));
    return;
  }
  if (err) {
    call_answer(k, tool_error("the session operation failed: %s",
                              why && *why ? why : strerror(err)));
    return;
  }
  if (!info) { /* a deletion */
    doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "session_id", k->session_id);
    cJSON_AddNumberToObject(doc, "revision", 0);
    cJSON_AddBoolToObject(doc, "deleted", true);
    (void)snprintf(text, sizeof text, "session %s deleted\n", k->session_id);
  } else {
    doc = session_json(info, false);
    if (k->session_id[0])
      cJSON_AddStringToObject(doc, "forked_from", k->session_id);
    (void)snprintf(text, sizeof text, "session_id: %s (revision %u)\n", info->id,
                   info->revision);
  }
  call_answer(k, tool_result(doc, strdup(text), false));
}

/* ---- the tools ---- */

/* The arguments a tool's inputSchema names (server/tools.c), each list
 * NULL-terminated.  The schemas say additionalProperties false, and
 * /execute itself ignores a field it does not know: a misspelt argument
 * ("timeout_s") would run with the default and the model never learn.
 * So a name outside the list is a tool error that says which. */
static const char *const execute_args[] = {"code",         "timeout",      "stdin",
                                           "memory_mb",    "files",        "return_files",
                                           "capabilities", "session_id",   "commit",
                                           "profile",      NULL};
static const char *const validate_args[] = {"code", NULL};
static const char *const session_create_args[] = {"ttl", NULL};
static const char *const session_id_args[] = {"session_id", NULL};

/* The arguments of the tool `name`, or NULL when there is no such tool
 * (the session tools exist only with sessions on). */
static const char *const *tool_args(const struct ts_server *s, const char *name) {
  if (strcmp(name, TS_TOOL_EXECUTE) == 0)
    return execute_args;
  if (strcmp(name, TS_TOOL_VALIDATE) == 0)
    return validate_args;
  if (s->cfg->max_sessions == 0)
    return NULL;
  if (strcmp(name, TS_TOOL_SESSION_CREATE) == 0)
    return session_create_args;
  if (strcmp(name, TS_TOOL_SESSION_FORK) == 0 || strcmp(name, TS_TOOL_SESSION_DELETE) == 0)
    return session_id_args;
  return NULL;
}

/* A session id argument: 32 lowercase hex digits, or NULL (absent); *bad
 * when present and not one. */
static const char *session_arg(const cJSON *args, bool *bad) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(args, "session_id");

  *bad = false;
  if (!v)
    return NULL;
  if (!cJSON_IsString(v) || strlen(v->valuestring) != TS_SESSION_ID_LEN ||
      strspn(v->valuestring, "0123456789abcdef") != TS_SESSION_ID_LEN) {
    *bad = true;
    return NULL;
  }
  return v->valuestring;
}

static enum route_result tool_execute(struct ts_server *s, struct conn *c,
                                      const struct ts_mcp_msg *m, cJSON *args) {
  struct exec_prep x;
  struct ts_reqerr re = {0};
  struct mcp_call *k;
  const char *sid;
  enum ts_commit commit = TS_COMMIT_ON_SUCCESS;
  cJSON *cm = cJSON_DetachItemFromObjectCaseSensitive(args, "commit");
  bool bad;
  char *body;
  size_t len = 0;
  ts_err err = {0};
  int rc;

  sid = session_arg(args, &bad);
  if (bad || (cm && (!cJSON_IsString(cm) || (strcmp(cm->valuestring, "on_success") != 0 &&
                                              strcmp(cm->valuestring, "always") != 0 &&
                                              strcmp(cm->valuestring, "never") != 0)))) {
    cJSON_Delete(cm);
    reply_result(c, m->id, m->era,
                 tool_error(bad ? "session_id must be 32 lowercase hex digits"
                                : "commit must be on_success, always or never"));
    return ROUTE_ANSWERED;
  }
  if (cm && sid)
    commit = strcmp(cm->valuestring, "always") == 0  ? TS_COMMIT_ALWAYS
             : strcmp(cm->valuestring, "never") == 0 ? TS_COMMIT_NEVER
                                                      : TS_COMMIT_ON_SUCCESS;
  cJSON_Delete(cm);
  if (sid && (s->cfg->max_sessions == 0 || cJSON_GetObjectItemCaseSensitive(args, "memory_mb"))) {
    reply_result(c, m->id, m->era,
                 tool_error(s->cfg->max_sessions == 0
                                ? "sessions are off on this server"
                                : "memory_mb is the session's own: a call cannot set it"));
    return ROUTE_ANSWERED;
  }
  if (!(k = call_new(s, c, m->id, m->era))) {
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
    return ROUTE_ANSWERED;
  }
  if (sid)
    memcpy(k->session_id, sid, sizeof k->session_id);
  /* sid points into args' session_id item, which goes next (the body for
   * exec_prepare has no such field): only the copy in k is used after. */
  cJSON_DeleteItemFromObjectCaseSensitive(args, "session_id");
  sid = sid ? k->session_id : NULL;
  body = print_json(cJSON_Duplicate(args, true), &len);
  rc = body ? exec_prepare(s, c, body, len, sid != NULL, &x, &re) : -2;
  free(body);
  if (rc == 2) {
    /* Waiting for its profile's start: this route runs again after it. */
    cJSON_Delete(k->id);
    free(k);
    return ROUTE_PARKED;
  }
  if (rc != 0) {
    cJSON *result = NULL;
    if (rc == -1 && re.status == MHD_HTTP_SERVICE_UNAVAILABLE)
      result = tool_error("%s", re.message);
    else if (rc == -1)
      result = tool_error("invalid arguments: %s", re.message);
    else if (rc == 1)
      result = tool_result(cJSON_Duplicate(x.rejected, true), execute_summary(x.rejected), true);
    if (rc == 1)
      exec_prep_free(&x);
    if (result)
      reply_result(c, m->id, m->era, result);
    else if (rc == -2 && !c->response)
      reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
    cJSON_Delete(k->id);
    free(k);
    return ROUTE_ANSWERED;
  }
  /* (The connection is parked already: a worker runs this route.  Once
   * submitted, the executor answers and resumes it, maybe before the
   * submit returns.) */
  if (sid)
    rc = ts_session_exec(s->ex, sid, c->owner, &x.p, commit, execute_done, k, &err);
  else
    rc = ts_exec_submit(x.ex, &x.p, execute_done, k, &err);
  exec_prep_free(&x);
  if (rc == 0)
    return ROUTE_PARKED;
  cJSON_Delete(k->id);
  free(k);
  reply_result(c, m->id, m->era,
               tool_error("%s%s", err.errnum == EAGAIN ? "the server is busy, retry: " : "",
                          err.msg));
  return ROUTE_ANSWERED;
}

static cJSON *tool_validate(struct ts_server *s, struct conn *c, const cJSON *args) {
  const cJSON *code = cJSON_GetObjectItemCaseSensitive(args, "code");
  struct ts_validation v = {0};
  struct ts_str str;
  cJSON *doc;
  struct text t = {0};
  int rc;

  if (!cJSON_IsString(code))
    return tool_error("invalid arguments: code is required (a string)");
  str.s = code->valuestring;
  str.len = strlen(code->valuestring);
  /* Bounded as /validate is: one validation at a time (another worker
   * may be running executions), none while /validate requests wait. */
  if (!validate_slot_take(s))
    return tool_error("the server is busy validating other code; retry in a moment");
  rc = check_code(s, c, &str, s->cfg->policy_standard ? TS_CAP_STANDARD : 0, &v);
  validate_slot_give(s);
  if (rc < 0)
    return NULL;
  doc = ts_validation_to_json(&v);
  ts_validation_free(&v);
  adds(&t, cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(doc, "valid")) ? "valid\n"
                                                                        : "not valid\n");
  add_violations(&t, doc, false);
  return tool_result(doc, t.p ? t.p : strdup(""), false);
}

static enum route_result tool_session(struct ts_server *s, struct conn *c,
                                      const struct ts_mcp_msg *m, const char *name,
                                      const cJSON *args) {
  struct mcp_call *k;
  ts_err err = {0};
  const char *sid = NULL;
  bool bad = false;
  int rc;

  if (s->cfg->max_sessions == 0) {
    reply_result(c, m->id, m->era, tool_error("sessions are off on this server"));
    return ROUTE_ANSWERED;
  }
  if (strcmp(name, TS_TOOL_SESSION_CREATE) != 0 && !(sid = session_arg(args, &bad))) {
    reply_result(c, m->id, m->era,
                 tool_error("session_id is required: 32 lowercase hex digits"));
    return ROUTE_ANSWERED;
  }
  if (!(k = call_new(s, c, m->id, m->era))) {
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
    return ROUTE_ANSWERED;
  }
  if (sid)
    memcpy(k->session_id, sid, sizeof k->session_id);
  if (strcmp(name, TS_TOOL_SESSION_CREATE) == 0) {
    struct ts_session_params sp = {0};
    const cJSON *ttl = cJSON_GetObjectItemCaseSensitive(args, "ttl");
    if (ttl && (!cJSON_IsNumber(ttl) || ttl->valuedouble <= 0 ||
                ttl->valuedouble > s->cfg->session_ttl_max)) {
      cJSON_Delete(k->id);
      free(k);
      reply_result(c, m->id, m->era,
                   tool_error("ttl must be a number of seconds above 0 and at most %g",
                              s->cfg->session_ttl_max));
      return ROUTE_ANSWERED;
    }
    sp.ttl = ttl ? ttl->valuedouble : (TS_SESSION_TTL_DEFAULT < s->cfg->session_ttl_max
                                           ? TS_SESSION_TTL_DEFAULT
                                           : s->cfg->session_ttl_max);
    sp.memory_mb = s->cfg->memory_default_mb;
    memcpy(sp.owner, c->owner, sizeof sp.owner);
    rc = ts_session_create(s->ex, &sp, session_done, k, &err);
  } else if (strcmp(name, TS_TOOL_SESSION_FORK) == 0) {
    rc = ts_session_fork(s->ex, sid, c->owner, session_done, k, &err);
  } else {
    rc = ts_session_destroy(s->ex, sid, c->owner, session_done, k, &err);
  }
  if (rc < 0) /* answered and resumed here, like the executor would */
    session_done(k, err.errnum ? err.errnum : EIO, err.msg, NULL);
  return ROUTE_PARKED;
}

static enum route_result tools_call(struct ts_server *s, struct conn *c,
                                    const struct ts_mcp_msg *m) {
  const cJSON *name = cJSON_GetObjectItemCaseSensitive(m->params, "name");
  cJSON *args = cJSON_GetObjectItemCaseSensitive(m->params, "arguments");
  const char *const *known;
  const char *bad;
  cJSON *result;

  if (!cJSON_IsString(name)) {
    method_error(c, m->id, m->era, MHD_HTTP_BAD_REQUEST, TS_RPC_INVALID_PARAMS,
                 "Invalid params: name is required (a string)");
    return ROUTE_ANSWERED;
  }
  if (args && !cJSON_IsObject(args)) {
    method_error(c, m->id, m->era, MHD_HTTP_BAD_REQUEST, TS_RPC_INVALID_PARAMS,
                 "Invalid params: arguments must be an object");
    return ROUTE_ANSWERED;
  }
  if (!(known = tool_args(s, name->valuestring))) {
    method_error(c, m->id, m->era, MHD_HTTP_BAD_REQUEST, TS_RPC_INVALID_PARAMS,
                 "Unknown tool: %.100s", name->valuestring);
    return ROUTE_ANSWERED;
  }
  if (!args) {
    args = cJSON_CreateObject();
    cJSON_AddItemToObject((cJSON *)m->params, "arguments", args);
  }
  if ((bad = ts_json_first_unknown(args, known))) {
    reply_result(c, m->id, m->era,
                 tool_error("invalid arguments: %.100s is not an argument of %s", bad,
                            name->valuestring));
    return ROUTE_ANSWERED;
  }
  if (strcmp(name->valuestring, TS_TOOL_EXECUTE) == 0)
    return tool_execute(s, c, m, args);
  if (strcmp(name->valuestring, TS_TOOL_VALIDATE) == 0) {
    if ((result = tool_validate(s, c, args)))
      reply_result(c, m->id, m->era, result);
    return ROUTE_ANSWERED;
  }
  return tool_session(s, c, m, name->valuestring, args);
}

/* ---- the methods ---- */

static cJSON *capabilities(void) {
  cJSON *caps = cJSON_CreateObject(), *tools = cJSON_AddObjectToObject(caps, "tools");

  cJSON_AddBoolToObject(tools, "listChanged", false);
  return caps;
}

static cJSON *initialize(const struct ts_server *s, const struct ts_mcp_msg *m) {
  const cJSON *asked = cJSON_GetObjectItemCaseSensitive(m->params, "protocolVersion");
  cJSON *r = cJSON_CreateObject();
  char *instructions = ts_tools_instructions(s->cfg);

  /* The version asked for when this server speaks it, else its latest
   * of the era: the client decides whether it can go on. */
  cJSON_AddStringToObject(r, "protocolVersion",
                          cJSON_IsString(asked) && ts_mcp_legacy_version(asked->valuestring)
                              ? asked->valuestring
                              : TS_MCP_LEGACY_VERSION);
  cJSON_AddItemToObject(r, "capabilities", capabilities());
  cJSON_AddItemToObject(r, "serverInfo", server_info());
  if (instructions)
    cJSON_AddStringToObject(r, "instructions", instructions);
  free(instructions);
  return r;
}

static cJSON *discover(const struct ts_server *s) {
  cJSON *r = cJSON_CreateObject(), *v = cJSON_AddArrayToObject(r, "supportedVersions");
  char *instructions = ts_tools_instructions(s->cfg);

  cJSON_AddItemToArray(v, cJSON_CreateString(TS_MCP_MODERN_VERSION));
  cJSON_AddItemToArray(v, cJSON_CreateString(TS_MCP_LEGACY_VERSION));
  cJSON_AddItemToObject(r, "capabilities", capabilities());
  if (instructions)
    cJSON_AddStringToObject(r, "instructions", instructions);
  free(instructions);
  cJSON_AddNumberToObject(r, "ttlMs", LIST_TTL_MS);
  cJSON_AddStringToObject(r, "cacheScope", "public");
  return r;
}

static cJSON *tools_list(const struct ts_server *s, const struct ts_mcp_msg *m) {
  cJSON *r = cJSON_CreateObject(), *tools = ts_tools_mcp(s->cfg);

  if (!r || !tools) {
    cJSON_Delete(r);
    cJSON_Delete(tools);
    return NULL;
  }
  cJSON_AddItemToObject(r, "tools", tools);
  if (m->era == TS_MCP_MODERN) {
    cJSON_AddNumberToObject(r, "ttlMs", LIST_TTL_MS);
    cJSON_AddStringToObject(r, "cacheScope", "public");
  }
  return r;
}

/* An Origin is allowed when absent (not a browser), or when it is a page
 * of this machine (http(s)://localhost, 127.0.0.1 or [::1], any port):
 * what keeps a web page elsewhere from using a local server through its
 * visitor's browser (DNS rebinding). */
static bool origin_ok(const char *origin) {
  static const char *const hosts[] = {"localhost", "127.0.0.1", "[::1]"};
  const char *h;

  if (!origin)
    return true;
  if (strncmp(origin, "http://", 7) == 0)
    h = origin + 7;
  else if (strncmp(origin, "https://", 8) == 0)
    h = origin + 8;
  else
    return false;
  for (size_t i = 0; i < sizeof hosts / sizeof hosts[0]; i++) {
    size_t n = strlen(hosts[i]);
    if (strncasecmp(h, hosts[i], n) == 0 &&
        (h[n] == '\0' || (h[n] == ':' && h[n + 1] && strspn(h + n + 1, "0123456789") ==
                                                         strlen(h + n + 1))))
      return true;
  }
  return false;
}

enum route_result route_mcp(struct ts_server *s, struct conn *c) {
  struct ts_mcp_headers h = {c->mcp_version, c->mcp_method, c->mcp_name};
  struct ts_mcp_msg m;
  struct ts_mcp_error e;
  enum route_result rr = ROUTE_ANSWERED;
  cJSON *result = NULL;

  if (c->mcp_oom || !origin_ok(c->origin)) {
    struct ts_mcp_error oe = {MHD_HTTP_FORBIDDEN, TS_RPC_TRANSPORT_ERROR, "", NULL};
    (void)snprintf(oe.message, sizeof oe.message, "Invalid Origin header: %.200s",
                   c->origin ? c->origin : "(unreadable)");
    reply_rpc_error(c, NULL, &oe);
    return ROUTE_ANSWERED;
  }
  if (ts_mcp_parse(c->body, c->len, &h, &m, &e) < 0) {
    reply_rpc_error(c, m.id, &e);
    ts_mcp_msg_free(&m);
    return ROUTE_ANSWERED;
  }
  if (m.notification) {
    reply_text(c, MHD_HTTP_ACCEPTED, strdup(""), 0, "application/json");
    ts_mcp_msg_free(&m);
    return ROUTE_ANSWERED;
  }
  if (strcmp(m.method, "tools/call") == 0) {
    rr = tools_call(s, c, &m);
  } else if (strcmp(m.method, "tools/list") == 0) {
    if (cJSON_GetObjectItemCaseSensitive(m.params, "cursor"))
      method_error(c, m.id, m.era, MHD_HTTP_BAD_REQUEST, TS_RPC_INVALID_PARAMS,
                   "Invalid params: unknown cursor (the list has one page)");
    else if ((result = tools_list(s, &m)))
      reply_result(c, m.id, m.era, result);
  } else if (m.era == TS_MCP_LEGACY && strcmp(m.method, "initialize") == 0) {
    reply_result(c, m.id, m.era, initialize(s, &m));
  } else if (m.era == TS_MCP_LEGACY && strcmp(m.method, "ping") == 0) {
    reply_result(c, m.id, m.era, cJSON_CreateObject());
  } else if (m.era == TS_MCP_MODERN && strcmp(m.method, "server/discover") == 0) {
    reply_result(c, m.id, m.era, discover(s));
  } else {
    method_error(c, m.id, m.era, MHD_HTTP_NOT_FOUND, TS_RPC_METHOD_NOT_FOUND,
                 "Method not found: %.100s", m.method);
  }
  /* A parked call's connection is the executor's: it may have answered,
   * resumed and freed it already, so c is read only when answered here. */
  if (rr == ROUTE_ANSWERED && !c->response)
    reply_error(c, MHD_HTTP_INTERNAL_SERVER_ERROR, "internal_error", "out of memory");
  ts_mcp_msg_free(&m);
  return rr;
}
