/* The sandbox as tools for a model (tools.h).  The schemas are JSON
 * Schema 2020-12 objects kept as text here, with the configured limits
 * put in; the descriptions are written from the configuration. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sandbox/proto.h"
#include "server/tools.h"
#include "util/pyembed.h"

/* ---- text builder ---- */

struct text {
  char *p;
  size_t len, cap;
  bool oom;
};

__attribute__((format(printf, 2, 3))) static void put(struct text *t, const char *fmt, ...) {
  va_list ap;
  int n;

  if (t->oom)
    return;
  for (;;) {
    va_start(ap, fmt);
    n = vsnprintf(t->p ? t->p + t->len : NULL, t->p ? t->cap - t->len : 0, fmt, ap);
    va_end(ap);
    if (n < 0) {
      t->oom = true;
      return;
    }
    if (t->p && t->len + (size_t)n < t->cap) {
      t->len += (size_t)n;
      return;
    }
    {
      size_t cap = (t->cap ? t->cap * 2 : 1024) + (size_t)n + 1;
      char *p = realloc(t->p, cap);
      if (!p) {
        t->oom = true;
        return;
      }
      t->p = p;
      t->cap = cap;
    }
  }
}

static char *text_take(struct text *t) {
  if (t->oom) {
    free(t->p);
    return NULL;
  }
  return t->p;
}

/* "a, b, c" from a set, at most `max` names and then "and N more";
 * dunder names left out (a model never writes them anyway). */
static void put_names(struct text *t, const struct ts_strset *set, size_t max) {
  size_t shown = 0, left = 0;

  for (size_t i = 0; i < set->n; i++) {
    if (strncmp(set->items[i], "__", 2) == 0 && strcmp(set->items[i], "__future__") != 0)
      continue;
    if (shown < max)
      put(t, "%s%s", shown++ ? ", " : "", set->items[i]);
    else
      left++;
  }
  if (left)
    put(t, " and %zu more", left);
  if (shown == 0)
    put(t, "(none)");
}

/* ---- the schemas ---- */

/* The /execute response, as much as a client may rely on: the fields
 * always present, their types; more fields may come. */
static const char execute_output_schema[] =
    "{\"type\":\"object\","
    "\"required\":[\"status\",\"stdout\",\"stderr\",\"error\",\"result\",\"outputs\",\"files\","
    "\"duration_ms\"],"
    "\"properties\":{"
    "\"status\":{\"type\":\"string\",\"enum\":[\"ok\",\"error\",\"rejected\",\"timeout\","
    "\"memory_limit\",\"output_limit\",\"killed\",\"internal_error\",\"cancelled\"]},"
    "\"stdout\":{\"type\":\"string\"},\"stderr\":{\"type\":\"string\"},"
    "\"stdout_truncated\":{\"type\":\"boolean\"},\"stderr_truncated\":{\"type\":\"boolean\"},"
    "\"error\":{\"type\":[\"object\",\"null\"]},"
    "\"result\":{\"type\":[\"object\",\"null\"]},"
    "\"outputs\":{\"type\":\"array\",\"items\":{\"type\":\"object\"}},"
    "\"files\":{\"type\":\"array\",\"items\":{\"type\":\"object\"}},"
    "\"violations\":{\"type\":\"array\",\"items\":{\"type\":\"object\"}},"
    "\"session\":{\"type\":\"object\"},"
    "\"duration_ms\":{\"type\":\"number\"}}}";

static const char validate_output_schema[] =
    "{\"type\":\"object\",\"required\":[\"valid\",\"violations\"],"
    "\"properties\":{\"valid\":{\"type\":\"boolean\"},"
    "\"violations\":{\"type\":\"array\",\"items\":{\"type\":\"object\","
    "\"required\":[\"rule\",\"message\",\"line\",\"col\"],"
    "\"properties\":{\"rule\":{\"type\":\"string\"},\"message\":{\"type\":\"string\"},"
    "\"line\":{\"type\":\"integer\"},\"col\":{\"type\":\"integer\"}}}}}}";

static const char session_output_schema[] =
    "{\"type\":\"object\",\"required\":[\"session_id\",\"revision\"],"
    "\"properties\":{\"session_id\":{\"type\":\"string\"},\"revision\":{\"type\":\"integer\"},"
    "\"expires_at\":{\"type\":\"string\"},\"forked_from\":{\"type\":\"string\"},"
    "\"setup\":{\"type\":\"object\"},\"deleted\":{\"type\":\"boolean\"}}}";

static cJSON *execute_input_schema(const struct ts_config *cfg) {
  struct text t = {0};
  cJSON *schema;

  put(&t,
      "{\"type\":\"object\",\"required\":[\"code\"],\"additionalProperties\":false,"
      "\"properties\":{"
      "\"code\":{\"type\":\"string\",\"description\":\"The Python source to run, as a script. "
      "The value of its last line, if an expression, comes back as result.\"},"
      "\"timeout\":{\"type\":\"number\",\"exclusiveMinimum\":0,\"maximum\":%g,"
      "\"description\":\"Wall-clock limit in seconds (default %g).\"},"
      "\"stdin\":{\"type\":\"string\",\"description\":\"Text served as standard input.\"},"
      "\"memory_mb\":{\"type\":\"integer\",\"minimum\":16,\"maximum\":%ld,"
      "\"description\":\"Address-space limit in MiB (default %ld); not with session_id, "
      "whose session has its own.\"}",
      cfg->timeout_max, cfg->timeout_default,
      cfg->science && cfg->science_memory_max_mb > cfg->memory_max_mb ? cfg->science_memory_max_mb
                                                                    : cfg->memory_max_mb,
      cfg->memory_default_mb);
  if (cfg->science)
    put(&t,
        ",\"profile\":{\"type\":\"string\",\"enum\":[\"default\",\"science\"],"
        "\"description\":\"science: numpy, pandas, scipy, sympy and matplotlib are importable "
        "(%ld MiB of memory by default, at most %ld); chosen by itself when the code imports "
        "them. Not with session_id.\"}",
        cfg->science_memory_default_mb, cfg->science_memory_max_mb);
  if (cfg->max_files > 0)
    put(&t,
        ",\"files\":{\"type\":\"array\",\"maxItems\":%u,\"description\":\"Files written into the "
        "working directory before the code runs; open() may then read and write there.\","
        "\"items\":{\"type\":\"object\",\"required\":[\"path\",\"content\"],"
        "\"additionalProperties\":false,\"properties\":{"
        "\"path\":{\"type\":\"string\",\"minLength\":1,\"description\":\"Relative path, "
        "e.g. data/input.csv\"},"
        "\"content\":{\"type\":\"string\"},"
        "\"encoding\":{\"type\":\"string\",\"enum\":[\"utf-8\",\"base64\"]}}}},"
        "\"return_files\":{\"description\":\"Send back the files the code created or changed: "
        "true for all, or glob patterns (*, ?, **).\",\"anyOf\":[{\"type\":\"boolean\"},"
        "{\"type\":\"array\",\"items\":{\"type\":\"string\"},\"maxItems\":%d}]},"
        "\"capabilities\":{\"type\":\"array\",\"items\":{\"type\":\"string\",\"enum\":[\"files\"]},"
        "\"description\":\"files: let the code use open() in its working directory.\"}",
        cfg->max_files, TS_RETURN_PATTERNS_MAX);
  if (cfg->max_sessions > 0)
    put(&t,
        ",\"session_id\":{\"type\":\"string\",\"pattern\":\"^[0-9a-f]{32}$\",\"description\":"
        "\"Run in this session (from python_session_create): its variables and files are "
        "there, and only a successful call changes them.\"},"
        "\"commit\":{\"type\":\"string\",\"enum\":[\"on_success\",\"always\",\"never\"],"
        "\"description\":\"With session_id: which calls become the session's state "
        "(default on_success).\"}");
  put(&t, "}}");
  if (t.oom) {
    free(t.p);
    return NULL;
  }
  schema = cJSON_Parse(t.p);
  free(t.p);
  return schema;
}

static const char validate_input_schema[] =
    "{\"type\":\"object\",\"required\":[\"code\"],\"additionalProperties\":false,"
    "\"properties\":{\"code\":{\"type\":\"string\",\"description\":\"The Python source to "
    "check.\"}}}";

/* (No setup_code, which POST /sessions has: the first python_execute
 * with the session_id does the same, and its failure is rolled back.) */
static cJSON *session_create_input_schema(const struct ts_config *cfg) {
  char buf[1024];

  (void)snprintf(buf, sizeof buf,
                 "{\"type\":\"object\",\"additionalProperties\":false,\"properties\":{"
                 "\"ttl\":{\"type\":\"number\",\"exclusiveMinimum\":0,\"maximum\":%g,"
                 "\"description\":\"Seconds the session lives unused.\"}}}",
                 cfg->session_ttl_max);
  return cJSON_Parse(buf);
}

static const char session_id_input_schema[] =
    "{\"type\":\"object\",\"required\":[\"session_id\"],\"additionalProperties\":false,"
    "\"properties\":{\"session_id\":{\"type\":\"string\",\"pattern\":\"^[0-9a-f]{32}$\"}}}";

/* ---- the descriptions ---- */

static char *execute_description(const struct ts_config *cfg) {
  struct text t = {0};

  put(&t,
      "Run a Python %s snippet in an isolated sandbox (no network, no processes, a private "
      "temporary directory) and get back its stdout, stderr, the value of its last "
      "expression (result), display outputs (images come back as images), any error with "
      "its line, and the files it returns. Each call starts from a fresh interpreter unless "
      "session_id is given. Limits: %g s of wall-clock time by default (at most %g), %ld MiB "
      "of memory, %zu bytes of each output stream kept.",
      ts_python_version(), cfg->timeout_default, cfg->timeout_max, cfg->memory_default_mb,
      cfg->output_max);
  if (cfg->static_validation) {
    put(&t, " The code is checked before it runs and refused (status rejected, with the rule "
            "and line) when it imports a module outside this list: ");
    put_names(&t, &cfg->policy.allowed_modules, 80);
    put(&t, "; or when it uses ");
    put_names(&t, &cfg->policy.banned_names, 40);
    put(&t, "; or reads or defines double-underscore attributes other than ordinary ones "
            "(__init__, __name__, __len__ ...), or the interpreter's internals (frame, code "
            "and generator attributes such as f_globals, gi_frame, co_code). Write plain Python with those modules; print what you want to see, or end "
            "with an expression.");
  }
  if (cfg->science)
    put(&t, " numpy, pandas, scipy, sympy and matplotlib run in the science profile, chosen "
            "when the code imports them (or with profile \"science\"); there a matplotlib "
            "figure left open (or shown with plt.show()) comes back as a PNG image, and a "
            "sympy expression as LaTeX too.");
  if (cfg->max_files > 0)
    put(&t, " open() is available only with files, return_files or capabilities [\"files\"], "
            "and only inside the working directory.");
  return text_take(&t);
}

static char *validate_description(const struct ts_config *cfg) {
  struct text t = {0};

  put(&t, "Check whether python_execute would accept a Python snippet, without running it: "
          "valid, or the violations (rule, message, line and column). Allowed modules: ");
  put_names(&t, &cfg->policy.allowed_modules, 80);
  put(&t, ".");
  return text_take(&t);
}

/* ---- the tools ---- */

static cJSON *tool(const char *name, const char *title, char *description, cJSON *input,
                   const char *output, bool read_only, bool destructive) {
  cJSON *t = cJSON_CreateObject(), *ann;

  if (!t || !description || !input) {
    cJSON_Delete(t);
    cJSON_Delete(input);
    free(description);
    return NULL;
  }
  cJSON_AddStringToObject(t, "name", name);
  cJSON_AddStringToObject(t, "title", title);
  cJSON_AddStringToObject(t, "description", description);
  free(description);
  cJSON_AddItemToObject(t, "inputSchema", input);
  cJSON_AddItemToObject(t, "outputSchema", cJSON_Parse(output));
  ann = cJSON_AddObjectToObject(t, "annotations");
  cJSON_AddStringToObject(ann, "title", title);
  cJSON_AddBoolToObject(ann, "readOnlyHint", read_only);
  cJSON_AddBoolToObject(ann, "destructiveHint", destructive);
  cJSON_AddBoolToObject(ann, "idempotentHint", read_only);
  cJSON_AddBoolToObject(ann, "openWorldHint", false);
  return t;
}

cJSON *ts_tools_mcp(const struct ts_config *cfg) {
  cJSON *list = cJSON_CreateArray();

  if (!list)
    return NULL;
  cJSON_AddItemToArray(list, tool(TS_TOOL_EXECUTE, "Run Python", execute_description(cfg),
                                  execute_input_schema(cfg), execute_output_schema, false,
                                  false));
  cJSON_AddItemToArray(list, tool(TS_TOOL_VALIDATE, "Check Python", validate_description(cfg),
                                  cJSON_Parse(validate_input_schema), validate_output_schema,
                                  true, false));
  if (cfg->max_sessions > 0) {
    cJSON_AddItemToArray(
        list, tool(TS_TOOL_SESSION_CREATE, "New Python session",
                   strdup("Create a Python session: later python_execute calls with its "
                          "session_id share variables, imports and files, and a call that "
                          "fails (error, timeout, memory) leaves the session as it was. Returns "
                          "session_id. Delete it when done."),
                   session_create_input_schema(cfg), session_output_schema, false, false));
    cJSON_AddItemToArray(
        list, tool(TS_TOOL_SESSION_FORK, "Fork Python session",
                   strdup("Copy a session at its current state into a new session (a new "
                          "session_id), to try another approach from the same point; the two "
                          "then change apart."),
                   cJSON_Parse(session_id_input_schema), session_output_schema, false, false));
    cJSON_AddItemToArray(
        list, tool(TS_TOOL_SESSION_DELETE, "Delete Python session",
                   strdup("Delete a session and everything in it."),
                   cJSON_Parse(session_id_input_schema), session_output_schema, false, true));
  }
  for (cJSON *t = list->child; t; t = t->next)
    if (!cJSON_IsObject(t) || !cJSON_GetObjectItem(t, "outputSchema")) {
      cJSON_Delete(list);
      return NULL;
    }
  if (cJSON_GetArraySize(list) != (cfg->max_sessions > 0 ? 5 : 2)) {
    cJSON_Delete(list);
    return NULL;
  }
  return list;
}

cJSON *ts_tools_document(const struct ts_config *cfg) {
  cJSON *mcp = ts_tools_mcp(cfg), *doc, *openai, *anthropic;

  if (!mcp)
    return NULL;
  doc = cJSON_CreateObject();
  openai = cJSON_AddArrayToObject(doc, "openai");
  anthropic = cJSON_AddArrayToObject(doc, "anthropic");
  for (const cJSON *t = mcp->child; t; t = t->next) {
    const char *name = cJSON_GetObjectItem(t, "name")->valuestring;
    const char *desc = cJSON_GetObjectItem(t, "description")->valuestring;
    const cJSON *in = cJSON_GetObjectItem(t, "inputSchema");
    cJSON *f = cJSON_CreateObject(), *fn, *a = cJSON_CreateObject();
    cJSON_AddStringToObject(f, "type", "function");
    fn = cJSON_AddObjectToObject(f, "function");
    cJSON_AddStringToObject(fn, "name", name);
    cJSON_AddStringToObject(fn, "description", desc);
    cJSON_AddItemToObject(fn, "parameters", cJSON_Duplicate(in, true));
    cJSON_AddItemToArray(openai, f);
    cJSON_AddStringToObject(a, "name", name);
    cJSON_AddStringToObject(a, "description", desc);
    cJSON_AddItemToObject(a, "input_schema", cJSON_Duplicate(in, true));
    cJSON_AddItemToArray(anthropic, a);
  }
  cJSON_AddItemToObject(doc, "mcp", mcp);
  return doc;
}

char *ts_tools_instructions(const struct ts_config *cfg) {
  struct text t = {0};

  put(&t, "Runs Python %s code in an isolated sandbox. Use python_execute to compute, "
          "test and analyse; python_validate checks code without running it.",
      ts_python_version());
  if (cfg->max_sessions > 0)
    put(&t, " For work in steps, create a session (python_session_create) and pass its "
            "session_id: state persists across calls and a failed call is rolled back.");
  return text_take(&t);
}
