/* Request files and the "files" capability, below HTTP: the path rule and
 * base64 (util/filepath.c), the "capabilities" and "files" fields
 * (server/request.c), the FILES job record (sandbox/proto.c), the child's
 * writer (sandbox/files.c) on a scratch directory, and the policy variant
 * that lets `open` through.  tests/api/test_files.c covers the same over
 * HTTP, with the sandbox. */
#include <criterion/criterion.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "policy/policy.h"
#include "sandbox/files.h"
#include "sandbox/proto.h"
#include "server/request.h"
#include "util/filepath.h"

TestSuite(files);

#define S(lit) (lit), (sizeof(lit) - 1)

/* ---- the path rule ---- */

static void path_ok(const char *p, size_t n) {
  const char *why = ts_file_path_why(p, n);
  cr_assert_null(why, "'%.*s' refused: %s", (int)n, p, why);
}

static void path_bad(const char *p, size_t n, const char *in_why) {
  const char *why = ts_file_path_why(p, n);
  cr_assert_not_null(why, "'%.*s' accepted", (int)n, p);
  cr_assert(strstr(why, in_why), "'%.*s': '%s' lacks '%s'", (int)n, p, why, in_why);
}

Test(files, path_rule_accepts_plain_relative_paths) {
  char longest[TS_FILE_PATH_MAX];

  path_ok(S("a"));
  path_ok(S("data/input.csv"));
  path_ok(S(".hidden"));
  path_ok(S("..."));
  path_ok(S("a..b/..c/c.."));
  path_ok(S("r\xc3\xa9sum\xc3\xa9.txt")); /* résumé.txt */
  path_ok(S("back\\slash"));
  path_ok(S("1/2/3/4/5/6/7/8"));
  memset(longest, 'x', sizeof longest);
  path_ok(longest, sizeof longest);
}

Test(files, path_rule_refuses_everything_else) {
  char toolong[TS_FILE_PATH_MAX + 1];

  path_bad(S(""), "empty");
  path_bad(S("/etc/passwd"), "absolute");
  path_bad(S("/"), "absolute");
  path_bad(S(".."), "'..'");
  path_bad(S("../x"), "'..'");
  path_bad(S("a/../../x"), "'..'");
  path_bad(S("a/.."), "'..'");
  path_bad(S("."), "'.'");
  path_bad(S("./a"), "'.'");
  path_bad(S("a/./b"), "'.'");
  path_bad(S("a//b"), "empty component");
  path_bad(S("a/"), "empty component");
  path_bad(S("a\0b"), "NUL");
  path_bad(S("a\nb"), "control");
  path_bad(S("a\x7f"), "control");
  path_bad(S("\xff"), "UTF-8");
  path_bad(S("\xc3"), "UTF-8");
  path_bad(S("1/2/3/4/5/6/7/8/9"), "deeper");
  memset(toolong, 'x', sizeof toolong);
  path_bad(toolong, sizeof toolong, "longer");
}

/* ---- base64 ---- */

/* ---- return_files patterns ---- */

Test(files, glob_patterns_follow_the_path_rule) {
  static const char *const ok[] = {"*", "**", "*.png", "out/**", "**/*.csv", "a/**/b/?.txt",
                                   "?", "[x]", "**/**"};
  static const struct {
    const char *p, *why;
  } bad[] = {{"", "empty"}, {"/*", "absolute"}, {"../*", "'..'"}, {"a/./*", "'.'"},
             {"a**", "'**'"}, {"**a/b", "'**'"}, {"a/***", "'**'"}, {"a//*", "empty"},
             {"1/2/3/4/5/6/7/8/9", "deeper"}};

  for (size_t i = 0; i < TS_ARRAY_LEN(ok); i++)
    cr_assert_null(ts_glob_why(ok[i], strlen(ok[i])), "%s", ok[i]);
  for (size_t i = 0; i < TS_ARRAY_LEN(bad); i++) {
    const char *why = ts_glob_why(bad[i].p, strlen(bad[i].p));
    cr_assert(why && strstr(why, bad[i].why), "%s: %s", bad[i].p, why ? why : "accepted");
  }
}

Test(files, glob_matching) {
  static const struct {
    const char *pattern, *path;
    bool match;
  } cases[] = {
      {"*.png", "a.png", true},           {"*.png", "d/a.png", false},
      {"**/*.png", "a.png", true},        {"**/*.png", "d/e/a.png", true},
      {"**/*.png", "d/e/a.png.txt", false}, {"out/**", "out/a", true},
      {"out/**", "out/x/y/z", true},      {"out/**", "outx/a", false},
      {"out/**", "out", true},            {"**", "any/thing/at/all", true},
      {"a/**/b", "a/b", true},            {"a/**/b", "a/x/y/b", true},
      {"a/**/b", "a/x/y/c", false},       {"?.txt", "\xc3\xa9.txt", true},
      {"??.txt", "\xc3\xa9.txt", false},  {"*a*b*c", "xaxxbxxc", true},
      {"*a*b*c", "xaxxcxxb", false},      {"a*", "a", true},
      {"*", "a/b", false},                {"data.csv", "data.csv", true},
      {"data.csv", "data.csvx", false},   {"d*/*.txt", "dir/f.txt", true},
  };

  for (size_t i = 0; i < TS_ARRAY_LEN(cases); i++)
    cr_assert_eq(ts_glob_match(cases[i].pattern, strlen(cases[i].pattern), cases[i].path,
                               strlen(cases[i].path)),
                 cases[i].match, "%s vs %s", cases[i].pattern, cases[i].path);
}

/* The encoder (files sent back) against the strict decoder, every
 * padding case. */
Test(files, base64_encode_round_trips) {
  unsigned char in[16];
  char enc[TS_BASE64_LEN(sizeof in) + 1], dec[sizeof in];
  size_t bad = 0;

  for (size_t n = 0; n <= sizeof in; n++) {
    for (size_t i = 0; i < n; i++)
      in[i] = (unsigned char)(i * 37 + n);
    cr_assert_eq(ts_base64_encode(in, n, enc), TS_BASE64_LEN(n));
    cr_assert_eq(strlen(enc), TS_BASE64_LEN(n));
    cr_assert_eq(ts_base64_decode(enc, strlen(enc), dec, &bad), (long)n, "%zu bytes: %s", n, enc);
    cr_assert_eq(memcmp(in, dec, n), 0);
  }
  ts_base64_encode((const unsigned char *)"\x89PNG", 4, enc);
  cr_assert_str_eq(enc, "iVBORw==");
}

static void b64_ok(const char *in, const char *want, size_t want_len) {
  char out[64];
  size_t bad = 99;
  long n = ts_base64_decode(in, strlen(in), out, &bad);

  cr_assert_eq(n, (long)want_len, "'%s': %ld bytes, want %zu", in, n, want_len);
  cr_assert(memcmp(out, want, want_len) == 0, "'%s' decoded wrong", in);
}

static void b64_bad(const char *in, size_t want_at) {
  char out[64];
  size_t bad = 99;

  cr_assert_lt(ts_base64_decode(in, strlen(in), out, &bad), 0, "'%s' accepted", in);
  cr_assert_eq(bad, want_at, "'%s': bad at %zu, want %zu", in, bad, want_at);
}

Test(files, base64_is_strict) {
  char buf[] = "aGVsbG8gd29ybGQ=";
  size_t bad;

  b64_ok("", "", 0);
  b64_ok("AA==", "\0", 1);
  b64_ok("AAE=", "\0\1", 2);
  b64_ok("AAEC/w==", "\0\1\2\xff", 4);
  b64_ok("+/+/", "\xfb\xff\xbf", 3);
  b64_bad("A", 1);
  b64_bad("AAA", 3);
  b64_bad("A===", 1);
  b64_bad("====", 0);
  b64_bad("AA=A", 3);
  b64_bad("AA==AAAA", 2);
  b64_bad("AA AA", 5);
  b64_bad("AA A", 2);
  b64_bad("AA-_", 2);
  b64_bad("AAAA\n", 5);
  /* In place, as the request decoder does it. */
  cr_assert_eq(ts_base64_decode(buf, strlen(buf), buf, &bad), 11);
  cr_assert(memcmp(buf, "hello world", 11) == 0);
}

/* ---- the request fields ---- */

static const struct ts_files_limits LIM = {4, 32};

/* Parses a /validate body and its capabilities: 0, or -1 with *e. */
static int caps_of(const char *body, size_t len, unsigned *caps, struct ts_req_files *fs,
                   struct ts_reqerr *e, cJSON **root) {
  struct ts_validate_req req;

  memset(e, 0, sizeof *e);
  *root = ts_validate_req_parse(body, len, &req, e);
  cr_assert_not_null(*root, "body refused: %s", e->message);
  return ts_req_caps_parse(*root, &LIM, caps, fs, e);
}

static void refused(const char *body, size_t len, const char *code, const char *in_message) {
  struct ts_req_files fs;
  struct ts_reqerr e;
  unsigned caps;
  cJSON *root;

  cr_assert_lt(caps_of(body, len, &caps, &fs, &e, &root), 0, "accepted: %.*s", (int)len, body);
  cr_assert_eq(e.status, 400, "%s", e.message);
  cr_assert_str_eq(e.code, code, "%s", e.message);
  cr_assert(strstr(e.message, in_message), "'%s' not in: %s", in_message, e.message);
  cr_assert_null(fs.v);
  cJSON_Delete(root);
}

Test(files, no_capability_by_default) {
  struct ts_req_files fs;
  struct ts_reqerr e;
  unsigned caps = 7;
  cJSON *root;

  cr_assert_eq(caps_of(S("{\"code\":\"1\"}"), &caps, &fs, &e, &root), 0);
  cr_assert_eq(caps, 0u);
  cr_assert_eq(fs.n, 0u);
  cJSON_Delete(root);
  cr_assert_eq(caps_of(S("{\"code\":\"1\",\"files\":[],\"capabilities\":[]}"), &caps, &fs, &e,
                       &root), 0);
  cr_assert_eq(caps, 0u, "an empty files array grants nothing");
  cJSON_Delete(root);
}

Test(files, capability_asked_or_implied_by_files) {
  struct ts_req_files fs;
  struct ts_reqerr e;
  unsigned caps;
  cJSON *root;

  cr_assert_eq(caps_of(S("{\"code\":\"1\",\"capabilities\":[\"files\",\"files\"]}"), &caps, &fs,
                       &e, &root), 0);
  cr_assert_eq(caps, TS_CAP_FILES);
  cJSON_Delete(root);
  cr_assert_eq(caps_of(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"\"}]}"), &caps,
                       &fs, &e, &root), 0, "%s", e.message);
  cr_assert_eq(caps, TS_CAP_FILES);
  ts_req_files_free(&fs);
  cJSON_Delete(root);
}

Test(files, files_are_decoded) {
  struct ts_req_files fs;
  struct ts_reqerr e;
  unsigned caps;
  cJSON *root;

  cr_assert_eq(caps_of(S("{\"code\":\"1\",\"files\":["
                         "{\"path\":\"d/a.txt\",\"content\":\"h\\u0000\\u00e9\"},"
                         "{\"path\":\"d/e/b\",\"content\":\"AAEC/w==\",\"encoding\":\"base64\"},"
                         "{\"path\":\"c\",\"content\":\"x\",\"encoding\":\"utf-8\"},"
                         "{\"path\":\"d/e/f\",\"content\":\"\",\"encoding\":null}]}"),
                       &caps, &fs, &e, &root), 0, "%s", e.message);
  cr_assert_eq(fs.n, 4u);
  cr_assert_eq(fs.v[0].path_len, 7u);
  cr_assert(memcmp(fs.v[0].path, "d/a.txt", 7) == 0);
  cr_assert_eq(fs.v[0].data_len, 4u);
  cr_assert(memcmp(fs.v[0].data, "h\0\xc3\xa9", 4) == 0);
  cr_assert_eq(fs.v[1].data_len, 4u);
  cr_assert(memcmp(fs.v[1].data, "\0\1\2\xff", 4) == 0);
  cr_assert_eq(fs.v[3].data_len, 0u);
  cr_assert_eq(fs.bytes, 9u);
  ts_req_files_free(&fs);
  cJSON_Delete(root);
}

Test(files, every_bad_input_names_its_field) {
  refused(S("{\"code\":\"1\",\"capabilities\":\"files\"}"), "invalid_field", "'capabilities'");
  refused(S("{\"code\":\"1\",\"capabilities\":[1]}"), "invalid_field", "capabilities[0]");
  refused(S("{\"code\":\"1\",\"capabilities\":[\"files\",\"net\"]}"), "invalid_field",
          "capabilities[1] is not a known capability");
  refused(S("{\"code\":\"1\",\"files\":{}}"), "invalid_field", "'files' must be an array");
  refused(S("{\"code\":\"1\",\"files\":[\"a\"]}"), "invalid_field", "files[0] must be an object");
  refused(S("{\"code\":\"1\",\"files\":[{\"content\":\"\"}]}"), "missing_field",
          "files[0].path is required");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\"}]}"), "missing_field",
          "files[0].content is required");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":3,\"content\":\"\"}]}"), "invalid_field",
          "files[0].path must be a string");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":[]}]}"), "invalid_field",
          "files[0].content must be a string");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"\"},"
            "{\"path\":\"../b\",\"content\":\"\"}]}"),
          "invalid_field", "files[1].path has a '..' component");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"/b\",\"content\":\"\"}]}"), "invalid_field",
          "files[0].path is absolute");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\\u0000b\",\"content\":\"\"}]}"),
          "invalid_field", "files[0].path holds a NUL");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"\",\"encoding\":\"hex\"}]}"),
          "invalid_field", "files[0].encoding");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"AA=\",\"encoding\":\"base64\"}]}"),
          "invalid_field", "files[0].content is not valid base64");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"A*==\",\"encoding\":\"base64\"}]}"),
          "invalid_field", "at character 1");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"\"},{\"path\":\"b\",\"content\":\"\"},"
            "{\"path\":\"a\",\"content\":\"\"}]}"),
          "invalid_field", "files[2].path repeats files[0].path");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a/b/c\",\"content\":\"\"},"
            "{\"path\":\"a/b\",\"content\":\"\"}]}"),
          "invalid_field", "files[0].path lies under files[1].path");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"\"},{\"path\":\"b\",\"content\":\"\"},"
            "{\"path\":\"c\",\"content\":\"\"},{\"path\":\"d\",\"content\":\"\"},"
            "{\"path\":\"e\",\"content\":\"\"}]}"),
          "limit_exceeded", "holds 5 files; at most 4");
  refused(S("{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"0123456789abcdef\"},"
            "{\"path\":\"b\",\"content\":\"0123456789abcdefX\"}]}"),
          "limit_exceeded", "files[1] brings the files to more than 32 bytes");
}

Test(files, a_server_without_the_capability_refuses_it) {
  struct ts_files_limits off = {0, 0};
  const char *bodies[] = {"{\"code\":\"1\",\"capabilities\":[\"files\"]}",
                          "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"\"}]}"};

  for (size_t i = 0; i < 2; i++) {
    struct ts_validate_req req;
    struct ts_req_files fs;
    struct ts_reqerr e;
    unsigned caps;
    cJSON *root = ts_validate_req_parse(bodies[i], strlen(bodies[i]), &req, &e);

    cr_assert_not_null(root);
    cr_assert_lt(ts_req_caps_parse(root, &off, &caps, &fs, &e), 0, "%s accepted", bodies[i]);
    cr_assert_str_eq(e.code, "invalid_field");
    cr_assert(strstr(e.message, "off on this server"), "%s", e.message);
    cJSON_Delete(root);
  }
}

/* ---- the job record ---- */

Test(files, job_files_round_trip) {
  struct ts_job_file in[] = {{S("a/b.txt"), S("hello")}, {S("empty"), "", 0},
                             {S("bin"), S("\0\1\2")}};
  struct ts_job job = {S("print(1)"), NULL, 0, {64, 2, TS_JOB_F_FILES}, in, 3}, out;
  struct ts_job_file f;
  size_t len, off = 0, i = 0;
  ts_err err = {0};
  char *buf = ts_job_encode(&job, &len, &err);

  cr_assert_not_null(buf, "%s", err.msg);
  cr_assert_eq(ts_job_decode(buf, len, &out), 0);
  cr_assert_eq(out.nfiles, 3u);
  cr_assert_null(out.files);
  cr_assert_eq(out.limits.flags, TS_JOB_F_FILES);
  while (ts_job_file_next(&out, &off, &f) == 1) {
    cr_assert_lt(i, 3u);
    cr_assert_eq(f.path_len, in[i].path_len);
    cr_assert(memcmp(f.path, in[i].path, f.path_len) == 0);
    cr_assert_eq(f.data_len, in[i].data_len);
    cr_assert(f.data_len == 0 || memcmp(f.data, in[i].data, f.data_len) == 0);
    i++;
  }
  cr_assert_eq(i, 3u);
  /* Cut anywhere inside the FILES record, the job is refused. */
  for (size_t cut = len - 1; cut > len - 40; cut--)
    cr_assert_lt(ts_job_decode(buf, cut, &out), 0, "cut at %zu accepted", cut);
  free(buf);
}

Test(files, job_without_files_has_no_record) {
  struct ts_job job = {S("1"), NULL, 0, {64, 2, 0}}, out;
  size_t len, off = 0;
  struct ts_job_file f;
  ts_err err = {0};
  char *buf = ts_job_encode(&job, &len, &err);

  cr_assert_not_null(buf);
  cr_assert_eq(ts_job_decode(buf, len, &out), 0);
  cr_assert_eq(out.nfiles, 0u);
  cr_assert_eq(ts_job_file_next(&out, &off, &f), 0);
  free(buf);
}

/* ---- the child's writer ---- */

static char scratch[64];

static void make_scratch(void) {
  strcpy(scratch, "/tmp/ts-files-test-XXXXXX");
  cr_assert_not_null(mkdtemp(scratch));
}

static void remove_scratch(void) {
  char cmd[128];

  snprintf(cmd, sizeof cmd, "rm -rf '%s'", scratch);
  cr_assert_eq(system(cmd), 0);
}

static int write_files(int dirfd, struct ts_job_file *fs, size_t n, size_t *bad,
                       const char **why) {
  struct ts_job job = {S("1"), NULL, 0, {64, 2, 0}, fs, n}, out;
  size_t len;
  ts_err err = {0};
  char *buf = ts_job_encode(&job, &len, &err);
  int rc;

  cr_assert_not_null(buf);
  cr_assert_eq(ts_job_decode(buf, len, &out), 0);
  rc = ts_job_files_write(dirfd, &out, false, bad, why);
  free(buf);
  return rc;
}

static void read_back(int dirfd, const char *path, const char *want, size_t n) {
  char got[64];
  int fd = openat(dirfd, path, O_RDONLY);
  ssize_t r;

  cr_assert_geq(fd, 0, "%s: %s", path, strerror(errno));
  r = read(fd, got, sizeof got);
  close(fd);
  cr_assert_eq(r, (ssize_t)n, "%s: %zd bytes", path, r);
  cr_assert(memcmp(got, want, n) == 0, "%s differs", path);
}

Test(files, writer_makes_directories_and_files, .init = make_scratch, .fini = remove_scratch) {
  struct ts_job_file fs[] = {{S("a/b/c.txt"), S("abc")}, {S("a/d"), S("\0x")}, {S("top"), "", 0}};
  int dirfd = open(scratch, O_RDONLY | O_DIRECTORY);
  size_t bad = 99;
  const char *why = NULL;
  struct stat st;

  cr_assert_geq(dirfd, 0);
  cr_assert_eq(write_files(dirfd, fs, 3, &bad, &why), 0, "file %zu: %s: %s", bad, why,
               strerror(errno));
  read_back(dirfd, "a/b/c.txt", "abc", 3);
  read_back(dirfd, "a/d", "\0x", 2);
  read_back(dirfd, "top", "", 0);
  cr_assert_eq(fstatat(dirfd, "a/b", &st, 0), 0);
  cr_assert(S_ISDIR(st.st_mode));
  close(dirfd);
}

Test(files, writer_follows_no_link_and_replaces_nothing, .init = make_scratch,
     .fini = remove_scratch) {
  char outside[128];
  int dirfd = open(scratch, O_RDONLY | O_DIRECTORY);
  size_t bad = 99;
  const char *why = NULL;
  struct ts_job_file via_dir[] = {{S("ok"), S("1")}, {S("link/x"), S("escaped")}};
  struct ts_job_file via_file[] = {{S("flink"), S("escaped")}};
  struct ts_job_file existing[] = {{S("ok"), S("2")}};
  struct ts_job_file refused[] = {{S("../x"), S("escaped")}};
  struct stat st;

  cr_assert_geq(dirfd, 0);
  snprintf(outside, sizeof outside, "%s-outside", scratch);
  cr_assert_eq(mkdir(outside, 0700), 0);
  cr_assert_eq(symlinkat(outside, dirfd, "link"), 0);
  cr_assert_eq(symlinkat("/tmp/ts-files-test-nowhere", dirfd, "flink"), 0);

  cr_assert_lt(write_files(dirfd, via_dir, 2, &bad, &why), 0);
  cr_assert_eq(bad, 1u);
  cr_assert(errno == ENOTDIR || errno == ELOOP, "errno %d", errno);
  cr_assert_lt(write_files(dirfd, via_file, 1, &bad, &why), 0);
  cr_assert_eq(errno, EEXIST, "errno %d", errno);
  cr_assert_lt(write_files(dirfd, existing, 1, &bad, &why), 0);
  cr_assert_eq(errno, EEXIST);
  read_back(dirfd, "ok", "1", 1);
  cr_assert_lt(write_files(dirfd, refused, 1, &bad, &why), 0);
  cr_assert_eq(errno, EINVAL);

  cr_assert_neq(stat("/tmp/ts-files-test-nowhere", &st), 0, "written through a link");
  {
    char probe[160];
    snprintf(probe, sizeof probe, "%s/x", outside);
    cr_assert_neq(stat(probe, &st), 0, "written through a directory link");
  }
  cr_assert_eq(rmdir(outside), 0, "the outside directory is not empty");
  close(dirfd);
}

/* ---- the policy of the capability ---- */

Test(files, policy_copy_without_open) {
  struct ts_policy base, files;
  ts_err err = {0};

  cr_assert_eq(ts_policy_init_default(&base, &err), 0);
  cr_assert_eq(ts_policy_copy(&files, &base, &err), 0);
  ts_strset_remove(&files.banned_names, "open");
  cr_assert(ts_strset_has(&base.banned_names, "open"));
  cr_assert_not(ts_strset_has(&files.banned_names, "open"));
  cr_assert(ts_strset_has(&files.banned_names, "eval"));
  cr_assert_eq(files.banned_names.n, base.banned_names.n - 1);
  cr_assert_eq(files.allowed_modules.n, base.allowed_modules.n);
  cr_assert(ts_policy_module_allowed(&files, "math"));
  cr_assert_not(ts_policy_module_allowed(&files, "os"));
  ts_strset_remove(&files.banned_names, "open"); /* absent: nothing happens */
  ts_policy_free(&files);
  ts_policy_free(&base);
}
