/* The server's side of each sandbox child, on the executor thread: its
 * job pipe, its three pipes back (each read up to a limit, past which the
 * child is killed, and kept up to a cap), its reaping through a pidfd,
 * and the facts from which ts_outcome() decides its status.  Nothing the
 * child says is believed beyond what outcome.h allows. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "exec/internal.h"
#include "util/log.h"

unsigned ex_report_reads(const struct ts_executor *ex, size_t cap, size_t size) {
  return 16 + 2 * ((unsigned)ex->report_limits.outputs_max + 2) + 2 * (unsigned)(cap / size);
}

void ex_buf_init(struct buf *b, int fd, size_t cap, size_t limit, unsigned max_reads) {
  *b = (struct buf){.cap = cap, .limit = limit < cap ? cap : limit, .reads_left = max_reads, .fd = fd};
}

int ex_watch(struct ts_executor *ex, int fd, uint32_t events, enum ev_kind kind, int slot) {
  struct epoll_event ev = {.events = events, .data.u64 = (uint64_t)kind | ((uint64_t)slot << 8)};
  return epoll_ctl(ex->epfd, EPOLL_CTL_ADD, fd, &ev);
}

void ex_close_fd(struct ts_executor *ex, int *fd) {
  if (*fd >= 0) {
    epoll_ctl(ex->epfd, EPOLL_CTL_DEL, *fd, NULL);
    close(*fd);
    *fd = -1;
  }
}

/* Frees work, closing our handle on its client (watched while it runs:
 * a duplicate fd stays in the epoll set until removed, even closed). */
void ex_work_free(struct ts_executor *ex, struct work *w) {
  if (w) {
    ex_close_fd(ex, &w->client);
    free(w->job);
    free(w);
  }
}

void ex_child_free(struct ts_executor *ex, struct child *c) {
  ex_close_fd(ex, &c->out.fd);
  ex_close_fd(ex, &c->err.fd);
  ex_close_fd(ex, &c->res.fd);
  ex_close_fd(ex, &c->pidfd);
  ex_close_fd(ex, &c->jobfd);
  free(c->out.data);
  free(c->err.data);
  free(c->res.data);
  ts_child_report_free(&c->report);
  ex_work_free(ex, c->w);
  if (c->slot >= 0) {
    ex->slots[c->slot] = NULL;
    ex->nchildren--;
  }
  if (c->system) {
    /* The reserved slot is free once its child is gone, not when its
     * work is answered: until then the child still holds its fds. */
    ex->sys_busy--;
    atomic_store(&ex->sys_running_now, ex->sys_busy);
  }
  free(c);
}

void ex_kill(struct child *c) {
  if (c->pidfd >= 0 && !c->reaped && !c->killed) {
    /* The child is pid 1 of its namespace: killing it kills all in it. */
    syscall(SYS_pidfd_send_signal, c->pidfd, SIGKILL, NULL, 0);
    c->killed = true;
  }
}

/* Past the limit, or past its reads: the child is killed, the pipe closed. */
static void over(struct ts_executor *ex, struct child *c, struct buf *b) {
  b->over = b->eof = true;
  ex_kill(c);
  ex_close_fd(ex, &b->fd);
}

/* The most a pipe is read per wake-up (a pipe's default size). */
#define PUMP_READ_MAX ((size_t)64 * 1024)

/* Where the next bytes read go, and how many fit there (at most `want`):
 * on at the end of what is kept while it fits the cap (data grows as it
 * fills), then over the oldest bytes of the tail's ring.  NULL when data
 * cannot grow. */
static char *room(struct buf *b, size_t want, size_t *n) {
  size_t head = b->cap / 2, ring = b->cap - head, pos;

  if (b->total < b->cap) {
    size_t end = b->total + (want < b->cap - b->total ? want : b->cap - b->total);
    if (end > b->alloc) {
      size_t size = b->alloc * 2 > end ? b->alloc * 2 : end;
      char *p = realloc(b->data, size < b->cap ? size : b->cap);
      if (!p)
        return NULL;
      b->data = p;
      b->alloc = size < b->cap ? size : b->cap;
    }
    *n = end - b->total;
    return b->data + b->total;
  }
  pos = (b->total - head) % ring;
  *n = want < ring - pos ? want : ring - pos;
  return b->data + head + pos;
}

/* Tells whoever follows the job (ts_exec_params.event) what it shows;
 * nothing once its work is answered (deliver() forgets the callback). */
void ex_emit(struct child *c, enum ts_exec_event ev, const char *data, size_t len) {
  if (c->w && c->w->event)
    c->w->event(c->w->event_ctx, ev, data, len);
}

/* Passes on the `got` bytes a read of stdout or stderr put at `at`, the
 * stream having `before` bytes until then: what lies within the cap (the
 * bytes a response keeps in any case, so that a follower costs no more
 * than the cap), then once the notice that the stream went past it.  A
 * read never straddles the cap (room() stops there). */
static void follow(struct child *c, const struct buf *b, const char *at, size_t got,
                   size_t before) {
  bool out = b == &c->out;

  if (!out && b != &c->err)
    return; /* the report is the server's */
  if (before < b->cap)
    ex_emit(c, out ? TS_EXEC_EV_STDOUT : TS_EXEC_EV_STDERR, at,
            got < b->cap - before ? got : b->cap - before);
  if (before <= b->cap && before + got > b->cap)
    ex_emit(c, out ? TS_EXEC_EV_STDOUT_TRUNCATED : TS_EXEC_EV_STDERR_TRUNCATED, NULL, 0);
}

/* Reads what a pipe has, at most `budget` bytes.  Past the cap the bytes
 * are counted and the last ones kept in the tail's ring; a child that
 * writes past the limit is killed and the pipe closed at once: a flood
 * costs the server at most the limit in copying (in reads of at most
 * PUMP_READ_MAX per wake-up, so that one child cannot keep the executor
 * thread to itself) and the cap in memory, never a loop that keeps up
 * with the writer.  (A pipe with a read budget, the report's, is also
 * over when a writer trickles into it: ex_pump_event.) */
void ex_pump(struct ts_executor *ex, struct child *c, struct buf *b, size_t budget) {
  while (b->fd >= 0 && budget > 0) {
    char sink[4096];
    /* One byte past the limit tells a writer that went over it. */
    size_t want = b->limit - b->total + 1, n;
    char *at;
    ssize_t got;
    if (want > budget)
      want = budget;
    if (want > PUMP_READ_MAX)
      want = PUMP_READ_MAX;
    if (b->cap == 0) {
      at = sink; /* nothing is kept: only counted */
      n = want < sizeof sink ? want : sizeof sink;
    } else if (!(at = room(b, want, &n))) {
      over(ex, c, b);
      return;
    }
    got = read(b->fd, at, n);
    if (got < 0 && errno == EINTR)
      continue;
    if (got < 0 && errno == EAGAIN)
      return;
    if (got <= 0) {
      b->eof = true;
      ex_close_fd(ex, &b->fd);
      return;
    }
    follow(c, b, at, (size_t)got, b->total);
    b->total += (size_t)got;
    budget -= (size_t)got;
    if (b->total > b->limit) {
      over(ex, c, b);
      return;
    }
    b->len = b->total < b->cap ? b->total : b->cap;
  }
}

/* The end of a UTF-8 text cut at n bytes, before a character the cut
 * would split (at most 3 bytes back). */
static size_t utf8_cut_end(const unsigned char *s, size_t n) {
  for (size_t k = 1; k <= 3 && k <= n; k++) {
    unsigned char ch = s[n - k];
    size_t need;
    if ((ch & 0xc0) == 0x80)
      continue;
    need = ch >= 0xf0 ? 4 : ch >= 0xe0 ? 3 : ch >= 0xc0 ? 2 : 1;
    return k < need ? n - k : n;
  }
  return n;
}

static void reverse(char *p, size_t n) {
  for (size_t i = 0, j = n; i + 1 < j; i++, j--) {
    char t = p[i];
    p[i] = p[j - 1];
    p[j - 1] = t;
  }
}

/* What a pipe's buffer holds, for the response: all that was read when
 * it fit the cap; otherwise the head, a marker line saying how many bytes
 * were left out, and the tail, in the buffer itself (grown by the
 * marker), cut at character boundaries.  The caller owns the result. */
char *ex_buf_take(struct buf *b, size_t *len) {
  size_t head = b->cap / 2, ring = b->cap - head, keep_head, skip = 0, pos;
  char marker[64];
  char *p;
  int m;

  if (b->total <= b->cap || ring == 0) {
    *len = b->len;
    return steal_pointer(&b->data);
  }
  /* The ring in order, oldest byte first: data holds all of the cap. */
  pos = (b->total - head) % ring;
  reverse(b->data + head, pos);
  reverse(b->data + head + pos, ring - pos);
  reverse(b->data + head, ring);
  keep_head = utf8_cut_end((const unsigned char *)b->data, head);
  while (skip < 3 && skip < ring && ((unsigned char)b->data[head + skip] & 0xc0) == 0x80)
    skip++;
  m = snprintf(marker, sizeof marker, "\n[... %zu bytes left out ...]\n",
               b->total - keep_head - (ring - skip));
  if (m < 0 || (size_t)m >= sizeof marker || !(p = realloc(b->data, b->cap + (size_t)m)))
    m = 0; /* no room for the marker: the head and the tail alone */
  else
    b->data = p;
  memmove(b->data + keep_head + (size_t)m, b->data + head + skip, ring - skip);
  memcpy(b->data + keep_head, marker, (size_t)m);
  *len = keep_head + (size_t)m + ring - skip;
  return steal_pointer(&b->data);
}

/* The byte caps bound what a child's output costs in copying, not how
 * often it wakes us: a child that writes a byte at a time, slowly enough
 * for this thread to go back to sleep in between, would cost it a wake-up,
 * an epoll_wait and a read (about a microsecond) per byte, close to what
 * the child pays for its write, on the one thread that serves every
 * sandbox.  So past PUMP_FREE_TRICKLES wake-ups that found less than
 * PUMP_TRICKLE bytes, a pipe is read at most every PUMP_PAUSE seconds:
 * what the child writes meanwhile waits in the pipe (64 KiB), and it
 * blocks, at its own cost, when that is full.  The hang-up of a paused
 * pipe is still reported (epoll always reports EPOLLHUP), so the end of a
 * job is seen at once. */
#define PUMP_FREE_TRICKLES 64
#define PUMP_TRICKLE 4096
#define PUMP_PAUSE 0.001

/* The display bundles that came whole in the report since the last look,
 * to whoever follows the job: each decoded as the report's final decode
 * will (the same records, limits and budget), and given as its JSON. */
static void follow_report(struct child *c) {
  struct ts_bundle b;

  if (!c->w || !c->w->event || c->res.over || c->res.total > c->res.cap)
    return;
  while (ts_report_next_display(c->res.data, c->res.len, &c->w->report, &c->shown, &b) == 1) {
    cJSON *doc = ts_exec_bundle_json(&b);
    char *text = doc ? cJSON_PrintUnformatted(doc) : NULL;
    if (text)
      ex_emit(c, TS_EXEC_EV_DISPLAY, text, strlen(text));
    free(text);
    cJSON_Delete(doc);
    ts_bundle_free(&b);
  }
}

void ex_pump_event(struct ts_executor *ex, struct child *c, struct buf *b, enum ev_kind kind) {
  size_t before = b->total;
  struct epoll_event ev = {.events = 0, .data.u64 = (uint64_t)kind | ((uint64_t)c->slot << 8)};

  /* A pipe with a read budget (the report) is drained whole at each of
   * its few wake-ups: its cap bounds it.  The others give up the thread
   * after PUMP_READ_MAX. */
  ex_pump(ex, c, b, b->reads_left ? SIZE_MAX : PUMP_READ_MAX);
  /* The report's records come a few at a time, each written at once (a
   * pipeful or its whole self): a wake-up that finds less than
   * PUMP_TRICKLE bytes costs one of its reads, and a writer that trickles
   * runs out of them. */
  if (b->reads_left && b->fd >= 0 && b->total - before < PUMP_TRICKLE && --b->reads_left == 0) {
    over(ex, c, b);
    return;
  }
  if (b == &c->res && b->total > before)
    follow_report(c);
  if (b->fd < 0 || b->paused || b->total - before >= PUMP_TRICKLE ||
      ++b->trickles <= PUMP_FREE_TRICKLES)
    return;
  if (epoll_ctl(ex->epfd, EPOLL_CTL_MOD, b->fd, &ev) < 0)
    return;
  b->paused = true;
  if (c->resume_at == 0)
    c->resume_at = ex_now() + PUMP_PAUSE;
}

/* Watches a child's paused pipes again: level-triggered, what piled up
 * meanwhile is reported at the next epoll_wait. */
void ex_resume_pipes(struct ts_executor *ex, struct child *c) {
  struct buf *bufs[] = {&c->out, &c->err, &c->res};
  static const enum ev_kind kinds[] = {EV_OUT, EV_ERR, EV_RES};

  for (size_t i = 0; i < TS_ARRAY_LEN(bufs); i++) {
    struct epoll_event ev = {.events = EPOLLIN,
                             .data.u64 = (uint64_t)kinds[i] | ((uint64_t)c->slot << 8)};
    if (bufs[i]->paused && bufs[i]->fd >= 0)
      epoll_ctl(ex->epfd, EPOLL_CTL_MOD, bufs[i]->fd, &ev);
    bufs[i]->paused = false;
  }
  c->resume_at = 0;
}

/* CPU time of a live child so far, from its process CPU clock. */
static double cpu_ms_alive(const struct child *c) {
  clockid_t id;
  struct timespec ts;

  if (clock_getcpuclockid(c->pid, &id) != 0 || clock_gettime(id, &ts) < 0)
    return 0;
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec / 1e6;
}

void ex_deliver(struct ts_executor *ex, struct work *w, struct ts_exec_result *r) {
  pthread_mutex_lock(&ex->lock);
  if (w->system)
    ex->sys_inflight--;
  else
    ex->inflight--;
  pthread_mutex_unlock(&ex->lock);
  w->event = NULL; /* the done callback is the last the caller hears */
  w->done(w->ctx, r);
}

/* Ends work that never reached a child, or whose child failed us. */
void ex_fail_work(struct ts_executor *ex, struct work *w, enum ts_exec_status status,
                  const char *why) {
  struct ts_exec_result *r = calloc(1, sizeof *r);

  if (r) {
    r->status = status;
    r->exit_code = -1;
    (void)snprintf(r->detail, sizeof r->detail, "%s", why);
  }
  ex_deliver(ex, w, r);
  ex_work_free(ex, w);
}

/* A pipe written past its cap is not decoded at all: no report. */
static void decode_report(const struct ts_executor *ex, struct child *c) {
  if (!c->decoded) {
    ts_report_decode(c->res.over ? NULL : c->res.data, c->res.over ? 0 : c->res.len,
                     c->w ? &c->w->report : &ex->report_limits, &c->report);
    c->decoded = true;
  }
}

/* Everything the server observed of a child with work, for ts_outcome(). */
static void observe(const struct ts_executor *ex, const struct child *c, double cpu_ms,
                    struct ts_outcome_facts *f) {
  *f = (struct ts_outcome_facts){
      .shutdown = c->shutdown,
      .timed_out = c->timed_out,
      .output_over = c->out.over || c->err.over,
      .report_over = c->res.over,
      .client_gone = c->client_gone,
      .handed_over = c->written > 0,
      .end = !c->reaped                         ? TS_END_DONE
             : c->info.si_code == CLD_EXITED ? TS_END_EXITED
                                                : TS_END_SIGNALED,
      .code = c->reaped ? c->info.si_status : 0,
      .cpu_ms = cpu_ms,
      .cpu_limit_ms = floor(c->w->timeout) * 1e3,
      .peak_kb = c->reaped ? (unsigned long)c->ru.ru_maxrss : 0,
      .base_kb = ex->zygote_rss_kb,
      .allowance_kb = (unsigned long)c->w->memory_mb * 1024,
      .report = c->report.kind,
      .memory_error = c->report.type && strcmp(c->report.type, "MemoryError") == 0,
  };
}

/* The result of a child's work, from what the server observed. */
struct ts_exec_result *ex_result_of(struct ts_executor *ex, struct child *c) {
  struct ts_exec_result *r = calloc(1, sizeof *r);
  struct ts_outcome_facts f;
  struct ts_outcome o;
  struct timespec end;

  if (!r)
    return NULL;
  clock_gettime(CLOCK_MONOTONIC, &end);
  r->duration_ms = (double)(end.tv_sec - c->start.tv_sec) * 1e3 +
                   (double)(end.tv_nsec - c->start.tv_nsec) / 1e6;
  if (c->reaped)
    r->cpu_ms = (double)(c->ru.ru_utime.tv_sec + c->ru.ru_stime.tv_sec) * 1e3 +
                (double)(c->ru.ru_utime.tv_usec + c->ru.ru_stime.tv_usec) / 1e3;
  else
    r->cpu_ms = cpu_ms_alive(c);
  decode_report(ex, c);
  observe(ex, c, r->cpu_ms, &f);
  o = ts_outcome(&f);

  r->status = o.status;
  r->out = ex_buf_take(&c->out, &r->out_len);
  r->out_bytes = c->out.total;
  r->out_truncated = c->out.total > c->out.cap;
  r->err = ex_buf_take(&c->err, &r->err_len);
  r->err_bytes = c->err.total;
  r->err_truncated = c->err.total > c->err.cap;
  r->report = c->report; /* moved: the child's copy is emptied below */
  memset(&c->report, 0, sizeof c->report);
  r->exit_code = -1;
  if (f.end == TS_END_EXITED)
    r->exit_code = f.code;
  else if (f.end == TS_END_SIGNALED)
    r->signal = f.code;
  else
    r->exit_code = f.report == TS_REPORT_OK ? TS_EXIT_OK : TS_EXIT_ERROR;
  if (o.server_fault && f.report == TS_REPORT_SETUP_ERROR)
    (void)snprintf(r->detail, sizeof r->detail, "sandbox setup failed at '%s' (errno %d)",
                   r->report.setup_stage, r->report.setup_errno);
  else if (o.why)
    (void)snprintf(r->detail, sizeof r->detail, "%s", o.why);
  /* Only a fault the snippet cannot cause is an ERROR line; its text is
   * ours, or a stage name from a child that had run nothing but our own
   * code. */
  if (o.server_fault)
    ts_error("job %llu: %s", (unsigned long long)c->id, r->detail);
  return r;
}

/* A pooled child ended before it had work. */
static void finish_pooled(struct ts_executor *ex, struct child *c) {
  if (c->reaped && c->info.si_code == CLD_EXITED && c->info.si_status == TS_EXIT_SETUP) {
    /* No job was handed over: the record is our own code's. */
    decode_report(ex, c);
    ts_error("a pooled sandbox failed at '%s' (errno %d)",
             c->report.kind == TS_REPORT_SETUP_ERROR ? c->report.setup_stage : "?",
             c->report.setup_errno);
  } else if (c->reaped && !c->killed) {
    ts_warn("a pooled sandbox ended before getting a job");
  }
  if (!c->killed) {
    /* Back off: a sandbox that cannot be set up now will not be in the
     * next millisecond either. */
    double delay = 0.05 * (double)(1u << (ex->pool_failures < 7 ? ex->pool_failures : 7));
    ex->pool_failures++;
    ex->pool_retry_at = ex_now() + (delay < 5 ? delay : 5);
  }
  ex_child_free(ex, c);
}

void ex_release(struct ts_executor *ex, struct child *c) {
  ex->nbusy--;
  atomic_store(&ex->running_now, ex->nbusy);
  ex_child_free(ex, c);
}

/* The child is gone (reaped) or done with its work, or unusable: answer
 * its work, if any, and free it.  `why` forces internal_error. */
void ex_finish(struct ts_executor *ex, struct child *c, const char *why) {
  if (c->sess_init) {
    /* A session's init that the zygote never made (it died). */
    ex_session_spawned(ex, c->sess_init, -1, 0, why ? why : "the sandbox zygote died");
    free(c);
    return;
  }
  if (c->sess) {
    ex_session_call_finish(ex, c, why);
    return;
  }
  if (c->answered) {
    /* Its slot was held until now: the teardown was still its cost. */
    ex_kill(c);
    ex_release(ex, c);
    return;
  }
  if (!c->w) {
    finish_pooled(ex, c);
    return;
  }
  if (why) {
    struct work *w = steal_pointer(&c->w);
    ex_kill(c);
    ex_fail_work(ex, w, TS_EXEC_INTERNAL_ERROR, why);
    ex_release(ex, c);
    return;
  }
  if (!c->reaped || (c->info.si_code == CLD_EXITED && c->info.si_status != TS_EXIT_SETUP))
    ex->pool_failures = 0;
  ex_deliver(ex, c->w, ex_result_of(ex, c));
  if (c->reaped) {
    ex_release(ex, c);
    return;
  }
  /* Answered early: nothing of the child can reach the user any more.
   * It is killed (it was exiting anyway, and a child that closed its
   * pipes only to go on running gets no further) and keeps its slot
   * until its pidfd says it is gone. */
  ex_work_free(ex, steal_pointer(&c->w));
  c->answered = true;
  ex_kill(c);
}

/* A child that closed all three pipes after a whole RESULT record is
 * done with its job: its exit, which unmaps a copy of the zygote and
 * tears down its namespaces, takes 1 to 4 ms that nobody needs to wait
 * for.  Not when it claims a MemoryError: that status needs its peak
 * memory, which the kernel reports at the reap.  Nor once the server has
 * killed it: a dying child's pipes close before its pidfd reports it, and
 * how it ended is then the reap's to say, not its record's. */
static bool done_early(const struct ts_executor *ex, struct child *c) {
  if (!c->w || c->reaped || c->killed || !c->out.eof || !c->err.eof || !c->res.eof ||
      !ts_report_is_result(c->res.data, c->res.len))
    return false;
  decode_report(ex, c);
  return c->report.kind == TS_REPORT_OK ||
         (c->report.kind == TS_REPORT_EXCEPTION &&
          !(c->report.type && strcmp(c->report.type, "MemoryError") == 0));
}

void ex_maybe_finish(struct ts_executor *ex, struct child *c) {
  if ((c->reaped && c->out.eof && c->err.eof && c->res.eof) || done_early(ex, c))
    ex_finish(ex, c, NULL);
}

void ex_reap(struct ts_executor *ex, struct child *c) {
  /* waitid with P_PIDFD reaps exactly this child; the fifth argument of
   * the raw system call returns its resource usage. */
  if (syscall(SYS_waitid, P_PIDFD, c->pidfd, &c->info, WEXITED | WNOHANG, &c->ru) < 0 ||
      c->info.si_pid == 0)
    return;
  ex_reaped(ex, c);
}

/* The child is gone, its wait status and usage in c->info and c->ru. */
void ex_reaped(struct ts_executor *ex, struct child *c) {
  c->reaped = true;
  ex_close_fd(ex, &c->pidfd);
  ex_close_fd(ex, &c->jobfd);
  /* Every writer is dead now: what is left in the pipes is all there is. */
  ex_pump(ex, c, &c->out, SIZE_MAX);
  ex_pump(ex, c, &c->err, SIZE_MAX);
  ex_pump(ex, c, &c->res, SIZE_MAX);
  follow_report(c);
  c->out.eof = c->err.eof = c->res.eof = true;
  ex_maybe_finish(ex, c);
}

/* Feeds the job pipe; once the whole job is in, closing our end is the
 * child's signal to start. */
void ex_write_job(struct ts_executor *ex, struct child *c) {
  while (c->jobfd >= 0 && c->written < c->w->len) {
    ssize_t n = write(c->jobfd, c->w->job + c->written, c->w->len - c->written);
    if (n < 0 && errno == EINTR)
      continue;
    if (n < 0 && errno == EAGAIN) {
      struct epoll_event ev = {.events = EPOLLOUT,
                               .data.u64 = (uint64_t)EV_JOB | ((uint64_t)c->slot << 8)};
      if (epoll_ctl(ex->epfd, EPOLL_CTL_MOD, c->jobfd, &ev) < 0)
        ex_watch(ex, c->jobfd, EPOLLOUT, EV_JOB, c->slot);
      return;
    }
    if (n <= 0) {
      ex_close_fd(ex, &c->jobfd); /* the child died; its pidfd will tell */
      return;
    }
    c->written += (size_t)n;
  }
  ex_close_fd(ex, &c->jobfd);
  free(c->w->job);
  c->w->job = NULL;
}

/* Gives work to a child: from now on its deadline runs. */
void ex_assign(struct ts_executor *ex, struct child *c, struct work *w) {
  c->w = w;
  if (w->report.files_max) {
    /* Its report may carry files: room for them, and reads. */
    c->res.cap = c->res.limit = ts_report_cap(&w->report);
    c->res.reads_left = ex_report_reads(ex, c->res.cap, c->res_pipe);
  }
  ex->nbusy++;
  atomic_store(&ex->running_now, ex->nbusy);
  clock_gettime(CLOCK_MONOTONIC, &c->start);
  c->deadline = ex_now() + w->timeout;
  if (w->client >= 0 && ex_watch(ex, w->client, EPOLLRDHUP, EV_CLIENT, c->slot) < 0)
    ex_close_fd(ex, &w->client); /* not watched: it runs to its end */
  if (c->state == CHILD_READY)
    ex_write_job(ex, c);
}
