/* The Accept header check: a media type listed by itself, with or without
 * parameters and weights, in any case; q=0 and wildcards do not count;
 * quoted strings and malformed elements do not confuse the list. */
#include <criterion/criterion.h>

#include "util/accept.h"
#include "util/common.h"

TestSuite(accept);

#define ND "application/x-ndjson"

static const struct {
  const char *accept;
  bool lists;
} cases[] = {
    {NULL, false},
    {"", false},
    {ND, true},
    {"Application/X-NDJSON", true},
    {"application/json", false},
    {"*/*", false},
    {"application/*", false},
    {"application/x-ndjsonx", false},
    {"application/x-ndjso", false},
    {"text/html, " ND, true},
    {ND ", application/json;q=0.9", true},
    {"  ,, " ND " ,", true},
    {ND ";q=1", true},
    {ND ";q=1.0", true},
    {ND ";q=1.000", true},
    {ND ";q=0.001", true},
    {ND " ; Q=0.5", true},
    {ND ";charset=utf-8", true},
    {ND ";q=0", false},
    {ND ";q=0.000", false},
    {ND ";q=0.", false},
    {ND ";q=", false},
    {ND ";q=2", false},           /* malformed weights: the element is absent */
    {ND ";q=1.5", false},
    {ND ";q=0.0001", false},
    {ND ";q=0.5x", false},
    {ND ";q=\"0.5\"", false},
    {ND ";q=0, " ND, true},       /* listed again, acceptable */
    {ND " garbage", false},
    {ND ";;", true},
    {ND ";foo", true},
    {"text/plain;x=\"a," ND "\"", false}, /* inside a quoted string */
    {"text/plain;x=\"a\\\"," ND "\", " ND, true},
    {"text/plain;x=\"unterminated, " ND, false},
    {"text/plain;x=\"a\";q=0.5, " ND ";level=1;q=0.1", true},
};

Test(accept, lists_the_type_itself_with_a_weight_above_zero) {
  for (size_t i = 0; i < TS_ARRAY_LEN(cases); i++)
    cr_expect_eq(ts_accept_lists(cases[i].accept, ND), cases[i].lists, "case %zu: \"%s\"", i,
                 cases[i].accept ? cases[i].accept : "(null)");
}
