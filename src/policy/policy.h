/* The validation policy: which modules may be imported and which names and
 * attributes are refused.  Pure data, no Python; safe to share read-only
 * between threads once built. */
#ifndef TS_POLICY_H
#define TS_POLICY_H

#include <stdbool.h>
#include <stddef.h>

#include "util/common.h"

struct ts_strset {
  char **items;  /* sorted, unique, owned */
  size_t n;
};

struct ts_policy {
  struct ts_strset allowed_modules;   /* top-level or dotted names, e.g. "math", "collections.abc" */
  struct ts_strset banned_modules;    /* refused by name with a specific message (os, sys, posix...) */
  struct ts_strset banned_names;      /* builtins refused as a name or an attribute (eval, open...) */
  struct ts_strset banned_attributes; /* non-dunder attributes refused (gi_frame, f_globals, mro...) */
  /* Dunder methods a class body may define (def or assignment) and code
   * may read or call (__init__, __eq__, __len__...). */
  struct ts_strset allowed_dunders;
  /* Dunder data that may be read (and set on an object) but never bound
   * as a name or defined: __name__, __doc__, __cause__...  Built in: it
   * has no option of its own. */
  struct ts_strset readable_dunders;
  /* Dunder data that may only be read (a Load), never set, bound, defined
   * or written as a string: __mro__, __wrapped__, __args__...  Built in.
   * The validator narrows __annotations__ further (see validator.c). */
  struct ts_strset read_only_dunders;
  /* The named policy this is (TS_POLICY_STRICT or TS_POLICY_STANDARD):
   * standard also checks the constant names given to getattr, setattr,
   * delattr and hasattr as attributes (the runtime checks computed ones). */
  bool standard;
  /* Under standard: the modules the operator allowed by name
   * (--allowed-modules), which keep their whole public surface: the
   * standard views do not narrow them (ts_policy_operator_allowed). */
  struct ts_strset operator_modules;
};

/* The two named policies a request or the server chooses ("policy"). */
#define TS_POLICY_STRICT "strict"
#define TS_POLICY_STANDARD "standard"

/* Turns a copy of the strict policy into the standard one: the builtins
 * that read or write an attribute by a name (getattr, setattr, delattr,
 * vars) become safe views checked at run time, and `io` an allowed module
 * (its in-memory streams only).  Returns 0, or -1 on ENOMEM. */
int ts_policy_make_standard(struct ts_policy *p, ts_err *err);

/* Fills *p with the built-in default policy.  Returns 0, or -1 on ENOMEM. */
int ts_policy_init_default(struct ts_policy *p, ts_err *err);
void ts_policy_free(struct ts_policy *p);

/* Replaces one list with the comma or whitespace separated names in `spec`.
 * A leading '+' on spec ("+numpy,scipy") adds to the list instead. */
int ts_strset_set_spec(struct ts_strset *s, const char *spec, ts_err *err);
bool ts_strset_has(const struct ts_strset *s, const char *name);
/* Removes `name` from s, if it is there. */
void ts_strset_remove(struct ts_strset *s, const char *name);

/* A deep copy of src into dst (to be freed with ts_policy_free).  Returns
 * 0, or -1 on ENOMEM.  The "files" capability's policy is such a copy
 * without `open` among the banned names. */
int ts_policy_copy(struct ts_policy *dst, const struct ts_policy *src, ts_err *err);

/* True when `dotted` (e.g. "collections.abc") may be imported: the name or
 * one of its parent packages is in allowed_modules and none of them is in
 * banned_modules. */
bool ts_policy_module_allowed(const struct ts_policy *p, const char *dotted);
/* dotted, or a package of it, is one the operator allowed by name (and
 * not banned): under standard, no view of it narrows what it holds. */
bool ts_policy_operator_allowed(const struct ts_policy *p, const char *dotted);

/* True when `dotted` or one of its parent packages is in banned_modules. */
bool ts_policy_module_banned(const struct ts_policy *p, const char *dotted);

#endif
