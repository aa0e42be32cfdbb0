/* The configuration file and the bearer token file (src/server/config.c): the
 * input is written to a memfd and read through /proc/self/fd/N, as
 * `tool-sandbox --config FILE` and `--token-file FILE` read theirs; its
 * first line is also TOOL_SANDBOX_TOKENS (on its own, without the file).
 *
 * Properties checked beyond "no crash, no leak, no UB":
 *  - ts_config_load with only --config never prints or exits: it answers
 *    RUN or USAGE (with a message);
 *  - an accepted file leaves every setting in its documented range, the
 *    policy lists sorted, unique and made of valid names, and the string
 *    settings (listen, python-home, token-file) equal to the value of the
 *    last line that sets them, as a line-by-line reading of the file
 *    says: no setting comes from anywhere else (a comment, the tail of a
 *    long line);
 *  - the tokens accepted are exactly those a line-by-line reading of the
 *    token file, or a comma split of TOOL_SANDBOX_TOKENS, give, and an
 *    error is reported exactly when that reading finds a bad token. */
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz.h"
#include "server/config.h"

static int memfd = -1;
static char path[64];

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  /* Only the file layer is under test: no TOOL_SANDBOX_* from outside. */
  for (char **e = environ; e && *e;) {
    if (strncmp(*e, "TOOL_SANDBOX_", 13) == 0) {
      char name[256];
      size_t n = strcspn(*e, "=");
      snprintf(name, sizeof name, "%.*s", (int)n, *e);
      unsetenv(name);
      e = environ; /* unsetenv reshuffles the array */
    } else {
      e++;
    }
  }
  memfd = memfd_create("fuzz-config", MFD_CLOEXEC);
  if (memfd < 0) {
    perror("memfd_create");
    exit(1);
  }
  snprintf(path, sizeof path, "/proc/self/fd/%d", memfd);
  return 0;
}

static void put_file(const uint8_t *data, size_t size) {
  size_t off = 0;

  FUZZ_CHECK(ftruncate(memfd, 0) == 0);
  while (off < size) {
    ssize_t n = pwrite(memfd, data + off, size - off, (off_t)off);
    FUZZ_CHECK(n > 0);
    off += (size_t)n;
  }
}

/* ---- a line-by-line reading of the input -------------------------------- */

struct line {
  const char *s; /* trimmed, up to the first NUL of the line */
  size_t len;
};

/* Lines split at '\n'; each cut at its first NUL (the C string ends
 * there) and trimmed as config.c documents: leading blanks and tabs,
 * trailing blanks, tabs, CR and LF. */
static size_t split_lines(const char *s, size_t n, struct line *out) {
  size_t k = 0, i = 0;

  while (i < n) {
    const char *nl = memchr(s + i, '\n', n - i);
    size_t end = nl ? (size_t)(nl - s) : n, b = i, e;
    const char *nul = memchr(s + i, '\0', end - i);

    e = nul ? (size_t)(nul - s) : end;
    while (b < e && (s[b] == ' ' || s[b] == '\t'))
      b++;
    while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t' || s[e - 1] == '\r'))
      e--;
    out[k].s = s + b;
    out[k].len = e - b;
    k++;
    i = end + 1;
  }
  return k;
}

static bool blank_or_comment(const struct line *l) { return l->len == 0 || l->s[0] == '#'; }

/* The value of the last `name = value` line, or NULL. */
static bool last_setting(const struct line *lines, size_t n, const char *name, const char **v,
                         size_t *vlen) {
  bool found = false;

  for (size_t i = 0; i < n; i++) {
    const struct line *l = &lines[i];
    const char *eq;
    size_t nl, b;

    if (blank_or_comment(l) || !(eq = memchr(l->s, '=', l->len)))
      continue;
    nl = (size_t)(eq - l->s);
    while (nl > 0 && (l->s[nl - 1] == ' ' || l->s[nl - 1] == '\t' || l->s[nl - 1] == '\r'))
      nl--; /* the name is trimmed like a whole line */
    if (nl != strlen(name) || memcmp(l->s, name, nl) != 0)
      continue;
    b = (size_t)(eq - l->s) + 1;
    while (b < l->len && (l->s[b] == ' ' || l->s[b] == '\t'))
      b++;
    *v = l->s + b;
    *vlen = l->len - b;
    found = true;
  }
  return found;
}

static void check_string_setting(const struct line *lines, size_t n, const char *name,
                                 const char *actual, const char *dflt) {
  const char *v;
  size_t vlen;

  if (last_setting(lines, n, name, &v, &vlen)) {
    FUZZ_CHECK(actual != NULL);
    FUZZ_CHECK(strlen(actual) == vlen && memcmp(actual, v, vlen) == 0);
  } else if (dflt) {
    FUZZ_CHECK(actual != NULL && strcmp(actual, dflt) == 0);
  } else {
    FUZZ_CHECK(actual == NULL);
  }
}

static bool valid_list(const struct ts_strset *s) {
  for (size_t i = 0; i < s->n; i++) {
    size_t len = strlen(s->items[i]);
    if (len == 0 || len > 128 || strspn(s->items[i],
                                        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                                        "0123456789_.") != len)
      return false;
    if (i > 0 && strcmp(s->items[i - 1], s->items[i]) >= 0)
      return false;
  }
  return true;
}

static void check_config(const struct ts_config *c, const uint8_t *data, size_t size) {
  struct line *lines = malloc((size + 1) * sizeof *lines);
  char host[256];
  unsigned port;
  size_t n;
  ts_err err;

  FUZZ_CHECK(lines != NULL);
  n = split_lines((const char *)data, size, lines);
  check_string_setting(lines, n, "listen", c->listen, "127.0.0.1:8080");
  check_string_setting(lines, n, "python-home", c->python_home, NULL);
  check_string_setting(lines, n, "token-file", c->token_file, NULL);
  free(lines);

  FUZZ_CHECK(ts_parse_listen(c->listen, host, &port, &err) == 0);
  FUZZ_CHECK(c->max_body >= 1024 && c->max_body <= 64u * 1024 * 1024);
  FUZZ_CHECK(c->conn_timeout >= 1 && c->conn_timeout <= 3600);
  FUZZ_CHECK(c->max_conns >= 4 && c->max_conns <= 100000);
  FUZZ_CHECK(c->timeout_default >= 0.01 && c->timeout_default <= c->timeout_max &&
             c->timeout_max <= 3600);
  FUZZ_CHECK(c->memory_default_mb >= 16 && c->memory_default_mb <= c->memory_max_mb &&
             c->memory_max_mb <= 1 << 20);
  FUZZ_CHECK(c->output_max <= 64u * 1024 * 1024);
  FUZZ_CHECK(c->output_ceiling >= c->output_max && c->output_ceiling <= 1024u * 1024 * 1024);
  FUZZ_CHECK(c->max_concurrency >= 1);
  FUZZ_CHECK(c->queue_max <= 100000);
  FUZZ_CHECK(c->validate_queue_max >= 1 && c->validate_queue_max <= 100000);
  FUZZ_CHECK(c->pool <= 256);
  FUZZ_CHECK(c->grace_period >= 0 && c->grace_period <= 3600);
  FUZZ_CHECK(valid_list(&c->policy.allowed_modules));
  FUZZ_CHECK(valid_list(&c->policy.banned_modules));
  FUZZ_CHECK(valid_list(&c->policy.banned_names));
  FUZZ_CHECK(valid_list(&c->policy.banned_attributes));
  FUZZ_CHECK(valid_list(&c->policy.allowed_dunders));
}

/* ---- tokens -------------------------------------------------------------- */

/* -1: refused, 0: skipped (empty), 1: a token */
static int token_ok(const char *s, size_t len) {
  if (len == 0)
    return 0;
  if (len > 4096)
    return -1;
  for (size_t i = 0; i < len; i++)
    if ((unsigned char)s[i] <= ' ' || (unsigned char)s[i] >= 0x7f) /* printable ASCII */
      return -1;
  return 1;
}

/* What ts_config_load_tokens must produce from the token file `data` (or
 * none) and the environment value `env` (or none): the token list, or -1
 * when it must fail. */
static int expected_tokens(const uint8_t *data, size_t size, const char *env, struct line *out,
                           size_t *nout) {
  size_t k = 0;

  if (data) {
    struct line *lines = malloc((size + 1) * sizeof *lines);
    size_t n;

    FUZZ_CHECK(lines != NULL);
    n = split_lines((const char *)data, size, lines);
    for (size_t i = 0; i < n; i++) {
      int r;
      if (lines[i].len && lines[i].s[0] == '#')
        continue;
      r = token_ok(lines[i].s, lines[i].len);
      if (r < 0) {
        free(lines);
        return -1;
      }
      if (r > 0)
        out[k++] = lines[i];
    }
    free(lines);
    if (k == 0)
      return -1; /* a token file must hold a token */
  }
  while (env && *env) {
    size_t len = strcspn(env, ",");
    int r = token_ok(env, len);
    if (r < 0)
      return -1;
    if (r > 0)
      out[k++] = (struct line){env, len};
    env += len + (env[len] == ',');
  }
  *nout = k;
  return 0;
}

/* One call of ts_config_load_tokens with the input as the token file
 * (file) or TOOL_SANDBOX_TOKENS (env), compared with the expectation. */
static void check_tokens(const uint8_t *data, size_t size, const char *env, bool file) {
  struct ts_config c;
  struct line *want = malloc((2 * size + 2) * sizeof *want);
  char *var = NULL;
  size_t nwant = 0;
  ts_err err;
  int expect, rc;

  FUZZ_CHECK(want != NULL);
  if (env) {
    /* putenv, not setenv: glibc keeps every value setenv was ever given */
    size_t n = strlen(env) + 32;
    var = malloc(n);
    FUZZ_CHECK(var != NULL);
    snprintf(var, n, "TOOL_SANDBOX_TOKENS=%s", env);
    FUZZ_CHECK(putenv(var) == 0);
  }
  expect = expected_tokens(file ? data : NULL, size, env, want, &nwant);
  /* Only the token fields are used: no need for ts_config_init's policy. */
  memset(&c, 0, sizeof c);
  if (file) {
    c.token_file = strdup(path);
    FUZZ_CHECK(c.token_file != NULL);
  }
  err.msg[0] = '\0';
  rc = ts_config_load_tokens(&c, &err);
  FUZZ_CHECK(rc == expect);
  if (rc == 0) {
    FUZZ_CHECK(c.ntokens == nwant);
    for (size_t i = 0; i < c.ntokens; i++)
      FUZZ_CHECK(strlen(c.tokens[i]) == want[i].len &&
                 memcmp(c.tokens[i], want[i].s, want[i].len) == 0);
  } else {
    FUZZ_CHECK(err.msg[0] != '\0');
  }
  ts_config_free(&c);
  FUZZ_CHECK(unsetenv("TOOL_SANDBOX_TOKENS") == 0);
  free(var);
  free(want);
}

static void fuzz_tokens(const uint8_t *data, size_t size) {
  /* the first line (up to a newline or NUL) as a comma list */
  char *env = fuzz_strndup(data, size);

  env[strcspn(env, "\n")] = '\0';
  check_tokens(data, size, NULL, true);
  check_tokens(data, size, env, false);
  free(env);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char prog[] = "tool-sandbox", flag[] = "--config";
  char *argv[] = {prog, flag, path, NULL};
  struct ts_config c;
  enum ts_config_action a;
  ts_err err;

  put_file(data, size);

  FUZZ_CHECK(ts_config_init(&c, &err) == 0);
  err.msg[0] = '\0';
  a = ts_config_load(&c, 3, argv, &err);
  FUZZ_CHECK(a == TS_CONFIG_RUN || a == TS_CONFIG_EXIT_USAGE);
  if (a == TS_CONFIG_RUN) {
    FUZZ_CHECK(c.config_file && strcmp(c.config_file, path) == 0);
    check_config(&c, data, size);
  } else {
    FUZZ_CHECK(err.msg[0] != '\0');
  }
  ts_config_free(&c);

  fuzz_tokens(data, size);
  return 0;
}
