/* The execution profiles (README: profiles).  A profile is an executor of
 * its own, with its own zygote: "default", the standard library only, and
 * "science", whose zygote imports the packages below once, before the
 * sandbox's root is built and the filter compiled, so that a request
 * forks a ready interpreter with them.  Nothing in src/exec knows about
 * profiles: the server starts one executor per profile and routes each
 * request to its own. */
#ifndef TS_PROFILES_H
#define TS_PROFILES_H

#include "util/common.h"

/* The profiles' names. */
#define PROFILE_DEFAULT "default"
#define PROFILE_SCIENCE "science"

/* What the science profile adds to the allowed modules (and what makes a
 * request without "profile" go to it: an import of one of them). */
#define TS_SCIENCE_MODULES "numpy,pandas,scipy,sympy,matplotlib,mpmath"
/* What no analysis needs, refused by name (validator and runtime): C
 * bindings and compilers, and the modules of pickle loading, the
 * clipboard and HTTP.  The kernel layers hold without it. */
#define TS_SCIENCE_BANNED                                                                      \
  "numpy.ctypeslib,numpy.f2py,numpy.distutils,distutils,setuptools,pandas.io.clipboard,"     \
  "pandas.io.clipboards,pandas.io.pickle"
/* What no analysis needs either, among the packages' functions and
 * classes: the validator refuses these attribute names (and imports of
 * them), the runtime leaves the objects out of every module view, under
 * whatever names modules re-export them.  as_strided (any strides over an
 * array's memory) and DummyArray (an array at any address its dict gives)
 * read and write the process's memory; the rest load pickles, reach the
 * clipboard, hand out raw addresses and C bindings (ndarray.ctypes), or
 * import any module named by a string (sympy's import_module, get_class).
 * The runtime also leaves the real reflective builtins out of every view
 * (mpmath re-exports exec as exec_). */
#define TS_SCIENCE_BANNED_ATTRIBUTES                                                           \
  "as_strided,DummyArray,ctypeslib,ctypes,f2py,read_pickle,read_clipboard,to_clipboard"
#define TS_SCIENCE_REFUSED_OBJECTS                                                             \
  "numpy.lib.stride_tricks.as_strided,numpy.lib.stride_tricks.DummyArray,pandas.read_pickle,"  \
  "pandas.read_clipboard,sympy.external.import_module,sympy.utilities.source.get_class"
/* What its zygote imports, whole: every extension module the supported
 * usage needs must be mapped there (a child cannot map code).  Submodules
 * of these that are pure Python are imported lazily from the root; but
 * DataFrame.plot's backend and the importlib.metadata it reaches for are
 * imported here: the import system's frozen frames come between pandas'
 * frame and the standard library's import of importlib.metadata's own
 * parts, so that lazy import is not the package's own by its frames.
 * numexpr and bottleneck (pandas' optional accelerators, which Debian
 * recommends but the install script does not bring) are hidden, so that
 * pandas works the same wherever they happen to be installed: numexpr
 * would also start threads, and evaluate query strings with eval(). */
#define TS_SCIENCE_PREIMPORT                                                                   \
  "-numexpr,-bottleneck,numpy,numpy.linalg,numpy.fft,numpy.random,numpy.polynomial,pandas,matplotlib,"             \
  "matplotlib.pyplot,matplotlib.backends.backend_agg,scipy,scipy.stats,scipy.optimize,scipy.linalg,scipy.integrate,"          \
  "scipy.interpolate,scipy.signal,scipy.sparse,scipy.special,scipy.fft,scipy.spatial,"        \
  "scipy.cluster,scipy.ndimage,sympy,pandas.plotting._matplotlib,importlib.metadata"
/* Host directories bound read-only into its root: Debian's packages, the
 * data matplotlib reads as it draws (fonts, styles), time zones. */
#define TS_SCIENCE_SITE_DIRS "/usr/lib/python3/dist-packages,/usr/share/matplotlib,/usr/share/zoneinfo"

/* A lazy profile that failed to start is tried again by a request that
 * comes this many seconds after the failure, at the earliest; the
 * requests before get 503. */
#define TS_PROFILE_RETRY_SECONDS 10

struct ts_config;
struct ts_executor;
struct ts_executor_config;

/* The science profile's executor configuration, from the default
 * profile's (base): its modules added to the allowed ones (*allowed,
 * which *out points to: free it after the executor), its imports, site
 * directories and memory limit, no sessions. */
int ts_science_config(const struct ts_executor_config *base, const struct ts_config *cfg,
                      struct ts_executor_config *out, char **allowed, ts_err *err);
/* Runs the canary (exec/canary.h) in a profile's executor and waits for
 * it: 10 s and 64 MiB, each cut to the configured maximum.  A failure
 * carries the start of the snippet's stderr. */
int ts_profile_canary(struct ts_executor *ex, const struct ts_config *cfg, ts_err *err);
/* The science profile's packages, as its zygote imported them: "name
 * version" lines (for GET /info) in *versions (malloc'ed), asked by an
 * execution in that profile, so that /info says what a snippet gets. */
int ts_science_versions(struct ts_executor *science, const struct ts_config *cfg,
                        char **versions, ts_err *err);

#endif
