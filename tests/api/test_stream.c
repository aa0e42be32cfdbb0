/* /execute as an NDJSON stream (Accept: application/x-ndjson): the events
 * and their order, text cut across reads, the cap's notice, a done event
 * that is the ordinary response, events that come while the job still
 * runs, a hang-up that cancels it, the errors that keep their statuses,
 * and the ordinary answer for every other client. */
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cjson/cJSON.h>
#include <criterion/criterion.h>

#include "harness.h"

TestSuite(stream, .fini = srv_cleanup_all, .timeout = 120);

#define NDJSON "application/x-ndjson"

static const char *const stream_headers[] = {"Content-Type: application/json",
                                             "Accept: " NDJSON, NULL};

/* POST /execute with `body`, asking for the stream. */
static void post_stream(unsigned port, const char *body, struct http_resp *r) {
  HTTP_OK(http_request(port, "POST", "/execute", stream_headers, body, strlen(body), r));
}

/* The request body for `code` (and a timeout, when above 0). */
static char *body_of(const char *code, double timeout) {
  cJSON *req = cJSON_CreateObject();
  char *json;

  cJSON_AddStringToObject(req, "code", code);
  if (timeout > 0)
    cJSON_AddNumberToObject(req, "timeout", timeout);
  json = cJSON_PrintUnformatted(req);
  cJSON_Delete(req);
  return json;
}

static const char *str_of(const cJSON *o, const char *name) {
  const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
  return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* The events of a 200 stream, one JSON object per line, each line ended
 * by a newline; exactly one done event, the last.  Caller frees. */
static cJSON *events_of(const struct http_resp *r) {
  cJSON *events = cJSON_CreateArray();
  const char *p = r->body, *end = r->body + r->body_len;
  int n, done = 0;

  cr_assert_eq(r->status, 200, "status %d: %.500s", r->status, r->body);
  cr_assert_str_eq(http_header(r, "Content-Type"), NDJSON);
  cr_assert(http_header(r, "X-Request-Id"), "no X-Request-Id on a stream");
  cr_assert(r->body_len > 0 && end[-1] == '\n', "the stream does not end with a newline");
  while (p < end) {
    const char *nl = memchr(p, '\n', (size_t)(end - p));
    cJSON *ev = cJSON_ParseWithLength(p, (size_t)(nl - p));
    cr_assert(cJSON_IsObject(ev) && str_of(ev, "event"), "not an event: %.*s", (int)(nl - p), p);
    cJSON_AddItemToArray(events, ev);
    p = nl + 1;
  }
  n = cJSON_GetArraySize(events);
  for (int i = 0; i < n; i++)
    done += strcmp(str_of(cJSON_GetArrayItem(events, i), "event"), "done") == 0;
  cr_assert_eq(done, 1, "%d done events", done);
  cr_assert_str_eq(str_of(cJSON_GetArrayItem(events, n - 1), "event"), "done",
                   "the done event is not the last");
  return events;
}

static const cJSON *done_response(const cJSON *events) {
  const cJSON *r = cJSON_GetObjectItemCaseSensitive(
      cJSON_GetArrayItem(events, cJSON_GetArraySize(events) - 1), "response");
  cr_assert(cJSON_IsObject(r), "the done event has no response");
  return r;
}

/* What the data events of one stream ("stdout" or "stderr") say, joined
 * (caller frees); *truncated: its notice came, and nothing of it after. */
static char *joined(const cJSON *events, const char *name, bool *truncated) {
  char notice[32];
  size_t len = 0;
  char *all = calloc(1, 1);
  const cJSON *ev;

  snprintf(notice, sizeof notice, "%s_truncated", name);
  *truncated = false;
  cJSON_ArrayForEach(ev, events) {
    const char *kind = str_of(ev, "event");
    if (strcmp(kind, notice) == 0) {
      cr_assert(!*truncated, "two %s events", notice);
      *truncated = true;
    } else if (strcmp(kind, name) == 0) {
      const char *data = str_of(ev, "data");
      size_t n;
      cr_assert(data && *data, "a %s event without data", name);
      cr_assert(!*truncated, "%s data after its %s event", name, notice);
      n = strlen(data);
      all = realloc(all, len + n + 1);
      memcpy(all + len, data, n + 1);
      len += n;
    }
  }
  return all;
}

/* Both texts streamed are those of the response, which is its usual
 * shape. */
static void assert_streams_match(const cJSON *events) {
  const cJSON *resp = done_response(events);
  bool trunc;

  for (int i = 0; i < 2; i++) {
    const char *name = i == 0 ? "stdout" : "stderr";
    char *text = joined(events, name, &trunc);
    cr_assert(!trunc);
    cr_assert_str_eq(text, str_of(resp, name), "%s streamed is not %s answered", name, name);
    free(text);
  }
}

Test(stream, events_then_one_done_event_with_the_response) {
  struct ts_srv s;
  struct http_resp r;
  char *body = body_of("import warnings\n"
                       "print('one', flush=True)\n"
                       "warnings.warn('two')\n"
                       "print('three')\n"
                       "x = 6\n"
                       "x * 7",
                       0);
  cJSON *events;
  const cJSON *resp;

  srv_start(&s, NULL, NULL);
  post_stream(s.port, body, &r);
  events = events_of(&r);
  resp = done_response(events);
  cr_assert_str_eq(str_of(resp, "status"), "ok");
  cr_assert_str_eq(str_of(resp, "stdout"), "one\nthree\n");
  cr_assert(strstr(str_of(resp, "stderr"), "UserWarning: two"), "%s", str_of(resp, "stderr"));
  cr_assert(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(
                cJSON_GetObjectItemCaseSensitive(resp, "result"), "json")),
            "no result");
  assert_streams_match(events);
  cJSON_Delete(events);
  http_resp_free(&r);
  free(body);
  /* Logged like any execution: 200, its status, the request id. */
  srv_stop(&s);
  cr_assert(strstr(s.log, "\"path\":\"/execute\",\"status\":200") &&
                strstr(s.log, "\"exec_status\":\"ok\""),
            "%s", s.log);
}

/* 150,000 bytes of three-byte characters: the pipe is read in pieces of
 * pages, which cut characters; every event is whole text, and together
 * they are the output, without a replacement character. */
Test(stream, characters_cut_between_reads_arrive_whole) {
  struct ts_srv s;
  struct http_resp r;
  char *body = body_of("print('\\u20ac' * 50000, end='')", 0);
  cJSON *events;
  char *text;
  bool trunc;

  srv_start(&s, NULL, NULL);
  post_stream(s.port, body, &r);
  events = events_of(&r);
  text = joined(events, "stdout", &trunc);
  cr_assert(!trunc);
  cr_assert_eq(strlen(text), 150000);
  for (size_t i = 0; i < 150000; i += 3)
    cr_assert(memcmp(text + i, "\xe2\x82\xac", 3) == 0, "byte %zu is not a euro sign's", i);
  cr_assert_str_eq(str_of(done_response(events), "stdout"), text);
  free(text);
  cJSON_Delete(events);
  http_resp_free(&r);
  free(body);
  srv_stop(&s);
}

/* Past --max-output a stream says so once and stops; the response is the
 * usual head, marker and tail, with every byte counted. */
Test(stream, output_past_the_cap_gives_one_notice_and_the_usual_response) {
  const char *const args[] = {"--max-output", "1000", NULL};
  struct ts_srv s;
  struct http_resp r;
  cJSON *events;
  const cJSON *resp;
  char *text;
  bool trunc;
  char *body = body_of("for i in range(500):\n    print('%04d' % i, 'x' * 15)\nprint('end')", 0);
  srv_start(&s, args, NULL);
  post_stream(s.port, body, &r);
  events = events_of(&r);
  text = joined(events, "stdout", &trunc);
  cr_assert(trunc, "no stdout_truncated event");
  /* The first 1000 bytes, exactly: what the response keeps in any case. */
  cr_assert_eq(strlen(text), 1000);
  cr_assert(strncmp(text, "0000 xxxxxxxxxxxxxxx\n0001 ", 26) == 0, "%.60s", text);
  resp = done_response(events);
  cr_assert(cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(resp, "stdout_truncated")));
  cr_assert_eq(cJSON_GetObjectItemCaseSensitive(resp, "stdout_bytes")->valuedouble,
               500 * 21 + 4);
  cr_assert(strstr(str_of(resp, "stdout"), "bytes left out ...]"), "%s", str_of(resp, "stdout"));
  cr_assert(strstr(str_of(resp, "stdout"), "0499 xxxxxxxxxxxxxxx\nend\n"));
  free(text);
  cJSON_Delete(events);
  http_resp_free(&r);
  free(body);
  srv_stop(&s);
}

/* The done event's response is what the same request answers without
 * the stream, in every field but the times. */
Test(stream, the_done_response_is_the_ordinary_response) {
  static const char *const codes[] = {
      "print('hi')\nimport warnings\nwarnings.warn('w')\n{'a': [1, 2]}",
      "print('before')\ndef f():\n    return 1 / 0\nf()",
      "print('x' * 3000)",
  };
  const char *const args[] = {"--max-output", "1000", NULL};
  struct ts_srv s;

  srv_start(&s, args, NULL);
  for (size_t i = 0; i < sizeof codes / sizeof codes[0]; i++) {
    char *body = body_of(codes[i], 0);
    struct http_resp r;
    cJSON *plain = execute_code(s.port, codes[i], 0), *events, *streamed;
    post_stream(s.port, body, &r);
    events = events_of(&r);
    streamed = cJSON_Duplicate(done_response(events), true);
    for (int k = 0; k < 2; k++) {
      const char *t = k == 0 ? "duration_ms" : "cpu_ms";
      cr_assert(cJSON_IsNumber(cJSON_GetObjectItemCaseSensitive(streamed, t)));
      cJSON_DeleteItemFromObjectCaseSensitive(streamed, t);
      cJSON_DeleteItemFromObjectCaseSensitive(plain, t);
    }
    {
      char *a = cJSON_PrintUnformatted(plain), *b = cJSON_PrintUnformatted(streamed);
      cr_assert_str_eq(b, a, "code %zu", i);
      free(a);
      free(b);
    }
    cJSON_Delete(streamed);
    cJSON_Delete(events);
    cJSON_Delete(plain);
    http_resp_free(&r);
    free(body);
  }
  srv_stop(&s);
}

/* Sends the streaming request by hand and reads until `needle` has come
 * (or the wait runs out).  Returns the open socket. */
static int stream_until(unsigned port, const char *body, const char *needle) {
  char req[4096], buf[65536];
  size_t have = 0;
  int fd = http_connect(port), n;

  cr_assert(fd >= 0, "%s", http_last_error());
  n = snprintf(req, sizeof req,
               "POST /execute HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
               "Accept: " NDJSON "\r\nContent-Length: %zu\r\n\r\n%s",
               strlen(body), body);
  cr_assert(n > 0 && (size_t)n < sizeof req);
  cr_assert_eq(send(fd, req, (size_t)n, MSG_NOSIGNAL), n);
  while (have + 1 < sizeof buf) {
    struct pollfd p = {fd, POLLIN, 0};
    ssize_t got;
    cr_assert_eq(poll(&p, 1, HARNESS_WAIT_MS), 1, "nothing came: %.*s", (int)have, buf);
    got = recv(fd, buf + have, sizeof buf - 1 - have, 0);
    cr_assert(got > 0, "the server closed the stream: %.*s", (int)have, buf);
    have += (size_t)got;
    buf[have] = '\0';
    if (strstr(buf, needle))
      return fd;
  }
  cr_assert_fail("no %s in %s", needle, buf);
  return -1;
}

/* An event comes while its job runs (it would sleep far longer than the
 * wait for it), and a client that leaves then cancels the job: the
 * server's counters say so, not a clock. */
Test(stream, events_come_while_the_job_runs_and_a_hang_up_cancels_it) {
  const char *const args[] = {"--max-timeout", "120", NULL};
  struct ts_srv s;
  char *body = body_of("import time\nprint('started', flush=True)\ntime.sleep(100)", 120);
  int fd;

  srv_start(&s, args, NULL);
  fd = stream_until(s.port, body, "{\"event\":\"stdout\",\"data\":\"started\\n\"}\n");
  cr_assert_eq(metric_value(s.port, "tool_sandbox_executions_in_flight"), 1,
               "the job is not running any more");
  close(fd);
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_total{status=\"cancelled\"}", 1,
                        HARNESS_WAIT_MS),
            "the job of a client that left was not cancelled");
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_in_flight", 0, HARNESS_WAIT_MS));
  /* Logged and counted as 499, as without the stream. */
  cr_assert(wait_metric(s.port, "tool_sandbox_http_requests_total{route=\"/execute\",status=\"499\"}",
                        1, HARNESS_WAIT_MS),
            "the cancelled stream is not counted as 499");
  free(body);
  srv_stop(&s);
  cr_assert(strstr(s.log, "\"status\":499") && strstr(s.log, "\"exec_status\":\"cancelled\""),
            "%s", s.log);
}

/* The same while the stream is being sent: the client reads nothing
 * and the server has more than the sockets hold (8 MiB of output within
 * the cap, the child writing on towards a far ceiling), so libmicrohttpd
 * is the one that sees the hang-up, and the job is cancelled too. */
Test(stream, a_hang_up_while_output_pours_cancels_the_job) {
  const char *const args[] = {"--max-timeout", "120", "--max-output", "8388608",
                              "--output-ceiling", "1073741824", NULL};
  struct ts_srv s;
  char *body = body_of("print('started', flush=True)\nwhile True:\n    print('y' * 1000)", 120);
  int fd, queued = 0;

  srv_start(&s, args, NULL);
  fd = stream_until(s.port, body, "started");
  /* Unread bytes pile up in the client's socket: the server is sending.
   * (Not up to 64 KiB: a receive buffer that its reader never drains
   * stays at its first size, whose window may hold just under that.
   * Readable data keeps poll() answering at once: the loop yields the
   * CPU between looks, so that a slow server is not starved by it.) */
  for (;;) {
    struct pollfd p = {fd, POLLIN, 0};
    cr_assert_eq(poll(&p, 1, HARNESS_WAIT_MS), 1);
    cr_assert_eq(ioctl(fd, FIONREAD, &queued), 0);
    if (queued >= 16 * 1024)
      break;
    (void)usleep(1000);
  }
  close(fd);
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_total{status=\"cancelled\"}", 1,
                        HARNESS_WAIT_MS),
            "the job of a client that left was not cancelled");
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_in_flight", 0, HARNESS_WAIT_MS));
  free(body);
  srv_stop(&s);
}

/* A snippet the validator refuses never runs: a stream of its done event
 * alone, whose response is the usual rejection. */
Test(stream, a_rejected_snippet_is_a_stream_of_its_done_event) {
  struct ts_srv s;
  struct http_resp r;
  cJSON *events;
  const cJSON *resp;

  srv_start(&s, NULL, NULL);
  post_stream(s.port, "{\"code\":\"import socket\"}", &r);
  events = events_of(&r);
  cr_assert_eq(cJSON_GetArraySize(events), 1);
  resp = done_response(events);
  cr_assert_str_eq(str_of(resp, "status"), "rejected");
  cr_assert(cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(resp, "violations")) > 0);
  cJSON_Delete(events);
  http_resp_free(&r);
  srv_stop(&s);
}

/* What is refused before anything runs keeps its status and its JSON
 * error, whatever the client accepts. */
Test(stream, refusals_before_running_keep_their_status) {
  const char *const env[] = {"TOOL_SANDBOX_TOKENS=tok", NULL};
  const char *const args[] = {"--max-body", "1024", NULL};
  static const char *const authed[] = {"Content-Type: application/json", "Accept: " NDJSON,
                                       "Authorization: Bearer tok", NULL};
  struct srv_opts o = {args, env, false};
  struct ts_srv s;
  struct http_resp r;
  char big[2000];

  srv_start_opts(&s, &o);
  post_stream(s.port, "{\"code\":\"print(1)\"}", &r);
  assert_json_error(&r, 401, "unauthorized");
  http_resp_free(&r);
  HTTP_OK(http_request(s.port, "POST", "/execute", authed, "{\"code\":", 8, &r));
  assert_json_error(&r, 400, "invalid_json");
  http_resp_free(&r);
  HTTP_OK(http_request(s.port, "POST", "/execute", authed, "{\"code\":1}", 10, &r));
  assert_json_error(&r, 400, "invalid_field");
  http_resp_free(&r);
  memset(big, ' ', sizeof big);
  HTTP_OK(http_request(s.port, "POST", "/execute", authed, big, sizeof big, &r));
  assert_json_error(&r, 413, "body_too_large");
  http_resp_free(&r);
  srv_stop(&s);
}

Test(stream, a_full_queue_is_a_429_for_a_stream_too) {
  const char *const args[] = {"--max-concurrency", "1", "--max-queue", "0", "--max-timeout",
                              "120", NULL};
  struct ts_srv s;
  struct http_resp r;
  char *body = body_of("import time\nprint('holding', flush=True)\ntime.sleep(100)", 120);
  int fd;

  srv_start(&s, args, NULL);
  fd = stream_until(s.port, body, "holding"); /* it holds the only slot */
  post_stream(s.port, "{\"code\":\"print(1)\"}", &r);
  assert_json_error(&r, 429, "too_many_requests");
  cr_assert_str_eq(http_header(&r, "Retry-After"), "1");
  http_resp_free(&r);
  close(fd);
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_in_flight", 0, HARNESS_WAIT_MS));
  free(body);
  srv_stop(&s);
}

/* Without application/x-ndjson in Accept (absent, JSON, a wildcard, or
 * refused with q=0) the answer is the ordinary JSON one. */
Test(stream, other_clients_get_the_ordinary_answer) {
  static const char *const accepts[] = {NULL, "Accept: application/json", "Accept: */*",
                                        "Accept: " NDJSON ";q=0"};
  struct ts_srv s;

  srv_start(&s, NULL, NULL);
  for (size_t i = 0; i < sizeof accepts / sizeof accepts[0]; i++) {
    const char *hdrs[] = {"Content-Type: application/json", accepts[i], NULL};
    struct http_resp r;
    cJSON *doc;
    HTTP_OK(http_request(s.port, "POST", "/execute", hdrs, "{\"code\":\"print(1)\"}", 19, &r));
    assert_status(&r, 200);
    doc = json_body(&r);
    cr_assert_str_eq(str_of(doc, "stdout"), "1\n", "%s", accepts[i] ? accepts[i] : "no Accept");
    cr_assert(http_header(&r, "Content-Length"), "not a plain answer");
    cJSON_Delete(doc);
    http_resp_free(&r);
  }
  srv_stop(&s);
}

/* display() bundles are events too, in order with the output, each as
 * the response's `outputs` has it; and one comes while the job runs (the
 * runner writes it to the report pipe at once), not only at the end. */
Test(stream, display_bundles_are_events_as_they_are_made) {
  const char *const args[] = {"--max-timeout", "120", NULL};
  struct ts_srv s;
  struct http_resp r;
  char *body = body_of("print('a', flush=True)\ndisplay('one')\n"
                       "class H:\n    def _repr_html_(self):\n        return '<b>2</b>'\n"
                       "display(H(), {'k': [1, 2.5]})\nprint('b')", 0);
  cJSON *events;
  const cJSON *ev, *outputs;
  int ndisplay = 0, fd;

  srv_start(&s, args, NULL);
  post_stream(s.port, body, &r);
  events = events_of(&r);
  outputs = cJSON_GetObjectItemCaseSensitive(done_response(events), "outputs");
  cr_assert_eq(cJSON_GetArraySize(outputs), 3);
  cJSON_ArrayForEach(ev, events) {
    char *got, *want;
    if (strcmp(str_of(ev, "event"), "display") != 0)
      continue;
    got = cJSON_PrintUnformatted(cJSON_GetObjectItemCaseSensitive(ev, "data"));
    want = cJSON_PrintUnformatted(
        cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(outputs, ndisplay), "data"));
    cr_assert_str_eq(got, want, "display event %d", ndisplay);
    free(got);
    free(want);
    ndisplay++;
  }
  cr_assert_eq(ndisplay, 3);
  assert_streams_match(events);
  cJSON_Delete(events);
  http_resp_free(&r);
  free(body);

  /* While it runs: the event comes, then the client leaves. */
  body = body_of("import time\ndisplay('early')\ntime.sleep(100)", 120);
  fd = stream_until(s.port, body, "{\"event\":\"display\",\"data\":{\"text/plain\":\"'early'\"}}\n");
  close(fd);
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_total{status=\"cancelled\"}", 1,
                        HARNESS_WAIT_MS));
  free(body);
  srv_stop(&s);
}
