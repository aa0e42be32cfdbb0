/* Files in and the "files" capability, through HTTP: a request's files are
 * written into its working directory (its current directory) before the
 * snippet runs; every bad input is a 400 naming its field, the same on
 * /validate and /execute; `open` stays refused without the capability (by
 * the validator and by the runtime) and, with it, opens relative paths
 * inside the working directory only; /validate and /execute agree; /info
 * lists the capability and its limits.  tests/unit/test_files.c covers
 * the pieces, tests/sandbox the kernel layers alone. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <criterion/criterion.h>

#include "harness.h"

TestSuite(files, .fini = srv_cleanup_all, .timeout = 120);

static const char *const runtime_only[] = {"--static-validation", "false", NULL};

static const char *str_of(const cJSON *o, const char *name) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
  return cJSON_IsString(v) ? v->valuestring : "";
}

/* POSTs body to path, requires `status`, returns the parsed answer. */
static cJSON *post(unsigned port, const char *path, const char *body, int status) {
  struct http_resp r;
  cJSON *doc;

  HTTP_OK(post_json(port, path, body, &r));
  cr_assert_eq(r.status, status, "%s %s: HTTP %d, want %d: %s", path, body, r.status, status,
               r.body);
  doc = json_body(&r);
  http_resp_free(&r);
  return doc;
}

/* The execution's status, stdout and error message must be as given. */
static cJSON *execute(unsigned port, const char *body, const char *status) {
  cJSON *doc = post(port, "/execute", body, 200);

  cr_assert_str_eq(str_of(doc, "status"), status, "%s\nanswer: %s", body,
                   cJSON_PrintUnformatted(doc));
  return doc;
}

static const char *error_field(const cJSON *doc, const char *name) {
  return str_of(cJSON_GetObjectItemCaseSensitive(doc, "error"), name);
}

/* An audit entry with that event, action refused and `detail` in its
 * detail. */
static bool audit_has(const cJSON *doc, const char *event, const char *detail) {
  const cJSON *e;

  cJSON_ArrayForEach(e, cJSON_GetObjectItemCaseSensitive(doc, "audit")) {
    if (strcmp(str_of(e, "event"), event) == 0 && strcmp(str_of(e, "action"), "refused") == 0 &&
        strstr(str_of(e, "detail"), detail))
      return true;
  }
  return false;
}

/* /validate and /execute refuse the body alike: 400, code, and the
 * message names `field`. */
static void bad_request(unsigned port, const char *body, const char *code, const char *field) {
  static const char *const paths[] = {"/validate", "/execute"};

  for (size_t i = 0; i < 2; i++) {
    struct http_resp r;
    HTTP_OK(post_json(port, paths[i], body, &r));
    assert_json_error_msg(&r, 400, code, field);
    http_resp_free(&r);
  }
}

Test(files, files_are_written_into_the_working_directory) {
  struct ts_srv s;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  /* utf-8 (the default) with a NUL and non-ASCII text, base64, nested
   * directories; the relative paths resolve in the current directory. */
  doc = execute(s.port,
                "{\"code\":\"import csv\\n"
                "rows = list(csv.reader(open('data/in.csv', newline='')))\\n"
                "print(rows)\\n"
                "print(open('data/deep/er/b.bin', 'rb').read())\\n"
                "print(repr(open('t.txt', encoding='utf-8').read()))\\n"
                "with open('data/out.txt', 'w') as f:\\n"
                "    f.write('written')\\n"
                "print(open('data/out.txt').read())\\n\","
                "\"files\":["
                "{\"path\":\"data/in.csv\",\"content\":\"a,b\\n1,2\\n\"},"
                "{\"path\":\"data/deep/er/b.bin\",\"content\":\"AAEC/w==\",\"encoding\":\"base64\"},"
                "{\"path\":\"t.txt\",\"content\":\"caf\\u00e9\\u0000!\",\"encoding\":\"utf-8\"}]}",
                "ok");
  cr_assert_str_eq(str_of(doc, "stdout"),
                   "[['a', 'b'], ['1', '2']]\n"
                   "b'\\x00\\x01\\x02\\xff'\n"
                   "'caf\xc3\xa9\\x00!'\n"
                   "written\n");
  cJSON_Delete(doc);
  /* Every execution has a directory of its own: the last one's files are
   * gone. */
  doc = execute(s.port,
                "{\"code\":\"try:\\n    open('data/out.txt')\\nexcept FileNotFoundError:\\n"
                "    print('fresh')\",\"capabilities\":[\"files\"]}",
                "ok");
  cr_assert_str_eq(str_of(doc, "stdout"), "fresh\n");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(files, every_bad_file_is_a_400_naming_it) {
  struct ts_srv s;
  static const char *const small[] = {"--max-files", "3", "--max-files-bytes", "10", NULL};
  char body[1024], name[300];

  srv_start(&s, small, NULL);
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"ok\",\"content\":\"\"},"
                      "{\"path\":\"../etc/passwd\",\"content\":\"x\"}]}",
              "invalid_field", "files[1].path has a '..' component");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a/../../b\",\"content\":\"x\"}]}",
              "invalid_field", "files[0].path has a '..' component");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"/tmp/x\",\"content\":\"x\"}]}",
              "invalid_field", "files[0].path is absolute");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\\u0000b\",\"content\":\"x\"}]}",
              "invalid_field", "files[0].path holds a NUL character");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"1/2/3/4/5/6/7/8/9\",\"content\":\"x\"}]}",
              "invalid_field", "files[0].path is deeper than 8 components");
  memset(name, 'n', 256);
  name[256] = '\0';
  snprintf(body, sizeof body, "{\"code\":\"1\",\"files\":[{\"path\":\"%s\",\"content\":\"x\"}]}",
           name);
  bad_request(s.port, body, "invalid_field", "files[0].path is longer than 255 bytes");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"\"},"
                      "{\"path\":\"b\",\"content\":\"\"},{\"path\":\"c\",\"content\":\"\"},"
                      "{\"path\":\"d\",\"content\":\"\"}]}",
              "limit_exceeded", "field 'files' holds 4 files; at most 3");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"123456\"},"
                      "{\"path\":\"b\",\"content\":\"123456\"}]}",
              "limit_exceeded", "files[1] brings the files to more than 10 bytes");
  /* 12 base64 characters are 9 bytes: the limit counts decoded bytes */
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"QUJD!EVG\",\"encoding\":\"base64\"}]}",
              "invalid_field", "files[0].content is not valid base64 (at character 4)");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"QUJ\",\"encoding\":\"base64\"}]}",
              "invalid_field", "files[0].content is not valid base64");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"x\"},"
                      "{\"path\":\"a\",\"content\":\"y\"}]}",
              "invalid_field", "files[1].path repeats files[0].path");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"x\"},"
                      "{\"path\":\"a/b\",\"content\":\"y\"}]}",
              "invalid_field", "files[1].path lies under files[0].path");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"x\",\"encoding\":\"latin-1\"}]}",
              "invalid_field", "files[0].encoding must be");
  bad_request(s.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\"}]}", "missing_field",
              "files[0].content is required");
  bad_request(s.port, "{\"code\":\"1\",\"files\":\"a\"}", "invalid_field",
              "field 'files' must be an array");
  bad_request(s.port, "{\"code\":\"1\",\"capabilities\":[\"network\"]}", "invalid_field",
              "capabilities[0] is not a known capability");
  {
    cJSON *doc = execute(s.port,
                         "{\"code\":\"print(len(open('a', 'rb').read()))\",\"files\":"
                         "[{\"path\":\"a\",\"content\":\"QUJDREVGR0hJ\",\"encoding\":\"base64\"}]}",
                         "ok");
    cr_assert_str_eq(str_of(doc, "stdout"), "9\n");
    cJSON_Delete(doc);
  }
  srv_stop(&s);
}

Test(files, files_count_against_the_body_cap) {
  struct ts_srv s;
  static const char *const cap[] = {"--max-body", "4096", NULL};
  static const char head[] = "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"";
  char *body = malloc(8192);
  struct http_resp r;

  cr_assert_not_null(body);
  srv_start(&s, cap, NULL);
  memcpy(body, head, sizeof head - 1);
  memset(body + sizeof head - 1, 'x', 5000);
  strcpy(body + sizeof head - 1 + 5000, "\"}]}");
  HTTP_OK(post_json(s.port, "/execute", body, &r));
  assert_json_error(&r, 413, "body_too_large");
  http_resp_free(&r);
  free(body);
  srv_stop(&s);
}

/* The default body cap follows the files cap: a 350 KB CSV (466 KB as
 * base64) goes through with no flag, and /info says the cap it used. */
Test(files, the_default_body_cap_fits_the_default_files_cap) {
  static const char head[] = "{\"code\":\"import csv\\nrows = list(csv.reader(open('data.csv')))\\n"
                             "print(len(rows), rows[-1])\",\"files\":[{\"path\":\"data.csv\","
                             "\"encoding\":\"base64\",\"content\":\"";
  static const char row[] = "12345,abcdefghij,0.5\n"; /* 21 bytes: 7 base64 groups */
  enum { ROWS = 17000 };                                /* 357,000 bytes */
  static const char b64[] = "MTIzNDUsYWJjZGVmZ2hpaiwwLjUK";
  static const char *const small[] = {"--max-files-bytes", "3000", NULL};
  size_t n = sizeof head - 1;
  char *body = malloc(sizeof head + ROWS * (sizeof b64 - 1) + 16);
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc, *limits;

  cr_assert_eq(sizeof row - 1, 21);
  cr_assert_not_null(body);
  memcpy(body, head, n);
  for (int i = 0; i < ROWS; i++, n += sizeof b64 - 1)
    memcpy(body + n, b64, sizeof b64 - 1);
  strcpy(body + n, "\"}]}");
  cr_assert_gt(strlen(body), 256 * 1024, "the body must be over the old 256 KiB default");
  srv_start(&s, NULL, NULL);
  doc = execute(s.port, body, "ok");
  cr_assert_str_eq(str_of(doc, "stdout"), "17000 ['12345', 'abcdefghij', '0.5']\n");
  cJSON_Delete(doc);
  HTTP_OK(http_get(s.port, "/info", &r));
  doc = json_body(&r);
  http_resp_free(&r);
  limits = cJSON_GetObjectItemCaseSensitive(doc, "limits");
  cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(limits, "body_bytes")),
               (double)((8u << 20) / 3 * 4 + 4 + (1u << 20)));
  cJSON_Delete(doc);
  srv_stop(&s);
  /* It follows --max-files-bytes: 3000 bytes of files make a 1 MiB + 4000
   * byte cap. */
  srv_start(&s, small, NULL);
  HTTP_OK(http_get(s.port, "/info", &r));
  doc = json_body(&r);
  http_resp_free(&r);
  limits = cJSON_GetObjectItemCaseSensitive(doc, "limits");
  cr_assert_eq(cJSON_GetNumberValue(cJSON_GetObjectItemCaseSensitive(limits, "body_bytes")),
               1052576.0);
  cJSON_Delete(doc);
  srv_stop(&s);
  free(body);
}

Test(files, open_is_refused_without_the_capability) {
  struct ts_srv s, rt;
  cJSON *doc;

  srv_start(&s, NULL, NULL);
  doc = post(s.port, "/validate", "{\"code\":\"print(open('x').read())\"}", 200);
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItemCaseSensitive(doc, "valid")));
  {
    char *text = cJSON_PrintUnformatted(doc);
    cr_assert_not_null(strstr(text, "\"name\":\"open\""), "%s", text);
    free(text);
  }
  cJSON_Delete(doc);
  doc = execute(s.port, "{\"code\":\"print(open('x').read())\"}", "rejected");
  cJSON_Delete(doc);
  srv_stop(&s);

  /* The runtime alone: no `open` among the builtins, and the audit hook
   * refuses any open outside the standard library's reads. */
  srv_start(&rt, runtime_only, NULL);
  doc = execute(rt.port, "{\"code\":\"open('x', 'w')\"}", "error");
  cr_assert_str_eq(error_field(doc, "type"), "NameError");
  cJSON_Delete(doc);
  doc = execute(rt.port,
                "{\"code\":\"import warnings\\n"
                "for p in ('../usr/lib/python3.11/os.py', '../usr/local/lib/python3.11/os.py'):\\n"
                "    warnings.warn_explicit('m', UserWarning, p, 1)\\n"
                "print('done')\"}",
                "ok");
  cr_assert(audit_has(doc, "open", "../usr/"), "the hook let a '..' path through: %s",
            cJSON_PrintUnformatted(doc));
  cJSON_Delete(doc);
  srv_stop(&rt);
}

/* With the capability, on both servers: the validator's and the runtime
 * alone. */
static void open_is_confined(unsigned port) {
  static const struct {
    const char *code, *detail;
  } refused[] = {
      {"open('/etc/passwd')", "the absolute path '/etc/passwd': files are confined to the "
                              "working directory; use a relative path"},
      {"open('/tmp/in.txt')", "the absolute path '/tmp/in.txt'"},
      {"open('../etc/passwd')", "'..' leaves the working directory"},
      {"open('d/../../usr/lib/python3.11/os.py')", "'..' leaves the working directory"},
      {"open('out', 'w', opener=lambda p, f: 3)", "an opener"},
      {"open(3, 'w')", "a path that is not a str"},
      {"open(b'in.txt')", "a path that is not a str"},
      {"class P(str):\\n    pass\\nopen(P('in.txt'))", "a path that is not a str"},
      {"open('in.txt', closefd=False)", "closefd=False"},
  };
  char body[512];

  for (size_t i = 0; i < sizeof refused / sizeof refused[0]; i++) {
    cJSON *doc;
    snprintf(body, sizeof body,
             "{\"code\":\"%s\",\"files\":[{\"path\":\"in.txt\",\"content\":\"in\"}]}",
             refused[i].code);
    doc = execute(port, body, "error");
    cr_assert_str_eq(error_field(doc, "type"), "SandboxRefused", "%s", refused[i].code);
    cr_assert_not_null(strstr(error_field(doc, "message"), refused[i].detail),
                       "%s: message %s", refused[i].code, error_field(doc, "message"));
    cr_assert(audit_has(doc, "open", refused[i].detail), "%s: %s", refused[i].code,
              cJSON_PrintUnformatted(doc));
    cJSON_Delete(doc);
  }
  {
    cJSON *doc = execute(port,
                         "{\"code\":\"with open('new/../x', 'w') as f:\\n    pass\\n\","
                         "\"capabilities\":[\"files\"]}",
                         "error");
    cr_assert_str_eq(error_field(doc, "type"), "SandboxRefused");
    cJSON_Delete(doc);
    doc = execute(port,
                  "{\"code\":\"with open('n.txt', 'w') as f:\\n    f.write('1')\\n"
                  "with open('./n.txt', 'a') as f:\\n    f.write('2')\\n"
                  "print(open('n.txt').read())\",\"capabilities\":[\"files\"]}",
                  "ok");
    cr_assert_str_eq(str_of(doc, "stdout"), "12\n");
    cJSON_Delete(doc);
    /* The audit hook holds the rule on its own, and lets through only the
     * confined open's own opens: warnings reads the source line of the
     * file it is told (linecache, the real open), inside the directory or
     * not; the io classes a file hands out take an opener that picks any
     * descriptor after the hook has seen the path. */
    doc = execute(port,
                  "{\"code\":\"import warnings\\n"
                  "warnings.warn_explicit('m', UserWarning, 'in.txt', 1)\\n"
                  "for p in ('../usr/lib/python3.11/os.py', '../usr/local/lib/python3.11/os.py'):\\n"
                  "    warnings.warn_explicit('m', UserWarning, p, 1)\\n\","
                  "\"files\":[{\"path\":\"in.txt\",\"content\":\"the line\"}]}",
                  "ok");
    cr_assert_not_null(strstr(str_of(doc, "stderr"), "in.txt:1: UserWarning: m\n"), "%s",
                       str_of(doc, "stderr"));
    cr_assert(audit_has(doc, "open", "in.txt (mode r)"), "%s", cJSON_PrintUnformatted(doc));
    cr_assert(audit_has(doc, "open", "../usr/"), "%s", cJSON_PrintUnformatted(doc));
    cJSON_Delete(doc);
    doc = execute(port,
                  "{\"code\":\"f = open('in.txt')\\n"
                  "type(f.buffer.raw)('x', 'w', opener=lambda p, fl: 3)\","
                  "\"files\":[{\"path\":\"in.txt\",\"content\":\"the line\"}]}",
                  "error");
    cr_assert_str_eq(error_field(doc, "type"), "SandboxRefused");
    cr_assert(audit_has(doc, "open", "x (mode w)"), "%s", cJSON_PrintUnformatted(doc));
    cJSON_Delete(doc);
  }
}

Test(files, open_with_the_capability_is_confined_to_the_working_directory) {
  struct ts_srv s, rt;

  srv_start(&s, NULL, NULL);
  open_is_confined(s.port);
  srv_stop(&s);
  srv_start(&rt, runtime_only, NULL);
  open_is_confined(rt.port);
  srv_stop(&rt);
}

Test(files, validate_agrees_with_execute) {
  struct ts_srv s;
  static const struct {
    const char *fields; /* after "code" */
    bool valid;
  } cases[] = {
      {"", false},
      {",\"files\":[]", false},
      {",\"capabilities\":[]", false},
      {",\"capabilities\":[\"files\"]", true},
      {",\"files\":[{\"path\":\"in.txt\",\"content\":\"x\"}]", true},
  };
  char body[256];

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    cJSON *v, *x;
    snprintf(body, sizeof body,
             "{\"code\":\"try:\\n    print(open('in.txt').read())\\nexcept OSError:\\n"
             "    print('none')\"%s}",
             cases[i].fields);
    v = post(s.port, "/validate", body, 200);
    cr_assert_eq(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(v, "valid")), cases[i].valid,
                 "%s: %s", body, cJSON_PrintUnformatted(v));
    x = execute(s.port, body, cases[i].valid ? "ok" : "rejected");
    if (cases[i].valid)
      cr_assert_str_eq(str_of(x, "stdout"), strstr(cases[i].fields, "path") ? "x\n" : "none\n");
    cJSON_Delete(v);
    cJSON_Delete(x);
  }
  srv_stop(&s);
}

Test(files, info_lists_the_capability_and_its_limits) {
  struct ts_srv s, off;
  static const char *const none[] = {"--max-files", "0", NULL};
  struct http_resp r;
  cJSON *doc, *files;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_get(s.port, "/info", &r));
  doc = json_body(&r);
  files = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "capabilities"),
                                           "files");
  cr_assert(cJSON_IsObject(files), "%s", r.body);
  cr_assert_eq(cJSON_GetObjectItemCaseSensitive(files, "max_files")->valuedouble, 64);
  cr_assert_eq(cJSON_GetObjectItemCaseSensitive(files, "max_bytes")->valuedouble, 8 << 20);
  cr_assert_eq(cJSON_GetObjectItemCaseSensitive(files, "max_path_bytes")->valuedouble, 255);
  cr_assert_eq(cJSON_GetObjectItemCaseSensitive(files, "max_path_depth")->valuedouble, 8);
  cr_assert_str_eq(str_of(files, "working_directory"), "/tmp");
  {
    char *text = cJSON_PrintUnformatted(files);
    cr_assert_not_null(strstr(text, "\"builtins\":[\"open\"]"), "%s", text);
    free(text);
  }
  cJSON_Delete(doc);
  http_resp_free(&r);
  srv_stop(&s);

  /* --max-files 0: the capability is off, and asking for it is a 400. */
  srv_start(&off, none, NULL);
  HTTP_OK(http_get(off.port, "/info", &r));
  doc = json_body(&r);
  cr_assert_null(cJSON_GetObjectItemCaseSensitive(
      cJSON_GetObjectItemCaseSensitive(doc, "capabilities"), "files"));
  cJSON_Delete(doc);
  http_resp_free(&r);
  bad_request(off.port, "{\"code\":\"1\",\"capabilities\":[\"files\"]}", "invalid_field",
              "capabilities[0]: the 'files' capability is off on this server");
  bad_request(off.port, "{\"code\":\"1\",\"files\":[{\"path\":\"a\",\"content\":\"\"}]}",
              "invalid_field", "the 'files' capability is off");
  srv_stop(&off);
}

/* ---- files back: return_files ---- */

static const cJSON *file_named(const cJSON *doc, const char *path) {
  const cJSON *f;

  cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "files")) {
    if (strcmp(str_of(f, "path"), path) == 0)
      return f;
  }
  return NULL;
}

static double num_of(const cJSON *o, const char *name) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
  return cJSON_IsNumber(v) ? v->valuedouble : -1;
}

static size_t count_of(const cJSON *doc, const char *name) {
  return (size_t)cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, name));
}

/* What the snippet wrote comes back, in byte order of the paths: text as
 * it is, anything else in base64, each with its size and MIME type; the
 * job's own files only when the snippet changed them; on an exception
 * too. */
Test(files, written_files_come_back) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *f;

  srv_start(&s, NULL, NULL);
  doc = execute(s.port,
                "{\"code\":\"open('b.bin', 'wb').write(bytes([0, 255, 1]))\\n"
                "open('notes/caf\\u00e9.txt', 'w').write('na\\u00efve')\\n"
                "open('a.csv', 'w').write('x,y\\\\n1,2\\\\n')\\n"
                "open('notes/keep.txt', 'a').write('+')\","
                "\"files\":[{\"path\":\"notes/keep.txt\",\"content\":\"k\"},"
                "{\"path\":\"notes/same.txt\",\"content\":\"s\"}],\"return_files\":true}",
                "ok");
  cr_assert_eq(count_of(doc, "files"), 4, "%s", cJSON_PrintUnformatted(doc));
  cr_assert_str_eq(str_of(cJSON_GetArrayItem(cJSON_GetObjectItem(doc, "files"), 0), "path"),
                   "a.csv", "byte order of the paths");
  f = file_named(doc, "a.csv");
  cr_assert_str_eq(str_of(f, "content"), "x,y\n1,2\n");
  cr_assert_str_eq(str_of(f, "encoding"), "utf-8");
  cr_assert_str_eq(str_of(f, "mime"), "text/csv");
  cr_assert_eq(num_of(f, "size"), 8);
  cr_assert(cJSON_IsFalse(cJSON_GetObjectItem(f, "truncated")));
  f = file_named(doc, "b.bin");
  cr_assert_str_eq(str_of(f, "content"), "AP8B");
  cr_assert_str_eq(str_of(f, "encoding"), "base64");
  cr_assert_str_eq(str_of(f, "mime"), "application/octet-stream");
  f = file_named(doc, "notes/caf\xc3\xa9.txt");
  cr_assert_not_null(f, "a UTF-8 path");
  cr_assert_str_eq(str_of(f, "content"), "na\xc3\xafve", "text files are UTF-8");
  cr_assert_eq(num_of(f, "size"), 6);
  cr_assert_str_eq(str_of(file_named(doc, "notes/keep.txt"), "content"), "k+", "changed");
  cr_assert_null(file_named(doc, "notes/same.txt"), "the job's own file, unchanged");
  cr_assert_eq(num_of(doc, "files_dropped"), 0);
  cJSON_Delete(doc);

  /* On an exception too; patterns choose. */
  doc = execute(s.port,
                "{\"code\":\"open('plot.png', 'wb').write(b'\\\\x89PNG')\\n"
                "open('log.txt', 'w').write('l')\\n1/0\","
                "\"return_files\":[\"*.png\"]}",
                "error");
  cr_assert_eq(count_of(doc, "files"), 1, "%s", cJSON_PrintUnformatted(doc));
  f = file_named(doc, "plot.png");
  cr_assert_str_eq(str_of(f, "mime"), "image/png");
  cr_assert_str_eq(str_of(f, "content"), "iVBORw==");
  cJSON_Delete(doc);
  /* Without return_files, nothing comes back. */
  doc = execute(s.port, "{\"code\":\"open('x.txt', 'w').write('x')\",\"capabilities\":[\"files\"]}",
                "ok");
  cr_assert_eq(count_of(doc, "files"), 0);
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* The patterns: '*' within a component, '**' across them. */
Test(files, patterns_choose_the_files) {
  static const struct {
    const char *patterns, *want;
  } cases[] = {
      {"[\"*.txt\"]", "a.txt"},
      {"[\"**/*.txt\"]", "a.txt d/b.txt d/e/c.txt"},
      {"[\"d/**\"]", "d/b.txt d/e/c.txt d/e/f.png"},
      {"[\"d/*/?.png\", \"a.*\"]", "a.txt d/e/f.png"},
      {"[\"nothing\"]", ""},
  };
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    char body[1024], got[256] = "";
    const cJSON *f;
    cJSON *doc;
    (void)snprintf(body, sizeof body,
                   "{\"code\":\"for p in ['a.txt', 'd/b.txt', 'd/e/c.txt', 'd/e/f.png']:\\n"
                   "    open(p, 'w').write(p)\","
                   "\"files\":[{\"path\":\"d/e/.keep\",\"content\":\"\"}],"
                   "\"return_files\":%s}",
                   cases[i].patterns);
    doc = execute(s.port, body, "ok");
    cJSON_ArrayForEach(f, cJSON_GetObjectItemCaseSensitive(doc, "files")) {
      if (got[0])
        strcat(got, " ");
      strcat(got, str_of(f, "path"));
    }
    cr_assert_str_eq(got, cases[i].want, "%s", cases[i].patterns);
    cJSON_Delete(doc);
  }
  srv_stop(&s);
}

/* The limits: files past the count are dropped and counted, a file past
 * the bytes comes back cut (at a whole character) with its real size.
 * (tests/sandbox/test_files.c: what a snippet with the Python layer off
 * leaves there.) */
Test(files, returned_files_are_bounded) {
  static const char *const small[] = {"--max-return-files", "2", "--max-return-bytes", "10", NULL};
  struct ts_srv s;
  cJSON *doc;
  const cJSON *f;

  srv_start(&s, small, NULL);
  doc = execute(s.port,
                "{\"code\":\"open('a.txt', 'w').write('\\u00e9' * 8)\\n"
                "open('b.txt', 'w').write('b')\\nopen('c.txt', 'w').write('c')\","
                "\"return_files\":true}",
                "ok");
  cr_assert_eq(count_of(doc, "files"), 2, "%s", cJSON_PrintUnformatted(doc));
  cr_assert_eq(num_of(doc, "files_dropped"), 1);
  f = file_named(doc, "a.txt");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(f, "truncated")));
  cr_assert_eq(num_of(f, "size"), 16);
  cr_assert_str_eq(str_of(f, "encoding"), "utf-8", "cut at a whole character");
  cr_assert_str_eq(str_of(f, "content"), "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
  f = file_named(doc, "b.txt");
  cr_assert_str_eq(str_of(f, "content"), "", "no bytes left");
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItem(f, "truncated")));
  cJSON_Delete(doc);
  /* A file of a binary type is base64 even when its cut bytes are text. */
  doc = execute(s.port,
                "{\"code\":\"open('a.png', 'wb').write(b'PNG' * 100)\",\"return_files\":true}",
                "ok");
  f = file_named(doc, "a.png");
  cr_assert_str_eq(str_of(f, "encoding"), "base64");
  cr_assert_str_eq(str_of(f, "content"), "UE5HUE5HUE5HUA==", "10 bytes of 300");
  cJSON_Delete(doc);
  srv_stop(&s);

  /* The default limits, filled: one file far past them (cut at 8 MiB),
   * 64 files of 128 KiB; names no path can say are counted, not lost. */
  srv_start(&s, NULL, NULL);
  for (int round = 0; round < 3; round++) {
    doc = execute(s.port,
                  "{\"code\":\"open('big.txt', 'w').write('e' * 10000000)\","
                  "\"return_files\":[\"*.txt\"]}",
                  "ok");
    f = file_named(doc, "big.txt");
    cr_assert_eq(num_of(f, "size"), 10000000);
    cr_assert_eq(strlen(str_of(f, "content")), 8u << 20);
    cJSON_Delete(doc);
    doc = execute(s.port,
                  "{\"code\":\"for i in range(64):\\n    open('f%02d.bin' % i, 'wb')"
                  ".write(bytes(131072))\",\"return_files\":true}",
                  "ok");
    cr_assert_eq(count_of(doc, "files"), 64);
    cJSON_Delete(doc);
  }
  doc = execute(s.port,
                "{\"code\":\"open('a\\\\nb', 'w').write('x')\\nopen('ok', 'w').write('y')\","
                "\"return_files\":true}",
                "ok");
  cr_assert_eq(count_of(doc, "files"), 1, "%s", cJSON_PrintUnformatted(doc));
  cr_assert_eq(num_of(doc, "files_dropped"), 1, "the file named a, newline, b");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(files, bad_return_files_are_a_400_naming_them) {
  static const char *const none[] = {"--max-files", "0", NULL};
  static const char *const no_return[] = {"--max-return-files", "0", NULL};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  bad_request(s.port, "{\"code\":\"1\",\"return_files\":\"*.png\"}", "invalid_field",
              "'return_files'");
  bad_request(s.port, "{\"code\":\"1\",\"return_files\":[1]}", "invalid_field", "return_files[0]");
  bad_request(s.port, "{\"code\":\"1\",\"return_files\":[\"a\",\"/etc/*\"]}", "invalid_field",
              "return_files[1]");
  bad_request(s.port, "{\"code\":\"1\",\"return_files\":[\"../*\"]}", "invalid_field",
              "return_files[0]");
  bad_request(s.port, "{\"code\":\"1\",\"return_files\":[\"a**\"]}", "invalid_field",
              "return_files[0]");
  bad_request(s.port,
              "{\"code\":\"1\",\"return_files\":[\"1\",\"2\",\"3\",\"4\",\"5\",\"6\",\"7\",\"8\","
              "\"9\",\"10\",\"11\",\"12\",\"13\",\"14\",\"15\",\"16\",\"17\"]}",
              "limit_exceeded", "return_files");
  srv_stop(&s);
  srv_start(&s, none, NULL);
  bad_request(s.port, "{\"code\":\"1\",\"return_files\":true}", "invalid_field", "return_files");
  srv_stop(&s);
  srv_start(&s, no_return, NULL);
  bad_request(s.port, "{\"code\":\"1\",\"return_files\":[\"*\"]}", "invalid_field",
              "files back are off");
  srv_stop(&s);
}
