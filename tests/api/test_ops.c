/* API tests of operating the service: bearer tokens, request ids and the
 * access log, /readyz, /metrics, /info, /openapi.yaml, configuration
 * layers, --check and --print-seccomp, zygote recovery, graceful shutdown and slow
 * clients. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "harness.h"
#include "sandbox/seccomp.h"
#include "util/sha256.h"

TestSuite(ops, .fini = srv_cleanup_all, .timeout = 120);

static int request_h(unsigned port, const char *method, const char *path, const char *auth,
                     const char *body, struct http_resp *r) {
  char h[300];
  const char *hdrs[3] = {"Content-Type: application/json", NULL, NULL};

  if (auth) {
    snprintf(h, sizeof h, "Authorization: %s", auth);
    hdrs[1] = h;
  }
  return http_request(port, method, path, hdrs, body, body ? strlen(body) : 0, r);
}

/* The server's zygote, or 0. */
static pid_t find_zygote(pid_t server) {
  struct srv_kids k;

  srv_kids(server, &k);
  return k.zygote;
}

/* ---- authentication ---- */

Test(ops, bearer_tokens_are_required_and_rotate) {
  const char *const env[] = {"TOOL_SANDBOX_TOKENS=old-token,new-token", NULL};
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, env);
  HTTP_OK(request_h(s.port, "POST", "/validate", NULL, "{\"code\":\"1\"}", &r));
  assert_json_error(&r, 401, "unauthorized");
  cr_assert(http_header(&r, "WWW-Authenticate"));
  cr_assert(strstr(http_header(&r, "WWW-Authenticate"), "Bearer"));
  http_resp_free(&r);
  HTTP_OK(request_h(s.port, "POST", "/validate", "Bearer wrong-token", "{\"code\":\"1\"}", &r));
  assert_json_error(&r, 401, "unauthorized");
  http_resp_free(&r);
  HTTP_OK(request_h(s.port, "POST", "/validate", "Bearer old-toke", "{\"code\":\"1\"}", &r));
  assert_json_error(&r, 401, "unauthorized");
  http_resp_free(&r);
  HTTP_OK(request_h(s.port, "POST", "/validate", "Basic b2xkLXRva2Vu", "{\"code\":\"1\"}", &r));
  assert_json_error(&r, 401, "unauthorized");
  http_resp_free(&r);
  /* Both tokens of a rotation work. */
  HTTP_OK(request_h(s.port, "POST", "/validate", "Bearer old-token", "{\"code\":\"1\"}", &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  HTTP_OK(request_h(s.port, "POST", "/execute", "bearer new-token", "{\"code\":\"print(1)\"}", &r));
  assert_status(&r, 200);
  cr_assert(strstr(r.body, "\"status\":\"ok\""), "%s", r.body);
  http_resp_free(&r);
  /* /healthz and /readyz stay open; the rest is closed. */
  HTTP_OK(request_h(s.port, "GET", "/healthz", NULL, NULL, &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  HTTP_OK(request_h(s.port, "GET", "/readyz", NULL, NULL, &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  for (const char *const *p = (const char *const[]){"/info", "/metrics", "/openapi.yaml", NULL}; *p; p++) {
    HTTP_OK(request_h(s.port, "GET", *p, NULL, NULL, &r));
    assert_json_error(&r, 401, "unauthorized");
    http_resp_free(&r);
  }
  srv_stop(&s);
}

Test(ops, tokens_from_a_file_never_reach_the_zygote) {
  char file[] = "/tmp/ts-tokens-XXXXXX";
  int fd = mkstemp(file);
  const char *const args[] = {"--token-file", file, NULL};
  const char *const env[] = {"TOOL_SANDBOX_TOKENS=env-secret-token", NULL};
  struct ts_srv s;
  struct http_resp r;
  char path[64], buf[8192];
  pid_t z;
  ssize_t n;

  cr_assert(fd >= 0);
  cr_assert(write(fd, "# comment\nfile-secret-token\n", 28) == 28);
  close(fd);
  srv_start(&s, args, env);
  HTTP_OK(request_h(s.port, "GET", "/info", "Bearer file-secret-token", NULL, &r));
  assert_status(&r, 200);
  cr_assert(strstr(r.body, "\"auth_required\":true"));
  cr_assert_null(strstr(r.body, "secret-token"), "/info does not show tokens");
  http_resp_free(&r);
  HTTP_OK(request_h(s.port, "GET", "/info", "Bearer env-secret-token", NULL, &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  z = find_zygote(s.pid);
  cr_assert_gt(z, 0, "the zygote was not found among the server's children");
  snprintf(path, sizeof path, "/proc/%d/environ", (int)z);
  fd = open(path, O_RDONLY);
  cr_assert(fd >= 0);
  n = read(fd, buf, sizeof buf - 1);
  close(fd);
  cr_assert(n >= 0);
  buf[n] = '\0';
  for (ssize_t i = 0; i < n; i++)
    if (buf[i] == '\0')
      buf[i] = '\n';
  cr_assert_null(strstr(buf, "secret-token"), "a token is in the zygote's environment");
  cr_assert_null(strstr(buf, "TOOL_SANDBOX"), "the zygote inherited the server's settings");
#ifndef TS_SANITIZE
  cr_assert_eq(n, 0, "the zygote's environment is not empty: %s", buf);
#endif
  srv_stop(&s);
  cr_assert_null(strstr(s.log, "secret-token"), "a token reached the log");
  unlink(file);
}

/* ---- request ids and the access log ---- */

Test(ops, request_ids_are_echoed_or_generated_and_logged) {
  static const char *const given[] = {"X-Request-Id: trace-42.a_b", NULL};
  static const char *const bad[] = {"X-Request-Id: has spaces\"and quotes", NULL};
  static const char code[] = "print('top secret output')";
  char body[200], sha[65], line[160];
  struct ts_srv s;
  struct http_resp r;
  const char *id;

  srv_start(&s, NULL, NULL);
  HTTP_OK(http_request(s.port, "GET", "/healthz", given, NULL, 0, &r));
  cr_assert_str_eq(http_header(&r, "X-Request-Id"), "trace-42.a_b");
  http_resp_free(&r);
  HTTP_OK(http_request(s.port, "GET", "/nope", bad, NULL, 0, &r));
  id = http_header(&r, "X-Request-Id");
  cr_assert(id && strlen(id) == 32 && strspn(id, "0123456789abcdef") == 32,
            "a generated id replaces an unsafe one: %s", id ? id : "(none)");
  http_resp_free(&r);
  snprintf(body, sizeof body, "{\"code\":\"%s\"}", code);
  HTTP_OK(post_json(s.port, "/execute", body, &r));
  assert_status(&r, 200);
  id = http_header(&r, "X-Request-Id");
  cr_assert(id);
  snprintf(line, sizeof line, "\"request_id\":\"%s\"", id);
  ts_sha256_hex(code, strlen(code), sha);
  cr_assert(srv_log_wait(&s, line, 5000), "no access-log line for %s", id);
  http_resp_free(&r);
  srv_stop(&s);
  {
    char *at = strstr(s.log, line), *start = at, *end;
    while (start > s.log && start[-1] != '\n')
      start--;
    end = strchr(at, '\n');
    *end = '\0';
    cJSON *entry = cJSON_Parse(start);
    cr_assert(entry, "the access-log line is JSON: %s", start);
    cr_assert_str_eq(cJSON_GetObjectItem(entry, "method")->valuestring, "POST");
    cr_assert_str_eq(cJSON_GetObjectItem(entry, "path")->valuestring, "/execute");
    cr_assert_eq(cJSON_GetObjectItem(entry, "status")->valuedouble, 200);
    cr_assert_str_eq(cJSON_GetObjectItem(entry, "exec_status")->valuestring, "ok");
    cr_assert_str_eq(cJSON_GetObjectItem(entry, "code_sha256")->valuestring, sha);
    cr_assert(cJSON_IsNumber(cJSON_GetObjectItem(entry, "duration_ms")));
    cr_assert(cJSON_IsString(cJSON_GetObjectItem(entry, "time")));
    cJSON_Delete(entry);
    *end = '\n';
  }
  cr_assert_null(strstr(s.log, "top secret"), "neither code nor output is logged by default");
}

Test(ops, log_code_puts_the_snippet_in_the_access_log) {
  const char *const args[] = {"--log-code", "true", NULL};
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, args, NULL);
  HTTP_OK(post_json(s.port, "/validate", "{\"code\":\"x = 'marker-in-code'\"}", &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  cr_assert(srv_log_wait(&s, "marker-in-code", 5000));
  srv_stop(&s);
}

/* ---- health, metrics, discovery ---- */

Test(ops, metrics_count_requests_executions_and_rejections) {
  struct ts_srv s;
  struct http_resp r;

  srv_start(&s, NULL, NULL);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"print(1)\"}", &r));
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"1/0\"}", &r));
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"import socket\"}", &r));
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/validate", "{\"code\":\"eval(1)\"}", &r));
  http_resp_free(&r);
  /* A request is counted when its connection is done with it, which may
   * be just after the client has read the answer. */
  cr_assert(wait_metric(s.port,
                        "tool_sandbox_http_requests_total{route=\"/validate\",status=\"200\"}", 1,
                        HARNESS_WAIT_MS) &&
                wait_metric(s.port,
                            "tool_sandbox_http_requests_total{route=\"/execute\",status=\"200\"}",
                            3, HARNESS_WAIT_MS),
            "the requests were not counted");
  HTTP_OK(http_get(s.port, "/metrics", &r));
  assert_status(&r, 200);
  cr_assert(strstr(http_header(&r, "Content-Type"), "text/plain"));
  cr_assert(strstr(r.body, "tool_sandbox_http_requests_total{route=\"/execute\",status=\"200\"} 3"), "%s", r.body);
  cr_assert(strstr(r.body, "tool_sandbox_executions_total{status=\"ok\"} 1"));
  cr_assert(strstr(r.body, "tool_sandbox_executions_total{status=\"error\"} 1"));
  cr_assert(strstr(r.body, "tool_sandbox_executions_total{status=\"rejected\"} 1"));
  cr_assert(strstr(r.body, "tool_sandbox_validation_violations_total{rule=\"import-banned\"} 1"));
  cr_assert(strstr(r.body, "tool_sandbox_validation_violations_total{rule=\"banned-name\"} 1"));
  cr_assert(strstr(r.body, "tool_sandbox_executions_in_flight 0"));
  cr_assert(strstr(r.body, "tool_sandbox_execution_queue_depth 0"));
  cr_assert(strstr(r.body, "tool_sandbox_zygote_restarts_total 0"));
  cr_assert(strstr(r.body, "tool_sandbox_http_request_duration_seconds_bucket{route=\"/execute\",le=\"+Inf\"} 3"));
  http_resp_free(&r);
  srv_stop(&s);
}

Test(ops, info_describes_version_limits_and_policy) {
  const char *const args[] = {"--max-timeout", "7", "--allowed-modules", "+fnmatch", NULL};
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc, *lim, *mods, *m;
  bool has_math = false, has_fnmatch = false;

  srv_start(&s, args, NULL);
  HTTP_OK(http_get(s.port, "/info", &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  cr_assert_str_eq(cJSON_GetObjectItem(doc, "name")->valuestring, "tool-sandbox");
  cr_assert(strncmp(cJSON_GetObjectItem(doc, "python_version")->valuestring, "3.11.", 5) == 0);
  lim = cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "limits"), "timeout_seconds");
  cr_assert_eq(cJSON_GetObjectItem(lim, "max")->valuedouble, 7);
  cr_assert_eq(cJSON_GetObjectItem(lim, "default")->valuedouble, 2);
  mods = cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "policy"), "allowed_modules");
  cJSON_ArrayForEach(m, mods) {
    has_math |= strcmp(m->valuestring, "math") == 0;
    has_fnmatch |= strcmp(m->valuestring, "fnmatch") == 0;
  }
  cr_assert(has_math && has_fnmatch);
  cr_assert(cJSON_GetArraySize(cJSON_GetObjectItem(cJSON_GetObjectItem(doc, "policy"), "banned_names")) > 10);
  cJSON_Delete(doc);
  http_resp_free(&r);
  HTTP_OK(http_get(s.port, "/openapi.yaml", &r));
  assert_status(&r, 200);
  cr_assert(strstr(http_header(&r, "Content-Type"), "yaml"));
  cr_assert(strncmp(r.body, "openapi: 3.1", 12) == 0);
  http_resp_free(&r);
  srv_stop(&s);
}

/* ---- recovery ---- */

Test(ops, zygote_killed_mid_execution_is_restarted) {
  struct ts_srv s;
  struct bg a;
  pthread_t t;
  struct http_resp r;
  pid_t z, z2 = 0;

  srv_start(&s, NULL, NULL);
  z = find_zygote(s.pid);
  cr_assert_gt(z, 0);
  a = (struct bg){s.port, "{\"code\":\"import time\\ntime.sleep(1)\\nprint('done')\",\"timeout\":5}", 0, ""};
  pthread_create(&t, NULL, bg_post, &a);
  /* It has its sandbox (a pooled one, cloned before the kill). */
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_in_flight", 1, HARNESS_WAIT_MS) &&
                wait_metric(s.port, "tool_sandbox_execution_queue_depth", 0, HARNESS_WAIT_MS),
            "the execution did not start");
  cr_assert_eq(kill(z, SIGKILL), 0);
  pthread_join(t, NULL);
  /* A running job belongs to the server, not to the zygote: it finishes,
   * answered (a hung request would be -1: the client gives up after
   * 10 s). */
  cr_assert_eq(a.status, 200, "the in-flight request did not finish: %s", a.text);
  cr_assert(strstr(a.text, "\"status\":\"ok\"") || strstr(a.text, "\"status\":\"internal_error\""),
            "%s", a.text);
  /* New requests are served by a new zygote. */
  for (int i = 0; i < HARNESS_WAIT_MS / 10 && (z2 = find_zygote(s.pid)) <= 0; i++)
    usleep(10 * 1000);
  cr_assert(z2 > 0 && z2 != z, "no new zygote");
  for (int i = 0;; i++) {
    HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"print(6*7)\"}", &r));
    assert_status(&r, 200);
    if (strstr(r.body, "\"stdout\":\"42\\n\"")) {
      http_resp_free(&r);
      break;
    }
    /* The new zygote may not be ready yet: "internal_error" meanwhile. */
    cr_assert(i < HARNESS_WAIT_MS / 200, "executions fail after the zygote restart: %s", r.body);
    http_resp_free(&r);
    usleep(200 * 1000);
  }
  HTTP_OK(http_get(s.port, "/metrics", &r));
  cr_assert(strstr(r.body, "tool_sandbox_zygote_restarts_total 1"), "%s", r.body);
  http_resp_free(&r);
  HTTP_OK(http_get(s.port, "/readyz", &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  srv_stop(&s);
}

Test(ops, sigterm_grace_period_ends_long_executions) {
  const char *const args[] = {"--grace-period", "0.5", NULL};
  struct ts_srv s;
  struct bg a;
  pthread_t t;

  srv_start(&s, args, NULL);
  a = (struct bg){s.port, "{\"code\":\"import time\\ntime.sleep(20)\",\"timeout\":30}", 0, ""};
  pthread_create(&t, NULL, bg_post, &a);
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_in_flight", 1, HARNESS_WAIT_MS) &&
                wait_metric(s.port, "tool_sandbox_execution_queue_depth", 0, HARNESS_WAIT_MS),
            "the execution did not start");
  srv_stop(&s); /* SIGTERM; requires exit status 0 within 5 s */
  pthread_join(t, NULL);
  /* Ended by the grace period, not waited for: the 20 s sleep would have
   * outlasted both the 5 s allowed for the exit and the client's 10 s. */
  cr_assert_eq(a.status, 200, "%s", a.text);
  cr_assert(strstr(a.text, "\"status\":\"internal_error\""), "%s", a.text);
  cr_assert(strstr(a.text, "shut down"), "%s", a.text);
}

/* Between SIGTERM and the end of the grace period the server still
 * answers, and a submission the executor refuses is answered by the thread
 * holding its connection: an /execute by its worker, a /readyz by the
 * thread that tried to start the canary.  Neither may hang. */
Test(ops, submissions_during_the_grace_period_get_503_shutting_down) {
  const char *const args[] = {"--grace-period", "3", NULL};
  struct ts_srv s;
  struct http_resp r;
  struct bg a;
  pthread_t t;
  int tries = 0;

  srv_start(&s, args, NULL);
  a = (struct bg){s.port, "{\"code\":\"import time\\ntime.sleep(20)\",\"timeout\":30}", 0, ""};
  pthread_create(&t, NULL, bg_post, &a);
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_in_flight", 1, HARNESS_WAIT_MS) &&
                wait_metric(s.port, "tool_sandbox_execution_queue_depth", 0, HARNESS_WAIT_MS),
            "the execution did not start");
  cr_assert_eq(kill(s.pid, SIGTERM), 0);
  cr_assert(srv_log_wait(&s, "received SIGTERM", HARNESS_WAIT_MS), "SIGTERM was not seen");
  /* The executor stops accepting just after that line: until then an
   * /execute still runs (and is answered 200). */
  for (;;) {
    HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"print(1)\"}", &r));
    if (r.status != 200)
      break;
    http_resp_free(&r);
    cr_assert(++tries < 100, "/execute was still accepted 2 s after SIGTERM");
    usleep(20 * 1000);
  }
  assert_json_error(&r, 503, "shutting_down");
  http_resp_free(&r);
  /* No /readyz came before: this one tries to start a canary. */
  HTTP_OK(http_get(s.port, "/readyz", &r));
  assert_json_error(&r, 503, "shutting_down");
  http_resp_free(&r);
  pthread_join(t, NULL);
  cr_assert_eq(a.status, 200, "%s", a.text);
  cr_assert(strstr(a.text, "\"status\":\"internal_error\""), "%s", a.text);
  srv_stop(&s);
}

Test(ops, slow_clients_cannot_pin_the_server) {
  const char *const args[] = {"--conn-timeout", "1", "--max-conns", "8", NULL};
  struct ts_srv s;
  struct http_resp r;
  int fds[6];
  struct timeval patience = {HARNESS_WAIT_MS / 1000, 0};
  char buf[64];

  srv_start(&s, args, NULL);
  /* Slowloris: connections that send a partial request and stall.
   * /healthz must be answered while they still hold their connections
   * (checked after the answer, so it did not wait for them to go).  A
   * busy machine that stalls this thread past the 1 s idle timeout may
   * let them be closed first, which proves nothing: the round is then
   * played again with new ones (the bound is a hang guard). */
  for (int round = 0;; round++) {
    bool all_there = true;
    for (int i = 0; i < 6; i++) {
      fds[i] = http_connect(s.port);
      cr_assert(fds[i] >= 0);
      cr_assert(send(fds[i], "POST /execute HTTP/1.1\r\nHost: x\r\n", 34, 0) == 34);
    }
    HTTP_OK(http_get(s.port, "/healthz", &r));
    assert_status(&r, 200);
    http_resp_free(&r);
    for (int i = 0; i < 6; i++)
      all_there &= sock_quiet(fds[i]);
    if (all_there)
      break;
    cr_assert(round < 10, "/healthz was never answered while the stalled clients were there");
    for (int i = 0; i < 6; i++)
      close(fds[i]);
  }
  /* The stalled connections are closed by the idle timeout: by the
   * server (the socket's own receive timeout, raised to HARNESS_WAIT_MS
   * here as a hang guard, would give -1 and EAGAIN). */
  for (int i = 0; i < 6; i++) {
    ssize_t n;
    setsockopt(fds[i], SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
    n = recv(fds[i], buf, sizeof buf, 0);
    /* Closed (or reset, or answered with a 4xx): not timed out. */
    cr_assert(n == 0 || (n < 0 && errno == ECONNRESET) ||
                  (n > 0 && strncmp(buf, "HTTP/1.1 4", 10) == 0),
              "a stalled connection was not closed by --conn-timeout (recv %zd, errno %d)", n,
              errno);
    close(fds[i]);
  }
  srv_stop(&s);
}

/* ---- configuration ---- */

Test(ops, config_file_env_and_flags_layer_in_order) {
  char file[] = "/tmp/ts-config-XXXXXX";
  int fd = mkstemp(file);
  static const char text[] = "# test\nmax-timeout = 9\ntimeout = 3\nmemory-mb = 100\nmax-queue = 5\n";
  const char *const env[] = {"TOOL_SANDBOX_TIMEOUT=4", NULL};
  const char *args[] = {"--config", file, "--max-queue", "6", "--print-config", NULL};
  struct cmd_result cr;

  cr_assert(fd >= 0 && write(fd, text, sizeof text - 1) == (ssize_t)(sizeof text - 1));
  close(fd);
  srv_run(args, env, &cr);
  cr_assert_eq(cr.exit_code, 0, "%s", cr.err);
  cr_assert(strstr(cr.out, "max-timeout = 9\n"), "file: %s", cr.out);
  cr_assert(strstr(cr.out, "timeout = 4\n"), "env over file: %s", cr.out);
  cr_assert(strstr(cr.out, "memory-mb = 100\n"), "%s", cr.out);
  cr_assert(strstr(cr.out, "max-queue = 6\n"), "flag over file: %s", cr.out);
  cmd_result_free(&cr);
  {
    /* What --print-config prints is a valid config file. */
    const char *args2[] = {"--config", file, "--print-config", NULL};
    FILE *f;
    srv_run(args2, NULL, &cr);
    f = fopen(file, "w");
    cr_assert(f);
    fputs(cr.out, f);
    fclose(f);
    cmd_result_free(&cr);
    srv_run(args2, NULL, &cr);
    cr_assert_eq(cr.exit_code, 0, "%s", cr.err);
    cr_assert(strstr(cr.out, "timeout = 3\n"), "%s", cr.out);
    cmd_result_free(&cr);
  }
  unlink(file);
}

Test(ops, config_errors_name_the_line) {
  char file[] = "/tmp/ts-config-XXXXXX";
  int fd = mkstemp(file);
  static const char text[] = "timeout = 2\nno-such-setting = 1\n";
  const char *args[] = {"--config", file, NULL};
  const char *args2[] = {"--timeout", "400", NULL};
  struct cmd_result cr;

  cr_assert(fd >= 0 && write(fd, text, sizeof text - 1) == (ssize_t)(sizeof text - 1));
  close(fd);
  srv_run(args, NULL, &cr);
  cr_assert_eq(cr.exit_code, 2);
  cr_assert(strstr(cr.err, ":2: unknown setting 'no-such-setting'"), "%s", cr.err);
  cmd_result_free(&cr);
  srv_run(args2, NULL, &cr);
  cr_assert_eq(cr.exit_code, 2);
  cr_assert(strstr(cr.err, "above max-timeout"), "%s", cr.err);
  cmd_result_free(&cr);
  unlink(file);
}

Test(ops, check_reports_every_requirement) {
  const char *args[] = {"--check", NULL};
  struct cmd_result cr;

  srv_run(args, NULL, &cr);
  cr_assert_eq(cr.exit_code, 0, "%s\n%s", cr.out, cr.err);
  cr_assert(strstr(cr.out, "ok    user namespaces"), "%s", cr.out);
  cr_assert(strstr(cr.out, "ok    seccomp"), "%s", cr.out);
  cr_assert(strstr(cr.out, "ok    a canary execution through every sandbox layer"), "%s", cr.out);
  cr_assert(strstr(cr.out, "the sandbox can run here"), "%s", cr.out);
  cmd_result_free(&cr);
}

/* --print-seccomp prints the filter, byte for byte what ts_seccomp_print
 * writes, and exits 0 before anything starts: nothing is logged. */
Test(ops, print_seccomp_prints_the_filter_and_exits) {
  const char *args[] = {"--print-seccomp", NULL};
  const char *bad[] = {"--print-seccomp", "--timeout", "400", NULL};
  struct cmd_result cr;
  ts_err err = {0};
  int fd = memfd_create("ts-pfc", MFD_CLOEXEC);
  off_t size;
  char *want;

  cr_assert_geq(fd, 0);
  cr_assert_eq(ts_seccomp_print(fd, &err), 0, "%s", err.msg);
  size = lseek(fd, 0, SEEK_END);
  cr_assert_gt(size, 0);
  want = calloc(1, (size_t)size + 1);
  cr_assert(want);
  cr_assert_eq(pread(fd, want, (size_t)size, 0), size);
  close(fd);

  srv_run(args, NULL, &cr);
  cr_assert_eq(cr.exit_code, 0, "%s", cr.err);
  cr_assert_str_eq(cr.err, "", "something was started or logged: %s", cr.err);
  cr_assert(strstr(cr.out, "# filter for syscall \"read\""), "%s", cr.out);
  cr_assert(strstr(cr.out, "action ALLOW;"), "%s", cr.out);
  cr_assert_null(strstr(cr.out, "\"socket\""), "%s", cr.out);
  cr_assert_str_eq(cr.out, want);
  cmd_result_free(&cr);
  free(want);

  /* A bad configuration is still refused first. */
  srv_run(bad, NULL, &cr);
  cr_assert_eq(cr.exit_code, 2, "%s", cr.out);
  cr_assert(strstr(cr.err, "above max-timeout"), "%s", cr.err);
  cmd_result_free(&cr);
}
