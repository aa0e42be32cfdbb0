/* The NDJSON answer of an /execute whose client asked for it (Accept:
 * application/x-ndjson): one JSON object per line, sent as the job runs.
 *
 *   {"event":"stdout","data":"..."}        bytes the server read, as text
 *   {"event":"stderr","data":"..."}
 *   {"event":"stdout_truncated"}           the stream passed --max-output:
 *   {"event":"stderr_truncated"}           nothing more of it follows
 *   {"event":"display","data":{...}}       a display bundle
 *   {"event":"done","response":{...}}      the usual response, last
 *
 * Three threads meet here.  The executor thread appends events to a queue
 * under the stream's lock and never waits for the client: the queue is
 * bounded by what the executor passes on (each output stream up to the
 * cap, the display bundles within their budget, one response).  The
 * connection's libmicrohttpd thread takes them in stream_read() and
 * formats them; when the queue is empty it suspends the connection (a
 * content reader that returns 0 in libmicrohttpd's internal polling mode
 * would be called again at once, a busy loop) and the executor resumes it
 * with the next event.  Both happen under the lock, so a resume always
 * follows its suspension.
 *
 * Its life: two references, the connection's (dropped when libmicrohttpd
 * completes the request, on_completed()) and the execution's (dropped by
 * stream_done()).  The last one out ends the request (conn_end(): the
 * access log, the metrics, freeing the conn): its execution status is
 * known only once the job is done, and the client may be gone before. */
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "server/internal.h"
#include "util/json.h"
#include "util/log.h"
#include "util/utf8.h"

/* Output bytes formatted per line: a line is at most 6 times that (every
 * byte a \u00XX escape), whatever an event holds. */
#define SLICE ((size_t)16 * 1024)
/* Output bytes gathered into one queued event while the client is slower
 * than the child. */
#define COALESCE_MAX ((size_t)64 * 1024)

enum sev_kind { SEV_OUT, SEV_ERR, SEV_OUT_TRUNCATED, SEV_ERR_TRUNCATED, SEV_DISPLAY, SEV_DONE };

/* One event waiting to be sent: output bytes, a bundle's JSON text, or
 * the whole done line. */
struct sev {
  struct sev *next;
  enum sev_kind kind;
  char *data;
  size_t len, alloc;
};

struct stream {
  pthread_mutex_t lock;
  /* under lock */
  unsigned refs;
  struct sev *head, *last;
  bool suspended; /* by stream_read(), for want of an event */
  bool exec_done; /* stream_done() has run: no event comes after */
  bool conn_gone; /* on_completed() has run: nothing is sent any more */
  bool failed;    /* out of memory: the stream is cut */
  const char *exec_status;
  unsigned status;
  /* set at creation */
  struct conn *c;
  struct MHD_Connection *mc;
  /* the reader's, on the connection's libmicrohttpd thread */
  struct sev *cur;          /* the event being formatted */
  size_t cur_off;           /* bytes of it formatted */
  char *line;               /* the line being sent */
  size_t line_len, line_off;
  char carry[2][4];         /* per output stream, the start of a character */
  size_t ncarry[2];         /* cut by the end of a read */
  bool ended;               /* the done line is out */
};

static void sev_free(struct sev *e) {
  if (e) {
    free(e->data);
    free(e);
  }
}

static void queue_free(struct stream *st) {
  while (st->head) {
    struct sev *e = st->head;
    st->head = e->next;
    sev_free(e);
  }
  st->last = NULL;
}

static void stream_free(struct stream *st) {
  queue_free(st);
  sev_free(st->cur);
  free(st->line);
  pthread_mutex_destroy(&st->lock);
  free(st);
}

struct stream *stream_new(struct conn *c) {
  struct stream *st = calloc(1, sizeof *st);

  if (!st)
    return NULL;
  pthread_mutex_init(&st->lock, NULL);
  st->refs = 2;
  st->c = c;
  st->mc = c->mc;
  st->status = MHD_HTTP_OK;
  return st;
}

void stream_discard(struct stream *st) { stream_free(st); }

/* The last reference is gone: the request ends, with its execution's
 * status in the access log and the metrics. */
static void release(struct stream *st) {
  struct conn *c = st->c;

  c->exec_status = st->exec_status;
  c->status = st->status;
  c->stream = NULL;
  stream_free(st);
  conn_end(c);
}

/* Called with the lock held: the connection, if it waits for an event,
 * goes on. */
static void wake(struct stream *st) {
  if (st->suspended) {
    st->suspended = false;
    MHD_resume_connection(st->mc);
  }
}

/* Queues an event that takes the malloc'ed data (NULL: out of memory).
 * Called with the lock held. */
static void push_owned(struct stream *st, enum sev_kind kind, char *data, size_t len) {
  struct sev *e = data ? calloc(1, sizeof *e) : NULL;

  if (!e) {
    free(data);
    st->failed = true;
    return;
  }
  e->kind = kind;
  e->data = data;
  e->len = e->alloc = len;
  if (st->last)
    st->last->next = e;
  else
    st->head = e;
  st->last = e;
}

/* Queues an event (data copied), or adds output bytes to the last event
 * of the same stream while it waits.  Called with the lock held. */
static void push(struct stream *st, enum sev_kind kind, const char *data, size_t len) {
  struct sev *e = st->last;
  char *copy;

  if (e && e->kind == kind && kind <= SEV_ERR && e->len + len <= COALESCE_MAX) {
    if (e->len + len > e->alloc) {
      size_t alloc = e->alloc * 2 > e->len + len ? e->alloc * 2 : e->len + len;
      char *p = realloc(e->data, alloc < COALESCE_MAX ? alloc : COALESCE_MAX);
      if (!p) {
        st->failed = true;
        return;
      }
      e->data = p;
      e->alloc = alloc < COALESCE_MAX ? alloc : COALESCE_MAX;
    }
    memcpy(e->data + e->len, data, len);
    e->len += len;
    return;
  }
  copy = malloc(len > 0 ? len : 1);
  if (copy && len > 0)
    memcpy(copy, data, len);
  push_owned(st, kind, copy, len);
}

void stream_event(void *ctx, enum ts_exec_event ev, const char *data, size_t len) {
  static const enum sev_kind kinds[] = {
      [TS_EXEC_EV_STDOUT] = SEV_OUT,
      [TS_EXEC_EV_STDERR] = SEV_ERR,
      [TS_EXEC_EV_STDOUT_TRUNCATED] = SEV_OUT_TRUNCATED,
      [TS_EXEC_EV_STDERR_TRUNCATED] = SEV_ERR_TRUNCATED,
      [TS_EXEC_EV_DISPLAY] = SEV_DISPLAY,
  };
  struct stream *st = ctx;

  if ((size_t)ev >= TS_ARRAY_LEN(kinds) || ((ev == TS_EXEC_EV_STDOUT || ev == TS_EXEC_EV_STDERR ||
                                             ev == TS_EXEC_EV_DISPLAY) && len == 0))
    return;
  pthread_mutex_lock(&st->lock);
  /* Nobody reads a stream whose connection is gone. */
  if (!st->conn_gone && !st->exec_done && !st->failed) {
    push(st, kinds[ev], data, len);
    wake(st);
  }
  pthread_mutex_unlock(&st->lock);
}

void stream_done(void *ctx, struct ts_exec_result *res) {
  struct stream *st = ctx;
  const char *status = NULL;
  char *text = NULL;
  size_t len = 0;
  bool last;

  if (res) {
    cJSON *doc = cJSON_CreateObject();
    status = ts_exec_status_name(res->status);
    ts_metrics_execution(st->c->s->metrics, status, res->duration_ms / 1e3);
    cJSON_AddStringToObject(doc, "event", "done");
    {
      cJSON *r = ts_exec_result_to_json(res);
      if (r && st->c->profile)
        cJSON_AddStringToObject(r, "profile", st->c->profile);
      cJSON_AddItemToObject(doc, "response", r);
    }
    text = print_json(doc, &len);
    ts_exec_result_free(res);
    free(res);
  }
  pthread_mutex_lock(&st->lock);
  st->exec_status = status;
  /* As without streaming: a client that hung up is logged 499. */
  if (status && strcmp(status, "cancelled") == 0)
    st->status = 499;
  if (!st->conn_gone && !st->failed) {
    push_owned(st, SEV_DONE, steal_pointer(&text), len); /* the response: not copied */
    wake(st);
  }
  st->exec_done = true;
  last = --st->refs == 0;
  pthread_mutex_unlock(&st->lock);
  free(text);
  if (last)
    release(st);
}

void stream_conn_gone(struct stream *st, int fd) {
  bool last, running;

  pthread_mutex_lock(&st->lock);
  st->conn_gone = true;
  running = !st->exec_done;
  queue_free(st);
  last = --st->refs == 0;
  pthread_mutex_unlock(&st->lock);
  /* The answer was not sent to its end (a client that stopped reading
   * until --conn-timeout, or hung up): nobody will read the rest, so the
   * execution is cancelled as for a hang-up, through the socket the
   * executor watches. */
  if (running && fd >= 0)
    (void)shutdown(fd, SHUT_RDWR);
  if (last)
    release(st);
}

/* ---- the reader: formatting, on the connection's thread ---- */

/* Sets the line to `{"event":"NAME","data":"TEXT"}`: the bytes as JSON
 * text, invalid UTF-8 as U+FFFD (as in the response). */
static int text_line(struct stream *st, const char *name, const char *s, size_t n) {
  static const char end[] = "\"}\n";
  size_t cap = 40 + n * 6 + sizeof end;
  char *line = malloc(cap);
  int head;

  if (!line)
    return -1;
  head = snprintf(line, cap, "{\"event\":\"%s\",\"data\":\"", name);
  if (head < 0) {
    free(line);
    return -1;
  }
  st->line_len = (size_t)head + ts_json_escape_bytes(line + head, cap - (size_t)head, s, n);
  memcpy(line + st->line_len, end, sizeof end - 1);
  st->line_len += sizeof end - 1;
  st->line = line;
  return 0;
}

/* A string literal and its length. */
#define LIT(s) (s), sizeof(s) - 1

/* Sets the line to a, b and c one after the other. */
static int copy_line(struct stream *st, const char *a, size_t alen, const char *b, size_t blen,
                     const char *c, size_t clen) {
  char *line = malloc(alen + blen + clen);

  if (!line)
    return -1;
  memcpy(line, a, alen);
  if (blen)
    memcpy(line + alen, b, blen);
  if (clen)
    memcpy(line + alen + blen, c, clen);
  st->line = line;
  st->line_len = alen + blen + clen;
  return 0;
}

/* The next slice of an output event, after what the last one left of a
 * character.  No line when all of it is such a start. */
static int output_line(struct stream *st, int k) {
  struct sev *e = st->cur;
  size_t n = e->len - st->cur_off < SLICE ? e->len - st->cur_off : SLICE;
  size_t len = st->ncarry[k] + n, keep;
  char *raw = malloc(len);
  int rc = 0;

  if (!raw)
    return -1;
  memcpy(raw, st->carry[k], st->ncarry[k]);
  memcpy(raw + st->ncarry[k], e->data + st->cur_off, n);
  st->cur_off += n;
  keep = ts_utf8_incomplete_tail(raw, len);
  memcpy(st->carry[k], raw + len - keep, keep);
  st->ncarry[k] = keep;
  if (len > keep)
    rc = text_line(st, k == 0 ? "stdout" : "stderr", raw, len - keep);
  free(raw);
  return rc;
}

/* Formats the next line from the current event; frees the event once it
 * is all formatted.  May leave no line (output bytes all kept back). */
static int format(struct stream *st) {
  struct sev *e = st->cur;
  int rc = 0;

  switch (e->kind) {
  case SEV_OUT:
  case SEV_ERR:
    rc = output_line(st, e->kind == SEV_OUT ? 0 : 1);
    if (st->cur_off < e->len)
      return rc;
    break;
  case SEV_OUT_TRUNCATED:
  case SEV_ERR_TRUNCATED:
    /* A character cut by the cap is dropped, as the response's head
     * drops it. */
    st->ncarry[e->kind == SEV_OUT_TRUNCATED ? 0 : 1] = 0;
    if (e->kind == SEV_OUT_TRUNCATED)
      rc = copy_line(st, LIT("{\"event\":\"stdout_truncated\"}\n"), NULL, 0, LIT(""));
    else
      rc = copy_line(st, LIT("{\"event\":\"stderr_truncated\"}\n"), NULL, 0, LIT(""));
    break;
  case SEV_DISPLAY:
    rc = copy_line(st, LIT("{\"event\":\"display\",\"data\":"), e->data, e->len, LIT("}\n"));
    break;
  case SEV_DONE:
    /* What is left of a character at the end of a stream is invalid,
     * and sent as U+FFFD first, as the response has it. */
    for (int k = 0; k < 2; k++)
      if (st->ncarry[k]) {
        rc = text_line(st, k == 0 ? "stdout" : "stderr", st->carry[k], st->ncarry[k]);
        st->ncarry[k] = 0;
        return rc;
      }
    st->line = steal_pointer(&e->data);
    st->line_len = e->len;
    st->ended = true;
    break;
  }
  sev_free(steal_pointer(&st->cur));
  return rc;
}

/* Makes the next line.  1: it is in st->line; 0: no event yet, the
 * connection is suspended until one comes; -1: the stream failed. */
static int next_line(struct stream *st) {
  while (!st->line) {
    if (!st->cur) {
      pthread_mutex_lock(&st->lock);
      if (st->failed) {
        pthread_mutex_unlock(&st->lock);
        return -1;
      }
      st->cur = st->head;
      if (!st->cur) {
        st->suspended = true;
        MHD_suspend_connection(st->mc);
        pthread_mutex_unlock(&st->lock);
        return 0;
      }
      st->head = st->cur->next;
      if (!st->head)
        st->last = NULL;
      st->cur->next = NULL;
      st->cur_off = 0;
      pthread_mutex_unlock(&st->lock);
    }
    if (format(st) < 0)
      return -1;
  }
  return 1;
}

/* libmicrohttpd's content reader: the lines, then the end of the stream
 * after the done line. */
static ssize_t stream_read(void *cls, uint64_t pos, char *buf, size_t max) {
  struct stream *st = cls;
  size_t n;
  int rc;

  (void)pos;
  if (st->line_off == st->line_len) {
    free(steal_pointer(&st->line));
    st->line_len = st->line_off = 0;
    if (st->ended)
      return MHD_CONTENT_READER_END_OF_STREAM;
    rc = next_line(st);
    if (rc <= 0)
      return rc == 0 ? 0 : MHD_CONTENT_READER_END_WITH_ERROR;
  }
  n = st->line_len - st->line_off < max ? st->line_len - st->line_off : max;
  memcpy(buf, st->line + st->line_off, n);
  st->line_off += n;
  return (ssize_t)n;
}

struct MHD_Response *stream_response(struct stream *st) {
  struct MHD_Response *r =
      MHD_create_response_from_callback(MHD_SIZE_UNKNOWN, SLICE, stream_read, st, NULL);

  if (r) {
    MHD_add_response_header(r, MHD_HTTP_HEADER_CONTENT_TYPE, TS_NDJSON);
    MHD_add_response_header(r, MHD_HTTP_HEADER_CACHE_CONTROL, "no-store");
  }
  return r;
}
