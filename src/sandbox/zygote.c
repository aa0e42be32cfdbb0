/* The zygote process and the Python half of each child.  See zygote.h. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <malloc.h>
#include <fcntl.h>
#include <getopt.h>
#include <grp.h>
#include <linux/sched.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifdef TS_SANITIZE
#include <sanitizer/lsan_interface.h>

/* For the zygote's leak check, where no suppressions file is readable:
 * the interpreter is never finalised, and objects held only from
 * pymalloc's mmap()ed arenas (which LSan does not scan) look unreachable
 * (the same as tests/lsan.supp). */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) { return "leak:libpython3.11\n"; }
#endif
#include "sandbox/job.h"
#include "util/log.h"
#include "util/pyembed.h"
#include "sandbox/sandbox.h"
#include "sandbox/seccomp.h"
#include "sandbox/zygote.h"

extern const char ts_runner_py[];

/* See init_python. */
static const char *const lazy_extensions[] = {
    "_multibytecodec", "_codecs_cn", "_codecs_hk", "_codecs_iso2022",
    "_codecs_jp",      "_codecs_kr", "_codecs_tw",
};

/* The guard on type.__new__ (see init_python): while a snippet runs, every
 * class made from a name, bases and a namespace is first shown to the
 * runner's class_check, which refuses metaclasses, unsafe namespace keys
 * and __match_args__ that would read private attributes.  It sits in C,
 * below every path to type.__new__ (class statements, type() with three
 * arguments, metaclasses calling super().__new__), because a snippet can
 * reach the real `type` in more ways than a Python wrapper can close. */
__attribute__((noreturn, format(printf, 1, 2))) static void fail(const char *fmt, ...);

static newfunc orig_type_new;
static PyObject *class_check, *attr_check;
static setattrofunc orig_type_setattro;
static bool class_guard_armed;

static PyObject *guarded_type_new(PyTypeObject *meta, PyObject *args, PyObject *kwds) {
  if (class_guard_armed && class_check && PyTuple_Check(args) && PyTuple_GET_SIZE(args) == 3) {
    PyObject *r = PyObject_CallFunctionObjArgs(class_check, (PyObject *)meta,
                                               PyTuple_GET_ITEM(args, 0),
                                               PyTuple_GET_ITEM(args, 1),
                                               PyTuple_GET_ITEM(args, 2), NULL);
    if (!r)
      return NULL;
    Py_DECREF(r);
  }
  return orig_type_new(meta, args, kwds);
}

static bool is_dunder(PyObject *name) {
  Py_ssize_t n = PyUnicode_GET_LENGTH(name);

  return n > 4 && PyUnicode_READ_CHAR(name, 0) == '_' && PyUnicode_READ_CHAR(name, 1) == '_' &&
         PyUnicode_READ_CHAR(name, n - 1) == '_' && PyUnicode_READ_CHAR(name, n - 2) == '_';
}

/* The same, for an attribute set on a class after it was made (a stdlib
 * routine's setattr, copy's state restoring): a dunder name goes to the
 * runner's attr_check as a plain str, which refuses it or returns the value
 * to set. */
static int guarded_type_setattro(PyObject *type, PyObject *name, PyObject *value) {
  PyObject *plain, *v;
  int rc;

  if (!class_guard_armed || !attr_check || !PyUnicode_Check(name) || PyUnicode_READY(name) < 0 ||
      !is_dunder(name))
    return orig_type_setattro(type, name, value);
  plain = PyUnicode_Substring(name, 0, PyUnicode_GET_LENGTH(name));
  if (!plain)
    return -1;
  v = PyObject_CallFunctionObjArgs(attr_check, type, plain, value ? value : Py_None, NULL);
  if (!v) {
    Py_DECREF(plain);
    return -1;
  }
  rc = orig_type_setattro(type, plain, value ? v : NULL);
  Py_DECREF(v);
  Py_DECREF(plain);
  return rc;
}

/* type.__setattr__ and type.__delattr__, as Python sees them, are wrapper
 * descriptors that call the C function they were made for, after checking
 * that the object's type really uses it: they must call the guard too, or
 * super().__setattr__ in a metaclass (enum's) would be refused. */
static void guard_type_setattro(void) {
  static const char *const names[] = {"__setattr__", "__delattr__"};

  orig_type_setattro = PyType_Type.tp_setattro;
  PyType_Type.tp_setattro = guarded_type_setattro;
  for (size_t i = 0; i < TS_ARRAY_LEN(names); i++) {
    PyObject *d = PyDict_GetItemString(PyType_Type.tp_dict, names[i]);
    if (!d || !PyObject_TypeCheck(d, &PyWrapperDescr_Type) ||
        ((PyWrapperDescrObject *)d)->d_wrapped != (void *)orig_type_setattro)
      fail("type.%s is not the wrapper of type's setattro", names[i]);
    ((PyWrapperDescrObject *)d)->d_wrapped = (void *)guarded_type_setattro;
  }
  PyType_Modified(&PyType_Type);
}

/* Every class that exists once the zygote is ready (the standard
 * library's, the runner's) becomes immutable, as the builtin types are: a
 * snippet cannot rebind string.Formatter.get_field or JSONEncoder.encode
 * under the stdlib's (and the runner's) feet.  Classes a snippet makes stay
 * as mutable as Python makes them. */
static void freeze_types(void) {
  PyObject *gc = PyImport_ImportModule("gc");
  PyObject *all = NULL, *r;

  /* The runner froze the heap (gc.freeze, which get_objects() does not
   * list): thaw it for the walk, freeze it again after. */
  r = gc ? PyObject_CallMethod(gc, "unfreeze", NULL) : NULL;
  Py_XDECREF(r);
  if (r)
    all = PyObject_CallMethod(gc, "get_objects", NULL);

  if (!all || !PyList_Check(all))
    fail("listing the interpreter's objects");
  for (Py_ssize_t i = 0; i < PyList_GET_SIZE(all); i++) {
    PyObject *o = PyList_GET_ITEM(all, i);
    if (PyType_Check(o)) {
      PyTypeObject *t = (PyTypeObject *)o;
      /* A metaclass made before the guard, without a __new__ of its own,
       * copied type's tp_new then: it gets the guard too. */
      if (t->tp_new == orig_type_new && PyType_IsSubtype(t, &PyType_Type))
        t->tp_new = guarded_type_new;
      if ((t->tp_flags & Py_TPFLAGS_HEAPTYPE) && !(t->tp_flags & Py_TPFLAGS_IMMUTABLETYPE)) {
        t->tp_flags |= Py_TPFLAGS_IMMUTABLETYPE;
        PyType_Modified(t);
      }
    }
  }
  Py_DECREF(all);
  r = PyObject_CallMethod(gc, "freeze", NULL);
  if (!r)
    fail("freezing the heap");
  Py_DECREF(r);
  Py_DECREF(gc);
}

struct zygote {
  struct sock_fprog filter;
  PyObject *run, *report; /* from runner.py */
  char stdlib_dir[512];
  int procfd; /* the host's /proc (see ts_sandbox_make_root) */
  unsigned long base_vsz; /* the interpreter's own address space */
  unsigned long tmp_bytes;
  uid_t uid;
  gid_t gid;
  pid_t server_pid;
};

static int send_ready(int err, const char *msg) {
  struct ts_zygote_ready r = {TS_SPAWN_MAGIC, err, {0}};

  (void)snprintf(r.msg, sizeof r.msg, "%s", msg);
  return send(TS_ZYGOTE_CTL_FD, &r, sizeof r, MSG_NOSIGNAL) == (ssize_t)sizeof r ? 0 : -1;
}

__attribute__((noreturn)) static void fail(const char *fmt, ...)
    __attribute__((format(printf, 1, 2)));

__attribute__((noreturn)) static void fail(const char *fmt, ...) {
  char msg[256];
  va_list ap;

  va_start(ap, fmt);
  (void)vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  if (PyErr_Occurred())
    PyErr_Print();
  fprintf(stderr, "tool-sandbox zygote: %s\n", msg);
  send_ready(-1, msg);
  _exit(1);
}

static unsigned long current_vsz(void) {
  unsigned long pages = 0;
  FILE *f = fopen("/proc/self/statm", "re");

  if (f) {
    char line[128], *end;
    if (fgets(line, sizeof line, f)) {
      errno = 0;
      pages = strtoul(line, &end, 10);
      if (errno || end == line)
        pages = 0;
    }
    (void)fclose(f);
  }
  return pages * (unsigned long)sysconf(_SC_PAGESIZE);
}

/* Imports the allowed modules (and what the runner needs) so that children
 * find them in sys.modules; returns the runner's (run, report). */
static void init_python(struct zygote *z, const char *home, const char *allowed,
                        int allow_input) {
  ts_err err = {0};
  PyObject *code, *globals, *make, *mods, *pair, *modname;
  char *list, *save = NULL;

  if (ts_python_init(home, &err) < 0)
    fail("%s", err.msg);
  ts_python_enter(); /* the zygote holds the GIL for good */

  mods = PyList_New(0);
  list = strdup(allowed);
  if (!mods || !list)
    fail("out of memory");
  for (char *m = strtok_r(list, ", \t\n", &save); m; m = strtok_r(NULL, ", \t\n", &save)) {
    PyObject *name = PyUnicode_FromString(m);
    PyObject *mod;
    if (!name || PyList_Append(mods, name) < 0)
      fail("out of memory");
    Py_DECREF(name);
    mod = PyImport_ImportModule(m);
    if (!mod) {
      PyErr_Clear(); /* allowed but absent here: imports of it will fail */
      continue;
    }
    Py_DECREF(mod);
  }
  free(list);
  /* Extension modules that allowed code loads lazily, past the imports
   * above: the CJK codecs, which str.encode / bytes.decode import on
   * first use of such an encoding.  A child cannot load them itself (its
   * filter refuses the executable mapping of a shared object), so they
   * are loaded here, where they cost one shared mapping each.  The rest of
   * the standard library's lazy imports for the default modules are pure
   * Python (_strptime, encodings.*, html.parser); bz2_codec would need
   * libbz2, which is not in the sandbox's root anyway. */
  for (size_t i = 0; i < TS_ARRAY_LEN(lazy_extensions); i++) {
    PyObject *mod = PyImport_ImportModule(lazy_extensions[i]);
    if (!mod)
      PyErr_Clear(); /* not built here: the encoding is unknown, as it would be anyway */
    Py_XDECREF(mod);
  }

  code = Py_CompileString(ts_runner_py, "<tool-sandbox runner>", Py_file_input);
  globals = PyDict_New();
  /* A module name of its own: the runner's classes are then no stdlib or
   * builtins class that a snippet could take for a base. */
  modname = PyUnicode_FromString("tool_sandbox.runner");
  if (!code || !globals || !modname ||
      PyDict_SetItemString(globals, "__builtins__", PyEval_GetBuiltins()) < 0 ||
      PyDict_SetItemString(globals, "__name__", modname) < 0)
    fail("compiling the runner");
  Py_DECREF(modname);
  if (!PyEval_EvalCode(code, globals, globals))
    fail("running the runner");
  make = PyDict_GetItemString(globals, "make");
  pair = make ? PyObject_CallFunction(make, "Oi", mods, allow_input) : NULL;
  if (!pair || !PyArg_ParseTuple(pair, "OOOO", &z->run, &z->report, &class_check, &attr_check))
    fail("building the runner");
  Py_INCREF(z->run);
  Py_INCREF(z->report);
  Py_INCREF(class_check);
  orig_type_new = PyType_Type.tp_new;
  PyType_Type.tp_new = guarded_type_new;
  Py_INCREF(attr_check);
  guard_type_setattro();
  freeze_types();
  Py_DECREF(pair);
  Py_DECREF(code);
  Py_DECREF(mods);

  {
    PyObject *os = PyImport_ImportModule("os");
    PyObject *file = os ? PyObject_GetAttrString(os, "__file__") : NULL;
    const char *path = file ? PyUnicode_AsUTF8(file) : NULL;
    char *slash;
    if (!path)
      fail("cannot locate the standard library");
    if ((size_t)snprintf(z->stdlib_dir, sizeof z->stdlib_dir, "%s", path) >= sizeof z->stdlib_dir)
      fail("standard library path too long: %s", path);
    slash = strrchr(z->stdlib_dir, '/');
    if (!slash || slash == z->stdlib_dir)
      fail("odd standard library path %s", path);
    *slash = '\0';
    Py_DECREF(file);
    Py_DECREF(os);
  }
  /* Compiling the runner and importing the modules left megabytes of freed
   * heap resident: give it back, so that no child copies its page tables
   * or unmaps it. */
  (void)malloc_trim(0);
  z->base_vsz = current_vsz();
}

/* Root gives the zygote's privileges away before any child exists: one
 * empty network namespace owned by the host (a child cannot configure
 * it), then the unprivileged sandbox user.  Without root, a user
 * namespace of our own makes the network namespace possible. */
static void enter_zygote_namespaces(struct zygote *z, uid_t uid, gid_t gid) {
  ts_err err = {0};

  if (geteuid() == 0) {
    if (unshare(CLONE_NEWNET) < 0)
      fail("unshare(CLONE_NEWNET): %s", strerror(errno));
    if (ts_sandbox_make_root(z->stdlib_dir, &z->procfd, &err) < 0)
      fail("%s", err.msg);
    if (setgroups(0, NULL) < 0 || setresgid(gid, gid, gid) < 0 || setresuid(uid, uid, uid) < 0)
      fail("dropping to uid %u: %s", (unsigned)uid, strerror(errno));
  } else {
    char map[64];
    uid_t u = geteuid();
    gid_t g = getegid();
    int fd;
    if (unshare(CLONE_NEWUSER | CLONE_NEWNET) < 0)
      fail("unshare(CLONE_NEWUSER|CLONE_NEWNET): %s (are user namespaces enabled?)",
           strerror(errno));
    fd = open("/proc/self/setgroups", O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, "deny", 4) != 4)
      fail("setgroups deny: %s", strerror(errno));
    close(fd);
    (void)snprintf(map, sizeof map, "%u %u 1", (unsigned)u, (unsigned)u);
    fd = open("/proc/self/uid_map", O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, map, strlen(map)) != (ssize_t)strlen(map))
      fail("uid_map: %s", strerror(errno));
    close(fd);
    (void)snprintf(map, sizeof map, "%u %u 1", (unsigned)g, (unsigned)g);
    fd = open("/proc/self/gid_map", O_WRONLY | O_CLOEXEC);
    if (fd < 0 || write(fd, map, strlen(map)) != (ssize_t)strlen(map))
      fail("gid_map: %s", strerror(errno));
    close(fd);
    if (ts_sandbox_make_root(z->stdlib_dir, &z->procfd, &err) < 0)
      fail("%s", err.msg);
  }
  z->uid = geteuid();
  z->gid = getegid();
  /* Reset by the credential change above.  The zygote itself stays
   * non-dumpable, so that no other process of its uid can read or patch
   * it through ptrace or /proc/PID/mem. */
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || prctl(PR_SET_DUMPABLE, 0) < 0)
    fail("prctl: %s", strerror(errno));
  if (getppid() != z->server_pid)
    _exit(1);
}

/* ---- the child, after clone ---- */

/* Reads the job pipe to its end: the server closes its end once the whole
 * job is written. */
static char *read_job(size_t *len) {
  size_t cap = 65536, n = 0;
  char *buf = malloc(cap);

  while (buf) {
    ssize_t r;
    if (n == cap) {
      char *nb = cap < TS_JOB_MAX_RECORD * 2 + 64 ? realloc(buf, cap * 2) : NULL;
      if (!nb)
        break;
      buf = nb;
      cap *= 2;
    }
    r = read(TS_FD_JOB, buf + n, cap - n);
    if (r < 0 && errno == EINTR)
      continue;
    if (r < 0)
      break;
    if (r == 0) {
      close(TS_FD_JOB);
      *len = n;
      return buf;
    }
    n += (size_t)r;
  }
  free(buf);
  return NULL;
}

/* The job's own limits, below the pool-wide ones set at setup: both soft
 * and hard, so the snippet cannot raise them back. */
static int lower_limits(const struct zygote *z, const struct ts_job_limits *l) {
  struct rusage ru;
  struct rlimit rl;

  if (getrusage(RUSAGE_SELF, &ru) < 0)
    return -1;
  rl.rlim_cur = rl.rlim_max = (rlim_t)(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) + l->cpu_seconds;
  if (setrlimit(RLIMIT_CPU, &rl) < 0)
    return -1;
#ifndef TS_SANITIZE
  rl.rlim_cur = rl.rlim_max = z->base_vsz + (rlim_t)l->memory_mb * 1024 * 1024;
  if (l->memory_mb && setrlimit(RLIMIT_AS, &rl) < 0)
    return -1;
#else
  (void)z;
#endif
  return 0;
}

static void write_result(PyObject *bytes) {
  char *p;
  Py_ssize_t n;

  if (!bytes || PyBytes_AsStringAndSize(bytes, &p, &n) < 0)
    return;
  while (n > 0) {
    ssize_t w = write(TS_FD_RESULT, p, (size_t)n);
    if (w <= 0)
      return;
    p += w;
    n -= w;
  }
}

static PyObject *compile_snippet(const char *src) {
  PyCompilerFlags flags = _PyCompilerFlags_INIT;

  /* The same call and flags as the validator: what runs is what was
   * checked. */
  flags.cf_flags = TS_PY_COMPILE_FLAGS;
  return Py_CompileStringExFlags(src, "<snippet>", Py_file_input, &flags, -1);
}

__attribute__((noreturn)) static void setup_failed(const char *stage) {
  char buf[128];
  int n = snprintf(buf, sizeof buf, "{\"setup_error\":{\"stage\":\"%s\",\"errno\":%d}}", stage, errno);
  if (n > 0)
    (void)!write(TS_FD_RESULT, buf, (size_t)n);
  _exit(TS_EXIT_SETUP);
}

/* The report is written: closing the pipes tells the server the job is
 * over, so that it answers without waiting for our exit (unmapping our
 * copy of the zygote and tearing down the namespaces take milliseconds). */
__attribute__((noreturn)) static void finish_job(int code) {
  close(TS_FD_STDOUT);
  close(TS_FD_STDERR);
  close(TS_FD_RESULT);
  _exit(code);
}

__attribute__((noreturn)) static void child_main(struct zygote *z, const struct ts_spawn_req *req,
                                                 const int fds[TS_SPAWN_NFDS]) {
  struct ts_sandbox_params p = {
      .stdlib_dir = z->stdlib_dir,
      .outside_uid = z->uid,
      .outside_gid = z->gid,
      .memory_bytes = z->base_vsz + (unsigned long)req->memory_mb * 1024 * 1024,
      .cpu_seconds = req->cpu_seconds,
      .tmp_bytes = z->tmp_bytes,
      .fds = {fds[0], fds[1], fds[2], fds[3]},
      .procfd = z->procfd,
  };
  struct ts_job job;
  PyObject *code, *out, *source, *stdin_text;
  char *buf, *src;
  size_t len;
  long rc = TS_EXIT_ERROR;

  PyOS_AfterFork_Child();
  ts_sandbox_enter(&p, &z->filter);
  ts_sandbox_seal(&z->filter);

  /* No warm-up run here: every page it wrote was one more copy of a page
   * of the zygote, paid by every child, and it cost more (1.3 ms) than
   * the job's own first touches do (0.2 ms). */

  /* Only now, fully confined, does the child look at its job: it blocks
   * here until the server hands it one. */
  buf = read_job(&len);
  if (!buf || ts_job_decode(buf, len, &job) < 0)
    setup_failed("read job");
  if (lower_limits(z, &job.limits) < 0)
    setup_failed("job limits");
  src = strndup(job.code, job.code_len);
  source = PyUnicode_DecodeUTF8(job.code, (Py_ssize_t)job.code_len, "replace");
  stdin_text = PyUnicode_DecodeUTF8(job.stdin_data ? job.stdin_data : "",
                                    (Py_ssize_t)job.stdin_len, "replace");
  if (!src || !source || !stdin_text)
    setup_failed("decode job");

  code = compile_snippet(src);
  if (!code) {
    PyObject *type, *value, *tb;
    PyErr_Fetch(&type, &value, &tb);
    PyErr_NormalizeException(&type, &value, &tb);
    if (tb)
      PyException_SetTraceback(value, tb);
    out = PyObject_CallOneArg(z->report, value);
    write_result(out);
    finish_job(TS_EXIT_ERROR);
  }
  /* Armed for good: the report is made while what the snippet left
   * behind may still run (finalizers, an exception's __str__). */
  class_guard_armed = (job.limits.flags & TS_JOB_F_RAW) == 0;
  out = PyObject_CallFunction(z->run, "OOOi", code, source, stdin_text,
                              (job.limits.flags & TS_JOB_F_RAW) != 0);
  if (out && PyTuple_Check(out) && PyTuple_GET_SIZE(out) == 2) {
    rc = PyLong_AsLong(PyTuple_GET_ITEM(out, 0));
    write_result(PyTuple_GET_ITEM(out, 1));
  } else if (PyErr_ExceptionMatches(PyExc_MemoryError)) {
    /* The runner itself ran out: report it without allocating. */
    static const char oom[] =
        "{\"error\":{\"type\":\"MemoryError\",\"message\":\"\",\"traceback\":\"\",\"line\":null}}";
    (void)!write(TS_FD_RESULT, oom, sizeof oom - 1);
  }
  finish_job(rc == 0 ? TS_EXIT_OK : TS_EXIT_ERROR);
}

/* ---- the spawn loop ---- */

static int recv_req(struct ts_spawn_req *req, int fds[TS_SPAWN_NFDS]) {
  size_t nfds;
  ssize_t n = ts_recv_fds(TS_ZYGOTE_CTL_FD, req, sizeof *req, fds, TS_SPAWN_NFDS, &nfds, 0);

  if (n == 0 || (n < 0 && errno != EMSGSIZE))
    return -1; /* the server is gone */
  if (n != (ssize_t)sizeof *req || req->magic != TS_SPAWN_MAGIC || nfds != TS_SPAWN_NFDS) {
    for (size_t i = 0; i < nfds; i++)
      close(fds[i]);
    return 0; /* malformed: ignore it */
  }
  return 1;
}

static void send_resp(const struct ts_spawn_resp *resp, int pidfd) {
  if (ts_send_fds(TS_ZYGOTE_CTL_FD, resp, sizeof *resp, &pidfd, pidfd >= 0 ? 1 : 0) < 0)
    _exit(0); /* the server is gone */
}

static void serve(struct zygote *z) {
  for (;;) {
    struct ts_spawn_req req;
    struct ts_spawn_resp resp = {TS_SPAWN_MAGIC, 0, 0, 0, 0};
    int fds[TS_SPAWN_NFDS];
    int pidfd = -1;
    long pid;
    int r = recv_req(&req, fds);

    if (r < 0) {
#ifdef TS_SANITIZE
      /* The server is gone: the zygote's own leaks are reported now (its
       * stderr is the server's). */
      __lsan_do_leak_check();
#endif
      _exit(0);
    }
    if (r == 0)
      continue;
    resp.job_id = req.job_id;
    {
      /* The child becomes the server's child (CLONE_PARENT), so the server
       * reaps it and reads its wait status itself; the pidfd lets the
       * server signal exactly this process, never a recycled pid. */
      struct clone_args args = {
          .flags = CLONE_NEWUSER | CLONE_NEWPID | CLONE_NEWNS | CLONE_NEWIPC |
                   CLONE_NEWUTS | CLONE_NEWCGROUP | CLONE_PARENT | CLONE_PIDFD,
          .pidfd = (uint64_t)(uintptr_t)&pidfd,
          /* Must be 0 with CLONE_PARENT: the child inherits our own exit
           * signal, SIGCHLD, towards the server. */
          .exit_signal = 0,
      };
      PyOS_BeforeFork();
      pid = syscall(SYS_clone3, &args, sizeof args);
      if (pid == 0)
        child_main(z, &req, fds);
      PyOS_AfterFork_Parent();
    }
    for (int i = 0; i < TS_SPAWN_NFDS; i++)
      close(fds[i]);
    if (pid < 0) {
      resp.err = errno;
      pidfd = -1;
    } else {
      resp.pid = (int32_t)pid;
    }
    send_resp(&resp, pidfd);
    if (pidfd >= 0)
      close(pidfd);
  }
}

int ts_zygote_main(int argc, char **argv) {
  static const struct option opts[] = {
      {"python-home", required_argument, NULL, 'p'},
      {"allowed-modules", required_argument, NULL, 'm'},
      {"allow-input", required_argument, NULL, 'i'},
      {"tmp-bytes", required_argument, NULL, 't'},
      {"sandbox-uid", required_argument, NULL, 'u'},
      {"sandbox-gid", required_argument, NULL, 'g'},
      {"server-pid", required_argument, NULL, 's'},
      {0, 0, 0, 0},
  };
  struct zygote z = {.tmp_bytes = 16ul << 20, .procfd = -1};
  const char *home = NULL, *allowed = "";
  int allow_input = 0, ch;
  pid_t server_pid = 0;
  uid_t uid = TS_SANDBOX_OUTSIDE_ID;
  gid_t gid = TS_SANDBOX_OUTSIDE_ID;
  ts_err err = {0};

  /* Nothing but the control socket is inherited on purpose: close what a
   * launcher may have left open without close-on-exec. */
  syscall(SYS_close_range, TS_ZYGOTE_CTL_FD + 1, ~0U, 0);
  /* Die with the server, and never outlive it even briefly: if it is
   * already gone, our parent is no longer the pid it told us.  (The server
   * may be pid 1 itself, in a container.) */
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  for (int i = 2; i + 1 < argc; i++)
    if (strcmp(argv[i], "--server-pid") == 0)
      server_pid = (pid_t)strtol(argv[i + 1], NULL, 10);
  if (getppid() != server_pid)
    return 1;
  (void)signal(SIGPIPE, SIG_IGN);
  optind = 2;
  while ((ch = getopt_long(argc, argv, "", opts, NULL)) != -1) {
    switch (ch) {
    case 'p': home = optarg; break;
    case 'm': allowed = optarg; break;
    case 'i': allow_input = optarg[0] == '1'; break;
    case 't': z.tmp_bytes = strtoul(optarg, NULL, 10); break;
    case 'u': uid = (uid_t)strtoul(optarg, NULL, 10); break;
    case 'g': gid = (gid_t)strtoul(optarg, NULL, 10); break;
    case 's': break; /* read above */
    default: fail("bad zygote arguments");
    }
  }
  z.server_pid = server_pid;
  init_python(&z, home, allowed, allow_input);
  if (ts_seccomp_compile(&z.filter, &err) < 0)
    fail("%s", err.msg);
  enter_zygote_namespaces(&z, uid, gid);
  if (send_ready(0, "ready") < 0)
    _exit(1);
  serve(&z);
  return 0;
}
