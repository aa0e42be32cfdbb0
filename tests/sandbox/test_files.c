/* The files capability against the kernel layers alone.  The snippet runs
 * in RAW mode (no validator, the real builtins and `open`, no audit hook)
 * with files written into its working directory: whatever path tricks it
 * plays, the only things it can read outside that directory are what the
 * kernel root holds (the standard library, read-only), and it can write
 * nowhere else. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "sbx.h"

TestSuite(files_kernel, .init = sbx_setup, .fini = sbx_teardown, .timeout = 30);

#define F(path, data) {(path), sizeof(path) - 1, (data), sizeof(data) - 1}

Test(files_kernel, the_working_directory_holds_the_files_and_nothing_leads_out) {
  static const struct ts_job_file files[] = {F("data/in.csv", "a,b\n"), F("b.bin", "\0\1")};
  struct sbx_run run;

  cr_assert_eq(access("/etc/passwd", R_OK), 0, "the host has /etc/passwd");
  sbx_run_files(&run,
                "print('CWD', os.getcwd(), sorted(os.listdir('.')), os.listdir('data'))\n"
                "print('READ', repr(open('data/in.csv').read()), open('b.bin', 'rb').read())\n"
                "attempt('read_etc_passwd', lambda: open('/etc/passwd').read(), (errno.ENOENT,))\n"
                "attempt('read_dotdot_passwd', lambda: open('../etc/passwd').read(),"
                " (errno.ENOENT,))\n"
                "attempt('read_deep_dotdot_passwd',"
                " lambda: open('data/../../../../../etc/passwd').read(), (errno.ENOENT,))\n"
                "attempt('write_above', lambda: open('../escaped', 'w'), (errno.EROFS,))\n"
                "attempt('write_stdlib', lambda: open(os.path.dirname(os.__file__) +"
                " '/escaped.py', 'w'), (errno.EROFS,))\n"
                "attempt('make_symlink', lambda: os.symlink('/etc', 'etc'), (errno.EPERM,))\n"
                "attempt('make_hardlink', lambda: os.link('b.bin', 'c.bin'), (errno.EPERM,))\n"
                "print('TOP', sorted(os.listdir('/')))\n",
                files, 2);
  sbx_assert_contained(&run);
  sbx_assert_out_has(&run, "CWD /tmp ['b.bin', 'data'] ['in.csv']\n");
  sbx_assert_out_has(&run, "READ 'a,b\\n' b'\\x00\\x01'\n");
  sbx_assert_blocked(&run, "read_etc_passwd errno=2 ENOENT", "read_dotdot_passwd errno=2 ENOENT",
                     "read_deep_dotdot_passwd errno=2 ENOENT", "write_above errno=30 EROFS",
                     "write_stdlib errno=30 EROFS", "make_symlink errno=1 EPERM",
                     "make_hardlink errno=1 EPERM");
  /* The root: the working directory and the path to the standard library. */
  sbx_assert_out_has(&run, "TOP ['tmp', 'usr']\n");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(files_kernel, a_full_working_directory_fails_the_job_not_the_sandbox) {
  /* More files than the private /tmp has inodes (1024): the server caps
   * them far below that, so they reach the child only through this API.
   * The child reports the file it could not write as the snippet's
   * OSError, and the snippet never runs. */
  enum { N = 1100 };
  static struct ts_job_file files[N];
  static char names[N][8];
  struct sbx_run run;

  for (size_t i = 0; i < N; i++) {
    snprintf(names[i], sizeof names[i], "f%04zu", i);
    files[i] = (struct ts_job_file){names[i], strlen(names[i]), "", 0};
  }
  sbx_run_files(&run, "print('RAN')\n", files, N);
  sbx_assert_status(&run, TS_EXEC_ERROR);
  sbx_assert_out_lacks(&run, "RAN");
  cr_assert_str_eq(run.r.report.type, "OSError");
  cr_assert(strstr(run.r.report.message, "into the working directory: openat (the file): No space "
                                         "left on device"),
            "%s", run.r.report.message);
  sbx_free(&run);
  sbx_assert_server_fine();
}
