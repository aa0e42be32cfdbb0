/* Lingering close: one thread, one epoll set, at most TS_LINGER_MAX sockets.
 * See linger.h for why. */
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <time.h>

#include "server/linger.h"

/* nginx's defaults are 5 s without input and 30 s in all; a refused body
 * is worth less to us, and a lingering socket holds a descriptor. */
#define TS_LINGER_BYTES ((size_t)16 * 1024 * 1024)
#define TS_LINGER_IDLE_MS 2000
#define TS_LINGER_TOTAL_MS 10000

struct slot {
  int fd; /* -1: free */
  size_t discarded;
  int64_t last_ms, first_ms;
};

struct ts_linger {
  pthread_t thread;
  pthread_mutex_t lock;
  int epfd, wakefd;
  bool stop;
  unsigned count;
  struct slot slots[TS_LINGER_MAX];
};

static int64_t now_ms(void) {
  struct timespec t;

  clock_gettime(CLOCK_MONOTONIC, &t);
  return (int64_t)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* Called with the lock held. */
static void slot_close(struct ts_linger *l, struct slot *s) {
  (void)epoll_ctl(l->epfd, EPOLL_CTL_DEL, s->fd, NULL);
  close(s->fd);
  s->fd = -1;
  l->count--;
}

/* Reads what is there; returns false when the slot is done. */
static bool slot_drain(struct slot *s, int64_t now) {
  char buf[16384];

  for (;;) {
    ssize_t n = recv(s->fd, buf, sizeof buf, MSG_DONTWAIT);
    if (n > 0) {
      s->discarded += (size_t)n;
      s->last_ms = now;
      if (s->discarded >= TS_LINGER_BYTES)
        return false;
      continue;
    }
    if (n < 0 && errno == EINTR)
      continue;
    /* 0: the peer closed its side; EAGAIN: wait for more; else an error. */
    return n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK);
  }
}

static void *linger_main(void *arg) {
  struct ts_linger *l = arg;
  struct epoll_event ev[16];

  for (;;) {
    int timeout, n;
    int64_t now;

    pthread_mutex_lock(&l->lock);
    if (l->stop) {
      pthread_mutex_unlock(&l->lock);
      break;
    }
    /* A coarse tick is enough to end idle sockets; none when idle. */
    timeout = l->count ? 250 : -1;
    pthread_mutex_unlock(&l->lock);

    n = epoll_wait(l->epfd, ev, (int)TS_ARRAY_LEN(ev), timeout);
    if (n < 0 && errno != EINTR)
      break;
    now = now_ms();
    pthread_mutex_lock(&l->lock);
    for (int i = 0; i < n; i++) {
      uint64_t v;
      struct slot *s;
      if (ev[i].data.u32 == UINT32_MAX) {
        (void)!read(l->wakefd, &v, sizeof v);
        continue;
      }
      s = &l->slots[ev[i].data.u32];
      if (s->fd >= 0 && !slot_drain(s, now))
        slot_close(l, s);
    }
    for (unsigned i = 0; i < TS_LINGER_MAX; i++) {
      struct slot *s = &l->slots[i];
      if (s->fd >= 0 &&
          (now - s->last_ms >= TS_LINGER_IDLE_MS || now - s->first_ms >= TS_LINGER_TOTAL_MS))
        slot_close(l, s);
    }
    pthread_mutex_unlock(&l->lock);
  }
  return NULL;
}

struct ts_linger *ts_linger_start(ts_err *err) {
  struct ts_linger *l = calloc(1, sizeof *l);
  struct epoll_event ev = {.events = EPOLLIN, .data.u32 = UINT32_MAX};
  int rc;

  if (!l) {
    ts_err_set(err, ENOMEM, "out of memory");
    return NULL;
  }
  for (unsigned i = 0; i < TS_LINGER_MAX; i++)
    l->slots[i].fd = -1;
  pthread_mutex_init(&l->lock, NULL);
  l->epfd = epoll_create1(EPOLL_CLOEXEC);
  l->wakefd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (l->epfd < 0 || l->wakefd < 0 || epoll_ctl(l->epfd, EPOLL_CTL_ADD, l->wakefd, &ev) < 0) {
    ts_err_set(err, errno, "lingering close: cannot set up its epoll set: %s", strerror(errno));
    goto fail;
  }
  rc = pthread_create(&l->thread, NULL, linger_main, l);
  if (rc != 0) {
    ts_err_set(err, rc, "lingering close: cannot start its thread: %s", strerror(rc));
    goto fail;
  }
  return l;
fail:
  if (l->epfd >= 0)
    close(l->epfd);
  if (l->wakefd >= 0)
    close(l->wakefd);
  pthread_mutex_destroy(&l->lock);
  free(l);
  return NULL;
}

void ts_linger_add(struct ts_linger *l, int fd) {
  struct slot *s = NULL;
  uint64_t one = 1;

  pthread_mutex_lock(&l->lock);
  for (unsigned i = 0; !l->stop && i < TS_LINGER_MAX; i++) {
    if (l->slots[i].fd < 0) {
      struct epoll_event ev = {.events = EPOLLIN | EPOLLRDHUP, .data.u32 = i};
      if (epoll_ctl(l->epfd, EPOLL_CTL_ADD, fd, &ev) == 0) {
        s = &l->slots[i];
        s->fd = fd;
        s->discarded = 0;
        s->first_ms = s->last_ms = now_ms();
        l->count++;
      }
      break;
    }
  }
  pthread_mutex_unlock(&l->lock);
  if (!s) {
    close(fd); /* full (or stopping): an immediate close, as before */
    return;
  }
  /* The thread may sleep without a timeout: wake it to count the time. */
  (void)!write(l->wakefd, &one, sizeof one);
}

void ts_linger_stop(struct ts_linger *l) {
  uint64_t one = 1;

  if (!l)
    return;
  pthread_mutex_lock(&l->lock);
  l->stop = true;
  pthread_mutex_unlock(&l->lock);
  (void)!write(l->wakefd, &one, sizeof one);
  pthread_join(l->thread, NULL);
  for (unsigned i = 0; i < TS_LINGER_MAX; i++)
    if (l->slots[i].fd >= 0)
      slot_close(l, &l->slots[i]);
  close(l->epfd);
  close(l->wakefd);
  pthread_mutex_destroy(&l->lock);
  free(l);
}
