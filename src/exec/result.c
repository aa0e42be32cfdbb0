/* The /execute response body from an execution's result.  Server process,
 * the executor thread (or a worker, for a rejected snippet). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "exec/executor.h"
#include "util/filepath.h"
#include "util/json.h"
#include "util/utf8.h"

void ts_exec_result_free(struct ts_exec_result *r) {
  if (!r)
    return;
  free(r->out);
  free(r->err);
  ts_child_report_free(&r->report);
  memset(r, 0, sizeof *r);
}

static void add_error(cJSON *doc, const char *type, const char *message, const char *traceback,
                      long line) {
  cJSON *e = cJSON_AddObjectToObject(doc, "error");

  cJSON_AddStringToObject(e, "type", type);
  cJSON_AddStringToObject(e, "message", message);
  cJSON_AddStringToObject(e, "traceback", traceback);
  if (line > 0)
    cJSON_AddNumberToObject(e, "line", (double)line);
  else
    cJSON_AddNullToObject(e, "line");
}

/* A copy of a JSON value from the report (checked when it was decoded:
 * finite numbers, nested at most 100 deep) whose numbers print exactly:
 * cJSON's own printing keeps 15 digits whenever they come within an
 * epsilon of the value (2**53 would become 9.00719925474099e+15, 0.1 + 0.2
 * 0.3), these the fewest that read back as the very same double. */
static cJSON *json_exact(const cJSON *v) {
  cJSON *copy, *it;

  if (cJSON_IsNumber(v)) {
    char buf[40];
    for (int digits = 15; digits <= 17; digits++) {
      (void)snprintf(buf, sizeof buf, "%.*g", digits, v->valuedouble);
      if (strtod(buf, NULL) == v->valuedouble)
        break;
    }
    return cJSON_CreateRaw(buf);
  }
  if (!cJSON_IsArray(v) && !cJSON_IsObject(v))
    return cJSON_Duplicate(v, false);
  copy = cJSON_IsArray(v) ? cJSON_CreateArray() : cJSON_CreateObject();
  cJSON_ArrayForEach(it, v) {
    cJSON *c = copy ? json_exact(it) : NULL;
    if (!c) {
      cJSON_Delete(copy);
      return NULL;
    }
    if (cJSON_IsArray(v))
      cJSON_AddItemToArray(copy, c);
    else
      cJSON_AddItemToObject(copy, it->string, c);
  }
  return copy;
}

/* A MIME bundle as the API gives it: {type: value}, in ts_mime_names'
 * order.  Its parts were checked when the report was decoded. */
cJSON *ts_exec_bundle_json(const struct ts_bundle *b) {
  cJSON *o = cJSON_CreateObject();

  for (int m = 0; o && m < TS_MIME_COUNT; m++) {
    if (m == TS_MIME_JSON && b->json)
      cJSON_AddItemToObject(o, ts_mime_names[m], json_exact(b->json));
    else if (b->text[m])
      cJSON_AddStringToObject(o, ts_mime_names[m], b->text[m]);
  }
  return o;
}

/* The last expression's value (a clean end only) and the display
 * outputs, from the child's report (bounded and checked in
 * sandbox/proto.c). */
static void add_display(cJSON *doc, const struct ts_exec_result *r) {
  const struct ts_result_value *v = r->report.result;
  cJSON *outputs;

  if (v && r->status == TS_EXEC_OK && r->report.kind == TS_REPORT_OK) {
    cJSON *o = cJSON_AddObjectToObject(doc, "result");
    if (o) {
      cJSON_AddStringToObject(o, "type", v->type);
      cJSON_AddStringToObject(o, "repr", v->repr);
      cJSON_AddBoolToObject(o, "repr_truncated", v->repr_truncated);
      if (v->json)
        cJSON_AddItemToObject(o, "json", json_exact(v->json));
      if (v->has_data)
        cJSON_AddItemToObject(o, "data", ts_exec_bundle_json(&v->data));
    }
  } else {
    cJSON_AddNullToObject(doc, "result");
  }
  outputs = cJSON_AddArrayToObject(doc, "outputs");
  for (size_t i = 0; outputs && i < r->report.noutputs; i++) {
    cJSON *o = cJSON_CreateObject();
    if (!o)
      break;
    cJSON_AddItemToObject(o, "data", ts_exec_bundle_json(&r->report.outputs[i]));
    cJSON_AddItemToArray(outputs, o);
  }
  cJSON_AddNumberToObject(doc, "outputs_dropped", (double)r->report.outputs_dropped);
}

/* A returned file's MIME type, by its name's extension (*binary: a type
 * whose content is never text, sent in base64 whatever its bytes look
 * like), or NULL. */
static const char *file_mime(const char *path, bool *binary) {
  static const struct {
    const char *ext, *mime;
    bool binary;
  } types[] = {
      {"png", "image/png", true},         {"jpg", "image/jpeg", true},
      {"jpeg", "image/jpeg", true},       {"gif", "image/gif", true},
      {"webp", "image/webp", true},       {"svg", "image/svg+xml", false},
      {"pdf", "application/pdf", true},   {"csv", "text/csv", false},
      {"tsv", "text/tab-separated-values", false}, {"json", "application/json", false},
      {"txt", "text/plain", false},       {"md", "text/markdown", false},
      {"html", "text/html", false},       {"htm", "text/html", false},
      {"xml", "application/xml", false},  {"py", "text/x-python", false},
      {"zip", "application/zip", true},   {"gz", "application/gzip", true},
  };
  const char *dot = strrchr(path, '.'), *slash = strrchr(path, '/');

  *binary = false;
  if (dot && (!slash || dot > slash))
    for (size_t i = 0; i < TS_ARRAY_LEN(types); i++)
      if (strcasecmp(dot + 1, types[i].ext) == 0) {
        *binary = types[i].binary;
        return types[i].mime;
      }
  return NULL;
}

/* Whether the n bytes at s are the start of a UTF-8 character cut short. */
static bool incomplete_char(const char *s, size_t n) {
  unsigned char c = (unsigned char)s[0];
  size_t need = c >= 0xf0 && c <= 0xf4 ? 4 : c >= 0xe0 ? 3 : c >= 0xc2 ? 2 : 0;

  if (c >= 0xf5 || n >= need)
    return false;
  for (size_t i = 1; i < n; i++)
    if (((unsigned char)s[i] & 0xc0) != 0x80)
      return false;
  return true;
}

/* The files the child sent back: text as it is (a cut text ends at a
 * whole character), anything else (and any file of a binary type) in
 * base64. */
static void add_files(cJSON *doc, const struct ts_child_report *rep) {
  cJSON *files = cJSON_AddArrayToObject(doc, "files");

  for (size_t i = 0; files && i < rep->nfiles; i++) {
    const struct ts_report_file *f = &rep->files[i];
    size_t valid = ts_utf8_valid_prefix(f->data, f->len);
    bool cut = f->len < f->size, binary;
    const char *mime = file_mime(f->path, &binary);
    /* A cut may split the last character: up to 3 bytes of it. */
    bool text = !binary && (valid == f->len ||
                            (cut && incomplete_char(f->data + valid, f->len - valid)));
    cJSON *o = cJSON_CreateObject();
    if (!o)
      break;
    cJSON_AddStringToObject(o, "path", f->path);
    cJSON_AddNumberToObject(o, "size", (double)f->size);
    cJSON_AddStringToObject(o, "mime",
                            mime ? mime : text ? "text/plain" : "application/octet-stream");
    cJSON_AddStringToObject(o, "encoding", text ? "utf-8" : "base64");
    if (text) {
      cJSON_AddItemToObject(o, "content", ts_json_bytes(f->data, valid));
    } else {
      char *b64 = malloc(TS_BASE64_LEN(f->len) + 1);
      if (b64)
        ts_base64_encode((const unsigned char *)f->data, f->len, b64);
      cJSON_AddStringToObject(o, "content", b64 ? b64 : "");
      free(b64);
    }
    cJSON_AddBoolToObject(o, "truncated", cut);
    cJSON_AddItemToArray(files, o);
  }
  cJSON_AddNumberToObject(doc, "files_dropped", (double)rep->files_dropped);
}

cJSON *ts_exec_result_to_json(const struct ts_exec_result *r) {
  cJSON *doc = cJSON_CreateObject();

  cJSON_AddStringToObject(doc, "status", ts_exec_status_name(r->status));
  cJSON_AddItemToObject(doc, "stdout", ts_json_bytes(r->out ? r->out : "", r->out_len));
  cJSON_AddItemToObject(doc, "stderr", ts_json_bytes(r->err ? r->err : "", r->err_len));
  cJSON_AddBoolToObject(doc, "stdout_truncated", r->out_truncated);
  cJSON_AddBoolToObject(doc, "stderr_truncated", r->err_truncated);
  cJSON_AddNumberToObject(doc, "stdout_bytes", (double)r->out_bytes);
  cJSON_AddNumberToObject(doc, "stderr_bytes", (double)r->err_bytes);
  if (r->status == TS_EXEC_INTERNAL_ERROR)
    add_error(doc, "InternalError", r->detail[0] ? r->detail : "internal error", "", 0);
  else if (r->report.kind == TS_REPORT_EXCEPTION && r->status != TS_EXEC_OK)
    add_error(doc, r->report.type ? r->report.type : "Exception",
              r->report.message ? r->report.message : "",
              r->report.traceback ? r->report.traceback : "", r->report.line);
  else if (r->status == TS_EXEC_ERROR && r->detail[0])
    add_error(doc, "SandboxError", r->detail, "", 0); /* the server's words */
  else
    cJSON_AddNullToObject(doc, "error");
  cJSON_AddNumberToObject(doc, "duration_ms", round(r->duration_ms * 1000) / 1000);
  cJSON_AddNumberToObject(doc, "cpu_ms", round(r->cpu_ms * 1000) / 1000);
  if (r->signal || r->exit_code < 0)
    cJSON_AddNullToObject(doc, "exit_code");
  else
    cJSON_AddNumberToObject(doc, "exit_code", r->exit_code);
  if (r->signal)
    cJSON_AddNumberToObject(doc, "signal", r->signal);
  else
    cJSON_AddNullToObject(doc, "signal");
  /* The runtime audit trace: what the child's Python layer refused.  The
   * child's word, bounded and well-formed (sandbox/proto.c), never a status. */
  {
    cJSON *audit = cJSON_AddArrayToObject(doc, "audit");
    for (size_t i = 0; audit && i < r->report.naudit; i++) {
      const struct ts_audit_entry *e = &r->report.audit[i];
      cJSON *o = cJSON_CreateObject();
      if (!o)
        break;
      cJSON_AddStringToObject(o, "event", e->event);
      cJSON_AddStringToObject(o, "detail", e->detail);
      if (e->line > 0)
        cJSON_AddNumberToObject(o, "line", (double)e->line);
      else
        cJSON_AddNullToObject(o, "line");
      cJSON_AddStringToObject(o, "action", e->refused ? "refused" : "allowed");
      cJSON_AddItemToArray(audit, o);
    }
    cJSON_AddNumberToObject(doc, "audit_dropped", (double)r->report.audit_dropped);
  }
  add_display(doc, r);
  add_files(doc, &r->report);
  /* A session's call: what became of the session. */
  if (r->session.used && r->session.found) {
    cJSON *o = cJSON_AddObjectToObject(doc, "session");
    cJSON_AddNumberToObject(o, "revision", r->session.revision);
    cJSON_AddBoolToObject(o, "committed", r->session.committed);
    cJSON_AddStringToObject(o, "reason", r->session.reason ? r->session.reason : "failed");
  }
  return doc;
}

