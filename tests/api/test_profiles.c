/* The execution profiles (README: Profiles) through HTTP: what GET /info
 * says of them, how /execute and MCP's python_execute choose one, and what
 * the science profile gives back: matplotlib figures as PNG display
 * outputs, sympy expressions as LaTeX, and an agent's whole task on a CSV;
 * and the science profile started lazily, on its first request. */
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjson/cJSON.h>
#include <criterion/criterion.h>

#include "harness.h"

TestSuite(profiles, .fini = srv_cleanup_all, .timeout = 120);

static const char *const science_args[] = {"--profiles", "default,science", NULL};

static const cJSON *get(const cJSON *o, const char *name) {
  return cJSON_GetObjectItemCaseSensitive(o, name);
}

static const char *str_of(const cJSON *o, const char *name) {
  const cJSON *v = get(o, name);
  return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* POST /execute with `body`; asserts a 200 and the status, returns the
 * answer (caller frees). */
static cJSON *execute(unsigned port, const char *body, const char *status) {
  struct http_resp r;
  cJSON *doc;
  char *text;

  HTTP_OK(post_json(port, "/execute", body, &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  http_resp_free(&r);
  text = cJSON_PrintUnformatted(doc);
  cr_assert_str_eq(str_of(doc, "status"), status, "%s\nanswer: %.3000s", body, text);
  free(text);
  return doc;
}

/* tools/call of python_execute with `args`: the result object (caller
 * frees the whole answer, *answer). */
static const cJSON *mcp_execute(unsigned port, const char *args, cJSON **answer) {
  static const char *const hdrs[] = {"Content-Type: application/json",
                                     "Accept: application/json, text/event-stream", NULL};
  char body[4096];
  struct http_resp r;
  const cJSON *result;

  snprintf(body, sizeof body,
           "{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":"
           "{\"name\":\"python_execute\",\"arguments\":%s}}",
           args);
  HTTP_OK(http_request(port, "POST", "/mcp", hdrs, body, strlen(body), &r));
  assert_status(&r, 200);
  *answer = json_body(&r);
  http_resp_free(&r);
  result = get(*answer, "result");
  cr_assert(cJSON_IsObject(result), "%s", body);
  return result;
}

/* The one display output of kind image/png at index i: its bundle. */
static const cJSON *output_data(const cJSON *doc, int i) {
  const cJSON *o = cJSON_GetArrayItem(get(doc, "outputs"), i);

  cr_assert(cJSON_IsObject(o), "no output %d", i);
  return get(o, "data");
}

/* A PNG, base64: its signature, and more than a few bytes. */
static void assert_png(const cJSON *bundle) {
  const char *png = str_of(bundle, "image/png");

  cr_assert_not_null(png, "no image/png");
  cr_assert(strncmp(png, "iVBORw0KGgo", 11) == 0, "not a PNG: %.40s", png);
  cr_assert_gt(strlen(png), 1000);
}

Test(profiles, info_lists_each_profile_with_its_modules_and_limits) {
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc;
  const cJSON *profiles, *dflt, *sci, *m;
  size_t n = 0;

  srv_start(&s, science_args, NULL);
  HTTP_OK(http_get(s.port, "/info", &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  http_resp_free(&r);
  profiles = get(doc, "profiles");
  cr_assert_eq(cJSON_GetArraySize(profiles), 2);
  dflt = cJSON_GetArrayItem(profiles, 0);
  sci = cJSON_GetArrayItem(profiles, 1);
  cr_assert_str_eq(str_of(dflt, "name"), "default");
  cr_assert_eq(cJSON_GetArraySize(get(dflt, "modules")), 0);
  cr_assert(cJSON_IsTrue(get(dflt, "sessions")));
  cr_assert_eq(get(get(get(dflt, "limits"), "memory_mb"), "max")->valuedouble, 1024);
  cr_assert_str_eq(str_of(sci, "name"), "science");
  cr_assert(cJSON_IsFalse(get(sci, "sessions")));
  cr_assert_eq(get(get(get(sci, "limits"), "memory_mb"), "default")->valuedouble, 1024);
  cr_assert_eq(get(get(get(sci, "limits"), "memory_mb"), "max")->valuedouble, 4096);
  cJSON_ArrayForEach(m, get(sci, "modules")) {
    const char *v = str_of(m, "version");
    /* each with the version its zygote imported: digits and dots */
    cr_assert(v && *v >= '0' && *v <= '9' && strchr(v, '.'), "%s: %s", str_of(m, "name"),
              v ? v : "(none)");
    n++;
  }
  cr_assert_eq(n, 6);
  cr_assert_str_eq(str_of(cJSON_GetArrayItem(get(sci, "modules"), 0), "name"), "numpy");
  cJSON_Delete(doc);
  srv_stop(&s);

  /* A bare server runs the default profile alone. */
  srv_start(&s, NULL, NULL);
  HTTP_OK(http_get(s.port, "/info", &r));
  doc = json_body(&r);
  http_resp_free(&r);
  cr_assert_eq(cJSON_GetArraySize(get(doc, "profiles")), 1);
  cr_assert_str_eq(str_of(cJSON_GetArrayItem(get(doc, "profiles"), 0), "name"), "default");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(profiles, execute_and_mcp_choose_the_profile) {
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc, *answer;
  const cJSON *res;

  srv_start(&s, science_args, NULL);
  /* By its imports. */
  doc = execute(s.port, "{\"code\":\"import numpy as np\\nint(np.arange(10).sum())\"}", "ok");
  cr_assert_str_eq(str_of(doc, "profile"), "science");
  cr_assert_str_eq(str_of(get(doc, "result"), "repr"), "45");
  cJSON_Delete(doc);
  doc = execute(s.port, "{\"code\":\"print(1)\"}", "ok");
  cr_assert_str_eq(str_of(doc, "profile"), "default");
  cJSON_Delete(doc);
  /* Named: default refuses numpy, science runs plain code. */
  doc = execute(s.port, "{\"profile\":\"default\",\"code\":\"import numpy\"}", "rejected");
  cr_assert_str_eq(str_of(doc, "profile"), "default");
  cJSON_Delete(doc);
  doc = execute(s.port, "{\"profile\":\"science\",\"code\":\"print(2)\"}", "ok");
  cr_assert_str_eq(str_of(doc, "profile"), "science");
  cJSON_Delete(doc);
  HTTP_OK(post_json(s.port, "/execute", "{\"profile\":\"gpu\",\"code\":\"1\"}", &r));
  assert_json_error_msg(&r, 400, "invalid_field", "no profile 'gpu'");
  http_resp_free(&r);
  HTTP_OK(post_json(s.port, "/execute",
                    "{\"profile\":\"default\",\"memory_mb\":2048,\"code\":\"1\"}", &r));
  assert_json_error(&r, 400, "limit_exceeded");
  http_resp_free(&r);

  /* MCP's python_execute goes the same way (exec_prepare). */
  res = mcp_execute(s.port, "{\"code\":\"import pandas as pd\\nint(pd.Series([1,2,3]).sum())\"}",
                    &answer);
  cr_assert(cJSON_IsFalse(get(res, "isError")));
  cr_assert_str_eq(str_of(get(res, "structuredContent"), "profile"), "science");
  cr_assert_str_eq(str_of(get(get(res, "structuredContent"), "result"), "repr"), "6");
  cJSON_Delete(answer);
  /* A session's call stays on default: "science" with session_id is refused. */
  res = mcp_execute(s.port,
                    "{\"code\":\"1\",\"profile\":\"science\","
                    "\"session_id\":\"0123456789abcdef0123456789abcdef\"}",
                    &answer);
  cr_assert(cJSON_IsTrue(get(res, "isError")));
  {
    char *text = cJSON_PrintUnformatted(res);
    cr_assert(strstr(text, "a session runs in the default profile"), "%s", text);
    free(text);
  }
  cJSON_Delete(answer);
  /* The tool's schema offers profile. */
  HTTP_OK(http_get(s.port, "/tools", &r));
  assert_status(&r, 200);
  cr_assert(strstr(r.body, "\"profile\":{\"type\":\"string\",\"enum\":[\"default\",\"science\"]"),
            "%.2000s", r.body);
  http_resp_free(&r);
  srv_stop(&s);
}

Test(profiles, figures_come_back_as_png_and_sympy_as_latex) {
  struct ts_srv s;
  cJSON *doc;
  const cJSON *b;

  srv_start(&s, science_args, NULL);
  /* A figure left open at the end. */
  doc = execute(s.port,
                "{\"code\":\"import matplotlib.pyplot as plt\\nplt.plot([1, 3, 2])\\n"
                "plt.title('t')\\nprint('drawn')\"}",
                "ok");
  cr_assert_eq(cJSON_GetArraySize(get(doc, "outputs")), 1);
  b = output_data(doc, 0);
  assert_png(b);
  cr_assert_str_eq(str_of(b, "text/plain"), "<Figure size 640x480 with 1 Axes>");
  cJSON_Delete(doc);
  /* plt.show() shows and closes what is open, in order with display();
   * what is open at the end comes after. */
  doc = execute(s.port,
                "{\"code\":\"import matplotlib.pyplot as plt\\nplt.plot([1, 2])\\nplt.show()\\n"
                "display('between')\\nfig, axes = plt.subplots(1, 2)\\n"
                "axes[0].bar(['a', 'b'], [3, 4])\\nplt.show()\\nplt.figure()\\n"
                "plt.scatter([1], [2])\"}",
                "ok");
  cr_assert_eq(cJSON_GetArraySize(get(doc, "outputs")), 4);
  assert_png(output_data(doc, 0));
  cr_assert_str_eq(str_of(output_data(doc, 1), "text/plain"), "'between'");
  assert_png(output_data(doc, 2));
  cr_assert_str_eq(str_of(output_data(doc, 2), "text/plain"), "<Figure size 640x480 with 2 Axes>");
  assert_png(output_data(doc, 3));
  cJSON_Delete(doc);
  /* On an error too, what was drawn is shown. */
  doc = execute(s.port,
                "{\"code\":\"import matplotlib.pyplot as plt\\nplt.plot([1, 2])\\n1/0\"}",
                "error");
  assert_png(output_data(doc, 0));
  cJSON_Delete(doc);
  /* Each execution starts without figures (its own process). */
  doc = execute(s.port,
                "{\"code\":\"import matplotlib.pyplot as plt\\nlen(plt.get_fignums())\"}", "ok");
  cr_assert_str_eq(str_of(get(doc, "result"), "repr"), "0");
  cr_assert_eq(cJSON_GetArraySize(get(doc, "outputs")), 0);
  cJSON_Delete(doc);

  /* sympy: the last expression with text/latex besides text/plain. */
  doc = execute(s.port,
                "{\"code\":\"import sympy as sp\\nx = sp.symbols('x')\\n"
                "sp.integrate(sp.sin(x) ** 2, x)\"}",
                "ok");
  b = get(get(doc, "result"), "data");
  cr_assert_str_eq(str_of(b, "text/plain"), "x/2 - sin(x)*cos(x)/2");
  cr_assert_not_null(str_of(b, "text/latex"));
  cr_assert(strstr(str_of(b, "text/latex"), "\\frac{x}{2}"), "%s", str_of(b, "text/latex"));
  cJSON_Delete(doc);
  doc = execute(s.port,
                "{\"code\":\"import sympy as sp\\ndisplay(sp.sqrt(8))\\n"
                "sp.Matrix([[1, 2], [3, 4]]).det()\"}",
                "ok");
  cr_assert_str_eq(str_of(output_data(doc, 0), "text/latex"), "$\\displaystyle 2 \\sqrt{2}$");
  cr_assert_str_eq(str_of(get(doc, "result"), "repr"), "-2");
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* An agent's whole task: a CSV sent in files, a pandas summary as the
 * result, the chart back twice (the figure left open, as a display
 * output, and the PNG it saved, through return_files).  DataFrame.plot
 * reaches for importlib.metadata and its backend: both in the zygote. */
Test(profiles, an_agents_task_on_a_csv) {
  static const char body[] =
      "{\"code\":\"import pandas as pd\\nimport matplotlib.pyplot as plt\\n"
      "df = pd.read_csv('data/sales.csv')\\n"
      "summary = df.groupby('region')['amount'].agg(['sum', 'mean', 'count'])\\n"
      "ax = summary['sum'].plot.bar(title='Sales by region')\\n"
      "ax.set_ylabel('amount')\\nplt.tight_layout()\\nplt.savefig('chart.png')\\n"
      "print(len(df), 'rows')\\nsummary\","
      "\"files\":[{\"path\":\"data/sales.csv\",\"content\":\"region,month,amount\\n"
      "north,1,120\\nsouth,1,80\\nnorth,2,150\\neast,1,95\\nsouth,2,110\\neast,2,105\\n\"}],"
      "\"return_files\":[\"*.png\"]}";
  struct ts_srv s;
  cJSON *doc;
  const cJSON *res, *files, *f;
  const char *repr, *html;

  srv_start(&s, science_args, NULL);
  doc = execute(s.port, body, "ok");
  cr_assert_str_eq(str_of(doc, "profile"), "science");
  cr_assert_str_eq(str_of(doc, "stdout"), "6 rows\n");
  cr_assert_eq(cJSON_GetArraySize(get(doc, "audit")), 0);
  /* the summary: its text, and its HTML table */
  res = get(doc, "result");
  cr_assert_str_eq(str_of(res, "type"), "DataFrame");
  repr = str_of(res, "repr");
  cr_assert(repr && strstr(repr, "east    200  100.0      2") &&
                strstr(repr, "north   270  135.0      2") &&
                strstr(repr, "south   190   95.0      2"),
            "%s", repr ? repr : "(none)");
  html = str_of(get(res, "data"), "text/html");
  cr_assert(html && strstr(html, "<table") && strstr(html, "<td>270</td>"), "%s",
            html ? html : "(none)");
  /* the chart: the open figure, and the file */
  cr_assert_eq(cJSON_GetArraySize(get(doc, "outputs")), 1);
  assert_png(output_data(doc, 0));
  files = get(doc, "files");
  cr_assert_eq(cJSON_GetArraySize(files), 1);
  f = cJSON_GetArrayItem(files, 0);
  cr_assert_str_eq(str_of(f, "path"), "chart.png");
  cr_assert_str_eq(str_of(f, "mime"), "image/png");
  cr_assert(strncmp(str_of(f, "content"), "iVBORw0KGgo", 11) == 0);
  cr_assert_gt(get(f, "size")->valuedouble, 5000);
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* POST /validate judges with the policy /execute would run the snippet
 * under, and says which. */
static cJSON *validate(unsigned port, const char *body, bool valid, const char *profile) {
  struct http_resp r;
  cJSON *doc;

  HTTP_OK(post_json(port, "/validate", body, &r));
  assert_status(&r, 200);
  doc = json_body(&r);
  http_resp_free(&r);
  cr_assert_eq(cJSON_IsTrue(get(doc, "valid")), valid, "%s", body);
  cr_assert_str_eq(str_of(doc, "profile"), profile, "%s", body);
  return doc;
}

Test(profiles, validate_chooses_the_profile_as_execute_does) {
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc;

  srv_start(&s, science_args, NULL);
  cJSON_Delete(validate(s.port, "{\"code\":\"import numpy as np\\nnp.arange(3)\"}", true,
                        "science"));
  cJSON_Delete(validate(s.port, "{\"code\":\"x = 1\"}", true, "default"));
  cJSON_Delete(validate(s.port, "{\"code\":\"import numpy\",\"profile\":\"default\"}", false,
                        "default"));
  /* What the science profile refuses by name, in the validator. */
  doc = validate(s.port, "{\"code\":\"import numpy as np\\nnp.lib.stride_tricks.as_strided\"}",
                 false, "science");
  cr_assert_str_eq(str_of(cJSON_GetArrayItem(get(doc, "violations"), 0), "name"), "as_strided");
  cJSON_Delete(doc);
  cJSON_Delete(validate(s.port, "{\"code\":\"import numpy.ctypeslib\"}", false, "science"));
  cJSON_Delete(validate(s.port, "{\"code\":\"import pandas as pd\\npd.read_pickle('x')\"}",
                        false, "science"));
  HTTP_OK(post_json(s.port, "/validate", "{\"profile\":\"gpu\",\"code\":\"1\"}", &r));
  assert_json_error_msg(&r, 400, "invalid_field", "no profile 'gpu'");
  http_resp_free(&r);
  srv_stop(&s);

  /* A server without science names no profile. */
  srv_start(&s, NULL, NULL);
  HTTP_OK(post_json(s.port, "/validate", "{\"code\":\"import numpy\"}", &r));
  doc = json_body(&r);
  http_resp_free(&r);
  cr_assert(cJSON_IsFalse(get(doc, "valid")));
  cr_assert_null(get(doc, "profile"));
  cJSON_Delete(doc);
  srv_stop(&s);
}

/* ---- a lazy profile (--lazy-profiles): its zygote starts on its first request ---- */

static const char *const lazy_args[] = {"--lazy-profiles", "science", NULL};

/* GET /info's science profile (caller frees *doc). */
static const cJSON *info_science(unsigned port, cJSON **doc) {
  struct http_resp r;
  const cJSON *sci;

  HTTP_OK(http_get(port, "/info", &r));
  assert_status(&r, 200);
  *doc = json_body(&r);
  http_resp_free(&r);
  cr_assert_eq(cJSON_GetArraySize(get(*doc, "profiles")), 2);
  sci = cJSON_GetArrayItem(get(*doc, "profiles"), 1);
  cr_assert_str_eq(str_of(sci, "name"), "science");
  return sci;
}

static size_t versions_of(const cJSON *profile) {
  const cJSON *m;
  size_t n = 0;

  cJSON_ArrayForEach(m, get(profile, "modules"))
    n += str_of(m, "version") != NULL;
  return n;
}

Test(profiles, lazy_science_starts_once_on_its_first_requests) {
  struct ts_srv s;
  struct http_resp r;
  struct bg b[2] = {
      {0, "{\"code\":\"import numpy as np\\nprint(int(np.arange(10).sum()))\"}", 0, {0}},
      {0, "{\"code\":\"import pandas as pd\\nprint(len(pd.DataFrame({'a': [1, 2]})))\"}", 0,
       {0}},
  };
  pthread_t t[2];
  cJSON *doc, *answer;
  const cJSON *sci, *dflt, *res;

  srv_start(&s, lazy_args, NULL);
  /* It exists, not started: no versions yet; default started at boot. */
  sci = info_science(s.port, &doc);
  dflt = cJSON_GetArrayItem(get(doc, "profiles"), 0);
  cr_assert_str_eq(str_of(dflt, "start"), "boot");
  cr_assert(cJSON_IsTrue(get(dflt, "started")));
  cr_assert_str_eq(str_of(sci, "start"), "lazy");
  cr_assert(cJSON_IsFalse(get(sci, "started")));
  cr_assert_eq(cJSON_GetArraySize(get(sci, "modules")), 6);
  cr_assert_eq(versions_of(sci), 0);
  cJSON_Delete(doc);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_profile_starts_total{profile=\"science\","
                                    "outcome=\"ok\"}"),
               0);
  /* Ready without it; the MCP tool offers it. */
  HTTP_OK(http_get(s.port, "/readyz", &r));
  assert_status(&r, 200);
  http_resp_free(&r);
  HTTP_OK(http_get(s.port, "/tools", &r));
  assert_status(&r, 200);
  cr_assert(strstr(r.body, "\"science\""), "%.2000s", r.body);
  http_resp_free(&r);

  /* Two first requests at once: both wait for the one start. */
  for (int i = 0; i < 2; i++) {
    b[i].port = s.port;
    cr_assert_eq(pthread_create(&t[i], NULL, bg_post, &b[i]), 0);
  }
  for (int i = 0; i < 2; i++)
    pthread_join(t[i], NULL);
  cr_assert_eq(b[0].status, 200, "%s", b[0].text);
  cr_assert_eq(b[1].status, 200, "%s", b[1].text);
  cr_assert(strstr(b[0].text, "\"stdout\":\"45\\n\"") && strstr(b[0].text, "\"profile\":\"science\""),
            "%s", b[0].text);
  cr_assert(strstr(b[1].text, "\"stdout\":\"2\\n\"") && strstr(b[1].text, "\"profile\":\"science\""),
            "%s", b[1].text);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_profile_starts_total{profile=\"science\","
                                    "outcome=\"ok\"}"),
               1);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_profile_starts_total{profile=\"science\","
                                    "outcome=\"failed\"}"),
               0);

  /* Started now, with the versions its zygote answered. */
  sci = info_science(s.port, &doc);
  cr_assert_str_eq(str_of(sci, "start"), "lazy");
  cr_assert(cJSON_IsTrue(get(sci, "started")));
  cr_assert_eq(versions_of(sci), 6);
  cJSON_Delete(doc);

  /* Later requests, by "profile" and over MCP, use it: no other start. */
  doc = execute(s.port, "{\"code\":\"import sympy\\nprint(sympy.sqrt(8))\",\"profile\":\"science\"}",
                "ok");
  cr_assert_str_eq(str_of(doc, "stdout"), "2*sqrt(2)\n");
  cJSON_Delete(doc);
  res = mcp_execute(s.port, "{\"code\":\"import numpy\\nprint(numpy.ones(3).sum())\"}", &answer);
  cr_assert(!cJSON_IsTrue(get(res, "isError")));
  cr_assert_str_eq(str_of(get(res, "structuredContent"), "profile"), "science");
  cJSON_Delete(answer);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_profile_starts_total{profile=\"science\","
                                    "outcome=\"ok\"}"),
               1);
  srv_stop(&s);
}

Test(profiles, lazy_science_that_cannot_start_answers_503) {
  /* Its packages are not where --science-site-dirs says: the zygote's
   * import of numpy fails. */
  static const char *const args[] = {"--lazy-profiles", "science", "--science-site-dirs",
                                     "/nonexistent/dist-packages", NULL};
  struct ts_srv s;
  struct http_resp r;
  cJSON *doc, *answer;
  const cJSON *sci, *res;

  srv_start(&s, args, NULL);
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"import numpy\\nprint(1)\"}", &r));
  assert_json_error_msg(&r, 503, "profile_unavailable", "importing numpy");
  cr_assert_not_null(http_header(&r, "Retry-After"));
  http_resp_free(&r);
  cr_assert(srv_log_contains(&s, "the science profile did not start"));
  /* Within the retry interval: 503 again, without another start. */
  HTTP_OK(post_json(s.port, "/execute", "{\"code\":\"print(1)\",\"profile\":\"science\"}", &r));
  assert_json_error(&r, 503, "profile_unavailable");
  http_resp_free(&r);
  res = mcp_execute(s.port, "{\"code\":\"import numpy\"}", &answer);
  cr_assert(cJSON_IsTrue(get(res, "isError")));
  cr_assert(strstr(str_of(cJSON_GetArrayItem(get(res, "content"), 0), "text"),
                   "could not start"));
  cJSON_Delete(answer);
  cr_assert_eq(metric_value(s.port, "tool_sandbox_profile_starts_total{profile=\"science\","
                                    "outcome=\"failed\"}"),
               1);
  sci = info_science(s.port, &doc);
  cr_assert(cJSON_IsFalse(get(sci, "started")));
  cJSON_Delete(doc);
  /* The default profile is untouched. */
  doc = execute(s.port, "{\"code\":\"print(6*7)\"}", "ok");
  cr_assert_str_eq(str_of(doc, "profile"), "default");
  cJSON_Delete(doc);
  srv_stop(&s);
}

Test(profiles, sigterm_during_a_lazy_start_exits_cleanly) {
  struct ts_srv s;
  struct bg b = {0, "{\"code\":\"import numpy\\nprint(1)\"}", 0, {0}};
  pthread_t t;

  srv_start(&s, lazy_args, NULL);
  b.port = s.port;
  cr_assert_eq(pthread_create(&t, NULL, bg_post, &b), 0);
  cr_assert(srv_log_wait(&s, "starting the science profile", HARNESS_WAIT_MS));
  /* exit status 0, in time, no sanitizer report (srv_stop) */
  srv_stop(&s);
  pthread_join(t, NULL);
  /* Answered: ran (the start won the race) or 503, never dropped. */
  cr_assert(b.status == 200 || b.status == 503, "%d %s", b.status, b.text);
}

Test(profiles, lazy_profiles_configuration_errors) {
  static const char *const both[] = {"--profiles", "default,science", "--lazy-profiles",
                                     "science", NULL};
  static const char *const dflt[] = {"--lazy-profiles", "default", NULL};
  static const char *const unknown[] = {"--lazy-profiles", "physics", NULL};
  static const char *const env_both[] = {"TOOL_SANDBOX_PROFILES=science",
                                         "TOOL_SANDBOX_LAZY_PROFILES=science", NULL};
  static const char *const print[] = {"--lazy-profiles", "science", "--print-config", NULL};
  static const char *const help[] = {"--help", NULL};
  struct cmd_result c;

  srv_run(both, NULL, &c);
  cr_assert_eq(c.exit_code, 2, "%s", c.err);
  cr_assert(strstr(c.err, "both --profiles and --lazy-profiles"), "%s", c.err);
  cmd_result_free(&c);
  srv_run(dflt, NULL, &c);
  cr_assert_eq(c.exit_code, 2, "%s", c.err);
  cr_assert(strstr(c.err, "the default profile always starts at boot"), "%s", c.err);
  cmd_result_free(&c);
  srv_run(unknown, NULL, &c);
  cr_assert_eq(c.exit_code, 2, "%s", c.err);
  cr_assert(strstr(c.err, "--lazy-profiles: unknown profile 'physics'"), "%s", c.err);
  cmd_result_free(&c);
  srv_run(NULL, env_both, &c);
  cr_assert_eq(c.exit_code, 2, "%s", c.err);
  cr_assert(strstr(c.err, "both --profiles and --lazy-profiles"), "%s", c.err);
  cmd_result_free(&c);
  srv_run(print, NULL, &c);
  cr_assert_eq(c.exit_code, 0, "%s", c.err);
  cr_assert(strstr(c.out, "\nlazy-profiles = science\n"), "%s", c.out);
  cr_assert(strstr(c.out, "\nprofiles = default\n"), "%s", c.out);
  cmd_result_free(&c);
  srv_run(help, NULL, &c);
  cr_assert_eq(c.exit_code, 0);
  cr_assert(strstr(c.out, "--lazy-profiles") && strstr(c.out, "TOOL_SANDBOX_LAZY_PROFILES"),
            "%s", c.out);
  cmd_result_free(&c);
}

/* numpy's scalars and arrays and pandas' frames come back with "json" a
 * client can use (a frame in pandas' "split" shape), cut to the head that
 * fits with the whole's shape; what JSON cannot say exactly has none. */
Test(profiles, numpy_and_pandas_values_come_back_as_json) {
  static const struct {
    const char *code, *json; /* json: the result's "json", NULL: none */
  } cases[] = {
      {"import numpy as np\\nnp.arange(10).sum()", "45"},
      {"import numpy as np\\nnp.arange(4).reshape(2, 2) * 1.5", "[[0,1.5],[3,4.5]]"},
      {"import numpy as np\\nnp.bool_(True)", "true"},
      {"import numpy as np\\nnp.float64('nan')", NULL},
      {"import numpy as np\\nnp.array(['a'])", NULL},
      {"import pandas as pd\\npd.DataFrame({'a': [1, 2], 'b': ['x', 'y']})",
       "{\"columns\":[\"a\",\"b\"],\"index\":[0,1],\"data\":[[1,\"x\"],[2,\"y\"]]}"},
      {"import pandas as pd\\npd.Series([1.5, 2.5], name='s')",
       "{\"name\":\"s\",\"index\":[0,1],\"data\":[1.5,2.5]}"},
  };
  struct ts_srv s;
  char body[512];
  cJSON *doc;

  srv_start(&s, science_args, NULL);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    const cJSON *j;
    char *text;

    snprintf(body, sizeof body, "{\"code\":\"%s\"}", cases[i].code);
    doc = execute(s.port, body, "ok");
    j = get(get(doc, "result"), "json");
    text = j ? cJSON_PrintUnformatted(j) : NULL;
    if (cases[i].json)
      cr_assert(text && strcmp(text, cases[i].json) == 0, "%s: json %s, want %s", cases[i].code,
                text ? text : "(none)", cases[i].json);
    else
      cr_assert_null(j, "%s: json %s, want none", cases[i].code, text);
    free(text);
    cJSON_Delete(doc);
  }
  /* 2,000 rows x 3: the head that fits, flagged, with the whole's shape. */
  doc = execute(s.port,
                "{\"code\":\"import pandas as pd\\nimport numpy as np\\n"
                "pd.DataFrame(np.arange(6000).reshape(2000, 3))\"}",
                "ok");
  {
    const cJSON *j = get(get(doc, "result"), "json");
    const cJSON *shape = get(j, "shape"), *data = get(j, "data");

    cr_assert(cJSON_IsTrue(get(j, "truncated")));
    cr_assert(cJSON_GetArraySize(shape) == 2 &&
              cJSON_GetArrayItem(shape, 0)->valuedouble == 2000 &&
              cJSON_GetArrayItem(shape, 1)->valuedouble == 3);
    cr_assert(cJSON_GetArraySize(data) >= 1 && cJSON_GetArraySize(data) < 2000);
    cr_assert_eq(cJSON_GetArrayItem(cJSON_GetArrayItem(data, 1), 2)->valuedouble, 5);
    cr_assert_eq(cJSON_GetArraySize(get(j, "index")), cJSON_GetArraySize(data));
  }
  cJSON_Delete(doc);
  srv_stop(&s);
}
