/* The zygote process: Python initialised once, the runner built, the
 * sandbox's root made, privileges dropped, then one clone per spawn
 * request, forever.  Runs in the zygote only (see zygote.h); a child's
 * life after the clone is child.c's. */
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
 * pymalloc's mmap()ed arenas (which LSan does not scan) look unreachable;
 * so do the allocations of the science profile's extension modules
 * (numpy, scipy, PIL) that those objects hold (the same as
 * tests/lsan.supp). */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void) {
  return "leak:libpython3.11\nleak:/usr/lib/python3/dist-packages/\n";
}
#endif
#include "sandbox/child.h"
#include "sandbox/namespaces.h"
#include "sandbox/proto.h"
#include "sandbox/pyguard.h"
#include "sandbox/seccomp.h"
#include "sandbox/session.h"
#include "sandbox/zygote.h"
#include "util/pyembed.h"

extern const char ts_runner_py[];

/* See init_python. */
static const char *const lazy_extensions[] = {
    "_multibytecodec", "_codecs_cn", "_codecs_hk", "_codecs_iso2022",
    "_codecs_jp",      "_codecs_kr", "_codecs_tw",
};

struct zygote {
  struct ts_child_ctx child; /* what every child inherits */
  char stdlib_dir[512];
  pid_t server_pid;
  size_t outputs_max, outputs_bytes; /* display bundles (the server's configuration) */
  const char *preimport; /* a profile's modules, imported before everything else */
  const char *site_dirs; /* directories added to the root read-only (and the first to sys.path) */
};

static int send_ready(int err, const char *msg) {
  struct ts_zygote_ready r = {TS_PROTO_MAGIC, err, {0}};

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

/* A profile's packages (the science profile: numpy, pandas, ...), imported
 * first and whole: their extension modules must be mapped here, since a
 * child's filter refuses executable mappings.  Each name may be a
 * submodule (scipy.stats); one that fails to import fails the zygote,
 * naming it: a profile that says it has numpy has it.  "-name" hides a
 * module instead. */
static void preimport(struct zygote *z) {
  char *list, *save = NULL;
  PyObject *path;

  if (!z->preimport || !*z->preimport)
    return;
  path = PySys_GetObject("path"); /* borrowed */
  if (z->site_dirs && *z->site_dirs) {
    /* The first directory holds the packages (no site module runs here). */
    char first[512];
    size_t n = strcspn(z->site_dirs, ",");
    PyObject *dir;
    if (n >= sizeof first)
      fail("site directory too long");
    memcpy(first, z->site_dirs, n);
    first[n] = '\0';
    dir = PyUnicode_FromString(first);
    if (!path || !dir || PyList_Append(path, dir) < 0)
      fail("setting sys.path");
    Py_DECREF(dir);
  }
  list = strdup(z->preimport);
  if (!list)
    fail("out of memory");
  for (char *m = strtok_r(list, ", \t\n", &save); m; m = strtok_r(NULL, ", \t\n", &save)) {
    PyObject *mod;
    if (*m == '-') {
      /* "-name": a module the profile hides, as if it were not installed
       * (None in sys.modules makes its import fail), so that the
       * packages do not pick it up where it happens to be installed. */
      if (PyDict_SetItemString(PyImport_GetModuleDict(), m + 1, Py_None) < 0)
        fail("hiding %s", m + 1);
      continue;
    }
    mod = PyImport_ImportModule(m);
    if (!mod)
      fail("importing %s (a module of this profile)", m);
    Py_DECREF(mod);
  }
  free(list);
  /* pyplot picks its backend on first use, making a class then: made
   * here, where the classes are still the zygote's own. */
  if (PyDict_GetItemString(PyImport_GetModuleDict(), "matplotlib.pyplot") &&
      PyRun_SimpleString("import matplotlib.pyplot\nmatplotlib.pyplot.switch_backend('agg')\n"
                         "import PIL.Image\nPIL.Image.init()\n") < 0)
    fail("selecting matplotlib's Agg backend");
}

/* Imports the allowed modules (and what the runner needs) so that children
 * find them in sys.modules; returns the runner's (run, report). */
static void init_python(struct zygote *z, const char *home, const char *allowed,
                        int allow_input) {
  ts_err err = {0};
  PyObject *code, *globals, *make, *mods, *pair, *modname, *class_check, *attr_check, *warm;
  char *list, *save = NULL;

  if (ts_python_init(home, &err) < 0)
    fail("%s", err.msg);
  ts_python_enter(); /* the zygote holds the GIL for good */
  preimport(z);

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
  /* The bounds of the result and display outputs, the server's own
   * (sandbox/proto.h), which decodes them with the same; and where the
   * display records go. */
  pair = make ? PyObject_CallFunction(make, "Oi(nnnnii)s", mods, allow_input,
                                      (Py_ssize_t)TS_RESULT_REPR_MAX, (Py_ssize_t)z->outputs_max,
                                      (Py_ssize_t)z->outputs_bytes,
                                      (Py_ssize_t)TS_OUTPUTS_MAX_JSON_VALUES, TS_FD_REPORT,
                                      (int)TS_REC_DISPLAY, z->site_dirs ? z->site_dirs : "")
               : NULL;
  if (!pair || !PyArg_ParseTuple(pair, "OOOOO", &z->child.run, &z->child.report, &class_check,
                                 &attr_check, &warm))
    fail("building the runner");
  Py_INCREF(z->child.run);
  Py_INCREF(z->child.report);
  z->child.grant = PyDict_GetItemString(globals, "grant");
  if (!z->child.grant)
    fail("building the runner");
  Py_INCREF(z->child.grant);
  z->child.expect_compile = PyDict_GetItemString(globals, "expect_compile");
  if (!z->child.expect_compile)
    fail("building the runner");
  Py_INCREF(z->child.expect_compile);
  z->child.random_state = PyDict_GetItemString(globals, "random_state");
  if (!z->child.random_state)
    fail("building the runner");
  Py_INCREF(z->child.random_state);
  {
    /* The snippets' module, which make() registered: a session's query
     * reads its dict (child.c), found here before any snippet exists. */
    PyObject *main = PyDict_GetItemString(PyImport_GetModuleDict(), "__main__");
    z->child.main_dict = main && PyModule_CheckExact(main) ? PyModule_GetDict(main) : NULL;
    if (!z->child.main_dict)
      fail("building the runner");
    Py_INCREF(z->child.main_dict);
  }
  if (ts_pyguard_install(class_check, attr_check, &err) < 0)
    fail("%s", err.msg);
  /* The runner's warm-up, last: the guards made every class immutable,
   * which reset the method cache's tags a child would otherwise set again
   * in its own copy of each class it uses. */
  warm = PyObject_CallNoArgs(warm);
  if (!warm)
    fail("warming the runner");
  Py_DECREF(warm);
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
  z->child.base_vsz = current_vsz();
}

/* Root gives the zygote's privileges away before any child exists: one
 * empty network namespace owned by the host (a child cannot configure
 * it), then the unprivileged sandbox user.  Without root, a user
 * namespace of our own makes the network namespace possible. */
static void enter_zygote_namespaces(struct zygote *z) {
  ts_err err = {0};
  const char *what;
  uid_t uid = geteuid();
  gid_t gid = getegid();

  /* The children write their id maps through the host's /proc, which is
   * not in the new root: a handle on it, opened first. */
  z->child.procfd = open("/proc", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (z->child.procfd < 0)
    fail("opening /proc: %s", strerror(errno));
  if (uid == 0) {
    if (unshare(CLONE_NEWNET) < 0)
      fail("unshare(CLONE_NEWNET): %s", strerror(errno));
    if (ts_sandbox_make_root_with(z->stdlib_dir, z->site_dirs, &err) < 0)
      fail("%s", err.msg);
    uid = gid = TS_SANDBOX_OUTSIDE_ID;
    if (setgroups(0, NULL) < 0 || setresgid(gid, gid, gid) < 0 || setresuid(uid, uid, uid) < 0)
      fail("dropping to uid %u: %s", (unsigned)uid, strerror(errno));
  } else {
    if (unshare(CLONE_NEWUSER | CLONE_NEWNET) < 0)
      fail("unshare(CLONE_NEWUSER|CLONE_NEWNET): %s (are user namespaces enabled?)",
           strerror(errno));
    if (ts_write_id_maps(z->child.procfd, (unsigned)uid, (unsigned)uid, (unsigned)gid,
                         (unsigned)gid, &what) < 0)
      fail("%s: %s", what, strerror(errno));
    if (ts_sandbox_make_root_with(z->stdlib_dir, z->site_dirs, &err) < 0)
      fail("%s", err.msg);
  }
  z->child.uid = geteuid();
  z->child.gid = getegid();
  /* Reset by the credential change above.  The zygote itself stays
   * non-dumpable, so that no other process of its uid can read or patch
   * it through ptrace or /proc/PID/mem. */
  if (prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 || prctl(PR_SET_DUMPABLE, 0) < 0)
    fail("prctl: %s", strerror(errno));
  if (getppid() != z->server_pid)
    _exit(1);
}

/* ---- the spawn loop ---- */

static int recv_req(struct ts_spawn_req *req, int fds[TS_SPAWN_NFDS]) {
  size_t nfds;
  ssize_t n = ts_recv_fds(TS_ZYGOTE_CTL_FD, req, sizeof *req, fds, TS_SPAWN_NFDS, &nfds, 0);

  if (n == 0 || (n < 0 && errno != EMSGSIZE))
    return -1; /* the server is gone */
  if (n != (ssize_t)sizeof *req || req->magic != TS_PROTO_MAGIC || nfds != TS_SPAWN_NFDS) {
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
    struct ts_spawn_resp resp = {TS_PROTO_MAGIC, 0, 0, 0, 0};
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
      if (pid == 0 && (req.flags & TS_SPAWN_F_SESSION))
        ts_session_main(&z->child, &req, fds);
      if (pid == 0)
        ts_child_main(&z->child, &req, fds);
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
      {"outputs", required_argument, NULL, 'o'},
      {"outputs-bytes", required_argument, NULL, 'b'},
      {"server-pid", required_argument, NULL, 's'},
      {"preimport", required_argument, NULL, 'P'},
      {"site-dirs", required_argument, NULL, 'D'},
      {"mplconfigdir", required_argument, NULL, 'M'},
      {0, 0, 0, 0},
  };
  struct zygote z = {.child = {.tmp_bytes = 16ul << 20, .procfd = -1},
                     .outputs_max = TS_OUTPUTS_MAX,
                     .outputs_bytes = TS_OUTPUTS_MAX_BYTES};
  const char *home = NULL, *allowed = "", *mplconfigdir = NULL;
  int allow_input = 0, ch;
  pid_t server_pid = 0;
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
    case 't': z.child.tmp_bytes = strtoul(optarg, NULL, 10); break;
    case 'o': z.outputs_max = strtoul(optarg, NULL, 10); break;
    case 'b': z.outputs_bytes = strtoul(optarg, NULL, 10); break;
    case 's': break; /* read above */
    case 'P': z.preimport = optarg; break;
    case 'D': z.site_dirs = optarg; break;
    case 'M': mplconfigdir = optarg; break;
    default: fail("bad zygote arguments");
    }
  }
  z.server_pid = server_pid;
  /* A child's environment is this and nothing of the server's: HOME is
   * the one directory a child may write (os.path.expanduser, pathlib's
   * home() and the libraries that keep a dot-file there read it). */
  if (setenv("HOME", "/tmp", 1) < 0)
    fail("setenv: %s", strerror(errno));
  if (z.preimport && *z.preimport) {
    /* Numerical libraries start thread pools at import unless told not
     * to: the zygote must stay single-threaded (it forks), and a child's
     * filter refuses threads anyway.  Matplotlib draws with Agg and reads
     * its font cache, built ahead, from a fixed directory: never a cache
     * build at run time, in a read-only root. */
    if (setenv("OPENBLAS_NUM_THREADS", "1", 1) < 0 || setenv("OMP_NUM_THREADS", "1", 1) < 0 ||
        setenv("MKL_NUM_THREADS", "1", 1) < 0 || setenv("MPLBACKEND", "Agg", 1) < 0 ||
        (mplconfigdir && setenv("MPLCONFIGDIR", mplconfigdir, 1) < 0))
      fail("setenv: %s", strerror(errno));
  }
  init_python(&z, home, allowed, allow_input);
  if (ts_seccomp_compile(&z.child.filter, &err) < 0 ||
      ts_seccomp_compile_kind(TS_FILTER_SESSION, &z.child.session_filter, &err) < 0 ||
      ts_seccomp_compile_kind(TS_FILTER_NOTIFY, &z.child.notify_filter, &err) < 0 ||
      ts_seccomp_compile_kind(TS_FILTER_SESSION_INIT, &z.child.init_filter, &err) < 0)
    fail("%s", err.msg);
  enter_zygote_namespaces(&z);
  if (send_ready(0, "ready") < 0)
    _exit(1);
  serve(&z);
  return 0;
}
