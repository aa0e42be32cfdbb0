/* The Accept header check (see accept.h).  Pure code, any thread. */
#include <string.h>
#include <strings.h>

#include "util/accept.h"

static const char *skip_ows(const char *p) {
  while (*p == ' ' || *p == '\t')
    p++;
  return p;
}

/* The end of a parameter value at p: a token, or a quoted string with its
 * backslash escapes (an unterminated one runs to the end). */
static const char *value_end(const char *p) {
  if (*p != '"')
    return p + strcspn(p, ",; \t");
  for (p++; *p && *p != '"'; p++)
    if (*p == '\\' && p[1])
      p++;
  return *p ? p + 1 : p;
}

/* Whether [v, end) is a well-formed qvalue above 0:
 * "0" ["." 0*3DIGIT] or "1" ["." 0*3"0"]. */
static bool q_positive(const char *v, const char *end) {
  size_t n = (size_t)(end - v);
  bool nonzero = false;

  if (n == 0 || (v[0] != '0' && v[0] != '1'))
    return false;
  if (n == 1)
    return v[0] == '1';
  if (v[1] != '.' || n > 5)
    return false;
  for (size_t i = 2; i < n; i++) {
    if (v[i] < '0' || v[i] > '9')
      return false;
    nonzero |= v[i] != '0';
  }
  return v[0] == '1' ? !nonzero : nonzero;
}

/* Reads the parameters of a list element from p (after its media range)
 * up to the element's end; *q_ok stays true unless a q parameter says 0 or
 * is malformed.  Returns where it stopped. */
static const char *params(const char *p, bool *q_ok) {
  for (;;) {
    const char *name, *value;
    size_t n;
    p = skip_ows(p);
    if (*p != ';')
      return p;
    name = skip_ows(p + 1);
    n = strcspn(name, "=,; \t");
    p = name + n;
    if (*p != '=')
      continue; /* a bare name, or nothing, between semicolons */
    value = p + 1;
    p = value_end(value);
    if (n == 1 && (*name == 'q' || *name == 'Q'))
      *q_ok = q_positive(value, p);
  }
}

bool ts_accept_lists(const char *accept, const char *type) {
  size_t tlen = strlen(type);
  const char *p = accept;

  if (!p)
    return false;
  for (;;) {
    size_t n;
    bool match, q_ok = true;
    p += strspn(p, " \t,");
    if (!*p)
      return false;
    n = strcspn(p, ",; \t");
    match = n == tlen && strncasecmp(p, type, tlen) == 0;
    p = params(p + n, &q_ok);
    if (match && q_ok && (*p == ',' || !*p))
      return true;
    /* The rest of a malformed element, up to the next comma that is not
     * inside a quoted string. */
    while (*p && *p != ',')
      p = *p == '"' ? value_end(p) : p + 1;
  }
}
