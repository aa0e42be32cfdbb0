/* The wire formats between the server, the zygote and a sandbox child.
 *
 *   server --spawn request (+fds)--> zygote --clone--> child
 *   server <--spawn reply (+pidfd)-- zygote
 *   child reads its job (limits, code, stdin) from a pipe that the server
 *   writes: the zygote passes the read end along without reading it.
 *   Children are cloned ahead of demand (a warm pool): a child sets itself
 *   up, warms up, and only then blocks on its job pipe.
 *   child --result JSON--> server, through a pipe; the server parses it as
 *   plain data and never trusts it for the status.
 *
 * The job is a sequence of records (type, length, bytes) after a magic, so
 * it can grow: a reader skips record types it does not know. */
#ifndef TS_JOB_H
#define TS_JOB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "util/common.h"

#define TS_JOB_MAGIC "TSJ1"
#define TS_JOB_MAX_RECORD ((size_t)16 * 1024 * 1024)

enum ts_job_record {
  TS_JOB_CODE = 1,   /* UTF-8 source */
  TS_JOB_STDIN = 2,  /* bytes served as sys.stdin */
  TS_JOB_LIMITS = 3, /* struct ts_job_limits */
};

struct ts_job_limits {
  uint32_t memory_mb;   /* address space on top of the interpreter's own */
  uint32_t cpu_seconds; /* RLIMIT_CPU for the job itself */
  uint32_t flags;       /* TS_JOB_F_* */
};

#define TS_JOB_F_RAW 0x1u /* tests only: no builtins whitelist, no import hook */

struct ts_job {
  const char *code; /* points into the decoded buffer */
  size_t code_len;
  const char *stdin_data;
  size_t stdin_len;
  struct ts_job_limits limits;
};

/* Encodes a job into a new buffer (caller frees).  Returns NULL with *err
 * set. */
char *ts_job_encode(const struct ts_job *job, size_t *len, ts_err *err);
/* Decodes buf (kept alive by the caller) into *job.  Unknown records are
 * skipped; malformed input returns -1. */
int ts_job_decode(const char *buf, size_t len, struct ts_job *job);

/* Spawn request, server -> zygote, with SCM_RIGHTS fds in this order:
 * job pipe read end, stdout write end, stderr write end, result write end.
 * The limits are the largest any job may get; the child lowers them to its
 * job's own once it has read it. */
#define TS_SPAWN_NFDS 4

struct ts_spawn_req {
  uint32_t magic;
  uint32_t flags;
  uint64_t job_id;
  uint32_t memory_mb;
  uint32_t cpu_seconds;
};

/* Spawn reply, zygote -> server; a pidfd rides along when err == 0. */
struct ts_spawn_resp {
  uint32_t magic;
  int32_t err; /* errno of the failed clone, 0 on success */
  uint64_t job_id;
  int32_t pid;
  uint32_t pad;
};

#define TS_SPAWN_MAGIC 0x54535350u /* "TSSP" */

/* One datagram on a SOCK_SEQPACKET socket with up to TS_MAX_FDS descriptors
 * passed along (SCM_RIGHTS).  ts_send_fds returns 0 or -1 (errno set).
 * ts_recv_fds returns the datagram's size (0 at EOF, -1 on error) and sets
 * *nfds to the number of descriptors received, which arrive close-on-exec;
 * descriptors beyond `max_fds` are closed. */
#define TS_MAX_FDS 8
int ts_send_fds(int sock, const void *data, size_t len, const int *fds, size_t nfds);
ssize_t ts_recv_fds(int sock, void *data, size_t len, int *fds, size_t max_fds,
                    size_t *nfds, int flags);

/* Exit codes of a child, chosen to stay apart from what user code returns
 * through SystemExit. */
#define TS_EXIT_OK 0
#define TS_EXIT_ERROR 1    /* the snippet raised */
#define TS_EXIT_SETUP 125  /* sandbox setup failed: our fault */

/* One entry of the runtime audit trace: a sensitive event the child's
 * Python layer refused (or noted), with the snippet's line. */
#define TS_AUDIT_MAX 32
struct ts_audit_entry {
  char *event;  /* e.g. "open", "import", "attribute" */
  char *detail; /* at most 200 bytes */
  bool refused; /* "refused", else "allowed" */
  long line;    /* 0 when unknown */
};

/* What a child reports about itself.  Informational only. */
struct ts_child_report {
  bool has_error;
  char *type;       /* exception class name */
  char *message;
  char *traceback;
  long line;        /* 0 when unknown */
  char *setup_stage; /* set when the sandbox setup failed */
  int setup_errno;
  struct ts_audit_entry audit[TS_AUDIT_MAX];
  size_t naudit;
  unsigned long audit_dropped; /* entries past TS_AUDIT_MAX, as reported */
};

/* Parses the child's result JSON (any bytes: a compromised child may write
 * anything).  Returns 0, or -1 when the bytes are not a report; *r is
 * always safe to free. */
int ts_child_report_parse(const char *buf, size_t len, struct ts_child_report *r);
void ts_child_report_free(struct ts_child_report *r);

/* Whether buf is a finished job's report and nothing else: one JSON
 * object with an "error" member (null or an object) and no setup error.  A child writes one
 * only as its last act before closing its pipes. */
bool ts_child_report_complete(const char *buf, size_t len);

#endif
