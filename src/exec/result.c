/* The /execute response body from an execution's result.  Server process,
 * the executor thread (or a worker, for a rejected snippet). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "exec/executor.h"
#include "util/json.h"

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
  return doc;
}

