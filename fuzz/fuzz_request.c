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
 *    and its limits stay within the configured bounds;
 *  - ts_file_path_ok agrees with an independent model of the path rule
 *    (on the input itself and on its lines), and ts_base64_decode with an
 *    independent decoder;
 *  - ts_glob_why and ts_glob_match (return_files) agree with a model: the
 *    input's first line as a pattern against its second as a path;
 *  - "capabilities" and "files": accepted files obey the rule, the count
 *    and size limits, and no path repeats or lies under another (checked
 *    pair by pair); the capability is granted exactly when asked for or
 *    implied by files; a refusal is a 400 that names a field and leaves
 *    nothing to free. */
#include <math.h>
#include <string.h>

#include "fuzz.h"
#include "server/request.h"
#include "util/filepath.h"
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
                                          "limit_exceeded", "unknown_field"};

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
  root = ts_execute_req_parse(body, n, ts_fields_execute, 1, 1, 16, 16, &req, &e);
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

/* ---- the path rule, modelled from its statement (util/filepath.h) ---- */

static bool model_component_ok(const uint8_t *c, size_t n) {
  if (n == 0)
    return false;
  if (n == 1 && c[0] == '.')
    return false;
  return !(n == 2 && c[0] == '.' && c[1] == '.');
}

static bool model_path_ok(const uint8_t *p, size_t n) {
  size_t components = 0, start = 0;

  if (n < 1 || n > 255 || fuzz_utf8_prefix(p, n) != n)
    return false;
  for (size_t i = 0; i < n; i++)
    if (p[i] <= 0x1f || p[i] == 0x7f)
      return false;
  /* split on every '/', leading one included: "/a" has an empty first
   * component, so an absolute path fails like "a//b" */
  for (size_t i = 0; i < n; i++) {
    if (p[i] != '/')
      continue;
    if (!model_component_ok(p + start, i - start))
      return false;
    components++;
    start = i + 1;
  }
  if (!model_component_ok(p + start, n - start))
    return false;
  return components + 1 <= 8;
}

static void check_path_rule(const uint8_t *data, size_t size) {
  const char *why = ts_file_path_why((const char *)data, size);

  FUZZ_CHECK((why == NULL) == model_path_ok(data, size));
  FUZZ_CHECK(ts_file_path_ok((const char *)data, size) == (why == NULL));
  /* every line too: short paths are where the rule has its cases */
  for (size_t start = 0, i = 0; i <= size; i++) {
    if (i < size && data[i] != '\n')
      continue;
    FUZZ_CHECK(ts_file_path_ok((const char *)data + start, i - start) ==
               model_path_ok(data + start, i - start));
    start = i + 1;
  }
}

/* ---- return_files patterns, modelled from their statement: the rule
 * by components, the match by plain recursion over components and over
 * characters (memoised), where the code uses a table and backtracking ---- */

static bool model_glob_ok(const uint8_t *p, size_t n) {
  size_t start = 0;

  if (!model_path_ok(p, n))
    return false;
  for (size_t i = 0; i <= n; i++) {
    if (i < n && p[i] != '/')
      continue;
    for (size_t k = start; k + 1 < i; k++)
      if (p[k] == '*' && p[k + 1] == '*' && i - start != 2)
        return false;
    start = i + 1;
  }
  return true;
}

static size_t utf8_len(uint8_t c) { return c < 0x80 ? 1 : c >= 0xf0 ? 4 : c >= 0xe0 ? 3 : 2; }

/* memo[i][j]: 0 unknown, 1 no, 2 yes, for p+i against s+j */
static bool model_comp(const uint8_t *p, size_t pn, size_t i, const uint8_t *s, size_t sn,
                       size_t j, uint8_t memo[256][256]) {
  bool r;

  if (memo[i][j])
    return memo[i][j] == 2;
  if (i == pn)
    r = j == sn;
  else if (p[i] == '*')
    r = model_comp(p, pn, i + 1, s, sn, j, memo) ||
        (j < sn && model_comp(p, pn, i, s, sn, j + utf8_len(s[j]), memo));
  else if (p[i] == '?')
    r = j < sn && model_comp(p, pn, i + 1, s, sn, j + utf8_len(s[j]), memo);
  else
    r = j < sn && p[i] == s[j] && model_comp(p, pn, i + 1, s, sn, j + 1, memo);
  memo[i][j] = r ? 2 : 1;
  return r;
}

struct comps {
  const uint8_t *c[9];
  size_t n[9], count;
};

static void model_split(const uint8_t *p, size_t len, struct comps *out) {
  size_t start = 0;

  out->count = 0;
  for (size_t i = 0; i <= len && out->count < 9; i++) {
    if (i < len && p[i] != '/')
      continue;
    out->c[out->count] = p + start;
    out->n[out->count++] = i - start;
    start = i + 1;
  }
}

static bool model_list(const struct comps *p, size_t i, const struct comps *s, size_t j) {
  static uint8_t memo[256][256];

  if (i == p->count)
    return j == s->count;
  if (p->n[i] == 2 && p->c[i][0] == '*' && p->c[i][1] == '*')
    return model_list(p, i + 1, s, j) || (j < s->count && model_list(p, i, s, j + 1));
  if (j == s->count)
    return false;
  memset(memo, 0, sizeof memo);
  return model_comp(p->c[i], p->n[i], 0, s->c[j], s->n[j], 0, memo) &&
         model_list(p, i + 1, s, j + 1);
}

/* The input's first line as a pattern, its second as a path; and every
 * valid path matches itself when it holds no wildcard. */
static void check_glob(const uint8_t *data, size_t size) {
  const uint8_t *nl = memchr(data, '\n', size), *path;
  size_t plen, slen;
  struct comps pc, sc;

  FUZZ_CHECK((ts_glob_why((const char *)data, size) == NULL) == model_glob_ok(data, size));
  if (!nl)
    return;
  plen = (size_t)(nl - data);
  path = nl + 1;
  slen = size - plen - 1;
  if (memchr(path, '\n', slen))
    slen = (size_t)((const uint8_t *)memchr(path, '\n', slen) - path);
  FUZZ_CHECK((ts_glob_why((const char *)data, plen) == NULL) == model_glob_ok(data, plen));
  if (!model_glob_ok(data, plen) || !model_path_ok(path, slen))
    return;
  model_split(data, plen, &pc);
  model_split(path, slen, &sc);
  FUZZ_CHECK(ts_glob_match((const char *)data, plen, (const char *)path, slen) ==
             model_list(&pc, 0, &sc, 0));
  if (!memchr(path, '*', slen) && !memchr(path, '?', slen))
    FUZZ_CHECK(ts_glob_match((const char *)path, slen, (const char *)path, slen));
}

/* ---- base64, decoded by a second method: bits accumulated one
 * character at a time ---- */

static int model_b64_value(uint8_t c) {
  static const char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  const char *at = c ? memchr(alphabet, c, 64) : NULL;
  return at ? (int)(at - alphabet) : -1;
}

/* Returns the decoded length or -1. */
static long model_b64(const uint8_t *in, size_t n, uint8_t *out) {
  size_t pad = 0, o = 0;
  unsigned long bits = 0;
  int nbits = 0;

  if (n % 4)
    return -1;
  while (pad < 2 && pad < n && in[n - 1 - pad] == '=')
    pad++;
  for (size_t i = 0; i < n - pad; i++) {
    int v = model_b64_value(in[i]);
    if (v < 0)
      return -1;
    bits = (bits << 6 | (unsigned long)v) & 0xffffff;
    nbits += 6;
    if (nbits >= 8) {
      nbits -= 8;
      out[o++] = (uint8_t)(bits >> nbits);
    }
  }
  return (long)o;
}

static void check_base64(const uint8_t *data, size_t size) {
  uint8_t *want = malloc(size + 1), *got = malloc(size + 1);
  size_t bad = (size_t)-1;
  long w, g;

  FUZZ_CHECK(want && got);
  w = model_b64(data, size, want);
  memcpy(got, data, size);
  g = ts_base64_decode((const char *)got, size, (char *)got, &bad); /* in place */
  FUZZ_CHECK(g == w);
  if (g >= 0)
    FUZZ_CHECK(memcmp(got, want, (size_t)g) == 0);
  else
    FUZZ_CHECK(bad <= size);
  free(want);
  free(got);
}

/* ---- capabilities and files ---- */

static const struct ts_files_limits file_limit_sets[] = {{64, 8u << 20}, {3, 16}, {0, 0}};

static bool asked_for_files(const cJSON *root) {
  const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "capabilities"), *it;

  cJSON_ArrayForEach(it, a) {
    if (cJSON_IsString(it) && strcmp(it->valuestring, "files") == 0)
      return true;
  }
  return false;
}

static void check_files(const char *body, size_t size) {
  for (size_t l = 0; l < sizeof file_limit_sets / sizeof file_limit_sets[0]; l++) {
    const struct ts_files_limits *lim = &file_limit_sets[l];
    struct ts_validate_req req;
    struct ts_req_files fs;
    struct ts_reqerr e;
    unsigned caps = 99;
    size_t bytes = 0;
    /* A tree of its own: the decoder rewrites its strings in place. */
    cJSON *root = ts_validate_req_parse(body, size, &req, &e);

    if (!root)
      return;
    memset(&e, 0, sizeof e);
    if (ts_req_caps_parse(root, lim, &caps, &fs, &e) < 0) {
      check_error(&e);
      FUZZ_CHECK(e.status == 500 || e.status == 400);
      FUZZ_CHECK(e.status == 500 || strstr(e.message, "files") ||
                 strstr(e.message, "capabilities"));  /* return_files too */
      FUZZ_CHECK(fs.v == NULL && fs.n == 0);
      cJSON_Delete(root);
      continue;
    }
    FUZZ_CHECK((caps & ~TS_CAP_FILES) == 0);
    FUZZ_CHECK(((caps & TS_CAP_FILES) != 0) ==
               (fs.n > 0 || fs.npatterns > 0 || asked_for_files(root)));
    FUZZ_CHECK(fs.npatterns <= TS_RETURN_PATTERNS_MAX);
    for (size_t i = 0; i < fs.npatterns; i++)
      FUZZ_CHECK(model_glob_ok((const uint8_t *)fs.patterns[i], strlen(fs.patterns[i])));
    FUZZ_CHECK(fs.n <= lim->max_files);
    FUZZ_CHECK(lim->max_files > 0 || caps == 0);
    for (size_t i = 0; i < fs.n; i++) {
      const struct ts_job_file *f = &fs.v[i];
      FUZZ_CHECK(model_path_ok((const uint8_t *)f->path, f->path_len));
      bytes += f->data_len;
      for (size_t j = 0; j < fs.n; j++) {
        const struct ts_job_file *g = &fs.v[j];
        if (i == j)
          continue;
        FUZZ_CHECK(f->path_len != g->path_len || memcmp(f->path, g->path, f->path_len) != 0);
        /* g is no directory of f */
        FUZZ_CHECK(!(g->path_len < f->path_len && f->path[g->path_len] == '/' &&
                     memcmp(f->path, g->path, g->path_len) == 0));
      }
    }
    FUZZ_CHECK(bytes == fs.bytes && bytes <= lim->max_bytes);
    ts_req_files_free(&fs);
    cJSON_Delete(root);
  }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  /* An exact-size heap copy: the decoders must not read past `size`. */
  const char *body = (const char *)data;
  struct ts_validate_req vreq;
  struct ts_reqerr ve;
  cJSON *vroot;

  check_utf8(data, size);
  check_path_rule(data, size);
  check_glob(data, size);
  check_base64(data, size);
  check_files(body, size);

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
    root = ts_execute_req_parse(body, size, ts_fields_execute, l->timeout_default, l->timeout_max, l->memory_default,
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
