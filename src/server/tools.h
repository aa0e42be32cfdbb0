/* The sandbox as tools for a model: one source for the MCP tools
 * (tools/list) and for GET /tools (OpenAI-style function definitions and
 * Anthropic-style tool definitions).  The descriptions are written from
 * the active configuration: the modules a snippet may import, the limits,
 * what the validator refuses and why, so that a model writes code that
 * passes the first time.  Pure code on a configuration. */
#ifndef TS_SERVER_TOOLS_H
#define TS_SERVER_TOOLS_H

#include <cjson/cJSON.h>

#include "server/config.h"

#define TS_TOOL_EXECUTE "python_execute"
#define TS_TOOL_VALIDATE "python_validate"
#define TS_TOOL_SESSION_CREATE "python_session_create"
#define TS_TOOL_SESSION_FORK "python_session_fork"
#define TS_TOOL_SESSION_DELETE "python_session_delete"

/* The tools as MCP Tool objects: name, title, description, inputSchema,
 * outputSchema, annotations.  The session tools only when sessions are
 * on.  NULL when out of memory. */
cJSON *ts_tools_mcp(const struct ts_config *cfg);

/* GET /tools: {"mcp": [...], "openai": [...], "anthropic": [...]}, the same
 * tools in the three shapes. */
cJSON *ts_tools_document(const struct ts_config *cfg);

/* A short instruction for a model about the server as a whole (MCP's
 * `instructions`). */
char *ts_tools_instructions(const struct ts_config *cfg);

#endif
