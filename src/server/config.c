/* Configuration.  Every option is one row of `options`: its flag, its
 * environment variable and how to store it, so the three sources cannot
 * drift apart. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "exec/executor.h"
#include "server/config.h"
#include "server/profiles.h"

enum opt_kind { OPT_STR, OPT_SIZE, OPT_UINT, OPT_LONG, OPT_SECONDS, OPT_LEVEL, OPT_LIST, OPT_BOOL };

struct option_def {
  const char *flag; /* long option, also TOOL_SANDBOX_<FLAG upper, - as _> */
  enum opt_kind kind;
  size_t offset;
  double min, max;
  const char *help;
};

#define OFF(f) offsetof(struct ts_config, f)
#define POL(f) (offsetof(struct ts_config, policy) + offsetof(struct ts_policy, f))

static const struct option_def options[] = {
    {"listen", OPT_STR, OFF(listen), 0, 0, "HOST:PORT to listen on (port 0: any free port)"},
    {"max-body", OPT_SIZE, OFF(max_body), 1024, 64.0 * 1024 * 1024, "largest request body in bytes (default: max-files-bytes as base64 plus 1 MiB for the code)"},
    {"threads", OPT_UINT, OFF(threads), 1, 256, "HTTP worker threads"},
    {"conn-timeout", OPT_UINT, OFF(conn_timeout), 1, 3600, "seconds before an idle connection is closed"},
    {"max-conns", OPT_UINT, OFF(max_conns), 4, 100000, "simultaneous connections"},
    {"python-home", OPT_STR, OFF(python_home), 0, 0, "Python prefix (default: built-in)"},
    {"log-level", OPT_LEVEL, OFF(log_level), 0, 0, "debug, info, warn or error"},
    {"allowed-modules", OPT_LIST, POL(allowed_modules), 0, 0, "modules snippets may import (comma list; +a,b adds)"},
    {"banned-modules", OPT_LIST, POL(banned_modules), 0, 0, "modules refused by name"},
    {"banned-names", OPT_LIST, POL(banned_names), 0, 0, "builtin names refused"},
    {"banned-attributes", OPT_LIST, POL(banned_attributes), 0, 0, "attribute names refused"},
    {"allowed-dunders", OPT_LIST, POL(allowed_dunders), 0, 0, "dunder names allowed"},
    {"timeout", OPT_SECONDS, OFF(timeout_default), 0.01, 3600, "default execution wall-clock limit, seconds"},
    {"max-timeout", OPT_SECONDS, OFF(timeout_max), 0.01, 3600, "largest timeout a request may ask for"},
    {"memory-mb", OPT_LONG, OFF(memory_default_mb), 16, 1 << 20, "default address-space limit per execution, MiB"},
    {"max-memory-mb", OPT_LONG, OFF(memory_max_mb), 16, 1 << 20, "largest memory_mb a request may ask for"},
    {"max-output", OPT_SIZE, OFF(output_max), 0, 64.0 * 1024 * 1024, "bytes of stdout and of stderr kept (the head and the tail past it)"},
    {"output-ceiling", OPT_SIZE, OFF(output_ceiling), 0, 1024.0 * 1024 * 1024, "bytes of stdout or of stderr past which the execution is killed (0: 16 x max-output)"},
    {"max-concurrency", OPT_UINT, OFF(max_concurrency), 1, 4096, "executions at once (default 2 x CPUs)"},
    {"max-queue", OPT_UINT, OFF(queue_max), 0, 100000, "executions waiting for a slot before 429"},
    {"max-validate-queue", OPT_UINT, OFF(validate_queue_max), 1, 100000, "/validate requests waiting for the parser before 429"},
    {"max-files", OPT_UINT, OFF(max_files), 0, TS_MAX_FILES_LIMIT, "files a request may send into its working directory (0: no \"files\" capability, no open)"},
    {"max-files-bytes", OPT_SIZE, OFF(max_files_bytes), 0, TS_MAX_FILES_BYTES_LIMIT, "decoded bytes of a request's files in all (they also count against max-body)"},
    {"max-outputs", OPT_UINT, OFF(outputs_max), 1, TS_OUTPUTS_LIMIT, "display bundles kept per execution (more are counted in outputs_dropped)"},
    {"max-outputs-bytes", OPT_SIZE, OFF(outputs_bytes), 1024, (double)TS_OUTPUTS_BYTES_LIMIT, "bytes of display bundles kept per execution, as JSON text, result.data included"},
    {"max-return-files", OPT_UINT, OFF(return_max_files), 0, TS_MAX_RETURN_FILES_LIMIT, "files a request's return_files may bring back (more are counted in files_dropped)"},
    {"max-return-bytes", OPT_SIZE, OFF(return_max_bytes), 0, TS_MAX_RETURN_BYTES_LIMIT, "bytes of content return_files may bring back in all (a file past it comes back cut)"},
    {"policy", OPT_STR, OFF(policy_name), 0, 0, "the policy of a request that names none: strict (the seed's rule) or standard (the default: safe views of sys, os, io, getattr and the everyday standard library)"},
    {"profiles", OPT_STR, OFF(profiles), 0, 0, "execution profiles started at boot (comma list): default, science"},
    {"lazy-profiles", OPT_STR, OFF(lazy_profiles), 0, 0, "execution profiles whose zygote starts on their first request (comma list): science"},
    {"science-memory-mb", OPT_LONG, OFF(science_memory_default_mb), 64, 1 << 20, "default address-space limit of a science execution, MiB"},
    {"science-max-memory-mb", OPT_LONG, OFF(science_memory_max_mb), 64, 1 << 20, "largest memory_mb a science execution may ask for"},
    {"mplconfigdir", OPT_STR, OFF(mplconfigdir), 0, 0, "matplotlib's configuration directory for the science profile (its font cache, built ahead)"},
    {"science-site-dirs", OPT_STR, OFF(science_site_dirs), 0, 0, "host directories of the science profile's packages, bound read-only into its root (comma list; the first goes on sys.path)"},
    {"pool", OPT_UINT, OFF(pool), 0, 256, "sandboxes kept ready ahead of demand (default 2)"},
    {"max-sessions", OPT_UINT, OFF(max_sessions), 0, TS_MAX_SESSIONS_LIMIT, "sessions at once (0: no sessions); past it POST /sessions gets 429"},
    {"max-sessions-per-token", OPT_UINT, OFF(max_sessions_per_token), 1, TS_MAX_SESSIONS_LIMIT, "sessions at once of one token (when tokens are configured); past it that token's POST /sessions gets 429"},
    {"sessions-memory-mb", OPT_LONG, OFF(sessions_memory_mb), 16, 1L << 30, "the most memory_mb all sessions may hold together, MiB; past it POST /sessions gets 429"},
    {"session-ttl-max", OPT_SECONDS, OFF(session_ttl_max), 1, 86400, "the longest idle time (ttl) a session may ask for, seconds"},
    {"session-lifetime", OPT_SECONDS, OFF(session_lifetime), 1, 30 * 86400, "the longest a session lives, however busy, seconds"},
    {"grace-period", OPT_SECONDS, OFF(grace_period), 0, 3600, "seconds SIGTERM waits for running executions"},
    {"token-file", OPT_STR, OFF(token_file), 0, 0, "file of accepted bearer tokens, one per line (also env TOOL_SANDBOX_TOKENS, comma separated)"},
    {"static-validation", OPT_BOOL, OFF(static_validation), 0, 0, "false: /execute runs what the validator refuses, so that the runtime and kernel layers alone are tested (true/false)"},
    {"log-code", OPT_BOOL, OFF(log_code), 0, 0, "debug: include the snippet in the access log (true/false)"},
};

int ts_config_init(struct ts_config *c, ts_err *err) {
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

  memset(c, 0, sizeof *c);
  if (ncpu < 1)
    ncpu = 1;
  c->listen = strdup("127.0.0.1:8080");
  c->profiles = strdup("default");
  c->policy_name = strdup(TS_POLICY_STANDARD);
  c->lazy_profiles = strdup("");
  c->mplconfigdir = strdup("/var/cache/tool-sandbox/matplotlib");
  c->science_site_dirs = strdup(TS_SCIENCE_SITE_DIRS);
  if (!c->listen || !c->profiles || !c->policy_name || !c->lazy_profiles || !c->mplconfigdir ||
      !c->science_site_dirs)
    return ts_err_set(err, ENOMEM, "out of memory");
  c->max_body = 0; /* fits the files cap and the code, once that is known */
  c->threads = (unsigned)(ncpu < 4 ? 4 : ncpu);
  c->conn_timeout = 30;
  c->max_conns = 1024;
  c->log_level = TS_LOG_INFO;
  c->timeout_default = 2.0;
  c->timeout_max = 300.0; /* a long job fits; the default timeout stays short */
  c->memory_default_mb = 256;
  c->memory_max_mb = 1024;
  c->output_max = (size_t)1024 * 1024;
  c->output_ceiling = 0; /* TS_OUTPUT_CEILING_FACTOR x output_max, once that is known */
  c->max_concurrency = (unsigned)(2 * ncpu);
  c->queue_max = 64;
  c->validate_queue_max = 64;
  c->pool = 2;
  c->science_memory_default_mb = 1024;
  c->science_memory_max_mb = 4096;
  c->max_files = 64;
  c->max_files_bytes = (size_t)8 << 20;
  c->outputs_max = TS_OUTPUTS_MAX;
  c->outputs_bytes = TS_OUTPUTS_MAX_BYTES;
  c->return_max_files = 64;
  c->return_max_bytes = (size_t)8 << 20;
  c->static_validation = true;
  c->grace_period = 10;
  c->max_sessions = 16;
  c->max_sessions_per_token = 4;
  c->sessions_memory_mb = 4096;
  c->session_ttl_max = 3600;
  c->session_lifetime = 86400;
  return ts_policy_init_default(&c->policy, err);
}

void ts_config_free(struct ts_config *c) {
  free(c->listen);
  free(c->profiles);
  free(c->policy_name);
  free(c->lazy_profiles);
  free(c->mplconfigdir);
  free(c->science_site_dirs);
  free(c->science_versions);
  free(c->python_home);
  free(c->config_file);
  free(c->token_file);
  for (size_t i = 0; i < c->ntokens; i++) {
    /* explicit_bzero: the secret does not linger in freed memory */
    explicit_bzero(c->tokens[i], strlen(c->tokens[i]));
    free(c->tokens[i]);
  }
  free(c->tokens);
  ts_policy_free(&c->policy);
  memset(c, 0, sizeof *c);
}

static int parse_number(const struct option_def *o, const char *v, double *out,
                        ts_err *err) {
  char *end;
  double d;

  errno = 0;
  d = strtod(v, &end);
  if (errno || end == v || *end != '\0' || d != d)
    return ts_err_set(err, EINVAL, "--%s: '%s' is not a number", o->flag, v);
  if (d < o->min || d > o->max)
    return ts_err_set(err, ERANGE, "--%s: %s is out of range [%g, %g]", o->flag, v,
                      o->min, o->max);
  if (o->kind != OPT_SECONDS && d != (double)(long long)d)
    return ts_err_set(err, EINVAL, "--%s: '%s' is not an integer", o->flag, v);
  *out = d;
  return 0;
}

static int apply(struct ts_config *c, const struct option_def *o, const char *v,
                 ts_err *err) {
  char *field = (char *)c + o->offset;
  double d = 0;

  switch (o->kind) {
  case OPT_STR: {
    char *dup = strdup(v);
    if (!dup)
      return ts_err_set(err, ENOMEM, "out of memory");
    free(*(char **)(void *)field);
    *(char **)(void *)field = dup;
    return 0;
  }
  case OPT_LEVEL:
    if (ts_log_level_parse(v, (enum ts_log_level *)(void *)field) < 0)
      return ts_err_set(err, EINVAL, "--%s: '%s' is not debug, info, warn or error",
                        o->flag, v);
    return 0;
  case OPT_LIST:
    if (ts_strset_set_spec((struct ts_strset *)(void *)field, v, err) < 0)
      return ts_err_wrap(err, "--%s", o->flag);
    return 0;
  case OPT_BOOL:
    if (strcmp(v, "true") == 0 || strcmp(v, "1") == 0 || strcmp(v, "yes") == 0)
      *(bool *)(void *)field = true;
    else if (strcmp(v, "false") == 0 || strcmp(v, "0") == 0 || strcmp(v, "no") == 0)
      *(bool *)(void *)field = false;
    else
      return ts_err_set(err, EINVAL, "--%s: '%s' is not true or false", o->flag, v);
    return 0;
  default:
    break;
  }
  if (parse_number(o, v, &d, err) < 0)
    return -1;
  switch (o->kind) {
  case OPT_SIZE:
    *(size_t *)(void *)field = (size_t)d;
    break;
  case OPT_UINT:
    *(unsigned *)(void *)field = (unsigned)d;
    break;
  case OPT_LONG:
    *(long *)(void *)field = (long)d;
    break;
  case OPT_SECONDS:
    *(double *)(void *)field = d;
    break;
  default:
    break;
  }
  return 0;
}

static void env_name(const char *flag, char *buf, size_t n) {
  size_t i = (size_t)snprintf(buf, n, "TOOL_SANDBOX_");

  for (; *flag && i + 1 < n; flag++) {
    char ch = *flag;
    if (ch == '-')
      ch = '_';
    else if (ch >= 'a' && ch <= 'z')
      ch = (char)(ch - 'a' + 'A');
    buf[i++] = ch;
  }
  buf[i] = '\0';
}

static void usage(FILE *f, const char *prog) {
  char env[64];

  fprintf(f, "Usage: %s [OPTION...]\n\nRuns untrusted Python snippets in a sandbox over HTTP.\n\n", prog);
  for (size_t i = 0; i < TS_ARRAY_LEN(options); i++) {
    env_name(options[i].flag, env, sizeof env);
    fprintf(f, "  --%-20s %s\n  %-22s (env %s)\n", options[i].flag, options[i].help, "", env);
  }
  fprintf(f,
          "  --%-20s %s\n  %-22s (env TOOL_SANDBOX_CONFIG)\n"
          "  --%-20s %s\n  --%-20s %s\n  --%-20s %s\n  --%-20s %s\n  --%-20s %s\n\n"
          "Precedence: built-in defaults < config file < environment < flags.\n"
          "The config file holds `name = value` lines with the flag names above.\n",
          "config FILE", "read settings from FILE", "", "print-config",
          "print the effective configuration and exit", "print-seccomp",
          "print the sandbox's seccomp filter (libseccomp pseudo code) and exit", "check",
          "check that this machine can run the sandbox and exit", "help", "show this help",
          "version", "show the version");
}

int ts_parse_listen(const char *s, char host[256], unsigned *port, ts_err *err) {
  const char *colon;
  size_t hl;
  char *end;
  long p;

  if (s[0] == '[') {
    const char *rb = strchr(s, ']');
    if (!rb || rb[1] != ':')
      return ts_err_set(err, EINVAL, "--listen: '%s' is not [ADDR]:PORT", s);
    hl = (size_t)(rb - s - 1);
    s++;
    colon = rb + 1;
  } else {
    colon = strrchr(s, ':');
    if (!colon)
      return ts_err_set(err, EINVAL, "--listen: '%s' is not HOST:PORT", s);
    hl = (size_t)(colon - s);
  }
  if (hl == 0 || hl >= 256)
    return ts_err_set(err, EINVAL, "--listen: bad host in '%s'", s);
  errno = 0;
  p = strtol(colon + 1, &end, 10);
  if (errno || end == colon + 1 || *end || p < 0 || p > 65535)
    return ts_err_set(err, EINVAL, "--listen: bad port in '%s'", s);
  memcpy(host, s, hl);
  host[hl] = '\0';
  *port = (unsigned)p;
  return 0;
}

static const struct option_def *find_option(const char *flag, size_t len) {
  for (size_t i = 0; i < TS_ARRAY_LEN(options); i++)
    if (strlen(options[i].flag) == len && strncmp(options[i].flag, flag, len) == 0)
      return &options[i];
  return NULL;
}

static char *trim(char *s) {
  char *e;

  while (*s == ' ' || *s == '\t')
    s++;
  e = s + strlen(s);
  while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\r' || e[-1] == '\n'))
    *--e = '\0';
  return s;
}

/* The config file: `name = value` lines, names as the long flags, `#`
 * comments and blank lines ignored.  Lines are read whole: with a fixed
 * buffer, the tail of a long line was read as a line of its own, so the
 * end of a long comment could set an option. */
static int load_file(struct ts_config *c, const char *path, ts_err *err) {
  FILE *f = fopen(path, "re");
  cleanup_free char *line = NULL;
  size_t cap = 0;
  unsigned lineno = 0;

  if (!f)
    return ts_err_set(err, errno, "cannot read config file %s: %s", path, strerror(errno));
  while (getline(&line, &cap, f) >= 0) {
    char *s = trim(line), *eq, *name, *value;
    const struct option_def *o;
    lineno++;
    if (!*s || *s == '#')
      continue;
    eq = strchr(s, '=');
    if (!eq) {
      (void)fclose(f); /* read only: nothing to flush */
      return ts_err_set(err, EINVAL, "%s:%u: expected name = value", path, lineno);
    }
    *eq = '\0';
    name = trim(s);
    value = trim(eq + 1);
    o = find_option(name, strlen(name));
    if (!o) {
      (void)fclose(f);
      return ts_err_set(err, EINVAL, "%s:%u: unknown setting '%s'", path, lineno, name);
    }
    if (apply(c, o, value, err) < 0) {
      (void)fclose(f);
      return ts_err_wrap(err, "%s:%u", path, lineno);
    }
  }
  (void)fclose(f);
  return 0;
}

static int add_token(struct ts_config *c, const char *tok, size_t len, ts_err *err) {
  char **t;

  if (len == 0)
    return 0;
  if (len > 4096)
    return ts_err_set(err, EINVAL, "a bearer token is longer than 4096 bytes");
  /* Printable ASCII only (RFC 6750's b64token is a subset).  Unsigned:
   * with a signed char, bytes >= 0x80 were refused by accident, and
   * accepted where char is unsigned. */
  for (size_t i = 0; i < len; i++)
    if ((unsigned char)tok[i] <= ' ' || (unsigned char)tok[i] >= 0x7f)
      return ts_err_set(err, EINVAL,
                        "a bearer token holds a space, a control character or a non-ASCII byte");
  t = realloc(c->tokens, (c->ntokens + 1) * sizeof *t);
  if (!t)
    return ts_err_set(err, ENOMEM, "out of memory");
  c->tokens = t;
  if (!(c->tokens[c->ntokens] = strndup(tok, len)))
    return ts_err_set(err, ENOMEM, "out of memory");
  c->ntokens++;
  return 0;
}

int ts_config_load_tokens(struct ts_config *c, ts_err *err) {
  const char *env = getenv("TOOL_SANDBOX_TOKENS");

  if (c->token_file) {
    FILE *f = fopen(c->token_file, "re");
    /* Whole lines, as in load_file (the tail of a long comment line was
     * read as a token).  Room for the longest token from the start, so
     * that getline does not move a secret and leave a copy behind. */
    size_t cap = 4200;
    char *line;
    if (!f)
      return ts_err_set(err, errno, "cannot read token file %s: %s", c->token_file,
                        strerror(errno));
    if (!(line = malloc(cap))) {
      (void)fclose(f);
      return ts_err_set(err, ENOMEM, "out of memory");
    }
    while (getline(&line, &cap, f) >= 0) {
      char *t = trim(line);
      if (*t == '#')
        continue;
      if (add_token(c, t, strlen(t), err) < 0) {
        explicit_bzero(line, cap);
        free(line);
        (void)fclose(f);
        return ts_err_wrap(err, "token file %s", c->token_file);
      }
    }
    explicit_bzero(line, cap);
    free(line);
    (void)fclose(f);
    if (c->ntokens == 0)
      return ts_err_set(err, EINVAL, "token file %s holds no token", c->token_file);
  }
  while (env && *env) {
    size_t n = strcspn(env, ",");
    if (add_token(c, env, n, err) < 0)
      return ts_err_wrap(err, "TOOL_SANDBOX_TOKENS");
    env += n + (env[n] == ',');
  }
  return 0;
}

static void print_set(FILE *f, const char *name, const struct ts_strset *s) {
  fprintf(f, "%s = ", name);
  for (size_t i = 0; i < s->n; i++)
    fprintf(f, "%s%s", i ? "," : "", s->items[i]);
  (void)fputc('\n', f);
}

void ts_config_print(const struct ts_config *c, FILE *f) {
  fprintf(f, "# tool-sandbox %s effective configuration%s%s\n", TS_VERSION,
          c->config_file ? " (file: " : "", c->config_file ? c->config_file : "");
  if (c->config_file)
    fprintf(f, "# )\n");
  for (size_t i = 0; i < TS_ARRAY_LEN(options); i++) {
    const struct option_def *o = &options[i];
    const char *field = (const char *)c + o->offset;
    switch (o->kind) {
    case OPT_STR: {
      const char *v = *(char *const *)(const void *)field;
      if (v)
        fprintf(f, "%s = %s\n", o->flag, v);
      else
        fprintf(f, "# %s is not set\n", o->flag);
      break;
    }
    case OPT_SIZE:
      fprintf(f, "%s = %zu\n", o->flag, *(const size_t *)(const void *)field);
      break;
    case OPT_UINT:
      fprintf(f, "%s = %u\n", o->flag, *(const unsigned *)(const void *)field);
      break;
    case OPT_LONG:
      fprintf(f, "%s = %ld\n", o->flag, *(const long *)(const void *)field);
      break;
    case OPT_SECONDS:
      fprintf(f, "%s = %g\n", o->flag, *(const double *)(const void *)field);
      break;
    case OPT_LEVEL:
      fprintf(f, "%s = %s\n", o->flag,
              ts_log_level_name(*(const enum ts_log_level *)(const void *)field));
      break;
    case OPT_LIST:
      print_set(f, o->flag, (const struct ts_strset *)(const void *)field);
      break;
    case OPT_BOOL:
      fprintf(f, "%s = %s\n", o->flag, *(const bool *)(const void *)field ? "true" : "false");
      break;
    }
  }
  fprintf(f, "# bearer tokens: %s\n",
          c->token_file || getenv("TOOL_SANDBOX_TOKENS") ? "configured (not shown)" : "none");
}

/* A list of profiles (--profiles, --lazy-profiles): which of the two it
 * names.  "default" is always there; "science" is the only other one. */
static int profile_list(const char *flag, const char *p, bool *dflt, bool *science,
                        ts_err *err) {
  *dflt = *science = false;
  while (*p) {
    size_t len = strcspn(p, ", ");
    if (len == strlen(PROFILE_SCIENCE) && strncmp(p, PROFILE_SCIENCE, len) == 0)
      *science = true;
    else if (len == strlen(PROFILE_DEFAULT) && strncmp(p, PROFILE_DEFAULT, len) == 0)
      *dflt = true;
    else if (len)
      return ts_err_set(err, EINVAL, "--%s: unknown profile '%.*s' (default, science)", flag,
                        (int)len, p);
    p += len;
    p += strspn(p, ", ");
  }
  return 0;
}

enum ts_config_action ts_config_load(struct ts_config *c, int argc, char **argv,
                                     ts_err *err) {
  struct option longopts[TS_ARRAY_LEN(options) + 7];
  const char *file = getenv("TOOL_SANDBOX_CONFIG");
  bool print = false, check = false;
  char env[64];
  char host[256];
  unsigned port;
  int ch, idx;
  size_t n = TS_ARRAY_LEN(options);

  for (size_t i = 0; i < n; i++)
    longopts[i] = (struct option){options[i].flag, required_argument, NULL, (int)i};
  longopts[n] = (struct option){"help", no_argument, NULL, 'h'};
  longopts[n + 1] = (struct option){"version", no_argument, NULL, 'V'};
  longopts[n + 2] = (struct option){"config", required_argument, NULL, 'c'};
  longopts[n + 3] = (struct option){"print-config", no_argument, NULL, 'P'};
  longopts[n + 4] = (struct option){"check", no_argument, NULL, 'K'};
  longopts[n + 5] = (struct option){"print-seccomp", no_argument, NULL, 'S'};
  longopts[n + 6] = (struct option){0, 0, 0, 0};

  /* First pass: the actions and the config file, which the other layers
   * override.  getopt's globals (optind, opterr) are written here only, on
   * the main thread at startup. */
  optind = 1;
  opterr = 0;
  while ((ch = getopt_long(argc, argv, "hV", longopts, &idx)) != -1) {
    if (ch == 'h') {
      usage(stdout, argv[0]);
      return TS_CONFIG_EXIT_OK;
    }
    if (ch == 'V') {
      printf("tool-sandbox %s\n", TS_VERSION);
      return TS_CONFIG_EXIT_OK;
    }
    if (ch == 'c')
      file = optarg;
    else if (ch == 'P')
      print = true;
    else if (ch == 'K')
      check = true;
    else if (ch == 'S')
      c->print_seccomp = true; /* a flag only, like the actions: no file or env can set it */
  }
  if (file) {
    if (load_file(c, file, err) < 0)
      return TS_CONFIG_EXIT_USAGE;
    if (!(c->config_file = strdup(file))) {
      ts_err_set(err, ENOMEM, "out of memory");
      return TS_CONFIG_EXIT_USAGE;
    }
  }

  for (size_t i = 0; i < n; i++) {
    const char *v;
    env_name(options[i].flag, env, sizeof env);
    v = getenv(env);
    if (v && apply(c, &options[i], v, err) < 0) {
      ts_err_wrap(err, "%s", env);
      return TS_CONFIG_EXIT_USAGE;
    }
  }

  optind = 1;
  opterr = 1;
  while ((ch = getopt_long(argc, argv, "hV", longopts, &idx)) != -1) {
    if (ch == 'c' || ch == 'P' || ch == 'K' || ch == 'S')
      continue;
    if (ch < 0 || (size_t)ch >= n) {
      ts_err_set(err, EINVAL, "unknown option (see --help)");
      return TS_CONFIG_EXIT_USAGE;
    }
    if (apply(c, &options[ch], optarg, err) < 0)
      return TS_CONFIG_EXIT_USAGE;
  }
  if (optind < argc) {
    ts_err_set(err, EINVAL, "unexpected argument '%s' (see --help)", argv[optind]);
    return TS_CONFIG_EXIT_USAGE;
  }
  if (ts_parse_listen(c->listen, host, &port, err) < 0)
    return TS_CONFIG_EXIT_USAGE;
  if (c->timeout_default > c->timeout_max) {
    ts_err_set(err, EINVAL, "the default limit timeout = %g is above max-timeout = %g", c->timeout_default,
               c->timeout_max);
    return TS_CONFIG_EXIT_USAGE;
  }
  if (c->memory_default_mb > c->memory_max_mb) {
    ts_err_set(err, EINVAL, "the default limit memory-mb = %ld is above max-memory-mb = %ld", c->memory_default_mb,
               c->memory_max_mb);
    return TS_CONFIG_EXIT_USAGE;
  }
  if (c->science_memory_default_mb > c->science_memory_max_mb) {
    ts_err_set(err, EINVAL, "the default limit science-memory-mb = %ld is above science-max-memory-mb = %ld",
               c->science_memory_default_mb, c->science_memory_max_mb);
    return TS_CONFIG_EXIT_USAGE;
  }
  {
    bool boot_default, boot_science, lazy_default, lazy_science;
    if (profile_list("profiles", c->profiles, &boot_default, &boot_science, err) < 0 ||
        profile_list("lazy-profiles", c->lazy_profiles, &lazy_default, &lazy_science, err) < 0)
      return TS_CONFIG_EXIT_USAGE;
    if (lazy_default) {
      ts_err_set(err, EINVAL, "--lazy-profiles: the default profile always starts at boot");
      return TS_CONFIG_EXIT_USAGE;
    }
    if (boot_science && lazy_science) {
      ts_err_set(err, EINVAL, "the science profile is in both --profiles and --lazy-profiles: "
                              "it starts either at boot or on its first request");
      return TS_CONFIG_EXIT_USAGE;
    }
    c->science = boot_science || lazy_science;
    c->science_lazy = lazy_science;
  }
  if (strcmp(c->policy_name, TS_POLICY_STRICT) != 0 &&
      strcmp(c->policy_name, TS_POLICY_STANDARD) != 0) {
    ts_err_set(err, EINVAL, "--policy must be strict or standard, not '%.40s'", c->policy_name);
    return TS_CONFIG_EXIT_USAGE;
  }
  c->policy_standard = strcmp(c->policy_name, TS_POLICY_STANDARD) == 0;
  if (c->output_ceiling == 0)
    c->output_ceiling = TS_OUTPUT_CEILING_FACTOR * c->output_max;
  /* 0 is "not given" (the flag's own minimum is 1024): a body that carries
   * the files cap's bytes as base64 and the code beside them fits, so the
   * default files cap is never answered 413 by the default body cap. */
  if (c->max_body == 0)
    c->max_body = TS_BODY_FOR_FILES(c->max_files_bytes);
  if (c->output_ceiling < c->output_max) {
    ts_err_set(err, EINVAL, "output-ceiling = %zu is below max-output = %zu", c->output_ceiling,
               c->output_max);
    return TS_CONFIG_EXIT_USAGE;
  }
  if (print) {
    ts_config_print(c, stdout);
    return TS_CONFIG_EXIT_OK;
  }
  return check ? TS_CONFIG_CHECK : TS_CONFIG_RUN;
}
