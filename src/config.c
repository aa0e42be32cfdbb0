/* Configuration.  Every option is one row of `options`: its flag, its
 * environment variable and how to store it, so the three sources cannot
 * drift apart. */
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "config.h"

enum opt_kind { OPT_STR, OPT_SIZE, OPT_UINT, OPT_LONG, OPT_SECONDS, OPT_LEVEL, OPT_LIST };

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
    {"max-body", OPT_SIZE, OFF(max_body), 1024, 64.0 * 1024 * 1024, "largest request body in bytes"},
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
    {"max-output", OPT_SIZE, OFF(output_max), 0, 64.0 * 1024 * 1024, "bytes of stdout and of stderr kept"},
    {"max-concurrency", OPT_UINT, OFF(max_concurrency), 1, 4096, "executions at once (default 2 x CPUs)"},
    {"max-queue", OPT_UINT, OFF(queue_max), 0, 100000, "executions waiting for a slot before 429"},
    {"pool", OPT_UINT, OFF(pool), 0, 256, "sandboxes kept ready ahead of demand (default 2)"},
};

int ts_config_init(struct ts_config *c, ts_err *err) {
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);

  memset(c, 0, sizeof *c);
  if (ncpu < 1)
    ncpu = 1;
  c->listen = strdup("127.0.0.1:8080");
  if (!c->listen)
    return ts_err_set(err, ENOMEM, "out of memory");
  c->max_body = 256 * 1024;
  c->threads = (unsigned)(ncpu < 4 ? 4 : ncpu);
  c->conn_timeout = 30;
  c->max_conns = 1024;
  c->log_level = TS_LOG_INFO;
  c->timeout_default = 2.0;
  c->timeout_max = 30.0;
  c->memory_default_mb = 256;
  c->memory_max_mb = 1024;
  c->output_max = 64 * 1024;
  c->max_concurrency = (unsigned)(2 * ncpu);
  c->queue_max = 64;
  c->pool = 2;
  return ts_policy_init_default(&c->policy, err);
}

void ts_config_free(struct ts_config *c) {
  free(c->listen);
  free(c->python_home);
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
  if (o->kind != OPT_SECONDS && d != (double)(long long)d)
    return ts_err_set(err, EINVAL, "--%s: '%s' is not an integer", o->flag, v);
  if (d < o->min || d > o->max)
    return ts_err_set(err, ERANGE, "--%s: %s is out of range [%g, %g]", o->flag, v,
                      o->min, o->max);
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
    free(*(char **)field);
    *(char **)field = dup;
    return 0;
  }
  case OPT_LEVEL:
    if (ts_log_level_parse(v, (enum ts_log_level *)(void *)field) < 0)
      return ts_err_set(err, EINVAL, "--%s: '%s' is not debug, info, warn or error",
                        o->flag, v);
    return 0;
  case OPT_LIST:
    return ts_strset_set_spec((struct ts_strset *)(void *)field, v, err);
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

  for (; *flag && i + 1 < n; flag++)
    buf[i++] = *flag == '-' ? '_' : (char)(*flag >= 'a' && *flag <= 'z' ? *flag - 32 : *flag);
  buf[i] = '\0';
}

static void usage(FILE *f, const char *prog) {
  char env[64];

  fprintf(f, "Usage: %s [OPTION...]\n\nRuns untrusted Python snippets in a sandbox over HTTP.\n\n", prog);
  for (size_t i = 0; i < TS_ARRAY_LEN(options); i++) {
    env_name(options[i].flag, env, sizeof env);
    fprintf(f, "  --%-20s %s\n  %-22s (env %s)\n", options[i].flag, options[i].help, "", env);
  }
  fprintf(f, "  --%-20s %s\n  --%-20s %s\n", "help", "show this help", "version", "show the version");
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

enum ts_config_action ts_config_load(struct ts_config *c, int argc, char **argv,
                                     ts_err *err) {
  struct option longopts[TS_ARRAY_LEN(options) + 3];
  char env[64];
  char host[256];
  unsigned port;
  int ch, idx;

  for (size_t i = 0; i < TS_ARRAY_LEN(options); i++) {
    const char *v;
    env_name(options[i].flag, env, sizeof env);
    v = getenv(env);
    if (v && apply(c, &options[i], v, err) < 0) {
      size_t l = strlen(err->msg);
      snprintf(err->msg + l, sizeof err->msg - l, " (from %s)", env);
      return TS_CONFIG_EXIT_USAGE;
    }
  }

  for (size_t i = 0; i < TS_ARRAY_LEN(options); i++)
    longopts[i] = (struct option){options[i].flag, required_argument, NULL, (int)i};
  longopts[TS_ARRAY_LEN(options)] = (struct option){"help", no_argument, NULL, 'h'};
  longopts[TS_ARRAY_LEN(options) + 1] = (struct option){"version", no_argument, NULL, 'V'};
  longopts[TS_ARRAY_LEN(options) + 2] = (struct option){0, 0, 0, 0};

  optind = 1;
  while ((ch = getopt_long(argc, argv, "hV", longopts, &idx)) != -1) {
    if (ch == 'h') {
      usage(stdout, argv[0]);
      return TS_CONFIG_EXIT_OK;
    }
    if (ch == 'V') {
      printf("tool-sandbox %s\n", TS_VERSION);
      return TS_CONFIG_EXIT_OK;
    }
    if (ch < 0 || (size_t)ch >= TS_ARRAY_LEN(options)) {
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
  if (c->timeout_default > c->timeout_max || c->memory_default_mb > c->memory_max_mb) {
    ts_err_set(err, EINVAL, "a default limit is above its maximum");
    return TS_CONFIG_EXIT_USAGE;
  }
  return TS_CONFIG_RUN;
}
