/* Embedding CPython.  The interpreter is configured isolated: it reads no
 * environment variable, imports no site module, installs no signal handler
 * and finds its standard library through `home` or the built-in prefix. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "util/pyembed.h"

static PyInterpreterState *main_interp;
static _Thread_local PyThreadState *thread_state;

int ts_python_init(const char *home, ts_err *err) {
  PyConfig config;
  PyStatus st;

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

const char *ts_python_version(void) {
  static char v[32];

  if (!v[0]) {
    const char *full = Py_GetVersion();
    size_t n = strcspn(full, " ");
    (void)snprintf(v, sizeof v, "%.*s", (int)(n < sizeof v ? n : sizeof v - 1), full);
  }
  return v;
}
