/* Policy specs and lookups (src/policy/policy.c) and the --listen parser
 * (ts_parse_listen in src/server/config.c): what an operator puts in flags, the
 * environment or the config file, and the dotted names a snippet imports.
 *
 * The input is split at NUL bytes: part 0 is a spec for allowed-modules,
 * part 1 a spec for banned-modules, every part is also a dotted module name
 * and a --listen value.
 *
 * Properties checked beyond "no crash, no leak, no UB":
 *  - ts_strset_set_spec gives exactly the set a straightforward reading of
 *    the spec gives (sorted, unique, "+" keeps the old names), or fails
 *    with a message and leaves the set as it was;
 *  - ts_strset_has, ts_policy_module_banned and ts_policy_module_allowed
 *    agree with linear searches over the name and its parent packages;
 *  - ts_parse_listen's host is the text before the port (or inside the
 *    brackets), and formatting host and port again parses to the same. */
#include <string.h>

#include "fuzz.h"
#include "policy/policy.h"
#include "server/config.h"

#define MAX_PARTS 16

/* ---- the reference reading of a spec ------------------------------------ */

static bool ref_sep(char c) { return c && strchr(", \t\n\r\f\v", c) != NULL; }

static bool ref_valid_name(const char *s, size_t n) {
  if (n == 0 || n > 128)
    return false;
  for (size_t i = 0; i < n; i++)
    if (!strchr("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.", s[i]) ||
        !s[i])
      return false;
  return true;
}

static bool set_has_linear(const struct ts_strset *s, const char *name, size_t n) {
  for (size_t i = 0; i < s->n; i++)
    if (strlen(s->items[i]) == n && memcmp(s->items[i], name, n) == 0)
      return true;
  return false;
}

static bool set_sorted_unique(const struct ts_strset *s) {
  for (size_t i = 1; i < s->n; i++)
    if (strcmp(s->items[i - 1], s->items[i]) >= 0)
      return false;
  return true;
}

static struct ts_strset copy_set(const struct ts_strset *s) {
  struct ts_strset c = {calloc(s->n + 1, sizeof(char *)), s->n};

  FUZZ_CHECK(c.items != NULL);
  for (size_t i = 0; i < s->n; i++)
    FUZZ_CHECK((c.items[i] = strdup(s->items[i])) != NULL);
  return c;
}

static void free_set(struct ts_strset *s) {
  for (size_t i = 0; i < s->n; i++)
    free(s->items[i]);
  free(s->items);
}

static bool same_set(const struct ts_strset *a, const struct ts_strset *b) {
  if (a->n != b->n)
    return false;
  for (size_t i = 0; i < a->n; i++)
    if (strcmp(a->items[i], b->items[i]) != 0)
      return false;
  return true;
}

static int cmp_item(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Applies `spec` to *s and checks the result against the reference: the
 * old names when the spec starts with "+", then every separated name,
 * sorted with duplicates removed. */
static void apply_spec(struct ts_strset *s, const char *spec) {
  struct ts_strset old = copy_set(s), want;
  const char *p = spec;
  bool append = false, ok = true;
  size_t cap = old.n + strlen(spec) + 1, j;
  ts_err err;
  int rc;

  want.items = calloc(cap, sizeof(char *));
  want.n = 0;
  FUZZ_CHECK(want.items != NULL);
  while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r' || *p == '\f' || *p == '\v')
    p++;
  if (*p == '+') {
    append = true;
    p++;
  }
  for (size_t i = 0; append && i < old.n; i++)
    FUZZ_CHECK((want.items[want.n++] = strdup(old.items[i])) != NULL);
  for (const char *q = p; *q;) {
    size_t n;
    while (ref_sep(*q))
      q++;
    if (!*q)
      break;
    for (n = 0; q[n] && !ref_sep(q[n]); n++)
      ;
    ok &= ref_valid_name(q, n);
    FUZZ_CHECK((want.items[want.n++] = strndup(q, n)) != NULL);
    q += n;
  }
  if (want.n) {
    qsort(want.items, want.n, sizeof(char *), cmp_item);
    j = 0;
    for (size_t i = 1; i < want.n; i++) {
      if (strcmp(want.items[i], want.items[j]) == 0)
        free(want.items[i]);
      else
        want.items[++j] = want.items[i];
    }
    want.n = j + 1;
  }

  err.msg[0] = '\0';
  rc = ts_strset_set_spec(s, spec, &err);
  FUZZ_CHECK(rc == (ok ? 0 : -1));
  if (rc < 0) {
    FUZZ_CHECK(err.msg[0] != '\0');
    FUZZ_CHECK(same_set(s, &old));
  } else {
    FUZZ_CHECK(set_sorted_unique(s));
    FUZZ_CHECK(same_set(s, &want));
  }
  free_set(&want);
  free_set(&old);
}

/* ---- module lookups ---------------------------------------------------- */

static bool ref_prefix_in(const struct ts_strset *s, const char *dotted) {
  for (size_t i = 0;; i++) {
    if (dotted[i] == '.' || dotted[i] == '\0') {
      if (set_has_linear(s, dotted, i))
        return true;
      if (dotted[i] == '\0')
        return false;
    }
  }
}

static void check_lookups(const struct ts_policy *pol, const char *name) {
  bool banned = ref_prefix_in(&pol->banned_modules, name);
  bool allowed = *name && !banned && ref_prefix_in(&pol->allowed_modules, name);

  FUZZ_CHECK(ts_policy_module_banned(pol, name) == banned);
  FUZZ_CHECK(ts_policy_module_allowed(pol, name) == allowed);
  FUZZ_CHECK(ts_strset_has(&pol->allowed_modules, name) ==
             set_has_linear(&pol->allowed_modules, name, strlen(name)));
  FUZZ_CHECK(ts_strset_has(&pol->banned_names, name) ==
             set_has_linear(&pol->banned_names, name, strlen(name)));
}

/* ---- --listen ------------------------------------------------------------ */

static void check_listen(const char *s) {
  char host[256], host2[256], again[300];
  unsigned port, port2;
  const char *h, *end;
  ts_err err;

  err.msg[0] = '\0';
  if (ts_parse_listen(s, host, &port, &err) < 0) {
    FUZZ_CHECK(err.msg[0] != '\0');
    return;
  }
  FUZZ_CHECK(port <= 65535);
  FUZZ_CHECK(host[0] != '\0' && strlen(host) < 256);
  if (s[0] == '[') {
    h = s + 1;
    end = strchr(h, ']');
    FUZZ_CHECK(end && end[1] == ':');
    snprintf(again, sizeof again, "[%s]:%u", host, port);
  } else {
    h = s;
    end = strrchr(s, ':');
    FUZZ_CHECK(end != NULL);
    snprintf(again, sizeof again, "%s:%u", host, port);
  }
  FUZZ_CHECK((size_t)(end - h) == strlen(host) && memcmp(h, host, strlen(host)) == 0);
  FUZZ_CHECK(ts_parse_listen(again, host2, &port2, &err) == 0);
  FUZZ_CHECK(strcmp(host, host2) == 0 && port == port2);
}

static struct ts_policy base; /* the default policy, built once */

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  ts_err err;

  (void)argc;
  (void)argv;
  if (ts_policy_init_default(&base, &err) < 0) {
    fprintf(stderr, "fuzz_policy: %s\n", err.msg);
    exit(1);
  }
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *buf = fuzz_strndup(data, size);
  const char *parts[MAX_PARTS];
  size_t nparts = 0;
  struct ts_policy pol = base;

  for (size_t i = 0; nparts < MAX_PARTS;) {
    parts[nparts++] = buf + i;
    i += strlen(buf + i) + 1;
    if (i > size)
      break;
  }

  for (size_t i = 0; i < nparts; i++)
    check_lookups(&base, parts[i]);
  /* The lists a spec replaces are private copies; the others are shared
   * with `base` and only read. */
  pol.allowed_modules = copy_set(&base.allowed_modules);
  pol.banned_modules = copy_set(&base.banned_modules);
  pol.allowed_dunders = copy_set(&base.allowed_dunders);
  apply_spec(&pol.allowed_modules, parts[0]);
  if (nparts > 1)
    apply_spec(&pol.banned_modules, parts[1]);
  /* twice in a row: "+" onto a set the spec itself built */
  apply_spec(&pol.allowed_dunders, parts[0]);
  apply_spec(&pol.allowed_dunders, parts[nparts - 1]);
  for (size_t i = 0; i < nparts; i++) {
    check_lookups(&pol, parts[i]);
    check_listen(parts[i]);
  }
  for (size_t i = 0; i < pol.allowed_modules.n && i < 8; i++)
    check_lookups(&pol, pol.allowed_modules.items[i]);
  free_set(&pol.allowed_modules);
  free_set(&pol.banned_modules);
  free_set(&pol.allowed_dunders);
  free(buf);
  return 0;
}
