/* libFuzzer target: the Accept header check (src/util/accept.c).
 *
 * Input: the bytes of an Accept value (cut at the first NUL, as a header
 * arrives).  Checked besides memory safety:
 *  - the media type is compared without regard to case;
 *  - a value without "ndjson" in it never lists application/x-ndjson;
 *  - a list that starts with the type itself lists it, whatever follows;
 *    one that lists it still does behind another element;
 *  - for a value without quotes, the answer is that of an independent
 *    model: the list split at commas, each element split at semicolons,
 *    the first part the media range and the others name=value parameters
 *    without blanks, the last q (RFC 9110's qvalue grammar) above 0. */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "fuzz.h"
#include "util/accept.h"

#define ND "application/x-ndjson"

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  return 0;
}

static bool blank(char c) { return c == ' ' || c == '\t'; }

/* [*s, *e) without its blanks at both ends. */
static void trim(const char **s, const char **e) {
  while (*s < *e && blank(**s))
    (*s)++;
  while (*e > *s && blank((*e)[-1]))
    (*e)--;
}

static bool has_blank(const char *s, const char *e) {
  for (; s < e; s++)
    if (blank(*s))
      return true;
  return false;
}

/* qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] ), above 0. */
static bool model_q(const char *s, const char *e) {
  size_t n = (size_t)(e - s);
  bool any = false;

  if (n == 0 || n > 5 || (*s != '0' && *s != '1') || (n >= 2 && s[1] != '.'))
    return false;
  for (const char *p = s + 2; p < e; p++) {
    if (*p < '0' || *p > '9' || (*s == '1' && *p != '0'))
      return false;
    any |= *p != '0';
  }
  return *s == '1' || any;
}

/* One list element [s, e), without quotes or commas. */
static bool model_element(const char *s, const char *e) {
  const char *part = s, *semi;
  bool q = true;

  semi = memchr(part, ';', (size_t)(e - part));
  {
    const char *a = part, *b = semi ? semi : e;
    trim(&a, &b);
    if ((size_t)(b - a) != strlen(ND) || strncasecmp(a, ND, strlen(ND)) != 0)
      return false;
  }
  while (semi) {
    const char *a = semi + 1, *b, *eq;
    semi = memchr(a, ';', (size_t)(e - a));
    b = semi ? semi : e;
    trim(&a, &b);
    if (has_blank(a, b))
      return false;
    eq = memchr(a, '=', (size_t)(b - a));
    if (eq && eq - a == 1 && (*a == 'q' || *a == 'Q'))
      q = model_q(eq + 1, b);
  }
  return q;
}

static bool model(const char *s) {
  const char *end = s + strlen(s);

  while (s <= end) {
    const char *comma = memchr(s, ',', (size_t)(end - s));
    const char *e = comma ? comma : end;
    if (model_element(s, e))
      return true;
    if (!comma)
      break;
    s = comma + 1;
  }
  return false;
}

static bool lists(const char *s) { return ts_accept_lists(s, ND); }

/* prefix + s, as a new string (caller frees). */
static char *join(const char *prefix, const char *s) {
  size_t a = strlen(prefix), b = strlen(s);
  char *j = malloc(a + b + 1);

  if (!j)
    abort();
  memcpy(j, prefix, a);
  memcpy(j + a, s, b + 1);
  return j;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *s = fuzz_strndup(data, size);
  bool got = lists(s);
  char *first = join(ND ", ", s), *behind = join("text/html;level=\"1,2\", ", s);

  FUZZ_CHECK(got == ts_accept_lists(s, "APPLICATION/X-NDJSON"));
  if (!strcasestr(s, "ndjson"))
    FUZZ_CHECK(!got);
  FUZZ_CHECK(lists(first));
  FUZZ_CHECK(lists(behind) == got);
  if (!strchr(s, '"'))
    FUZZ_CHECK(got == model(s));
  free(first);
  free(behind);
  free(s);
  return 0;
}
