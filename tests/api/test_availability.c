/* API tests of the shared paths' availability: /readyz, which needs no
 * token, cannot take execution slots or queue places from the users, and
 * /validate bodies, however large and many, neither queue without bound
 * nor hold up an /execute.
 *
 * Every step is ordered by what the server reports (its metrics, which
 * sockets have an answer), never by wall-clock time: the deadlines below
 * are hang guards only. */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "harness.h"

TestSuite(availability, .fini = srv_cleanup_all, .timeout = 180);

#define TOKEN "avail-token"
#define AUTH "Authorization: Bearer " TOKEN

/* Sends METHOD PATH with a JSON body (and a bearer token when auth) on a
 * connection of its own and returns the socket.  With hold_last, the last
 * byte of the body is kept back: the server then has the whole request but
 * that byte and cannot act on it yet, and release() completes it.  Many
 * requests released in a row reach the server within microseconds of each
 * other, whatever their sizes. */
static int send_request(unsigned port, const char *path, bool auth, const char *body,
                        size_t len, bool hold_last) {
  char head[512];
  int fd = http_connect(port), n;
  size_t want = hold_last ? len - 1 : len, sent = 0;

  cr_assert(fd >= 0, "%s", http_last_error());
  n = snprintf(head, sizeof head,
               "POST %s HTTP/1.1\r\nHost: 127.0.0.1:%u\r\nConnection: close\r\n"
               "Content-Type: application/json\r\n%s%sContent-Length: %zu\r\n\r\n",
               path, port, auth ? AUTH : "", auth ? "\r\n" : "", len);
  cr_assert(send(fd, head, (size_t)n, MSG_NOSIGNAL) == n, "sending the head: %s",
            strerror(errno));
  while (sent < want) {
    ssize_t w = send(fd, body + sent, want - sent, MSG_NOSIGNAL);
    cr_assert(w > 0, "sending the body of %s: %s", path, strerror(errno));
    sent += (size_t)w;
  }
  return fd;
}

static void release(int fd, const char *body, size_t len) {
  cr_assert(send(fd, body + len - 1, 1, MSG_NOSIGNAL) == 1, "%s", strerror(errno));
}

/* True while nothing has arrived on fd and the peer has not closed it. */
static bool quiet(int fd) {
  struct pollfd p = {.fd = fd, .events = POLLIN};

  return poll(&p, 1, 0) == 0;
}

/* The answer on fd, which is then closed. */
static void read_answer(int fd, const char *path, struct http_resp *r) {
  int rc = http_read_answer(fd, "POST", path, HARNESS_WAIT_MS, r);

  cr_assert(rc == 0, "no answer to POST %s: %s", path, http_last_error());
  close(fd);
}

/* {"code": "..."} of about `bytes` bytes (under the default 256 KiB body
 * cap) that the parser needs a few hundred milliseconds for: many lines of
 * calls, subscripts, literals and conditional expressions. */
static char *large_validate_body(size_t bytes, size_t *len) {
  static const char line[] =
      "x1 = foo.bar(a, b[1], {'k': [1, 2, 3]}, *c, **d) + (e if f else g)\\n";
  size_t n = (bytes - 16) / (sizeof line - 1), cap = n * (sizeof line - 1) + 32, o;
  char *body = malloc(cap);

  cr_assert_not_null(body);
  o = (size_t)snprintf(body, cap, "{\"code\":\"");
  for (size_t i = 0; i < n; i++) {
    memcpy(body + o, line, sizeof line - 1);
    o += sizeof line - 1;
  }
  o += (size_t)snprintf(body + o, cap - o, "\"}");
  *len = o;
  return body;
}

/* A sample of GET /metrics (sent with the token, which a server without
 * tokens ignores), or -1. */
static double gauge(unsigned port, const char *sample) {
  const char *const hdrs[] = {AUTH, NULL};
  struct http_resp r;
  size_t n = strlen(sample);
  double v = -1;

  if (http_request(port, "GET", "/metrics", hdrs, NULL, 0, &r) < 0)
    return -1;
  for (const char *p = r.status == 200 ? r.body : NULL; p && *p;) {
    if (strncmp(p, sample, n) == 0 && p[n] == ' ') {
      v = strtod(p + n + 1, NULL);
      break;
    }
    p = strchr(p, '\n');
    p = p ? p + 1 : NULL;
  }
  http_resp_free(&r);
  return v;
}

static long now_ms(void) {
  struct timespec t;

  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Polls a gauge until it is `value` (or, with at_least, not below it), or
 * until `stop` (when not NULL) returns true: true in the first case.  The
 * deadline is a hang guard: false after it. */
static bool wait_gauge(unsigned port, const char *sample, double value, bool at_least,
                       bool (*stop)(void *), void *arg) {
  long deadline = now_ms() + HARNESS_WAIT_MS;

  for (;;) {
    double v = gauge(port, sample);
    if (v == value || (at_least && v >= value))
      return true;
    if ((stop && stop(arg)) || now_ms() > deadline)
      return false;
    usleep(1000);
  }
}

/* ---- /readyz ---- */

struct probe {
  unsigned port;
  pthread_barrier_t *go;
  atomic_int *left; /* probes still running */
  int status;
  char text[256];
};

static void *readyz_probe(void *arg) {
  struct probe *p = arg;
  struct http_resp r;

  pthread_barrier_wait(p->go);
  p->status = -1;
  if (http_get(p->port, "/readyz", &r) == 0) {
    p->status = r.status;
    snprintf(p->text, sizeof p->text, "%s", r.body ? r.body : "");
    http_resp_free(&r);
  } else {
    snprintf(p->text, sizeof p->text, "%s", http_last_error());
  }
  atomic_fetch_sub(p->left, 1);
  return NULL;
}

struct user_exec {
  unsigned port;
  pthread_barrier_t *go;
  int status;
  char text[512];
};

/* An authenticated /execute of a trivial snippet. */
static void *user_execute(void *arg) {
  static const char body[] = "{\"code\":\"print(6 * 7)\"}";
  const char *const hdrs[] = {"Content-Type: application/json", AUTH, NULL};
  struct user_exec *u = arg;
  struct http_resp r;

  pthread_barrier_wait(u->go);
  u->status = -1;
  if (http_request(u->port, "POST", "/execute", hdrs, body, sizeof body - 1, &r) == 0) {
    u->status = r.status;
    snprintf(u->text, sizeof u->text, "%s", r.body ? r.body : "");
    http_resp_free(&r);
  } else {
    snprintf(u->text, sizeof u->text, "%s", http_last_error());
  }
  return NULL;
}

/* Sandboxes among the server's children now. */
static size_t count_sandboxes(pid_t server) {
  struct srv_kids k;
  size_t n = 0;

  srv_kids(server, &k);
  for (size_t i = 0; i < k.n; i++)
    if (k.pid[i] != k.zygote && proc_is_sandbox(k.pid[i]))
      n++;
  return n;
}

#define PROBES 40
#define EXECS 4

Test(availability, readyz_storm_never_takes_a_slot_or_a_queue_place_from_users) {
  /* One execution slot, no pooled sandboxes, room for the users' queue
   * but not for forty probes: if /readyz ran its canaries in the users'
   * queue, the probes (which go first) would fill it and the /execute
   * requests would get 429. */
  const char *const args[] = {"--max-concurrency", "1", "--pool", "0", "--max-queue", "8",
                              "--max-timeout", "120", NULL};
  const char *const env[] = {"TOOL_SANDBOX_TOKENS=" TOKEN, NULL};
  static const char holder[] = "{\"code\":\"import time\\ntime.sleep(100)\",\"timeout\":120}";
  struct probe probes[PROBES];
  struct user_exec execs[EXECS];
  pthread_t tp[PROBES], te[EXECS];
  pthread_barrier_t go;
  atomic_int left = PROBES;
  size_t most = 0;
  struct ts_srv s;
  int fa;

  srv_start(&s, args, env);
  /* A holds the only slot until this test hangs up. */
  fa = send_request(s.port, "/execute", true, holder, sizeof holder - 1, false);
  cr_assert(wait_gauge(s.port, "tool_sandbox_executions_in_flight", 1, false, NULL, NULL) &&
                wait_gauge(s.port, "tool_sandbox_execution_queue_depth", 0, false, NULL, NULL),
            "A did not start");

  /* Forty probes and four users at once, probes first in line. */
  pthread_barrier_init(&go, NULL, PROBES + EXECS + 1);
  for (int i = 0; i < PROBES; i++) {
    probes[i] = (struct probe){s.port, &go, &left, 0, ""};
    pthread_create(&tp[i], NULL, readyz_probe, &probes[i]);
  }
  for (int i = 0; i < EXECS; i++) {
    execs[i] = (struct user_exec){s.port, &go, 0, ""};
    pthread_create(&te[i], NULL, user_execute, &execs[i]);
  }
  pthread_barrier_wait(&go);
  /* While they run: the sandboxes are A's and at most one canary's. */
  while (atomic_load(&left) > 0) {
    size_t n = count_sandboxes(s.pid);
    if (n > most)
      most = n;
    usleep(500);
  }
  for (int i = 0; i < PROBES; i++) {
    pthread_join(tp[i], NULL);
    /* Answered by a canary on the reserved slot while A held the only
     * user slot: ready, not 503 (and never 429: /readyz takes no place). */
    cr_assert_eq(probes[i].status, 200, "probe %d: %d %s", i, probes[i].status,
                 probes[i].text);
    cr_assert(strstr(probes[i].text, "\"status\":\"ready\""), "%s", probes[i].text);
  }
  cr_assert_leq(most, 2, "%zu sandboxes at once: more than A and one canary", most);
  cr_assert(quiet(fa), "A was answered: the slot was not busy all along");

  /* Every user's request is queued behind A, none refused; the canaries
   * count neither as in flight nor as queued. */
  cr_assert(wait_gauge(s.port, "tool_sandbox_execution_queue_depth", EXECS, false, NULL, NULL),
            "the users' requests are not all queued (%.0f queued, %.0f in flight); first "
            "answer: %d %s",
            gauge(s.port, "tool_sandbox_execution_queue_depth"),
            gauge(s.port, "tool_sandbox_executions_in_flight"), execs[0].status, execs[0].text);
  cr_assert_eq(gauge(s.port, "tool_sandbox_executions_in_flight"), 1 + EXECS);

  /* A's client leaves: A is killed and the queued ones run. */
  close(fa);
  for (int i = 0; i < EXECS; i++) {
    pthread_join(te[i], NULL);
    cr_assert_eq(execs[i].status, 200, "user %d: %d %s", i, execs[i].status, execs[i].text);
    cr_assert(strstr(execs[i].text, "\"stdout\":\"42\\n\""), "%s", execs[i].text);
  }
  pthread_barrier_destroy(&go);
  srv_stop(&s);
}

Test(availability, readyz_answers_from_state_when_the_queue_is_full) {
  const char *const args[] = {"--max-concurrency", "1", "--max-queue", "0", "--max-timeout",
                              "120", NULL};
  static const char holder[] = "{\"code\":\"import time\\ntime.sleep(100)\",\"timeout\":120}";
  struct ts_srv s;
  struct http_resp r;
  int fa;

  srv_start(&s, args, NULL);
  HTTP_OK(http_get(s.port, "/readyz", &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  fa = send_request(s.port, "/execute", false, holder, sizeof holder - 1, false);
  cr_assert(wait_gauge(s.port, "tool_sandbox_executions_in_flight", 1, false, NULL, NULL),
            "A did not start");
  /* Nothing can be queued: a reason not to send traffic here, said
   * without running anything. */
  HTTP_OK(http_get(s.port, "/readyz", &r));
  assert_json_error_msg(&r, 503, "not_ready", "full");
  http_resp_free(&r);
  close(fa);
  cr_assert(wait_gauge(s.port, "tool_sandbox_executions_in_flight", 0, false, NULL, NULL));
  HTTP_OK(http_get(s.port, "/readyz", &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  srv_stop(&s);
}

/* ---- /validate ---- */

#define FLOOD 12

Test(availability, full_validate_queue_is_429_with_retry_after) {
  const char *const args[] = {"--max-validate-queue", "2", NULL};
  struct ts_srv s;
  size_t len;
  char *body = large_validate_body(240 * 1024, &len);
  int refused = 0;

  srv_start(&s, args, NULL);
  /* Twelve large bodies complete at once; one is parsed at a time, for a
   * few hundred milliseconds, so the queue of two is full at once.  A
   * machine slow enough to let them trickle in is given another round
   * (the bound is a hang guard). */
  for (int round = 0; refused == 0; round++) {
    int fds[FLOOD], accepted = 0;
    cr_assert(round < 5, "twelve large /validate at once never filled a queue of two");
    for (int i = 0; i < FLOOD; i++)
      fds[i] = send_request(s.port, "/validate", false, body, len, true);
    for (int i = 0; i < FLOOD; i++)
      release(fds[i], body, len);
    for (int i = 0; i < FLOOD; i++) {
      struct http_resp r;
      read_answer(fds[i], "/validate", &r);
      if (r.status == 429) {
        assert_json_error(&r, 429, "too_many_requests");
        cr_assert_str_eq(http_header(&r, "Retry-After"), "1");
        refused++;
      } else {
        assert_status(&r, 200);
        cr_assert(strstr(r.body, "\"valid\":true"), "%.200s", r.body);
        accepted++;
      }
      http_resp_free(&r);
    }
    /* A refusal needs two waiting. */
    cr_assert(refused == 0 || accepted >= 2, "%d accepted, %d refused", accepted, refused);
  }
  cr_assert(wait_gauge(s.port, "tool_sandbox_validate_queue_depth", 0, false, NULL, NULL));
  /* Served again once the flood is over. */
  {
    struct http_resp r;
    HTTP_OK(post_json(s.port, "/validate", "{\"code\":\"print(1)\"}", &r));
    assert_status(&r, 200);
    http_resp_free(&r);
  }
  free(body);
  srv_stop(&s);
}

#define BACKLOG 6

struct sockets {
  int *fds;
  int n;
};

/* Whether every socket has an answer (or an end). */
static bool all_answered(void *arg) {
  struct sockets *set = arg;

  for (int i = 0; i < set->n; i++)
    if (quiet(set->fds[i]))
      return false;
  return true;
}

Test(availability, execute_is_not_queued_behind_large_validates) {
  static const char exec_body[] = "{\"code\":\"print(6 * 7)\"}";
  struct ts_srv s;
  size_t len;
  char *body = large_validate_body(240 * 1024, &len);
  bool shown = false;

  srv_start(&s, NULL, NULL);
  /* Six large /validate are released together, then, once the server
   * reports some of them waiting for the parser, a trivial /execute: it
   * must be answered before the last of them, i.e. not queued behind
   * them.  (A machine that drained the queue before this test could see
   * it waiting gets another round; the bound is a hang guard.) */
  for (int round = 0; !shown; round++) {
    int fds[BACKLOG], fe, still = 0;
    struct sockets set = {fds, BACKLOG};
    struct http_resp r;
    bool waiting;

    cr_assert(round < 5, "the /validate never waited for the parser");
    fe = send_request(s.port, "/execute", false, exec_body, sizeof exec_body - 1, true);
    for (int i = 0; i < BACKLOG; i++)
      fds[i] = send_request(s.port, "/validate", false, body, len, true);
    for (int i = 0; i < BACKLOG; i++)
      release(fds[i], body, len);
    waiting = wait_gauge(s.port, "tool_sandbox_validate_queue_depth", 2, true, all_answered,
                         &set);
    if (waiting) {
      release(fe, exec_body, sizeof exec_body - 1);
      read_answer(fe, "/execute", &r);
      assert_status(&r, 200);
      cr_assert(strstr(r.body, "\"stdout\":\"42\\n\""), "%s", r.body);
      http_resp_free(&r);
      for (int i = 0; i < BACKLOG; i++)
        still += quiet(fds[i]);
      cr_assert_geq(still, 1,
                    "the /execute was answered after every /validate queued before it");
      shown = true;
    } else {
      close(fe); /* never completed: the server drops it */
    }
    for (int i = 0; i < BACKLOG; i++) {
      read_answer(fds[i], "/validate", &r);
      assert_status(&r, 200);
      http_resp_free(&r);
    }
  }
  free(body);
  srv_stop(&s);
}
