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
#include <time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "harness.h"

TestSuite(faults, .fini = srv_cleanup_all, .timeout = 120);

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* Waits up to 5 s for the server to hold only its zygote and at most
 * `pool` idle sandboxes, none of them a zombie. */
static void assert_settles(struct ts_srv *s, size_t pool) {
  struct srv_kids k;

  for (int i = 0; i < 500; i++) {
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
  char req[1024];
  int fd = http_connect(port);
  int n = snprintf(req, sizeof req,
                   "POST /execute HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                   "Content-Length: %zu\r\n\r\n%s",
                   strlen(json), json);

  cr_assert(fd >= 0);
  cr_assert(n > 0 && (size_t)n < sizeof req);
  cr_assert_eq(send(fd, req, (size_t)n, 0), n);
  return fd;
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
  struct ts_srv s;
  struct http_resp r;
  double t0;
  int fd;

  srv_start(&s, NULL, NULL);
  fd = send_execute(s.port, "{\"code\":\"import time\\ntime.sleep(20)\",\"timeout\":30}");
  usleep(500 * 1000); /* it runs now */
  t0 = now_ms();
  close(fd);
  cr_assert(srv_log_wait(&s, "\"exec_status\":\"cancelled\"", 3000),
            "the execution of a client that hung up was not cancelled");
  cr_assert_lt(now_ms() - t0, 3000);
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
  const char *const args[] = {"--max-concurrency", "1", NULL};
  struct ts_srv s;
  struct bg a;
  pthread_t t;
  int fd;

  srv_start(&s, args, NULL);
  a = (struct bg){s.port, "{\"code\":\"import time\\ntime.sleep(1)\\nprint('A')\",\"timeout\":5}",
                  0, ""};
  pthread_create(&t, NULL, bg_post, &a);
  usleep(300 * 1000); /* A holds the only slot */
  fd = send_execute(s.port, "{\"code\":\"print('B')\"}");
  usleep(200 * 1000); /* B is queued */
  close(fd);
  pthread_join(t, NULL);
  cr_assert_eq(a.status, 200, "%s", a.text);
  cr_assert(strstr(a.text, "\"stdout\":\"A\\n\""), "%s", a.text);
  /* B is dropped when its turn comes, without a sandbox. */
  cr_assert(srv_log_wait(&s, "\"exec_status\":\"cancelled\"", 3000), "B was not cancelled");
  assert_settles(&s, 2);
  assert_executes(s.port);
  srv_stop(&s);
}

/* ---- sandboxes killed at random points ---- */

Test(faults, sandboxes_killed_at_random_points_answer_cleanly) {
  struct ts_srv s;
  unsigned seed = (unsigned)time(NULL);
  int killed = 0, ok = 0, other = 0;

  srv_start(&s, NULL, NULL);
  srand(seed);
  for (int i = 0; i < 40; i++) {
    struct bg a = {s.port, "{\"code\":\"import time\\ntime.sleep(0.05)\\nprint('x')\"}", 0, ""};
    pthread_t t;
    struct srv_kids k;
    pthread_create(&t, NULL, bg_post, &a);
    /* 0 to 60 ms in: pooled sandboxes being set up or waiting, or the
     * one running the request. */
    usleep((useconds_t)(rand() % 60000));
    srv_kids(s.pid, &k);
    for (size_t j = 0; j < k.n; j++)
      if (proc_is_sandbox(k.pid[j]) && rand() % 2 == 0 && kill(k.pid[j], SIGKILL) == 0)
        killed++;
    pthread_join(t, NULL);
    cr_assert_eq(a.status, 200, "seed %u, round %d: %s", seed, i, a.text);
    if (strstr(a.text, "\"status\":\"ok\""))
      ok++;
    else if (strstr(a.text, "\"status\":\"killed\"") ||
             strstr(a.text, "\"status\":\"internal_error\""))
      other++;
    else
      cr_assert_fail("seed %u, round %d: unexpected answer %s", seed, i, a.text);
  }
  cr_assert_gt(killed, 10, "the test killed only %d sandboxes", killed);
  /* A sandbox killed in the last round may still be exiting (not yet a
   * zombie): a job given to it now would be answered "killed". */
  usleep(300 * 1000);
  cr_log_info("killed %d sandboxes: %d ok answers, %d killed/internal_error", killed, ok, other);
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
  unsigned seed = (unsigned)time(NULL);
  int killed = 0;

  srv_start(&s, NULL, NULL);
  srand(seed);
  for (int i = 0; i < 15; i++) {
    struct bg a = {s.port, "{\"code\":\"print('x')\"}", 0, ""};
    pthread_t t;
    struct srv_kids k;
    /* Restarts are limited to one a second: wait for the new zygote. */
    for (int w = 0; w < 300; w++) {
      srv_kids(s.pid, &k);
      if (k.zygote)
        break;
      usleep(10 * 1000);
    }
    cr_assert(k.zygote, "round %d: no zygote came back", i);
    pthread_create(&t, NULL, bg_post, &a);
    usleep((useconds_t)(rand() % 20000)); /* maybe while it clones a refill */
    if (kill(k.zygote, SIGKILL) == 0)
      killed++;
    pthread_join(t, NULL);
    cr_assert_eq(a.status, 200, "seed %u, round %d: %s", seed, i, a.text);
    cr_assert(strstr(a.text, "\"status\":\"ok\"") || strstr(a.text, "\"status\":\"internal_error\""),
              "seed %u, round %d: %s", seed, i, a.text);
    usleep(100 * 1000);
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
  /* More connections than the server has fds for (152 - 118 = 34 here):
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
  usleep(300 * 1000);
  HTTP_OK(http_get(s.port, "/healthz", &r));
  assert_status(&r, 200);
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

Test(faults, slowloris_stalls_and_dribbles_without_starving_others) {
  const char *const args[] = {"--conn-timeout", "1", "--max-conns", "40", NULL};
  struct ts_srv s;
  struct http_resp r;
  int stalled[8], dribbling[8];
  double t0;
  char buf[64];

  srv_start(&s, args, NULL);
  /* Stalled: a partial request, then nothing.  Dribbling: a header byte
   * now and then, which an idle timeout alone never ends. */
  for (int i = 0; i < 8; i++) {
    stalled[i] = http_connect(s.port);
    dribbling[i] = http_connect(s.port);
    cr_assert(stalled[i] >= 0 && dribbling[i] >= 0);
    cr_assert_eq(send(stalled[i], "POST /execute HTTP/1.1\r\nHost: x\r\n", 34, 0), 34);
    cr_assert_eq(send(dribbling[i], "POST /execute HTTP/1.1\r\nX-A: ", 29, 0), 29);
  }
  for (int round = 0; round < 4; round++) {
    usleep(400 * 1000);
    for (int i = 0; i < 8; i++)
      (void)!send(dribbling[i], "a", 1, MSG_NOSIGNAL);
    /* Everyone else is served at once meanwhile. */
    t0 = now_ms();
    HTTP_OK(http_get(s.port, "/healthz", &r));
    assert_status(&r, 200);
    http_resp_free(&r);
    cr_assert_lt(now_ms() - t0, 200, "/healthz waited for the slow clients");
    assert_executes(s.port);
  }
  /* The stalled ones were closed by the idle timeout (1 s): the server
   * ends them, not the 10 s receive timeout of the test's sockets. */
  t0 = now_ms();
  for (int i = 0; i < 8; i++) {
    ssize_t n = recv(stalled[i], buf, sizeof buf, 0);
    cr_assert(n == 0 || (n > 0 && strncmp(buf, "HTTP/1.1 4", 10) == 0),
              "a stalled connection was not closed (recv %zd)", n);
    close(stalled[i]);
  }
  cr_assert_lt(now_ms() - t0, 2000);
  for (int i = 0; i < 8; i++)
    close(dribbling[i]);
  assert_settles(&s, 2);
  srv_stop(&s);
}
