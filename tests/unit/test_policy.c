#include <criterion/criterion.h>
#include <string.h>

#include "policy/policy.h"

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
  expect_sorted_unique(&pol.readable_dunders, "readable_dunders");
  expect_sorted_unique(&pol.read_only_dunders, "read_only_dunders");
}

/* A readable dunder may not be defined, a read-only one not set: the three
 * lists must not overlap, and every entry is a dunder. */
Test(policy, dunder_lists_disjoint_and_dunder_shaped) {
  const struct ts_strset *sets[] = {&pol.allowed_dunders, &pol.readable_dunders,
                                    &pol.read_only_dunders};
  for (size_t k = 0; k < TS_ARRAY_LEN(sets); k++) {
    for (size_t i = 0; i < sets[k]->n; i++) {
      const char *d = sets[k]->items[i];
      size_t n = strlen(d);
      cr_expect(n > 4 && strncmp(d, "__", 2) == 0 && strcmp(d + n - 2, "__") == 0,
                "'%s' is not a dunder", d);
    }
  }
  for (size_t i = 0; i < pol.readable_dunders.n; i++)
    cr_expect_not(ts_strset_has(&pol.allowed_dunders, pol.readable_dunders.items[i]),
                  "'%s' is in both dunder lists", pol.readable_dunders.items[i]);
  for (size_t i = 0; i < pol.read_only_dunders.n; i++) {
    const char *d = pol.read_only_dunders.items[i];
    cr_expect_not(ts_strset_has(&pol.allowed_dunders, d) ||
                      ts_strset_has(&pol.readable_dunders, d),
                  "read-only '%s' is in another dunder list", d);
  }
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
    {&pol.allowed_modules, "warnings", true},
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
    {&pol.banned_names, "attrgetter", false}, /* checked where it is called */
    {&pol.banned_names, "methodcaller", false},
    {&pol.banned_names, "print", false},
    {&pol.banned_names, "len", false},
    {&pol.banned_attributes, "gi_frame", true},
    {&pol.banned_attributes, "f_globals", true},
    {&pol.banned_attributes, "mro", true},
    {&pol.banned_attributes, "get_field", true},
    {&pol.banned_attributes, "gi_running", false},
    {&pol.banned_attributes, "obj", true},
    {&pol.banned_attributes, "update_wrapper", false},
    {&pol.banned_attributes, "make_dataclass", false},
    {&pol.banned_attributes, "warn_explicit", false},
    {&pol.banned_attributes, "showwarning", false},
    {&pol.banned_attributes, "formatwarning", false},
    {&pol.banned_attributes, "singledispatch", false},
    {&pol.banned_attributes, "singledispatchmethod", false},
    {&pol.banned_attributes, "get_type_hints", true},
    {&pol.banned_attributes, "ForwardRef", true},
    {&pol.banned_attributes, "_convert_", true},
    {&pol.banned_attributes, "_old_convert_", true},
    {&pol.banned_attributes, "warnings", false},
    {&pol.banned_attributes, "wraps", false},
    {&pol.allowed_dunders, "__init__", true},
    {&pol.allowed_dunders, "__add__", true},
    {&pol.allowed_dunders, "__index__", true},
    {&pol.allowed_dunders, "__class__", false},
    {&pol.allowed_dunders, "__globals__", false},
    {&pol.allowed_dunders, "__subclasses__", false},
    {&pol.allowed_dunders, "__getattribute__", false},
    {&pol.allowed_dunders, "__new__", true},
    {&pol.allowed_dunders, "__radd__", true},
    {&pol.allowed_dunders, "__aenter__", true},
    {&pol.allowed_dunders, "__getattr__", false},
    {&pol.allowed_dunders, "__init_subclass__", true},
    {&pol.allowed_dunders, "__class_getitem__", false},
    {&pol.allowed_dunders, "__set_name__", false},
    {&pol.allowed_dunders, "__get__", false},
    {&pol.allowed_dunders, "__reduce_ex__", false},
    {&pol.allowed_dunders, "__del__", false},
    {&pol.allowed_dunders, "__match_args__", false},
    {&pol.allowed_dunders, "__name__", false},
    {&pol.readable_dunders, "__name__", true},
    {&pol.readable_dunders, "__qualname__", true},
    {&pol.readable_dunders, "__cause__", true},
    {&pol.readable_dunders, "__context__", true},
    {&pol.readable_dunders, "__notes__", true},
    {&pol.readable_dunders, "__traceback__", false},
    {&pol.readable_dunders, "__annotations__", false},
    {&pol.read_only_dunders, "__annotations__", true},
    {&pol.read_only_dunders, "__args__", true},
    {&pol.read_only_dunders, "__origin__", true},
    {&pol.read_only_dunders, "__parameters__", true},
    {&pol.read_only_dunders, "__constraints__", true},
    {&pol.read_only_dunders, "__bound__", true},
    {&pol.read_only_dunders, "__wrapped__", true},
    {&pol.read_only_dunders, "__mro__", true},
    {&pol.read_only_dunders, "__bases__", true},
    {&pol.read_only_dunders, "__base__", true},
    {&pol.read_only_dunders, "__dict__", false},
    {&pol.read_only_dunders, "__subclasses__", false},
    {&pol.read_only_dunders, "__globals__", false},
    {&pol.read_only_dunders, "__dataclass_fields__", false},
    {&pol.readable_dunders, "__dataclass_fields__", false},
    {&pol.readable_dunders, "__class__", false},
    {&pol.readable_dunders, "__match_args__", false},
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

