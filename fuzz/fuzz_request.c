/* The HTTP request body decoders (src/server/request.c): any bytes a client may
 * POST to /validate or /execute.
 *
 * Properties checked beyond "no crash, no leak, no UB":
 *  - ts_utf8_valid_prefix agrees with an independent UTF-8 checker, and
 *    ts_utf8_valid(s, n) == (prefix == n);
 *  - a decoded string is NUL-terminated, well-formed UTF-8 (NUL included)
 *    and re-encoding it as JSON and decoding that gives the same bytes
 *    (the "\u0000" handling loses or invents nothing);
 *  - an error is a 4xx with a known code and a message (500 only for
 *    out of memory);
 *  - /execute accepts a body only if /validate does, with the same code,
 *    and its limits stay within the configured bounds. */
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "server/request.h"
#include "util/utf8.h"

struct limits {
  double timeout_default, timeout_max;
  long memory_default, memory_max;
};

/* The server's defaults, and the narrowest bounds the config allows. */
static const struct limits limit_sets[] = {
    {2.0, 30.0, 256, 1024},
    {0.01, 0.01, 16, 16},
};

static const char *const error_codes[] = {"invalid_json", "invalid_field", "missing_field",
                                          "limit_exceeded"};

static void check_error(const struct ts_reqerr *e) {
  bool known = false;

  FUZZ_CHECK(e->code != NULL);
  FUZZ_CHECK(memchr(e->message, '\0', sizeof e->message) != NULL);
  FUZZ_CHECK(e->message[0] != '\0');
  if (e->status == 500) {
    FUZZ_CHECK(strcmp(e->code, "internal_error") == 0);
    return;
  }
  FUZZ_CHECK(e->status >= 400 && e->status <= 499);
  for (size_t i = 0; i < sizeof error_codes / sizeof error_codes[0]; i++)
    known |= strcmp(e->code, error_codes[i]) == 0;
  FUZZ_CHECK(known);
}

static void check_str(const struct ts_str *s) {
  FUZZ_CHECK(s->s != NULL);
  FUZZ_CHECK(s->s[s->len] == '\0');
  FUZZ_CHECK(ts_utf8_valid(s->s, s->len));
  FUZZ_CHECK(fuzz_utf8_prefix((const uint8_t *)s->s, s->len) == s->len);
}

/* Appends `s` as a JSON string literal to out (which has room: at most 6
 * bytes per input byte plus the quotes). */
static size_t json_quote(char *out, const struct ts_str *s) {
  static const char hex[] = "0123456789abcdef";
  size_t o = 0;

  out[o++] = '"';
  for (size_t i = 0; i < s->len; i++) {
    unsigned char c = (unsigned char)s->s[i];
    if (c == '"' || c == '\\') {
      out[o++] = '\\';
      out[o++] = (char)c;
    } else if (c < 0x20) {
      memcpy(out + o, "\\u00", 4);
      out[o + 4] = hex[c >> 4];
      out[o + 5] = hex[c & 15];
      o += 6;
    } else {
      out[o++] = (char)c;
    }
  }
  out[o++] = '"';
  return o;
}

/* Decoding what we encode gives back the same bytes. */
static void check_roundtrip(const struct ts_str *code, const struct ts_str *in) {
  size_t cap = 64 + 6 * code->len + (in ? 6 * in->len : 0), n = 0;
  char *body = malloc(cap);
  struct ts_execute_req req;
  struct ts_reqerr e;
  cJSON *root;

  FUZZ_CHECK(body != NULL);
  memcpy(body + n, "{\"code\":", 8);
  n += 8;
  n += json_quote(body + n, code);
  if (in) {
    memcpy(body + n, ",\"stdin\":", 9);
    n += 9;
    n += json_quote(body + n, in);
  }
  body[n++] = '}';
  FUZZ_CHECK(n <= cap);
  root = ts_execute_req_parse(body, n, 1, 1, 16, 16, &req, &e);
  FUZZ_CHECK(root != NULL);
  FUZZ_CHECK(req.code.len == code->len && memcmp(req.code.s, code->s, code->len) == 0);
  if (in)
    FUZZ_CHECK(req.stdin_data.len == in->len &&
               memcmp(req.stdin_data.s, in->s, in->len) == 0);
  else
    FUZZ_CHECK(req.stdin_data.s == NULL);
  cJSON_Delete(root);
  free(body);
}

static void check_utf8(const uint8_t *data, size_t size) {
  const char *s = (const char *)data;
  size_t p = ts_utf8_valid_prefix(s, size);

  FUZZ_CHECK(p <= size);
  FUZZ_CHECK(p == fuzz_utf8_prefix(data, size));
  FUZZ_CHECK(ts_utf8_valid(s, size) == (p == size));
  FUZZ_CHECK(ts_utf8_valid(s, p));
  FUZZ_CHECK(ts_utf8_valid_prefix(s, p) == p);
  /* The byte at p is not ASCII and cannot end a well-formed text. */
  if (p < size)
    FUZZ_CHECK(!ts_utf8_valid(s, p + 1));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* An exact-size heap copy: the decoders must not read past `size`. */
  const char *body = (const char *)data;
  struct ts_validate_req vreq;
  struct ts_reqerr ve;
  cJSON *vroot;

  check_utf8(data, size);

  memset(&ve, 0, sizeof ve);
  vroot = ts_validate_req_parse(body, size, &vreq, &ve);
  if (vroot) {
    check_str(&vreq.code);
    check_roundtrip(&vreq.code, NULL);
  } else {
    check_error(&ve);
  }

  for (size_t i = 0; i < sizeof limit_sets / sizeof limit_sets[0]; i++) {
    const struct limits *l = &limit_sets[i];
    struct ts_execute_req req;
    struct ts_reqerr e;
    cJSON *root;

    memset(&e, 0, sizeof e);
    root = ts_execute_req_parse(body, size, l->timeout_default, l->timeout_max, l->memory_default,
                                l->memory_max, &req, &e);
    if (!root) {
      check_error(&e);
      /* Whatever /validate refused, /execute refuses the same way. */
      if (!vroot)
        FUZZ_CHECK(e.status == ve.status && strcmp(e.code, ve.code) == 0);
      continue;
    }
    FUZZ_CHECK(vroot != NULL);
    check_str(&req.code);
    FUZZ_CHECK(req.code.len == vreq.code.len &&
               memcmp(req.code.s, vreq.code.s, req.code.len) == 0);
    FUZZ_CHECK(isfinite(req.timeout) && req.timeout > 0 && req.timeout <= l->timeout_max);
    FUZZ_CHECK(req.memory_mb >= 16 && req.memory_mb <= l->memory_max);
    if (req.stdin_data.s)
      check_str(&req.stdin_data);
    else
      FUZZ_CHECK(req.stdin_data.len == 0);
    if (i == 0)
      check_roundtrip(&req.code, req.stdin_data.s ? &req.stdin_data : NULL);
    cJSON_Delete(root);
  }
  cJSON_Delete(vroot);
  return 0;
}
