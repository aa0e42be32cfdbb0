/* The Python layer's two halves read one rule table (src/policy/rules.txt):
 * the validator's default policy is built from the generated arrays, and
 * the runner compiled into the binary holds the same table in _RULES and
 * derives its own sets from it.  Both are checked here against the arrays,
 * the runner by executing the embedded runner itself. */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <criterion/criterion.h>
#include <string.h>

#include "policy/policy.h"
#include "rules_gen.h"
#include "util/pyembed.h"

extern const char ts_runner_py[];

static const struct ts_rule *rule(const char *section) {
  for (size_t i = 0; i < TS_ARRAY_LEN(ts_rules); i++)
    if (strcmp(ts_rules[i].section, section) == 0)
      return &ts_rules[i];
  cr_assert_fail("no section [%s] in rules.txt", section);
  return NULL;
}

static bool rule_has(const char *section, const char *name) {
  const struct ts_rule *r = rule(section);

  for (size_t i = 0; i < r->n; i++)
    if (strcmp(r->names[i], name) == 0)
      return true;
  return false;
}

/* The set equals the union of the sections: every name of each is in it,
 * and it holds nothing else. */
static void expect_set_is(const struct ts_strset *set, const char *what, const char *a,
                          const char *b) {
  size_t n = rule(a)->n + (b ? rule(b)->n : 0);

  for (size_t i = 0; i < rule(a)->n; i++)
    cr_expect(ts_strset_has(set, rule(a)->names[i]), "%s lacks %s from [%s]", what,
              rule(a)->names[i], a);
  for (size_t i = 0; b && i < rule(b)->n; i++)
    cr_expect(ts_strset_has(set, rule(b)->names[i]), "%s lacks %s from [%s]", what,
              rule(b)->names[i], b);
  for (size_t i = 0; i < set->n; i++)
    cr_expect(rule_has(a, set->items[i]) || (b && rule_has(b, set->items[i])),
              "%s holds %s, which is in no section of rules.txt", what, set->items[i]);
  cr_expect_eq(set->n, n, "%s: %zu names, the table %zu", what, set->n, n);
}

Test(rules, the_validator_policy_is_the_table) {
  struct ts_policy pol;
  ts_err err;

  cr_assert_eq(ts_policy_init_default(&pol, &err), 0, "%s", err.msg);
  expect_set_is(&pol.allowed_modules, "allowed_modules", "allowed-modules", NULL);
  expect_set_is(&pol.banned_modules, "banned_modules", "banned-modules", NULL);
  expect_set_is(&pol.banned_names, "banned_names", "banned-names", NULL);
  expect_set_is(&pol.banned_attributes, "banned_attributes", "internal-attributes",
                "banned-attributes");
  expect_set_is(&pol.allowed_dunders, "allowed_dunders", "dunder-methods", NULL);
  expect_set_is(&pol.readable_dunders, "readable_dunders", "dunder-readable", NULL);
  expect_set_is(&pol.read_only_dunders, "read_only_dunders", "dunder-read-only", NULL);
  cr_assert_eq(ts_policy_make_standard(&pol, &err), 0, "%s", err.msg);
  for (size_t i = 0; i < rule("standard-modules")->n; i++)
    cr_expect(ts_policy_module_allowed(&pol, rule("standard-modules")->names[i]),
              "standard does not allow %s", rule("standard-modules")->names[i]);
  for (size_t i = 0; i < rule("standard-unbanned-names")->n; i++)
    cr_expect(!ts_strset_has(&pol.banned_names, rule("standard-unbanned-names")->names[i]));
  ts_policy_free(&pol);
}

/* Executes the embedded runner as a module and returns its namespace. */
static PyObject *runner_namespace(void) {
  PyObject *code, *ns, *r, *name;

  code = Py_CompileString(ts_runner_py, "<tool-sandbox runner>", Py_file_input);
  cr_assert_not_null(code, "the embedded runner does not compile");
  ns = PyDict_New();
  name = PyUnicode_FromString("runner");
  PyDict_SetItemString(ns, "__name__", name);
  Py_DECREF(name);
  PyDict_SetItemString(ns, "__builtins__", PyEval_GetBuiltins());
  r = PyEval_EvalCode(code, ns, ns);
  if (!r)
    PyErr_Print();
  cr_assert_not_null(r, "the embedded runner failed to execute");
  Py_DECREF(r);
  Py_DECREF(code);
  return ns;
}

/* A Python set of the names of the sections. */
static void set_add(PyObject *s, const char *name) {
  PyObject *u = PyUnicode_FromString(name);

  PySet_Add(s, u);
  Py_DECREF(u);
}

static PyObject *set_of(const char *a, const char *b) {
  PyObject *s = PySet_New(NULL);

  for (size_t i = 0; i < rule(a)->n; i++)
    set_add(s, rule(a)->names[i]);
  for (size_t i = 0; b && i < rule(b)->n; i++)
    set_add(s, rule(b)->names[i]);
  return s;
}

/* Evaluates `expr` in the runner's namespace and compares it, as a set,
 * with the union of the sections. */
static void expect_runner_set(PyObject *ns, const char *expr, const char *a, const char *b) {
  PyObject *got = PyRun_String(expr, Py_eval_input, ns, ns), *want = set_of(a, b), *gs;

  if (!got)
    PyErr_Print();
  cr_assert_not_null(got, "%s", expr);
  gs = PySet_New(got);
  cr_expect_eq(PyObject_RichCompareBool(gs, want, Py_EQ), 1, "runner %s is not [%s]%s%s",
               expr, a, b ? " + " : "", b ? b : "");
  Py_DECREF(gs);
  Py_DECREF(got);
  Py_DECREF(want);
}

Test(rules, the_runner_holds_the_same_table) {
  ts_err err;
  PyObject *ns, *table;

  cr_assert_eq(ts_python_init(NULL, &err), 0, "%s", err.msg);
  ts_python_enter();
  ns = runner_namespace();
  table = PyDict_GetItemString(ns, "_RULES");
  cr_assert(table && PyDict_Check(table), "the runner has no _RULES table");
  cr_expect_eq(PyDict_Size(table), (Py_ssize_t)TS_ARRAY_LEN(ts_rules));
  for (size_t i = 0; i < TS_ARRAY_LEN(ts_rules); i++) {
    PyObject *names = PyDict_GetItemString(table, ts_rules[i].section);

    cr_assert(names && PyTuple_Check(names), "the runner lacks [%s]", ts_rules[i].section);
    cr_assert_eq(PyTuple_GET_SIZE(names), (Py_ssize_t)ts_rules[i].n, "[%s]",
                 ts_rules[i].section);
    for (size_t j = 0; j < ts_rules[i].n; j++)
      cr_expect_str_eq(PyUnicode_AsUTF8(PyTuple_GET_ITEM(names, j)), ts_rules[i].names[j],
                       "[%s] #%zu", ts_rules[i].section, j);
  }
  /* the sets the runtime layer checks with come from the table */
  expect_runner_set(ns, "_DUNDER_METHODS", "dunder-methods", "dunder-methods-runtime");
  expect_runner_set(ns, "_DUNDER_DATA - frozenset(_RULES['dunder-data-runtime'])",
                    "dunder-readable", "dunder-read-only");
  expect_runner_set(ns, "_INTERNAL", "internal-attributes", NULL);
  expect_runner_set(ns, "_PUBLIC_UNDERSCORE", "public-underscore", NULL);
  expect_runner_set(ns, "_STANDARD_MODULES", "standard-modules", NULL);
  expect_runner_set(ns, "_SYS_MEMBERS + _SYS_OWN", "view.sys", NULL);
  expect_runner_set(ns, "_OS_MEMBERS + _OS_OWN", "view.os", NULL);
  expect_runner_set(ns, "_IO_MEMBERS + ('open',)", "view.io", NULL);
  expect_runner_set(ns, "_TYPES_MEMBERS", "view.types", NULL);
  expect_runner_set(ns, "_TRACEBACK_MEMBERS", "view.traceback", NULL);
  Py_DECREF(ns);
  ts_python_leave();
}
