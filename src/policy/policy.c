/* The validation policy: string sets and the built-in default lists.
 *
 * The default lists are the core of the static check, so every entry that
 * is not obvious says why it is there (or why a tempting one is not). */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "policy/policy.h"
#include "rules_gen.h"

#define TS_NAME_MAX 128

/* The default lists are the tables of src/policy/rules.txt (one comment
 * per entry that is not obvious, read by the runner too): rules_gen.c. */

static void strset_clear(struct ts_strset *s) {
  for (size_t i = 0; i < s->n; i++)
    free(s->items[i]);
  free(s->items);
  s->items = NULL;
  s->n = 0;
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Sorts and removes duplicates in place. */
static void strset_normalise(struct ts_strset *s) {
  size_t j = 0;

  if (s->n == 0)
    return;
  qsort(s->items, s->n, sizeof *s->items, cmp_str);
  for (size_t i = 1; i < s->n; i++) {
    if (strcmp(s->items[i], s->items[j]) == 0)
      free(s->items[i]);
    else
      s->items[++j] = s->items[i];
  }
  s->n = j + 1;
}

/* s = names[0..n) and more[0..nmore) (more may be NULL). */
static int strset_from_arrays(struct ts_strset *s, const char *const *names, size_t n,
                              const char *const *more, size_t nmore, ts_err *err) {
  s->items = calloc(n + nmore ? n + nmore : 1, sizeof *s->items);
  s->n = 0;
  if (!s->items)
    return ts_err_set(err, ENOMEM, "out of memory");
  for (size_t i = 0; i < n + nmore; i++) {
    if (!(s->items[i] = strdup(i < n ? names[i] : more[i - n]))) {
      strset_clear(s);
      return ts_err_set(err, ENOMEM, "out of memory");
    }
    s->n++;
  }
  strset_normalise(s);
  return 0;
}

static int strset_from_array(struct ts_strset *s, const char *const *names, size_t n,
                             ts_err *err) {
  return strset_from_arrays(s, names, n, NULL, 0, err);
}

/* Binary search for the first `n` bytes of `name` (which has no NUL in
 * them), so that prefixes of a dotted name need no copy. */
static bool strset_has_n(const struct ts_strset *s, const char *name,
                         size_t n) {
  size_t lo = 0, hi = s->n;

  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    const char *item = s->items[mid];
    int c = strncmp(item, name, n);

    if (c == 0 && item[n] != '\0')
      c = 1; /* item is longer, so it sorts after name */
    if (c == 0)
      return true;
    if (c < 0)
      lo = mid + 1;
    else
      hi = mid;
  }
  return false;
}

bool ts_strset_has(const struct ts_strset *s, const char *name) {
  return s && name && strset_has_n(s, name, strlen(name));
}

static bool valid_name(const char *s, size_t n) {
  if (n == 0 || n > TS_NAME_MAX)
    return false;
  for (size_t i = 0; i < n; i++) {
    char c = s[i];
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
          (c >= '0' && c <= '9') || c == '_' || c == '.'))
      return false;
  }
  return true;
}

static bool is_sep(char c) {
  return c == ',' || c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
         c == '\f' || c == '\v';
}

int ts_strset_set_spec(struct ts_strset *s, const char *spec, ts_err *err) {
  struct ts_strset tmp = {0};
  size_t cap = 0;
  bool append = false;
  const char *p = spec ? spec : "";

  while (*p && is_sep(*p) && *p != ',')
    p++;
  if (*p == '+') {
    append = true;
    p++;
  }
  /* Count the tokens first so one allocation holds old and new names. */
  for (const char *q = p; *q;) {
    while (*q && is_sep(*q))
      q++;
    if (!*q)
      break;
    cap++;
    while (*q && !is_sep(*q))
      q++;
  }
  if (append)
    cap += s->n;
  tmp.items = calloc(cap ? cap : 1, sizeof *tmp.items);
  if (!tmp.items)
    return ts_err_set(err, ENOMEM, "out of memory");

  for (size_t i = 0; append && i < s->n; i++) {
    if (!(tmp.items[tmp.n] = strdup(s->items[i])))
      goto nomem;
    tmp.n++;
  }
  while (*p) {
    const char *start;
    size_t n;

    while (*p && is_sep(*p))
      p++;
    if (!*p)
      break;
    start = p;
    while (*p && !is_sep(*p))
      p++;
    n = (size_t)(p - start);
    if (!valid_name(start, n)) {
      ts_err_set(err, EINVAL,
                 "invalid name '%.*s%s' in list: expected 1 to %d of "
                 "[A-Za-z0-9_.]",
                 (int)(n > 64 ? 64 : n), start, n > 64 ? "..." : "",
                 TS_NAME_MAX);
      strset_clear(&tmp);
      return -1;
    }
    if (!(tmp.items[tmp.n] = strndup(start, n)))
      goto nomem;
    tmp.n++;
  }
  strset_normalise(&tmp);
  strset_clear(s);
  *s = tmp;
  return 0;

nomem:
  strset_clear(&tmp);
  return ts_err_set(err, ENOMEM, "out of memory");
}

#define RULE(name) ts_rule_##name, TS_ARRAY_LEN(ts_rule_##name)

int ts_policy_init_default(struct ts_policy *p, ts_err *err) {
  struct {
    struct ts_strset *set;
    const char *const *names;
    size_t n;
    const char *const *more;
    size_t nmore;
  } lists[] = {
    {&p->allowed_modules, RULE(allowed_modules), NULL, 0},
    {&p->banned_modules, RULE(banned_modules), NULL, 0},
    {&p->banned_names, RULE(banned_names), NULL, 0},
    {&p->banned_attributes, RULE(internal_attributes), RULE(banned_attributes)},
    {&p->allowed_dunders, RULE(dunder_methods), NULL, 0},
    {&p->readable_dunders, RULE(dunder_readable), NULL, 0},
    {&p->read_only_dunders, RULE(dunder_read_only), NULL, 0},
  };

  memset(p, 0, sizeof *p);
  for (size_t i = 0; i < TS_ARRAY_LEN(lists); i++) {
    if (strset_from_arrays(lists[i].set, lists[i].names, lists[i].n, lists[i].more,
                           lists[i].nmore, err) < 0) {
      ts_policy_free(p);
      return -1;
    }
  }
  return 0;
}

/* What the standard policy adds to the strict one (rules.txt:
 * standard-*).  The runtime layer (runner.py: _standard_builtins and the
 * views) gives each a view that holds the same rule: attribute names
 * checked like the attributes of the code, io without FileIO or open. */
int ts_policy_make_standard(struct ts_policy *p, ts_err *err) {
  strset_clear(&p->operator_modules);
  if (strset_from_array(&p->operator_modules, (const char *const *)p->allowed_modules.items,
                        p->allowed_modules.n, err) < 0)
    return -1;
  for (size_t i = 0; i < TS_ARRAY_LEN(ts_rule_standard_unbanned_names); i++)
    ts_strset_remove(&p->banned_names, ts_rule_standard_unbanned_names[i]);
  for (size_t i = 0; i < TS_ARRAY_LEN(ts_rule_standard_unbanned_modules); i++)
    ts_strset_remove(&p->banned_modules, ts_rule_standard_unbanned_modules[i]);
  for (size_t i = 0; i < TS_ARRAY_LEN(ts_rule_standard_modules); i++) {
    char spec[64];
    (void)snprintf(spec, sizeof spec, "+%s", ts_rule_standard_modules[i]);
    if (ts_strset_set_spec(&p->allowed_modules, spec, err) < 0)
      return -1;
  }
  p->standard = true;
  return 0;
}

void ts_policy_free(struct ts_policy *p) {
  if (!p)
    return;
  strset_clear(&p->allowed_modules);
  strset_clear(&p->banned_modules);
  strset_clear(&p->banned_names);
  strset_clear(&p->banned_attributes);
  strset_clear(&p->allowed_dunders);
  strset_clear(&p->readable_dunders);
  strset_clear(&p->read_only_dunders);
  strset_clear(&p->operator_modules);
}

int ts_policy_copy(struct ts_policy *dst, const struct ts_policy *src, ts_err *err) {
  const struct ts_strset *from[] = {&src->allowed_modules, &src->banned_modules,
                                    &src->banned_names, &src->banned_attributes,
                                    &src->allowed_dunders, &src->readable_dunders,
                                    &src->read_only_dunders, &src->operator_modules};
  struct ts_strset *to[] = {&dst->allowed_modules, &dst->banned_modules, &dst->banned_names,
                            &dst->banned_attributes, &dst->allowed_dunders,
                            &dst->readable_dunders, &dst->read_only_dunders,
                            &dst->operator_modules};

  memset(dst, 0, sizeof *dst);
  dst->standard = src->standard;
  for (size_t i = 0; i < TS_ARRAY_LEN(to); i++) {
    if (strset_from_array(to[i], (const char *const *)from[i]->items, from[i]->n, err) < 0) {
      ts_policy_free(dst);
      return -1;
    }
  }
  return 0;
}

void ts_strset_remove(struct ts_strset *s, const char *name) {
  size_t j = 0;

  for (size_t i = 0; i < s->n; i++) {
    if (strcmp(s->items[i], name) == 0)
      free(s->items[i]);
    else
      s->items[j++] = s->items[i];
  }
  s->n = j;
}

/* True when `dotted` or one of its parents ("a", "a.b", "a.b.c") is in s. */
static bool has_prefix_in(const struct ts_strset *s, const char *dotted) {
  for (const char *d = dotted;; d++) {
    if (*d == '.' || *d == '\0') {
      if (strset_has_n(s, dotted, (size_t)(d - dotted)))
        return true;
      if (*d == '\0')
        return false;
    }
  }
}

bool ts_policy_module_banned(const struct ts_policy *p, const char *dotted) {
  return p && dotted && has_prefix_in(&p->banned_modules, dotted);
}

bool ts_policy_module_allowed(const struct ts_policy *p, const char *dotted) {
  if (!p || !dotted || !*dotted)
    return false;
  if (has_prefix_in(&p->banned_modules, dotted))
    return false;
  return has_prefix_in(&p->allowed_modules, dotted);
}

bool ts_policy_operator_allowed(const struct ts_policy *p, const char *dotted) {
  if (!p || !dotted || !*dotted || has_prefix_in(&p->banned_modules, dotted))
    return false;
  return has_prefix_in(&p->operator_modules, dotted);
}
