#include <criterion/criterion.h>
#include <string.h>

#include "policy.h"

static struct ts_policy pol;

static void setup(void) {
  ts_err err;
  cr_assert_eq(ts_policy_init_default(&pol, &err), 0, "%s", err.msg);
}

static void teardown(void) { ts_policy_free(&pol); }

TestSuite(policy, .init = setup, .fini = teardown);

static void expect_sorted_unique(const struct ts_strset *s, const char *what) {
  for (size_t i = 1; i < s->n; i++)
    cr_expect_lt(strcmp(s->items[i - 1], s->items[i]), 0,
                 "%s not sorted/unique at '%s' '%s'", what, s->items[i - 1],
                 s->items[i]);
}

Test(policy, default_lists_sorted_and_unique) {
  expect_sorted_unique(&pol.allowed_modules, "allowed_modules");
  expect_sorted_unique(&pol.banned_modules, "banned_modules");
  expect_sorted_unique(&pol.banned_names, "banned_names");
  expect_sorted_unique(&pol.banned_attributes, "banned_attributes");
  expect_sorted_unique(&pol.allowed_dunders, "allowed_dunders");
}

Test(policy, default_membership) {
  static const struct {
    const struct ts_strset *set;
    const char *name;
    bool in;
  } cases[] = {
    {&pol.allowed_modules, "math", true},
    {&pol.allowed_modules, "collections", true},
    {&pol.allowed_modules, "__future__", true},
    {&pol.allowed_modules, "csv", true},
    {&pol.allowed_modules, "typing", true},
    {&pol.allowed_modules, "io", false},
    {&pol.allowed_modules, "uuid", false},
    {&pol.allowed_modules, "zoneinfo", false},
    {&pol.allowed_modules, "typing_extensions", false},
    {&pol.allowed_modules, "os", false},
    {&pol.banned_modules, "os", true},
    {&pol.banned_modules, "sys", true},
    {&pol.banned_modules, "posix", true},
    {&pol.banned_modules, "_socket", true},
    {&pol.banned_modules, "_ctypes", true},
    {&pol.banned_modules, "types", true},
    {&pol.banned_modules, "__main__", true},
    {&pol.banned_modules, "fnmatch", false},
    {&pol.banned_modules, "__future__", false},
    {&pol.banned_modules, "weakref", false},
    {&pol.banned_names, "eval", true},
    {&pol.banned_names, "__import__", true},
    {&pol.banned_names, "attrgetter", true},
    {&pol.banned_names, "print", false},
    {&pol.banned_names, "len", false},
    {&pol.banned_attributes, "gi_frame", true},
    {&pol.banned_attributes, "f_globals", true},
    {&pol.banned_attributes, "mro", true},
    {&pol.banned_attributes, "get_field", true},
    {&pol.banned_attributes, "gi_running", false},
    {&pol.allowed_dunders, "__init__", true},
    {&pol.allowed_dunders, "__add__", true},
    {&pol.allowed_dunders, "__index__", true},
    {&pol.allowed_dunders, "__class__", false},
    {&pol.allowed_dunders, "__globals__", false},
    {&pol.allowed_dunders, "__subclasses__", false},
    {&pol.allowed_dunders, "__getattribute__", false},
  };
  for (size_t i = 0; i < TS_ARRAY_LEN(cases); i++)
    cr_expect_eq(ts_strset_has(cases[i].set, cases[i].name), cases[i].in,
                 "membership of '%s' should be %d", cases[i].name, cases[i].in);
}

Test(policy, has_handles_empty_and_null) {
  struct ts_strset empty = {0};
  cr_expect_not(ts_strset_has(&empty, "x"));
  cr_expect_not(ts_strset_has(&pol.banned_names, NULL));
  cr_expect_not(ts_strset_has(&pol.banned_names, ""));
  cr_expect_not(ts_strset_has(&pol.banned_names, "eva"));
  cr_expect_not(ts_strset_has(&pol.banned_names, "evals"));
}

Test(policy, set_spec_replaces) {
  ts_err err;
  cr_assert_eq(ts_strset_set_spec(&pol.allowed_modules, "numpy, scipy\tpandas,,x.y", &err), 0,
               "%s", err.msg);
  cr_expect_eq(pol.allowed_modules.n, 4);
  cr_expect(ts_strset_has(&pol.allowed_modules, "numpy"));
  cr_expect(ts_strset_has(&pol.allowed_modules, "pandas"));
  cr_expect(ts_strset_has(&pol.allowed_modules, "x.y"));
  cr_expect_not(ts_strset_has(&pol.allowed_modules, "math"));
  expect_sorted_unique(&pol.allowed_modules, "replaced");
}

Test(policy, set_spec_appends_with_plus) {
  ts_err err;
  size_t before = pol.allowed_modules.n;
  cr_assert_eq(ts_strset_set_spec(&pol.allowed_modules, "  +numpy,scipy math", &err), 0,
               "%s", err.msg);
  cr_expect_eq(pol.allowed_modules.n, before + 2, "math must not be duplicated");
  cr_expect(ts_strset_has(&pol.allowed_modules, "math"));
  cr_expect(ts_strset_has(&pol.allowed_modules, "numpy"));
  cr_expect(ts_strset_has(&pol.allowed_modules, "scipy"));
  expect_sorted_unique(&pol.allowed_modules, "appended");
}

Test(policy, set_spec_empty_clears_and_plus_alone_keeps) {
  ts_err err;
  size_t before = pol.banned_names.n;
  cr_assert_eq(ts_strset_set_spec(&pol.banned_names, "+", &err), 0);
  cr_expect_eq(pol.banned_names.n, before);
  cr_assert_eq(ts_strset_set_spec(&pol.banned_names, "", &err), 0);
  cr_expect_eq(pol.banned_names.n, 0);
  cr_expect_not(ts_strset_has(&pol.banned_names, "eval"));
}

Test(policy, set_spec_rejects_invalid_names) {
  static const char *const bad[] = {
    "os;rm", "a-b", "math, é", "a,+b", "x/y", "a b$",
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
    "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa", /* 129 */
  };
  for (size_t i = 0; i < TS_ARRAY_LEN(bad); i++) {
    ts_err err = {0};
    size_t before = pol.allowed_modules.n;
    cr_expect_eq(ts_strset_set_spec(&pol.allowed_modules, bad[i], &err), -1,
                 "spec '%s' should be refused", bad[i]);
    cr_expect(strstr(err.msg, "invalid name"), "message for '%s': %s", bad[i], err.msg);
    cr_expect_eq(pol.allowed_modules.n, before, "set changed by bad spec '%s'", bad[i]);
    cr_expect(ts_strset_has(&pol.allowed_modules, "math"));
  }
  ts_err err = {0};
  ts_strset_set_spec(&pol.allowed_modules, "good, bad!name", &err);
  cr_expect(strstr(err.msg, "'bad!name'"), "the bad name is quoted: %s", err.msg);
}

Test(policy, set_spec_accepts_128_chars) {
  char name[129];
  ts_err err;
  memset(name, 'a', 128);
  name[128] = '\0';
  cr_expect_eq(ts_strset_set_spec(&pol.allowed_modules, name, &err), 0);
  cr_expect(ts_strset_has(&pol.allowed_modules, name));
}

Test(policy, module_allowed_prefix_logic) {
  static const struct {
    const char *mod;
    bool allowed;
  } cases[] = {
    {"math", true},          {"collections", true},  {"collections.abc", true},
    {"json.decoder", true},  {"__future__", true},   {"os", false},
    {"os.path", false},      {"sys", false},         {"xml", false},
    {"xml.etree", false},    {"mathx", false},       {"mat", false},
    {"", false},             {"numpy", false},       {"importlib.util", false},
  };
  for (size_t i = 0; i < TS_ARRAY_LEN(cases); i++)
    cr_expect_eq(ts_policy_module_allowed(&pol, cases[i].mod), cases[i].allowed,
                 "module_allowed('%s') should be %d", cases[i].mod, cases[i].allowed);
  cr_expect(ts_policy_module_banned(&pol, "os.path"));
  cr_expect(ts_policy_module_banned(&pol, "urllib.request"));
  cr_expect_not(ts_policy_module_banned(&pol, "osx"));
  cr_expect_not(ts_policy_module_banned(&pol, "numpy"));
  cr_expect_not(ts_policy_module_allowed(NULL, "math"));
}

Test(policy, banned_wins_over_allowed) {
  ts_err err;
  cr_assert_eq(ts_strset_set_spec(&pol.allowed_modules, "+os", &err), 0);
  cr_expect_not(ts_policy_module_allowed(&pol, "os"));
  cr_assert_eq(ts_strset_set_spec(&pol.banned_modules, "+json.evil", &err), 0);
  cr_expect(ts_policy_module_allowed(&pol, "json"));
  cr_expect_not(ts_policy_module_allowed(&pol, "json.evil"));
  cr_expect_not(ts_policy_module_allowed(&pol, "json.evil.deeper"));
}

