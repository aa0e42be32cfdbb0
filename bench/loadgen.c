/*
 * ts-loadgen: a small HTTP/1.1 keep-alive load generator (C11, POSIX, Linux epoll).
 *
 *   ts-loadgen --port P [--host 127.0.0.1] [--token TOKEN]
 *              --req PATH:BODYFILE [--req ...] [--get PATH ...]
 *              --concurrency C [--requests N] [--duration SECONDS]
 *              [--threads T] [--timeout SECONDS] [--latencies FILE]
 *              [--expect STRING]
 *
 * C keep-alive connections, each with exactly one request in flight, spread
 * over T threads that each run their own epoll loop. Request kinds (--req and
 * --get, in command-line order) are used round-robin, indexed by a shared
 * atomic request counter; with --requests N exactly N requests complete
 * (unless --duration ends the run first).
 * Every outcome ends a request: a response (any status), a connect failure,
 * a reset/EOF, a timeout or an unparseable response. Latency runs from the
 * first byte written to the last byte of the response read (CLOCK_MONOTONIC);
 * it is recorded for responses only. One JSON object goes to stdout.
 *
 * Exit status: 0 when it ran, 1 on an internal failure (out of memory,
 * latency file write error), 2 on bad usage.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <inttypes.h>
#include <limits.h>
#include <math.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#define NS_PER_MS 1000000ULL
#define NS_PER_S 1000000000ULL

#define TICK_NS (10 * NS_PER_MS)        /* timeout/backoff scan period */
#define BACKOFF_NS (10 * NS_PER_MS)     /* pause after a failed connect */
#define MAX_EVENTS 256
#define BUF_INIT 8192                   /* per-connection read buffer */
#define BUF_MAX ((size_t)1024 * 1024)   /* longest head / chunk line accepted */
#define MAX_BODY_FILE (64L * 1024 * 1024)
#define KICK_SPINS 64                   /* immediate failures before a pause */

/* ------------------------------------------------------------------ */
/* configuration and shared state                                      */

struct reqtmpl {
  char *buf; /* full request bytes: head and body */
  size_t len;
};

struct config {
  const char *host;
  const char *port;
  const char *token;
  const char *latfile;
  const char *expect; /* a 200 body must contain it, or it is "unexpected" */
  size_t expect_len;
  struct reqtmpl *reqs;
  size_t nreqs;
  uint64_t concurrency;
  uint64_t threads;
  uint64_t requests; /* 0: duration mode */
  uint64_t duration_ns;
  uint64_t timeout_ns;
  struct addrinfo *ai;
};

static struct config g_cfg;
static uint64_t g_deadline;              /* duration mode: end of the run */
static atomic_uint_fast64_t g_next;      /* next request ticket */
static atomic_int g_stop;                /* SIGINT/SIGTERM or a fatal error */
static atomic_int g_fatal;

#define EXPECT_MAX 64 /* longest --expect string */

enum err_kind { E_CONNECT, E_RESET, E_TIMEOUT, E_BAD, E_COUNT };

struct stats {
  uint64_t done;
  uint64_t status[600];
  uint64_t err[E_COUNT];
  uint64_t ra_missing;
  uint64_t unexpected; /* 200 responses whose body lacks --expect */
  uint64_t extra_bytes; /* bytes after a complete response (not counted as errors) */
  uint64_t *lat;        /* nanoseconds */
  size_t nlat;
  size_t caplat;
};

/* ------------------------------------------------------------------ */
/* connections                                                          */

enum cstate { C_IDLE, C_CONNECTING, C_WRITING, C_READING, C_BACKOFF, C_DONE };

enum pstate {
  P_STATUS,     /* status line */
  P_FIELDS,     /* header lines */
  P_BODY_CL,    /* Content-Length body */
  P_BODY_EOF,   /* body delimited by close */
  P_CHUNK_SIZE, /* chunk-size line */
  P_CHUNK_DATA, /* chunk data */
  P_CHUNK_CRLF, /* CRLF after chunk data */
  P_TRAILERS    /* trailer lines after the last chunk */
};

struct worker;

struct conn {
  struct worker *w;
  int fd;
  enum cstate st;
  uint32_t mask;
  const struct reqtmpl *req;
  size_t woff;
  uint64_t t_start;    /* first byte written, 0 before */
  uint64_t t_deadline; /* request timeout */
  uint64_t t_wake;     /* end of a backoff */
  /* read buffer: unparsed bytes are buf[rpos, wpos) */
  char *buf;
  size_t cap;
  size_t rpos;
  size_t wpos;
  /* response parser */
  enum pstate ps;
  int status;
  bool http10;
  bool close_after;
  bool keep_alive_hdr;
  bool ra_seen;
  bool chunked;
  bool te_other;
  bool has_cl;
  uint64_t cl;
  uint64_t remaining;
  /* --expect: found in this body yet; the last expect_len-1 bytes seen */
  bool found;
  char carry[EXPECT_MAX];
  size_t ncarry;
};

struct worker {
  pthread_t tid;
  int ep;
  struct conn *conns;
  size_t nconns;
  size_t active; /* connections not in C_DONE */
  struct stats st;
};

static uint64_t mono_ns(void)
{
  struct timespec ts;
  if(clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
    return 0;
  return (uint64_t)ts.tv_sec * NS_PER_S + (uint64_t)ts.tv_nsec;
}

static void set_fatal(const char *what)
{
  fprintf(stderr, "ts-loadgen: %s\n", what);
  atomic_store(&g_fatal, 1);
  atomic_store(&g_stop, 1);
}

/* A latency is kept with what it was the latency of: (ns << 10) | code,
 * code being the HTTP status, or CODE_UNEXPECTED for a 200 whose body
 * lacked --expect.  Sorting the packed values sorts by latency. */
#define CODE_BITS 10
#define CODE_UNEXPECTED 1000

static bool stat_latency(struct stats *s, uint64_t ns, unsigned code)
{
  if(s->nlat == s->caplat) {
    size_t ncap = s->caplat ? s->caplat * 2 : 4096;
    uint64_t *n;
    if(ncap > SIZE_MAX / sizeof(*n))
      return false;
    n = realloc(s->lat, ncap * sizeof(*n));
    if(!n)
      return false;
    s->lat = n;
    s->caplat = ncap;
  }
  s->lat[s->nlat++] = ns << CODE_BITS | code;
  return true;
}

/* Takes the next request ticket; false when the run is over. */
static bool claim(uint64_t *ticket)
{
  if(atomic_load_explicit(&g_stop, memory_order_relaxed))
    return false;
  if(g_cfg.duration_ns > 0 && mono_ns() >= g_deadline)
    return false;
  *ticket = atomic_fetch_add_explicit(&g_next, 1, memory_order_relaxed);
  return g_cfg.requests == 0 || *ticket < g_cfg.requests;
}

static void parser_reset(struct conn *c)
{
  c->ps = P_STATUS;
  c->status = 0;
  c->http10 = false;
  c->close_after = false;
  c->keep_alive_hdr = false;
  c->ra_seen = false;
  c->chunked = false;
  c->te_other = false;
  c->has_cl = false;
  c->cl = 0;
  c->remaining = 0;
  c->found = false;
  c->ncarry = 0;
}

/* Looks for --expect in body bytes as they stream past, across reads. */
static void expect_feed(struct conn *c, const char *p, size_t n)
{
  size_t k = g_cfg.expect_len;
  char tmp[2 * EXPECT_MAX];
  size_t head;
  if(!g_cfg.expect || c->found || n == 0)
    return;
  /* a match across the previous bytes and these */
  head = n < k - 1 ? n : k - 1;
  memcpy(tmp, c->carry, c->ncarry);
  memcpy(tmp + c->ncarry, p, head);
  if(memmem(tmp, c->ncarry + head, g_cfg.expect, k) || memmem(p, n, g_cfg.expect, k)) {
    c->found = true;
    return;
  }
  /* keep the last k-1 bytes of carry+p */
  if(n >= k - 1) {
    memcpy(c->carry, p + n - (k - 1), k - 1);
    c->ncarry = k - 1;
  }
  else {
    size_t total = c->ncarry + n;
    size_t drop = total > k - 1 ? total - (k - 1) : 0;
    memcpy(tmp, c->carry, c->ncarry);
    memcpy(tmp + c->ncarry, p, n);
    memcpy(c->carry, tmp + drop, total - drop);
    c->ncarry = total - drop;
  }
}

static void conn_close(struct conn *c)
{
  if(c->fd >= 0) {
    close(c->fd); /* also leaves the epoll set */
    c->fd = -1;
  }
  c->mask = 0;
  c->rpos = 0;
  c->wpos = 0;
}

/* Ends the current request with an error; the connection is dropped. */
static void conn_fail(struct conn *c, enum err_kind kind)
{
  c->w->st.err[kind]++;
  c->w->st.done++;
  conn_close(c);
  c->st = C_IDLE;
}

static int conn_set_mask(struct conn *c, uint32_t mask)
{
  struct epoll_event ev;
  if(c->mask == mask)
    return 0;
  memset(&ev, 0, sizeof(ev));
  ev.events = mask;
  ev.data.ptr = c;
  if(epoll_ctl(c->w->ep, EPOLL_CTL_MOD, c->fd, &ev) != 0)
    return -1;
  c->mask = mask;
  return 0;
}

/* Opens a non-blocking connection: 0 connected, 1 in progress, -1 failed. */
static int conn_open(struct conn *c)
{
  const struct addrinfo *ai = g_cfg.ai;
  struct epoll_event ev;
  int one = 1;
  int rc;
  int fd = socket(ai->ai_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC,
                  ai->ai_protocol);
  if(fd < 0)
    return -1;
  if(setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof(one)) != 0) {
    close(fd);
    return -1;
  }
  rc = connect(fd, ai->ai_addr, ai->ai_addrlen);
  if(rc != 0 && errno != EINPROGRESS) {
    close(fd);
    return -1;
  }
  memset(&ev, 0, sizeof(ev));
  ev.events = rc == 0 ? EPOLLIN : EPOLLOUT;
  ev.data.ptr = c;
  if(epoll_ctl(c->w->ep, EPOLL_CTL_ADD, fd, &ev) != 0) {
    close(fd);
    return -1;
  }
  c->fd = fd;
  c->mask = ev.events;
  c->rpos = 0;
  c->wpos = 0;
  return rc == 0 ? 0 : 1;
}

/* Sends what is left of the request; moves to C_READING when all is out. */
static void conn_write(struct conn *c)
{
  const struct reqtmpl *r = c->req;
  if(c->t_start == 0)
    c->t_start = mono_ns();
  while(c->woff < r->len) {
    ssize_t n = send(c->fd, r->buf + c->woff, r->len - c->woff, MSG_NOSIGNAL);
    if(n >= 0) {
      c->woff += (size_t)n;
      continue;
    }
    if(errno == EINTR)
      continue;
    if(errno == EAGAIN || errno == EWOULDBLOCK) {
      if(conn_set_mask(c, EPOLLIN | EPOLLOUT) != 0)
        conn_fail(c, E_RESET);
      return;
    }
    conn_fail(c, E_RESET);
    return;
  }
  if(conn_set_mask(c, EPOLLIN) != 0) {
    conn_fail(c, E_RESET);
    return;
  }
  c->st = C_READING;
}

/* Starts the next request on c (claiming it), connecting first if needed. */
static void conn_start(struct conn *c)
{
  struct worker *w = c->w;
  uint64_t ticket = 0;
  int rc;
  if(!claim(&ticket)) {
    conn_close(c);
    c->st = C_DONE;
    w->active--;
    return;
  }
  c->req = &g_cfg.reqs[ticket % g_cfg.nreqs];
  c->woff = 0;
  c->t_start = 0;
  c->t_deadline = mono_ns() + g_cfg.timeout_ns;
  parser_reset(c);
  if(c->fd < 0) {
    rc = conn_open(c);
    if(rc < 0) {
      w->st.err[E_CONNECT]++;
      w->st.done++;
      c->st = C_BACKOFF;
      c->t_wake = mono_ns() + BACKOFF_NS;
      return;
    }
    if(rc > 0) {
      c->st = C_CONNECTING;
      return;
    }
  }
  c->st = C_WRITING;
  conn_write(c);
}

/* Keeps c busy: starts requests until one is in flight, or c is done or paused. */
static void conn_kick(struct conn *c)
{
  int spins = 0;
  while(c->st == C_IDLE) {
    if(++spins > KICK_SPINS) {
      c->st = C_BACKOFF; /* resumes at the next scan */
      c->t_wake = mono_ns();
      return;
    }
    conn_start(c);
  }
}

static void conn_connected(struct conn *c)
{
  int err = 0;
  socklen_t len = sizeof(err);
  if(getsockopt(c->fd, SOL_SOCKET, SO_ERROR, &err, &len) != 0 || err != 0) {
    conn_fail(c, E_CONNECT);
    c->st = C_BACKOFF;
    c->t_wake = mono_ns() + BACKOFF_NS;
    return;
  }
  if(conn_set_mask(c, EPOLLIN) != 0) {
    conn_fail(c, E_CONNECT);
    return;
  }
  c->st = C_WRITING;
  conn_write(c);
}

/* ------------------------------------------------------------------ */
/* response parsing                                                     */

/* Next line in the buffer without its CR LF; false if none is complete yet. */
static bool next_line(struct conn *c, const char **line, size_t *len)
{
  char *start = c->buf + c->rpos;
  char *nl = memchr(start, '\n', c->wpos - c->rpos);
  size_t n;
  if(!nl)
    return false;
  n = (size_t)(nl - start);
  c->rpos += n + 1;
  if(n > 0 && start[n - 1] == '\r')
    n--;
  *line = start;
  *len = n;
  return true;
}

static bool token_eq(const char *s, size_t n, const char *lit)
{
  return strlen(lit) == n && strncasecmp(s, lit, n) == 0;
}

static void trim(const char **s, size_t *n)
{
  while(*n > 0 && (**s == ' ' || **s == '\t')) {
    (*s)++;
    (*n)--;
  }
  while(*n > 0 && ((*s)[*n - 1] == ' ' || (*s)[*n - 1] == '\t'))
    (*n)--;
}

static int parse_status_line(struct conn *c, const char *s, size_t n)
{
  int code;
  if(n < 12 || memcmp(s, "HTTP/1.", 7) != 0 || (s[7] != '0' && s[7] != '1') ||
     s[8] != ' ')
    return -1;
  if(s[9] < '1' || s[9] > '5' || s[10] < '0' || s[10] > '9' || s[11] < '0' ||
     s[11] > '9')
    return -1;
  if(n > 12 && s[12] != ' ')
    return -1;
  code = (s[9] - '0') * 100 + (s[10] - '0') * 10 + (s[11] - '0');
  c->status = code;
  c->http10 = s[7] == '0';
  return 0;
}

static int parse_content_length(struct conn *c, const char *v, size_t n)
{
  uint64_t x = 0;
  size_t i;
  if(n == 0)
    return -1;
  for(i = 0; i < n; i++) {
    if(v[i] < '0' || v[i] > '9')
      return -1;
    if(x > (UINT64_MAX - 9) / 10)
      return -1;
    x = x * 10 + (uint64_t)(v[i] - '0');
  }
  if(c->has_cl && c->cl != x)
    return -1;
  c->has_cl = true;
  c->cl = x;
  return 0;
}

/* Comma-separated list: calls back per trimmed token. */
static void parse_connection(struct conn *c, const char *v, size_t n)
{
  while(n > 0) {
    const char *comma = memchr(v, ',', n);
    size_t tl = comma ? (size_t)(comma - v) : n;
    const char *t = v;
    size_t tn = tl;
    trim(&t, &tn);
    if(token_eq(t, tn, "close"))
      c->close_after = true;
    else if(token_eq(t, tn, "keep-alive"))
      c->keep_alive_hdr = true;
    if(!comma)
      break;
    v = comma + 1;
    n -= tl + 1;
  }
}

static void parse_transfer_encoding(struct conn *c, const char *v, size_t n)
{
  /* chunked must be the last coding; anything else is read to EOF */
  const char *last = v;
  size_t ln = n;
  const char *comma;
  while((comma = memchr(last, ',', ln)) != NULL) {
    ln -= (size_t)(comma - last) + 1;
    last = comma + 1;
  }
  trim(&last, &ln);
  if(token_eq(last, ln, "chunked"))
    c->chunked = true;
  else
    c->te_other = true;
}

static int parse_field(struct conn *c, const char *s, size_t n)
{
  const char *colon = memchr(s, ':', n);
  const char *name = s;
  const char *v;
  size_t nn;
  size_t vn;
  if(!colon || colon == s)
    return -1;
  nn = (size_t)(colon - s);
  if(name[nn - 1] == ' ' || name[nn - 1] == '\t')
    return -1; /* no whitespace before the colon (RFC 9112 5.1) */
  v = colon + 1;
  vn = n - nn - 1;
  trim(&v, &vn);
  if(token_eq(name, nn, "content-length"))
    return parse_content_length(c, v, vn);
  if(token_eq(name, nn, "transfer-encoding"))
    parse_transfer_encoding(c, v, vn);
  else if(token_eq(name, nn, "connection"))
    parse_connection(c, v, vn);
  else if(token_eq(name, nn, "retry-after"))
    c->ra_seen = true;
  return 0;
}

/* The head is complete: decides how the body is delimited. 1 done, 0 more. */
static int end_of_head(struct conn *c)
{
  if(c->http10 && !c->keep_alive_hdr)
    c->close_after = true;
  if(c->status >= 100 && c->status < 200) {
    if(c->status == 101)
      return -1; /* never asked to switch protocols */
    parser_reset(c); /* interim response: the real one follows */
    return 0;
  }
  if(c->status == 204 || c->status == 304)
    return 1;
  if(c->chunked && !c->te_other) {
    c->ps = P_CHUNK_SIZE;
    return 0;
  }
  if(c->te_other || !c->has_cl) {
    c->ps = P_BODY_EOF;
    c->close_after = true;
    return 0;
  }
  if(c->cl == 0)
    return 1;
  c->remaining = c->cl;
  c->ps = P_BODY_CL;
  return 0;
}

static int parse_chunk_size(struct conn *c, const char *s, size_t n)
{
  uint64_t x = 0;
  size_t i = 0;
  for(; i < n; i++) {
    int d;
    char ch = s[i];
    if(ch >= '0' && ch <= '9')
      d = ch - '0';
    else if(ch >= 'a' && ch <= 'f')
      d = ch - 'a' + 10;
    else if(ch >= 'A' && ch <= 'F')
      d = ch - 'A' + 10;
    else
      break;
    if(x > (UINT64_MAX >> 4))
      return -1;
    x = (x << 4) | (uint64_t)d;
  }
  if(i == 0)
    return -1;
  if(i < n && s[i] != ';' && s[i] != ' ' && s[i] != '\t')
    return -1;
  c->remaining = x;
  c->ps = x == 0 ? P_TRAILERS : P_CHUNK_DATA;
  return 0;
}

static void skip_body(struct conn *c)
{
  size_t avail = c->wpos - c->rpos;
  size_t take = c->remaining < avail ? (size_t)c->remaining : avail;
  expect_feed(c, c->buf + c->rpos, take);
  c->rpos += take;
  c->remaining -= take;
}

/* Consumes buffered bytes: 1 response complete, 0 needs more, -1 malformed. */
static int parse(struct conn *c)
{
  const char *line;
  size_t n;
  int rc;
  for(;;) {
    switch(c->ps) {
    case P_STATUS:
      if(!next_line(c, &line, &n))
        return 0;
      if(parse_status_line(c, line, n) != 0)
        return -1;
      c->ps = P_FIELDS;
      break;
    case P_FIELDS:
      if(!next_line(c, &line, &n))
        return 0;
      if(n > 0) {
        if(parse_field(c, line, n) != 0)
          return -1;
        break;
      }
      rc = end_of_head(c);
      if(rc != 0)
        return rc;
      break;
    case P_BODY_CL:
      skip_body(c);
      return c->remaining == 0 ? 1 : 0;
    case P_BODY_EOF:
      expect_feed(c, c->buf + c->rpos, c->wpos - c->rpos);
      c->rpos = c->wpos;
      return 0;
    case P_CHUNK_SIZE:
      if(!next_line(c, &line, &n))
        return 0;
      if(parse_chunk_size(c, line, n) != 0)
        return -1;
      break;
    case P_CHUNK_DATA:
      skip_body(c);
      if(c->remaining > 0)
        return 0;
      c->ps = P_CHUNK_CRLF;
      break;
    case P_CHUNK_CRLF:
      if(!next_line(c, &line, &n))
        return 0;
      if(n != 0)
        return -1;
      c->ps = P_CHUNK_SIZE;
      break;
    case P_TRAILERS:
      if(!next_line(c, &line, &n))
        return 0;
      if(n == 0)
        return 1;
      break;
    default:
      return -1;
    }
  }
}

/* Makes room to read into; -1 when a single line outgrows BUF_MAX. */
static int buf_prepare(struct conn *c)
{
  if(c->rpos == c->wpos) {
    c->rpos = 0;
    c->wpos = 0;
  }
  else if(c->rpos > 0 && c->cap - c->wpos < c->cap / 4) {
    memmove(c->buf, c->buf + c->rpos, c->wpos - c->rpos);
    c->wpos -= c->rpos;
    c->rpos = 0;
  }
  if(c->wpos == c->cap) {
    size_t ncap = c->cap ? c->cap * 2 : BUF_INIT; /* never realloc(p, 0) */
    char *nb;
    if(ncap > BUF_MAX)
      return -1;
    nb = realloc(c->buf, ncap);
    if(!nb)
      return -1;
    c->buf = nb;
    c->cap = ncap;
  }
  return 0;
}

static void conn_complete(struct conn *c)
{
  struct stats *s = &c->w->st;
  uint64_t now = mono_ns();
  bool reuse;
  bool unexpected = c->status == 200 && g_cfg.expect && !c->found;
  if(!stat_latency(s, now - c->t_start, unexpected ? CODE_UNEXPECTED : (unsigned)c->status))
    set_fatal("out of memory (latencies)");
  s->status[c->status]++;
  if(c->status == 429 && !c->ra_seen)
    s->ra_missing++;
  if(unexpected)
    s->unexpected++;
  s->done++;
  if(c->rpos != c->wpos)
    s->extra_bytes++;
  reuse = !c->close_after && c->woff == c->req->len && c->rpos == c->wpos;
  if(!reuse)
    conn_close(c);
  c->st = C_IDLE;
}

static void conn_read(struct conn *c)
{
  for(;;) {
    size_t space;
    ssize_t n;
    int rc;
    if(buf_prepare(c) != 0) {
      conn_fail(c, E_BAD);
      return;
    }
    space = c->cap - c->wpos;
    n = recv(c->fd, c->buf + c->wpos, space, 0);
    if(n > 0) {
      c->wpos += (size_t)n;
      rc = parse(c);
      if(rc < 0) {
        conn_fail(c, E_BAD);
        return;
      }
      if(rc > 0) {
        conn_complete(c);
        return;
      }
      if((size_t)n < space)
        return; /* level-triggered: epoll reports the rest */
      continue;
    }
    if(n == 0) {
      if(c->ps == P_BODY_EOF)
        conn_complete(c);
      else
        conn_fail(c, E_RESET);
      return;
    }
    if(errno == EINTR)
      continue;
    if(errno == EAGAIN || errno == EWOULDBLOCK)
      return;
    conn_fail(c, E_RESET);
    return;
  }
}

static void conn_event(struct conn *c, uint32_t ev)
{
  switch(c->st) {
  case C_CONNECTING:
    conn_connected(c);
    break;
  case C_WRITING:
    /* a server may answer (e.g. 413) before it has read the whole body */
    if(ev & (EPOLLIN | EPOLLERR | EPOLLHUP)) {
      conn_read(c);
      if(c->st != C_WRITING)
        break;
    }
    if(ev & EPOLLOUT)
      conn_write(c);
    break;
  case C_READING:
    conn_read(c);
    break;
  default:
    break;
  }
}

/* Request timeouts and the end of backoffs. */
static void worker_scan(struct worker *w, uint64_t now)
{
  size_t i;
  for(i = 0; i < w->nconns; i++) {
    struct conn *c = &w->conns[i];
    switch(c->st) {
    case C_CONNECTING:
      if(now >= c->t_deadline)
        conn_fail(c, E_CONNECT);
      break;
    case C_WRITING:
    case C_READING:
      if(now >= c->t_deadline)
        conn_fail(c, E_TIMEOUT);
      break;
    case C_BACKOFF:
      if(now >= c->t_wake)
        c->st = C_IDLE;
      break;
    default:
      break;
    }
    if(c->st == C_IDLE)
      conn_kick(c);
  }
}

static void *worker_main(void *arg)
{
  struct worker *w = arg;
  struct epoll_event evs[MAX_EVENTS];
  uint64_t last_scan = mono_ns();
  size_t i;
  for(i = 0; i < w->nconns; i++)
    conn_kick(&w->conns[i]);
  while(w->active > 0 && !atomic_load_explicit(&g_stop, memory_order_relaxed)) {
    uint64_t now;
    int n = epoll_wait(w->ep, evs, MAX_EVENTS, (int)(TICK_NS / NS_PER_MS));
    if(n < 0) {
      if(errno == EINTR)
        continue;
      set_fatal("epoll_wait failed");
      break;
    }
    now = mono_ns();
    if(g_cfg.requests == 0 && now >= g_deadline)
      break;
    for(i = 0; i < (size_t)n; i++) {
      struct conn *c = evs[i].data.ptr;
      conn_event(c, evs[i].events);
      if(c->st == C_IDLE)
        conn_kick(c);
    }
    if(now - last_scan >= TICK_NS) {
      worker_scan(w, now);
      last_scan = now;
    }
  }
  for(i = 0; i < w->nconns; i++)
    conn_close(&w->conns[i]);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* setup                                                                */

static void usage(FILE *f)
{
  (void)fputs("usage: ts-loadgen --port P [--host 127.0.0.1] [--token TOKEN]\n"
              "                  --req PATH:BODYFILE [--req ...] [--get PATH ...]\n"
              "                  --concurrency C [--requests N] [--duration SECONDS]\n"
              "                  [--threads T] [--timeout SECONDS] [--latencies FILE]\n"
              "                  [--expect STRING]\n"
              "\n"
              "  --req PATH:BODYFILE  POST the file's bytes as application/json to PATH\n"
              "  --get PATH           GET PATH\n"
              "                       (all --req/--get are used round-robin, in order)\n"
              "  --concurrency C      keep-alive connections, one request in flight each\n"
              "  --requests N         complete exactly N requests\n"
              "  --duration SECONDS   or run that long (with both: whichever ends first)\n"
              "  --threads T          epoll threads the connections are spread over (1)\n"
              "  --timeout SECONDS    per-request timeout (30)\n"
              "  --latencies FILE     write every latency, in microseconds, and its HTTP\n"
              "                       status (1000: a 200 without --expect), one a line\n"
              "  --expect STRING      count 200 responses whose body lacks STRING as\n"
              "                       \"unexpected\" (e.g. '\"status\":\"ok\"')\n"
              "\n"
              "Prints one JSON object on stdout.\n",
              f);
}

static int bad_usage(const char *msg, const char *arg)
{
  if(arg)
    fprintf(stderr, "ts-loadgen: %s: %s\n", msg, arg);
  else
    fprintf(stderr, "ts-loadgen: %s\n", msg);
  (void)fputs("try 'ts-loadgen --help'\n", stderr);
  return 2;
}

static int parse_u64(const char *s, uint64_t min, uint64_t max, uint64_t *out)
{
  char *end = NULL;
  unsigned long long v;
  if(!s || *s < '0' || *s > '9')
    return -1;
  errno = 0;
  v = strtoull(s, &end, 10);
  if(errno != 0 || !end || *end != '\0' || v < min || v > max)
    return -1;
  *out = (uint64_t)v;
  return 0;
}

static int parse_seconds(const char *s, uint64_t *ns)
{
  char *end = NULL;
  double v;
  if(!s || *s == '\0')
    return -1;
  errno = 0;
  v = strtod(s, &end);
  if(errno != 0 || !end || *end != '\0' || !isfinite(v) || v <= 0 || v > 1e7)
    return -1;
  *ns = (uint64_t)(v * (double)NS_PER_S);
  return *ns > 0 ? 0 : -1;
}

static bool valid_path(const char *p)
{
  const unsigned char *s = (const unsigned char *)p;
  if(*s != '/')
    return false;
  for(; *s; s++)
    if(*s <= ' ' || *s == 0x7f)
      return false;
  return true;
}

static bool valid_field_value(const char *v)
{
  const unsigned char *s = (const unsigned char *)v;
  for(; *s; s++)
    if((*s < ' ' && *s != '\t') || *s == 0x7f)
      return false;
  return true;
}

/* Reads a whole file into a fresh buffer. */
static int read_file(const char *path, char **out, size_t *len)
{
  struct stat sb;
  char *buf = NULL;
  size_t cap = 0;
  size_t n = 0;
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if(fd < 0)
    return -1;
  if(fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size >= 0 &&
     sb.st_size <= MAX_BODY_FILE)
    cap = (size_t)sb.st_size + 1;
  if(cap == 0)
    cap = 4096;
  buf = malloc(cap);
  if(!buf)
    goto fail;
  for(;;) {
    ssize_t r;
    if(n == cap) {
      char *nb;
      if(cap >= MAX_BODY_FILE) {
        errno = EFBIG;
        goto fail;
      }
      nb = realloc(buf, cap * 2);
      if(!nb)
        goto fail;
      buf = nb;
      cap *= 2;
    }
    r = read(fd, buf + n, cap - n);
    if(r < 0) {
      if(errno == EINTR)
        continue;
      goto fail;
    }
    if(r == 0)
      break;
    n += (size_t)r;
  }
  close(fd);
  *out = buf;
  *len = n;
  return 0;
fail:
  {
    int e = errno;
    free(buf);
    close(fd);
    errno = e;
  }
  return -1;
}

/* Builds the bytes of one request: body NULL for a GET. */
static int build_request(struct reqtmpl *t, const char *method, const char *path,
                         const char *hosthdr, const char *body, size_t blen)
{
  char auth[1024];
  char clen[128];
  int alen = 0;
  int hlen;
  size_t total;
  if(g_cfg.token) {
    alen = snprintf(auth, sizeof(auth), "Authorization: Bearer %s\r\n", g_cfg.token);
    if(alen < 0 || (size_t)alen >= sizeof(auth))
      return -1;
  }
  else
    auth[0] = '\0';
  if(body) {
    int n = snprintf(clen, sizeof(clen),
                     "Content-Type: application/json\r\nContent-Length: %zu\r\n", blen);
    if(n < 0 || (size_t)n >= sizeof(clen))
      return -1;
  }
  else
    clen[0] = '\0';
  hlen = snprintf(NULL, 0, "%s %s HTTP/1.1\r\nHost: %s\r\n%s%sConnection: keep-alive\r\n\r\n",
                  method, path, hosthdr, clen, auth);
  if(hlen < 0)
    return -1;
  total = (size_t)hlen + (body ? blen : 0);
  t->buf = malloc(total + 1);
  if(!t->buf)
    return -1;
  if(snprintf(t->buf, (size_t)hlen + 1,
              "%s %s HTTP/1.1\r\nHost: %s\r\n%s%sConnection: keep-alive\r\n\r\n",
              method, path, hosthdr, clen, auth) != hlen) {
    free(t->buf);
    t->buf = NULL;
    return -1;
  }
  if(body && blen > 0)
    memcpy(t->buf + hlen, body, blen);
  t->len = total;
  return 0;
}

struct reqspec {
  bool is_get;
  const char *arg;
};

static int build_requests(const struct reqspec *specs, size_t nspecs)
{
  char hosthdr[512];
  size_t i;
  int n;
  if(strchr(g_cfg.host, ':'))
    n = snprintf(hosthdr, sizeof(hosthdr), "[%s]:%s", g_cfg.host, g_cfg.port);
  else
    n = snprintf(hosthdr, sizeof(hosthdr), "%s:%s", g_cfg.host, g_cfg.port);
  if(n < 0 || (size_t)n >= sizeof(hosthdr))
    return bad_usage("host name too long", g_cfg.host);
  g_cfg.reqs = calloc(nspecs, sizeof(*g_cfg.reqs));
  if(!g_cfg.reqs)
    return bad_usage("out of memory", NULL);
  g_cfg.nreqs = nspecs;
  for(i = 0; i < nspecs; i++) {
    const char *arg = specs[i].arg;
    char path[4096];
    char *body = NULL;
    size_t blen = 0;
    int rc;
    if(specs[i].is_get) {
      if(!valid_path(arg))
        return bad_usage("--get wants a path starting with '/'", arg);
      rc = build_request(&g_cfg.reqs[i], "GET", arg, hosthdr, NULL, 0);
    }
    else {
      const char *colon = strchr(arg, ':');
      size_t plen = colon ? (size_t)(colon - arg) : 0;
      if(!colon || plen == 0 || colon[1] == '\0' || plen >= sizeof(path))
        return bad_usage("--req wants PATH:BODYFILE", arg);
      memcpy(path, arg, plen);
      path[plen] = '\0';
      if(!valid_path(path))
        return bad_usage("--req wants a path starting with '/'", arg);
      if(read_file(colon + 1, &body, &blen) != 0) {
        fprintf(stderr, "ts-loadgen: %s: %s\n", colon + 1, strerror(errno));
        return 2;
      }
      rc = build_request(&g_cfg.reqs[i], "POST", path, hosthdr, body, blen);
      free(body);
    }
    if(rc != 0)
      return bad_usage("cannot build the request for", arg);
  }
  return 0;
}

static int resolve(void)
{
  struct addrinfo hints;
  int rc;
  memset(&hints, 0, sizeof(hints));
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_NUMERICSERV;
  rc = getaddrinfo(g_cfg.host, g_cfg.port, &hints, &g_cfg.ai);
  if(rc != 0) {
    fprintf(stderr, "ts-loadgen: %s: %s\n", g_cfg.host, gai_strerror(rc));
    return 2;
  }
  return 0;
}

enum { O_PORT = 1, O_HOST, O_TOKEN, O_REQ, O_GET, O_CONC, O_REQUESTS, O_DURATION,
       O_THREADS, O_TIMEOUT, O_LATENCIES, O_EXPECT, O_HELP };

/* Parses argv into g_cfg; returns 0, or the exit status (2 usage, -1 help). */
static int parse_args(int argc, char **argv)
{
  static const struct option opts[] = {
    {"port", required_argument, NULL, O_PORT},
    {"host", required_argument, NULL, O_HOST},
    {"token", required_argument, NULL, O_TOKEN},
    {"req", required_argument, NULL, O_REQ},
    {"get", required_argument, NULL, O_GET},
    {"concurrency", required_argument, NULL, O_CONC},
    {"requests", required_argument, NULL, O_REQUESTS},
    {"duration", required_argument, NULL, O_DURATION},
    {"threads", required_argument, NULL, O_THREADS},
    {"timeout", required_argument, NULL, O_TIMEOUT},
    {"latencies", required_argument, NULL, O_LATENCIES},
    {"expect", required_argument, NULL, O_EXPECT},
    {"help", no_argument, NULL, O_HELP},
    {NULL, 0, NULL, 0}};
  struct reqspec *specs = NULL;
  size_t nspecs = 0;
  uint64_t port = 0;
  bool have_requests = false;
  int rc = 0;
  int o;
  g_cfg.host = "127.0.0.1";
  g_cfg.threads = 1;
  g_cfg.timeout_ns = 30 * NS_PER_S;
  opterr = 1;
  specs = calloc((size_t)argc, sizeof(*specs)); /* at most one spec per argument */
  if(!specs)
    return bad_usage("out of memory", NULL);
  while(rc == 0 && (o = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    switch(o) {
    case O_PORT:
      if(parse_u64(optarg, 1, 65535, &port) != 0)
        rc = bad_usage("--port wants 1..65535", optarg);
      g_cfg.port = optarg;
      break;
    case O_HOST:
      g_cfg.host = optarg;
      break;
    case O_TOKEN:
      if(!valid_field_value(optarg))
        rc = bad_usage("--token has control characters", NULL);
      g_cfg.token = optarg;
      break;
    case O_REQ:
    case O_GET:
      specs[nspecs].is_get = o == O_GET;
      specs[nspecs].arg = optarg;
      nspecs++;
      break;
    case O_CONC:
      if(parse_u64(optarg, 1, 1000000, &g_cfg.concurrency) != 0)
        rc = bad_usage("--concurrency wants 1..1000000", optarg);
      break;
    case O_REQUESTS:
      if(parse_u64(optarg, 1, UINT64_MAX / 2, &g_cfg.requests) != 0)
        rc = bad_usage("--requests wants a positive count", optarg);
      have_requests = true;
      break;
    case O_DURATION:
      if(parse_seconds(optarg, &g_cfg.duration_ns) != 0)
        rc = bad_usage("--duration wants positive seconds", optarg);
      break;
    case O_THREADS:
      if(parse_u64(optarg, 1, 4096, &g_cfg.threads) != 0)
        rc = bad_usage("--threads wants 1..4096", optarg);
      break;
    case O_TIMEOUT:
      if(parse_seconds(optarg, &g_cfg.timeout_ns) != 0)
        rc = bad_usage("--timeout wants positive seconds", optarg);
      break;
    case O_LATENCIES:
      g_cfg.latfile = optarg;
      break;
    case O_EXPECT:
      g_cfg.expect = optarg;
      g_cfg.expect_len = strlen(optarg);
      if(g_cfg.expect_len == 0 || g_cfg.expect_len > EXPECT_MAX)
        rc = bad_usage("--expect wants 1..64 bytes", optarg);
      break;
    case O_HELP:
      usage(stdout);
      rc = -1;
      break;
    default:
      rc = bad_usage("bad option", NULL);
      break;
    }
  }
  if(rc == 0 && optind < argc)
    rc = bad_usage("unexpected argument", argv[optind]);
  if(rc == 0 && !g_cfg.port)
    rc = bad_usage("--port is required", NULL);
  if(rc == 0 && nspecs == 0)
    rc = bad_usage("at least one --req or --get is required", NULL);
  if(rc == 0 && g_cfg.concurrency == 0)
    rc = bad_usage("--concurrency is required", NULL);
  if(rc == 0 && !have_requests && g_cfg.duration_ns == 0)
    rc = bad_usage("give --requests, --duration or both (whichever ends first)", NULL);
  if(rc == 0 && g_cfg.threads > g_cfg.concurrency)
    g_cfg.threads = g_cfg.concurrency;
  if(rc == 0)
    rc = resolve();
  if(rc == 0)
    rc = build_requests(specs, nspecs);
  free(specs);
  return rc;
}

static void free_config(void)
{
  size_t i;
  for(i = 0; g_cfg.reqs && i < g_cfg.nreqs; i++)
    free(g_cfg.reqs[i].buf);
  free(g_cfg.reqs);
  g_cfg.reqs = NULL;
  if(g_cfg.ai)
    freeaddrinfo(g_cfg.ai);
  g_cfg.ai = NULL;
}

static void on_signal(int sig)
{
  (void)sig;
  atomic_store(&g_stop, 1);
}

static int install_signals(void)
{
  struct sigaction sa;
  memset(&sa, 0, sizeof(sa));
  sigemptyset(&sa.sa_mask);
  sa.sa_handler = SIG_IGN;
  if(sigaction(SIGPIPE, &sa, NULL) != 0)
    return -1;
  sa.sa_handler = on_signal;
  if(sigaction(SIGINT, &sa, NULL) != 0 || sigaction(SIGTERM, &sa, NULL) != 0)
    return -1;
  return 0;
}

static void free_workers(struct worker *ws, size_t nw)
{
  size_t i;
  size_t j;
  if(!ws)
    return;
  for(i = 0; i < nw; i++) {
    for(j = 0; ws[i].conns && j < ws[i].nconns; j++)
      free(ws[i].conns[j].buf);
    free(ws[i].conns);
    free(ws[i].st.lat);
    if(ws[i].ep >= 0)
      close(ws[i].ep);
  }
  free(ws);
}

static struct worker *alloc_workers(size_t nw)
{
  struct worker *ws = calloc(nw, sizeof(*ws));
  size_t i;
  size_t j;
  if(!ws)
    return NULL;
  for(i = 0; i < nw; i++)
    ws[i].ep = -1;
  for(i = 0; i < nw; i++) {
    struct worker *w = &ws[i];
    w->nconns = (size_t)(g_cfg.concurrency / nw) + (i < g_cfg.concurrency % nw);
    if(w->nconns == 0) { /* main keeps threads <= concurrency: never */
      errno = EINVAL;
      goto fail;
    }
    w->active = w->nconns;
    w->ep = epoll_create1(EPOLL_CLOEXEC);
    w->conns = calloc(w->nconns, sizeof(*w->conns));
    if(w->ep < 0 || !w->conns)
      goto fail;
    for(j = 0; j < w->nconns; j++) {
      struct conn *c = &w->conns[j];
      c->w = w;
      c->fd = -1;
      c->st = C_IDLE;
      c->cap = BUF_INIT;
      c->buf = malloc(c->cap);
      if(!c->buf)
        goto fail;
    }
  }
  return ws;
fail:
  free_workers(ws, nw);
  return NULL;
}

/* ------------------------------------------------------------------ */
/* results                                                              */

static int cmp_u64(const void *a, const void *b)
{
  uint64_t x = *(const uint64_t *)a;
  uint64_t y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

/* Nearest-rank percentile of a sorted array, in milliseconds. */
static double pct_ms(const uint64_t *v, size_t n, unsigned p)
{
  size_t rank = (n / 100) * p + ((n % 100) * p + 99) / 100; /* ceil(n*p/100) */
  if(rank == 0)
    rank = 1;
  return (double)(v[rank - 1] >> CODE_BITS) / (double)NS_PER_MS;
}

static int write_latencies(FILE *f, const uint64_t *v, size_t n)
{
  size_t i;
  for(i = 0; i < n; i++)
    if(fprintf(f, "%" PRIu64 " %u\n", ((v[i] >> CODE_BITS) + 500) / 1000,
               (unsigned)(v[i] & ((1u << CODE_BITS) - 1))) < 0)
      return -1;
  return 0;
}

static void print_json(const struct stats *t, const uint64_t *lat, size_t nlat,
                       double elapsed)
{
  size_t i;
  bool first = true;
  printf("{\"requests\":%" PRIu64 ",\"elapsed_s\":%.3f,\"rps\":%.1f,\"status\":{",
         t->done, elapsed, elapsed > 0 ? (double)t->done / elapsed : 0.0);
  for(i = 100; i < 600; i++) {
    if(!t->status[i])
      continue;
    printf("%s\"%zu\":%" PRIu64, first ? "" : ",", i, t->status[i]);
    first = false;
  }
  printf("},\"errors\":{\"connect\":%" PRIu64 ",\"reset\":%" PRIu64
         ",\"timeout\":%" PRIu64 ",\"bad_response\":%" PRIu64 "}",
         t->err[E_CONNECT], t->err[E_RESET], t->err[E_TIMEOUT], t->err[E_BAD]);
  printf(",\"retry_after_missing\":%" PRIu64 ",\"unexpected\":%" PRIu64 ",\"latency_ms\":",
         t->ra_missing, t->unexpected);
  if(nlat == 0)
    printf("{\"p50\":null,\"p90\":null,\"p99\":null,\"max\":null,\"mean\":null}");
  else {
    long double sum = 0;
    for(i = 0; i < nlat; i++)
      sum += lat[i] >> CODE_BITS;
    printf("{\"p50\":%.3f,\"p90\":%.3f,\"p99\":%.3f,\"max\":%.3f,\"mean\":%.3f}",
           pct_ms(lat, nlat, 50), pct_ms(lat, nlat, 90), pct_ms(lat, nlat, 99),
           (double)(lat[nlat - 1] >> CODE_BITS) / (double)NS_PER_MS,
           (double)(sum / nlat) / (double)NS_PER_MS);
  }
  printf("}\n");
}

/* Merges the workers' stats and latencies, writes the outputs. 0 or 1. */
static int report(struct worker *ws, size_t nw, FILE *latf, double elapsed)
{
  struct stats total;
  uint64_t *lat = NULL;
  size_t nlat = 0;
  size_t i;
  size_t j;
  int rc = 0;
  memset(&total, 0, sizeof(total));
  for(i = 0; i < nw; i++) {
    const struct stats *s = &ws[i].st;
    total.done += s->done;
    for(j = 0; j < 600; j++)
      total.status[j] += s->status[j];
    for(j = 0; j < E_COUNT; j++)
      total.err[j] += s->err[j];
    total.ra_missing += s->ra_missing;
    total.unexpected += s->unexpected;
    total.extra_bytes += s->extra_bytes;
    total.nlat += s->nlat;
  }
  if(total.nlat > 0) {
    lat = malloc(total.nlat * sizeof(*lat));
    if(!lat) {
      fprintf(stderr, "ts-loadgen: out of memory (latencies)\n");
      return 1;
    }
    for(i = 0; i < nw; i++) {
      if(ws[i].st.nlat == 0)
        continue;
      memcpy(lat + nlat, ws[i].st.lat, ws[i].st.nlat * sizeof(*lat));
      nlat += ws[i].st.nlat;
    }
  }
  if(latf && write_latencies(latf, lat, nlat) != 0) {
    fprintf(stderr, "ts-loadgen: %s: %s\n", g_cfg.latfile, strerror(errno));
    rc = 1;
  }
  if(nlat > 0)
    qsort(lat, nlat, sizeof(*lat), cmp_u64);
  print_json(&total, lat, nlat, elapsed);
  if(fflush(stdout) != 0)
    rc = 1;
  if(total.extra_bytes)
    fprintf(stderr, "ts-loadgen: warning: %" PRIu64
            " responses were followed by unexpected bytes (connection dropped)\n",
            total.extra_bytes);
  free(lat);
  return rc;
}

int main(int argc, char **argv)
{
  struct worker *ws = NULL;
  FILE *latf = NULL;
  size_t nw;
  size_t i;
  size_t started = 0;
  uint64_t t0;
  uint64_t t1;
  int rc = parse_args(argc, argv);
  if(rc != 0) {
    free_config();
    return rc < 0 ? 0 : rc;
  }
  if(g_cfg.latfile) {
    latf = fopen(g_cfg.latfile, "w");
    if(!latf) {
      fprintf(stderr, "ts-loadgen: %s: %s\n", g_cfg.latfile, strerror(errno));
      free_config();
      return 2;
    }
  }
  nw = (size_t)g_cfg.threads;
  ws = alloc_workers(nw);
  if(!ws || install_signals() != 0) {
    fprintf(stderr, "ts-loadgen: setup failed: %s\n", strerror(errno));
    rc = 1;
    goto out;
  }
  t0 = mono_ns();
  g_deadline = t0 + g_cfg.duration_ns;
  for(i = 0; i < nw; i++) {
    int e = pthread_create(&ws[i].tid, NULL, worker_main, &ws[i]);
    if(e != 0) {
      fprintf(stderr, "ts-loadgen: pthread_create: %s\n", strerror(e));
      atomic_store(&g_stop, 1);
      atomic_store(&g_fatal, 1);
      break;
    }
    started++;
  }
  for(i = 0; i < started; i++)
    pthread_join(ws[i].tid, NULL);
  t1 = mono_ns();
  rc = report(ws, nw, latf, (double)(t1 - t0) / (double)NS_PER_S);
  if(atomic_load(&g_fatal))
    rc = 1;
out:
  if(latf && fclose(latf) != 0 && rc == 0) {
    fprintf(stderr, "ts-loadgen: %s: %s\n", g_cfg.latfile, strerror(errno));
    rc = 1;
  }
  free_workers(ws, nw);
  free_config();
  return rc;
}
