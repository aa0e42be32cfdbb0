/* Embedding CPython.  The interpreter is configured isolated: it reads no
 * environment variable, imports no site module, installs no signal handler
 * and finds its standard library through `home` or the built-in prefix. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "util/pyembed.h"

/* Written once by ts_python_init (main thread, at startup, before any
 * other thread enters Python); read-only after. */
static PyInterpreterState *main_interp;
/* Per thread: the initialising thread's is written by ts_python_init, any
 * other thread's by its own first ts_python_enter; only its thread reads it. */
static _Thread_local PyThreadState *thread_state;
/* Written once, by whichever thread first asks for the version (under
 * version_once); read-only after. */
static char version[32];
static pthread_once_t version_once = PTHREAD_ONCE_INIT;

int ts_python_init(const char *home, ts_err *err) {
  PyPreConfig pre;
  PyConfig config;
  PyStatus st;

  /* UTF-8 mode: the sandbox has no locale, and its text files, file
   * names and streams are UTF-8 (not ASCII, as the C locale would say). */
  PyPreConfig_InitIsolatedConfig(&pre);
  pre.utf8_mode = 1;
  st = Py_PreInitialize(&pre);
  if (PyStatus_Exception(st))
    return ts_err_set(err, 0, "python pre-init failed: %s", st.err_msg ? st.err_msg : "unknown");
  PyConfig_InitIsolatedConfig(&config);
  config.site_import = 0;
  config.user_site_directory = 0;
  config.install_signal_handlers = 0;
  config.write_bytecode = 0;
  config.buffered_stdio = 0;
  config.parse_argv = 0;
  config.pathconfig_warnings = 0;
  if (home) {
    st = PyConfig_SetBytesString(&config, &config.home, home);
    if (PyStatus_Exception(st))
      goto fail;
  }
  st = Py_InitializeFromConfig(&config);
  if (PyStatus_Exception(st))
    goto fail;
  PyConfig_Clear(&config);
  main_interp = PyInterpreterState_Main();
  /* The initialising thread keeps its state and gives the GIL away. */
  thread_state = PyEval_SaveThread();
  return 0;

fail:
  PyConfig_Clear(&config);
  return ts_err_set(err, 0, "python init failed: %s%s%s",
                    st.func ? st.func : "", st.func ? ": " : "",
                    st.err_msg ? st.err_msg : "unknown error");
}

void ts_python_enter(void) {
  if (!thread_state)
    thread_state = PyThreadState_New(main_interp);
  PyEval_RestoreThread(thread_state);
}

void ts_python_leave(void) { (void)PyEval_SaveThread(); }

static void version_init(void) {
  const char *full = Py_GetVersion();
  size_t n = strcspn(full, " ");

  (void)snprintf(version, sizeof version, "%.*s",
                 (int)(n < sizeof version ? n : sizeof version - 1), full);
}

/* HTTP worker threads call this at once: the buffer is filled once, under
 * pthread_once, instead of by whichever threads saw it empty. */
const char *ts_python_version(void) {
  (void)pthread_once(&version_once, version_init);
  return version;
}
