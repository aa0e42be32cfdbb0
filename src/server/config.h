/* Service configuration: built-in defaults, then TOOL_SANDBOX_* environment
 * variables, then command-line flags (later wins). */
#ifndef TS_CONFIG_H
#define TS_CONFIG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "policy/policy.h"
#include "util/common.h"
#include "util/log.h"

/* The largest --max-files and --max-files-bytes: a file and each of its
 * directories take one of the private /tmp's 1024 inodes (at most 8 per
 * file, util/filepath.h), and the files must fit in its 16 MiB with room
 * to spare for the snippet. */
#define TS_MAX_FILES_LIMIT 100
#define TS_MAX_FILES_BYTES_LIMIT (12.0 * 1024 * 1024)
/* The default --max-body: n decoded bytes of files as base64 (4 per 3,
 * rounded up) and 1 MiB for the code, the paths and the JSON around them
 * (8 MiB of files: 12,233,388 bytes, about 11.7 MiB). */
#define TS_BODY_FOR_FILES(n) (((size_t)(n) + 2) / 3 * 4 + ((size_t)1 << 20))
/* The largest --max-return-files and --max-return-bytes: no more files
 * than the private /tmp has inodes, no more bytes than it holds. */
#define TS_MAX_RETURN_FILES_LIMIT 1024
#define TS_MAX_RETURN_BYTES_LIMIT (16.0 * 1024 * 1024)

/* The largest --max-sessions: each session holds a pid namespace of up to
 * four processes and about ten descriptors of the server's. */
#define TS_MAX_SESSIONS_LIMIT 1024
/* A session's idle ttl when it asks for none (or --session-ttl-max, when
 * that is lower). */
#define TS_SESSION_TTL_DEFAULT 600.0

struct ts_config {
  char *listen;          /* "HOST:PORT", port 0 picks a free one */
  size_t max_body;       /* bytes; larger request bodies get 413 */
  unsigned threads;      /* HTTP worker threads */
  unsigned conn_timeout; /* seconds a connection may stay idle */
  unsigned max_conns;    /* simultaneous connections */
  unsigned validate_queue_max; /* /validate requests waiting for the parser */
  char *python_home;     /* NULL: the interpreter's built-in prefix */
  enum ts_log_level log_level;
  struct ts_policy policy;
  /* profiles (README: profiles): "default" always, started at boot;
   * "science" too when listed in profiles (started at boot) or in
   * lazy_profiles (its zygote started by the first request for it), with
   * its own zygote and memory limits */
  char *profiles, *lazy_profiles;
  /* the policy of a request that names none: "strict" or "standard" */
  char *policy_name;
  bool policy_standard; /* policy_name is "standard" */
  bool science;      /* the science profile exists (at boot or lazily) */
  bool science_lazy; /* ... and starts on its first request */
  long science_memory_default_mb, science_memory_max_mb;
  char *mplconfigdir; /* the science zygote's font cache, built ahead */
  char *science_site_dirs; /* where its packages are (comma list, bound read-only) */
  char *science_versions; /* "module version" lines its zygote answered (GET /info) */

  /* /execute */
  double timeout_default, timeout_max; /* seconds */
  long memory_default_mb, memory_max_mb;
  size_t output_max;        /* bytes kept per stream */
  size_t output_ceiling;    /* bytes per stream past which the child is killed */
  unsigned max_concurrency; /* executions at once */
  unsigned queue_max;       /* executions waiting for a slot */
  unsigned pool;            /* sandboxes kept ready ahead of demand */
  bool static_validation;   /* /execute refuses what the validator refuses */
  unsigned max_files;       /* files a request may send; 0: no "files" capability */
  size_t max_files_bytes;   /* their decoded bytes in all */
  unsigned outputs_max;     /* display bundles kept per execution */
  size_t outputs_bytes;     /* their bytes in all */
  unsigned return_max_files; /* files sent back by return_files, at most */
  size_t return_max_bytes;   /* their content in all; a file past it is cut */
  double grace_period;      /* seconds SIGTERM waits for executions */

  /* sessions */
  unsigned max_sessions;    /* sessions at once; 0: no sessions */
  unsigned max_sessions_per_token; /* sessions at once of one token (with --token-file) */
  long sessions_memory_mb;  /* the sum of the sessions' memory_mb */
  double session_ttl_max;   /* the longest idle ttl a session may ask for, seconds */
  double session_lifetime;  /* the longest a session lives, seconds */

  /* operations */
  char *config_file;  /* where the file layer came from, or NULL */
  char *token_file;   /* one bearer token per line */
  bool log_code;      /* debug: put the snippet in the access log */
  bool print_seccomp; /* --print-seccomp: main prints the filter and exits */
  char **tokens;      /* accepted bearer tokens (file + TOOL_SANDBOX_TOKENS) */
  size_t ntokens;
};

enum ts_config_action {
  TS_CONFIG_RUN,
  TS_CONFIG_EXIT_OK,    /* --help, --version, --print-config done */
  TS_CONFIG_EXIT_USAGE, /* bad configuration: *err says why */
  TS_CONFIG_CHECK,      /* --check: run the preflight and exit */
};

int ts_config_init(struct ts_config *c, ts_err *err);
/* Applies, in order of precedence (later wins): the built-in defaults, the
 * config file (--config or TOOL_SANDBOX_CONFIG), TOOL_SANDBOX_* variables
 * and flags.  Prints --help, --version and --print-config itself;
 * --print-seccomp only sets print_seccomp, for the caller to act on.
 * Bearer tokens are not read here: see ts_config_load_tokens(). */
enum ts_config_action ts_config_load(struct ts_config *c, int argc, char **argv,
                                     ts_err *err);
void ts_config_free(struct ts_config *c);

/* Reads the bearer tokens from --token-file and TOOL_SANDBOX_TOKENS (comma
 * separated).  Called only after the zygote exists, so that no secret is
 * ever in memory that the zygote could inherit. */
int ts_config_load_tokens(struct ts_config *c, ts_err *err);

/* Writes the effective configuration in the config file's own format. */
void ts_config_print(const struct ts_config *c, FILE *f);

/* Splits "host:port" or "[v6]:port".  host must hold 256 bytes. */
int ts_parse_listen(const char *s, char host[256], unsigned *port, ts_err *err);

#endif
