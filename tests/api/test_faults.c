/* Faults, through the real binary: clients that hang up while their
 * execution is queued or running, sandboxes killed at random points of
 * their setup and run, a server started near its open-file limit, and
 * slow clients.  Each fault is answered cleanly and recovered from
 * without help.  (The zygote killed mid-execution is in test_ops.c, the
 * private /tmp filled up in tests/sandbox.) */
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "harness.h"

TestSuite(faults, .fini = srv_cleanup_all, .timeout = 120);

/* The seed of the random kill points: TS_TEST_SEED, or a fixed one, so
 * that a failure can be replayed (as far as the scheduler allows: the
 * assertions do not depend on where the kills land). */
static unsigned test_seed(void) {
  const char *e = getenv("TS_TEST_SEED");
  unsigned seed = e && *e ? (unsigned)strtoul(e, NULL, 0) : 20261201u;

  cr_log_info("TS_TEST_SEED=%u", seed);
  return seed;
}

/* Waits for the server to hold only its zygote and at most `pool` idle
 * sandboxes, none of them a zombie (HARNESS_WAIT_MS: a hang guard). */
static void assert_settles(struct ts_srv *s, size_t pool) {
  struct srv_kids k;

  for (int i = 0; i < HARNESS_WAIT_MS / 10; i++) {
    srv_kids(s->pid, &k);
    if (k.zombies == 0 && k.zygote && k.n <= 1 + pool)
      return;
    usleep(10 * 1000);
  }
  cr_assert_fail("the server still has %zu children (%zu zombies, zygote %d), want the "
                 "zygote and at most %zu pooled sandboxes",
                 k.n, k.zombies, (int)k.zygote, pool);
}

static void assert_executes(unsigned port) {
  struct http_resp r;

  HTTP_OK(post_json(port, "/execute", "{\"code\":\"print(6*7)\"}", &r));
  assert_status(&r, 200);
  cr_assert(strstr(r.body, "\"status\":\"ok\"") && strstr(r.body, "\"stdout\":\"42\\n\""),
            "%s", r.body);
  http_resp_free(&r);
}

/* Sends a POST /execute on a fresh connection and returns the socket,
 * left open: the caller hangs up when it likes. */
static int send_execute(unsigned port, const char *json) {
  int fd = http_post_open(port, "/execute", json);

  cr_assert(fd >= 0, "%s", http_last_error());
  return fd;
}

/* Waits until the server reports `inflight` executions, `queued` of them
 * waiting for a slot (the others have their sandbox). */
static void wait_executions(unsigned port, double inflight, double queued) {
  cr_assert(wait_metric(port, "tool_sandbox_executions_in_flight", inflight, HARNESS_WAIT_MS) &&
                wait_metric(port, "tool_sandbox_execution_queue_depth", queued, HARNESS_WAIT_MS),
            "want %.0f executions in flight, %.0f queued; the server reports %.0f and %.0f",
            inflight, queued, metric_value(port, "tool_sandbox_executions_in_flight"),
            metric_value(port, "tool_sandbox_execution_queue_depth"));
}

static unsigned long cpu_ticks(pid_t pid) {
  char path[64], buf[1024], *p;
  unsigned long ut = 0, st = 0;
  FILE *f;
  size_t n;

  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  f = fopen(path, "re");
  cr_assert(f);
  n = fread(buf, 1, sizeof buf - 1, f);
  fclose(f);
  buf[n] = '\0';
  p = strrchr(buf, ')');
  cr_assert(p);
  /* fields 14 and 15 (utime, stime); p + 2 is field 3 */
  cr_assert_eq(sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &ut, &st), 2);
  return ut + st;
}

/* ---- clients that hang up ---- */

Test(faults, hang_up_mid_execution_kills_the_sandbox) {
  const char *const args[] = {"--max-timeout", "120", NULL};
  struct ts_srv s;
  struct http_resp r;
  int fd;

  srv_start(&s, args, NULL);
  /* It would sleep far longer than the wait below: a cancellation seen
   * within it comes from the hang-up, not from the snippet's end. */
  fd = send_execute(s.port, "{\"code\":\"import time\\ntime.sleep(100)\",\"timeout\":120}");
  wait_executions(s.port, 1, 0); /* it has its sandbox */
  close(fd);
  cr_assert(srv_log_wait(&s, "\"exec_status\":\"cancelled\"", HARNESS_WAIT_MS),
            "the execution of a client that hung up was not cancelled");
  /* Logged and counted as 499 (never sent), not as a 200. */
  cr_assert(srv_log_contains(&s, "\"status\":499"), "the cancelled request is not logged as 499");
  /* Its sandbox is gone (killed and reaped), and the pool is refilled. */
  assert_settles(&s, 2);
  HTTP_OK(http_get(s.port, "/metrics", &r));
  cr_assert(strstr(r.body, "status=\"cancelled\"} 1"), "%s", r.body);
  cr_assert(strstr(r.body, "tool_sandbox_executions_in_flight 0"), "%s", r.body);
  http_resp_free(&r);
  assert_executes(s.port);
  srv_stop(&s);
}

Test(faults, hang_up_while_queued_never_runs) {
  const char *const args[] = {"--max-concurrency", "1", "--log-code=true", "--max-timeout",
                              "120", NULL};
  struct ts_srv s;
  int fa, fb;

  srv_start(&s, args, NULL);
  /* A holds the only slot until the test lets it go (it never ends by
   * itself within the test), so B is still queued when its client hangs
   * up, however slow the machine. */
  fa = send_execute(s.port, "{\"code\":\"import time\\ntime.sleep(100)\",\"timeout\":120}");
  wait_executions(s.port, 1, 0);
  fb = send_execute(s.port, "{\"code\":\"print('B')\"}");
  wait_executions(s.port, 2, 1);
  close(fb);
  cr_assert(sock_quiet(fa), "A was answered while it should still be running");
  /* Then A's client goes too: its sandbox is killed, the slot is free,
   * and B is dropped when its turn comes, without a sandbox. */
  close(fa);
  cr_assert(wait_metric(s.port, "tool_sandbox_executions_total{status=\"cancelled\"}", 2,
                        HARNESS_WAIT_MS),
            "A and B were not both cancelled");
  cr_assert_eq(metric_value(s.port, "tool_sandbox_executions_total{status=\"ok\"}"), 0, "B ran");
  cr_assert(srv_log_wait(&s, "\"code\":\"print('B')\"", HARNESS_WAIT_MS), "B was not logged");
  {
    /* B's own line in the access log says cancelled (--log-code names it). */
    char *log = srv_log_copy(&s), *line = strstr(log, "\"code\":\"print('B')\"");
    char *start = line;
    while (start && start > log && start[-1] != '\n')
      start--;
    cr_assert(line && strstr(start, "\"exec_status\":\"cancelled\"") &&
                  strstr(start, "\"exec_status\":\"cancelled\"") < line,
              "no cancelled access-log line for B:\n%s", log);
    free(log);
  }
  assert_settles(&s, 2);
  assert_executes(s.port);
  srv_stop(&s);
}

/* ---- sandboxes killed at random points ---- */

Test(faults, sandboxes_killed_at_random_points_answer_cleanly) {
  struct ts_srv s;
  unsigned seed = test_seed();
  int killed = 0, ok = 0, other = 0, rounds = 0;
  pid_t last[256];
  size_t nlast = 0;

  srv_start(&s, NULL, NULL);
  srand(seed);
  /* 40 rounds, and more if a busy machine left few sandboxes to kill
   * (the pool backs off after each one killed while waiting): the
   * answers are what is checked, more than 10 kills only make the test
   * mean something.  The bound is a hang guard. */
  for (int i = 0; i < 40 || (killed <= 10 && i < 400); i++) {
    struct bg a = {s.port, "{\"code\":\"import time\\ntime.sleep(0.05)\\nprint('x')\"}", 0, ""};
    pthread_t t;
    struct srv_kids k;
    pthread_create(&t, NULL, bg_post, &a);
    /* 0 to 60 ms in: pooled sandboxes being set up or waiting, or the
     * one running the request.  Where the kills land varies; what the
     * answer may be does not. */
    usleep((useconds_t)(rand() % 60000));
    srv_kids(s.pid, &k);
    nlast = 0;
    for (size_t j = 0; j < k.n; j++)
      if (proc_is_sandbox(k.pid[j]) && rand() % 2 == 0 && kill(k.pid[j], SIGKILL) == 0) {
        killed++;
        last[nlast++] = k.pid[j];
      }
    pthread_join(t, NULL);
    rounds++;
    cr_assert_eq(a.status, 200, "seed %u, round %d: %s", seed, i, a.text);
    if (strstr(a.text, "\"status\":\"ok\""))
      ok++;
    else if (strstr(a.text, "\"status\":\"killed\"") ||
             strstr(a.text, "\"status\":\"internal_error\""))
      other++;
    else
      cr_assert_fail("seed %u, round %d: unexpected answer %s", seed, i, a.text);
  }
  cr_assert_gt(killed, 10, "seed %u: the test killed only %d sandboxes in %d rounds", seed,
               killed, rounds);
  /* A sandbox killed in the last round may still be exiting (not yet a
   * zombie): a job given to it now would be answered "killed".  Wait
   * until the server has reaped each of them. */
  for (size_t j = 0; j < nlast; j++) {
    int w = 0;
    while (proc_state(last[j]) != '?' && w++ < HARNESS_WAIT_MS / 10)
      usleep(10 * 1000);
    cr_assert_eq(proc_state(last[j]), '?', "the killed sandbox %d was never reaped", (int)last[j]);
  }
  cr_log_info("seed %u: killed %d sandboxes in %d rounds: %d ok answers, %d killed/internal_error",
              seed, killed, rounds, ok, other);
  srv_assert_alive(&s, "after sandboxes were killed");
  assert_settles(&s, 2);
  for (int i = 0; i < 5; i++)
    assert_executes(s.port);
  srv_stop(&s);
}

/* A zygote that dies between a clone and its report leaves a sandbox
 * that is the server's child with no pidfd: the server must still reap it. */
Test(faults, zygote_killed_mid_spawn_leaves_no_zombies) {
  struct ts_srv s;
  unsigned seed = test_seed();
  int killed = 0;
  pid_t dead = 0;

  srv_start(&s, NULL, NULL);
  srand(seed);
  for (int i = 0; i < 15; i++) {
    struct bg a = {s.port, "{\"code\":\"print('x')\"}", 0, ""};
    pthread_t t;
    struct srv_kids k;
    /* Restarts are limited to one a second: wait for the new zygote, not
     * the one killed in the last round (it may not be reaped yet). */
    for (int w = 0; w < HARNESS_WAIT_MS / 10; w++) {
      srv_kids(s.pid, &k);
      if (k.zygote && k.zygote != dead)
        break;
      usleep(10 * 1000);
    }
    cr_assert(k.zygote && k.zygote != dead, "seed %u, round %d: no zygote came back", seed, i);
    pthread_create(&t, NULL, bg_post, &a);
    usleep((useconds_t)(rand() % 20000)); /* maybe while it clones a refill */
    if (kill(k.zygote, SIGKILL) == 0)
      killed++;
    dead = k.zygote;
    pthread_join(t, NULL);
    cr_assert_eq(a.status, 200, "seed %u, round %d: %s", seed, i, a.text);
    cr_assert(strstr(a.text, "\"status\":\"ok\"") || strstr(a.text, "\"status\":\"internal_error\""),
              "seed %u, round %d: %s", seed, i, a.text);
  }
  cr_assert_eq(killed, 15);
  srv_assert_alive(&s, "after its zygote was killed repeatedly");
  assert_settles(&s, 2);
  assert_executes(s.port);
  srv_stop(&s);
}

/* ---- the open-file limit ---- */

Test(faults, low_open_file_limit_bounds_connections_not_availability) {
  const char *const args[] = {"--max-concurrency", "2", "--pool", "1", "--max-queue", "4",
                              "--conn-timeout", "2", NULL};
  struct rlimit rl = {152, 152};
  struct ts_srv s;
  struct http_resp r;
  int fds[60];
  int opened = 0;
  unsigned long t0;

  /* Inherited by the server (this test runs in its own process). */
  cr_assert_eq(setrlimit(RLIMIT_NOFILE, &rl), 0);
  srv_start(&s, args, NULL);
  cr_assert(srv_log_contains(&s, "--max-conns lowered"), "no warning about the fd limit");
  /* More connections than the server has fds for (152 - 124 = 28 here):
   * it refuses the extra ones instead of failing accept() in a loop.
   * (60: this process has the same limit.) */
  for (int i = 0; i < 60; i++) {
    fds[i] = http_connect(s.port);
    if (fds[i] >= 0)
      opened++;
  }
  cr_assert_gt(opened, 0);
  t0 = cpu_ticks(s.pid);
  sleep(1);
  cr_assert_lt(cpu_ticks(s.pid) - t0, 30ul, "the server spins with its connections full");
  for (int i = 0; i < 60; i++)
    if (fds[i] >= 0)
      close(fds[i]);
  /* The server frees the connections as it notices the hang-ups: until
   * then a new one may still be refused.  Served again once it has. */
  for (int w = 0;; w++) {
    if (http_get(s.port, "/healthz", &r) == 0 && r.status == 200)
      break;
    http_resp_free(&r);
    cr_assert(w < HARNESS_WAIT_MS / 10, "/healthz is not served after the clients left: %s",
              http_last_error());
    usleep(10 * 1000);
  }
  http_resp_free(&r);
  assert_executes(s.port);
  srv_stop(&s);
}

Test(faults, open_file_limit_too_low_is_refused_at_start) {
  const char *const args[] = {"--listen", "127.0.0.1:0", NULL};
  struct rlimit rl = {40, 40};
  struct cmd_result res;

  cr_assert_eq(setrlimit(RLIMIT_NOFILE, &rl), 0);
  srv_run(args, NULL, &res);
  cr_assert_eq(res.exit_code, 2, "exit %d: %s", res.exit_code, res.err);
  cr_assert(strstr(res.err, "open-file limit"), "%s", res.err);
  cmd_result_free(&res);
}

/* ---- slow clients ---- */

/* A connection that has sent a partial request: "POST /execute" and a
 * header cut short (a dribbler sends the rest a byte at a time). */
static int slow_client(unsigned port, bool dribbler) {
  static const char stall[] = "POST /execute HTTP/1.1\r\nHost: x\r\n";
  static const char dribble[] = "POST /execute HTTP/1.1\r\nX-A: ";
  const char *head = dribbler ? dribble : stall;
  size_t len = dribbler ? sizeof dribble - 1 : sizeof stall - 1;
  int fd = http_connect(port);

  cr_assert(fd >= 0, "%s", http_last_error());
  cr_assert_eq(send(fd, head, len, 0), (ssize_t)len);
  return fd;
}

Test(faults, slowloris_stalls_and_dribbles_without_starving_others) {
  const char *const args[] = {"--conn-timeout", "1", "--max-conns", "40", NULL};
  struct ts_srv s;
  struct http_resp r;
  int stalled[8], dribbling[8], proven = 0;
  struct timeval patience = {HARNESS_WAIT_MS / 1000, 0};
  char buf[64];

  srv_start(&s, args, NULL);
  /* Stalled: a partial request, then nothing.  Dribbling: a header byte
   * now and then, which an idle timeout alone never ends. */
  for (int i = 0; i < 8; i++) {
    stalled[i] = slow_client(s.port, false);
    dribbling[i] = slow_client(s.port, true);
  }
  /* Everyone else is served meanwhile: /healthz and an execution are
   * answered while all the dribblers still hold their connections
   * (checked after the answers, so the answers did not wait for them
   * to go).  A dribbler may still be closed by the idle timeout when a
   * busy machine stalls this thread for a second between two bytes:
   * such a round proves nothing and is not counted, the dribbler is
   * replaced, and the rounds go on (a hang guard bounds them). */
  for (int round = 0; proven < 4; round++) {
    bool all_there = true;
    cr_assert(round < 40, "in %d rounds, /healthz was answered only %d times while the "
              "dribblers held their connections", round, proven);
    usleep(400 * 1000); /* the dribblers' pace */
    for (int i = 0; i < 8; i++) {
      if (!sock_quiet(dribbling[i])) {
        close(dribbling[i]);
        dribbling[i] = slow_client(s.port, true);
      }
      (void)!send(dribbling[i], "a", 1, MSG_NOSIGNAL);
    }
    HTTP_OK(http_get(s.port, "/healthz", &r));
    assert_status(&r, 200);
    http_resp_free(&r);
    assert_executes(s.port);
    for (int i = 0; i < 8; i++)
      all_there &= sock_quiet(dribbling[i]);
    proven += all_there;
  }
  /* The stalled ones were closed by the idle timeout (1 s): the server
   * ends them (recv returns 0, or a 4xx), not the receive timeout of the
   * test's sockets (raised to HARNESS_WAIT_MS here, a hang guard: that
   * would be -1). */
  for (int i = 0; i < 8; i++) {
    ssize_t n;
    setsockopt(stalled[i], SOL_SOCKET, SO_RCVTIMEO, &patience, sizeof patience);
    n = recv(stalled[i], buf, sizeof buf, 0);
    cr_assert(n == 0 || (n > 0 && strncmp(buf, "HTTP/1.1 4", 10) == 0),
              "a stalled connection was not closed (recv %zd)", n);
    close(stalled[i]);
  }
  for (int i = 0; i < 8; i++)
    close(dribbling[i]);
  assert_settles(&s, 2);
  srv_stop(&s);
}
