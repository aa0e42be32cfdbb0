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

/* Files back, with the Python layer off: the child collects them itself,
 * so what the snippet leaves in the directory (a sparse file far past the
 * budget, hundreds of files, a FIFO if it can make one) costs the server
 * no more than the limits, and never hangs the child. */
Test(files_kernel, files_back_are_bounded_whatever_the_snippet_leaves) {
  static const char *const all[] = {"**"};
  struct sbx_run run;
  size_t total = 0;

  sbx_run_return(&run,
                 "f = open('sparse.bin', 'wb')\n"
                 "f.truncate(15 << 20)\n"
                 "f.close()\n"
                 "os.mkdir('many')\n"
                 "for i in range(500):\n"
                 "    open('many/%03d.txt' % i, 'w').write('x')\n"
                 "try:\n"
                 "    os.mkfifo('fifo')\n"
                 "    print('FIFO made')\n"
                 "except OSError as e:\n"
                 "    print('FIFO', errno.errorcode[e.errno])\n",
                 all, 1, (struct ts_job_return){8, 0, 1 << 20});
  sbx_assert_status(&run, TS_EXEC_OK);
  cr_assert_eq(run.r.report.nfiles, 8, "at most max_files");
  cr_assert_eq(run.r.report.files_dropped, 500 + 1 - 8, "the rest counted");
  for (size_t i = 0; i < run.r.report.nfiles; i++) {
    const struct ts_report_file *f = &run.r.report.files[i];
    cr_assert_neq(strcmp(f->path, "fifo"), 0, "a FIFO is never sent");
    total += f->len;
  }
  cr_assert_leq(total, (size_t)1 << 20, "within max_bytes");
  cr_assert_str_eq(run.r.report.files[0].path, "many/000.txt", "byte order of the paths");
  cr_assert_str_eq(run.r.report.files[7].path, "many/007.txt");
  sbx_free(&run);

  /* The sparse file alone: cut at the budget, its real size said. */
  sbx_run_return(&run,
                 "f = open('sparse.bin', 'wb')\nf.truncate(15 << 20)\nf.close()\n",
                 all, 1, (struct ts_job_return){8, 0, 1 << 20});
  sbx_assert_status(&run, TS_EXEC_OK);
  cr_assert_eq(run.r.report.nfiles, 1);
  cr_assert_eq(run.r.report.files[0].len, (size_t)1 << 20);
  cr_assert_eq(run.r.report.files[0].size, (uint64_t)15 << 20);
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* A snippet that writes a FILES record of its own (a path out of the
 * directory, more bytes than asked for) and exits before the runner
 * reports: the server keeps no file whose path the rule refuses, and
 * nothing past the job's limits. */
Test(files_kernel, forged_files_records_are_checked_by_the_server) {
  static const char *const all[] = {"**"};
  struct sbx_run run;

  sbx_run_return(&run,
                 "import struct\n"
                 "def one(path, data, size):\n"
                 "    return struct.pack('=QII', size, len(path), len(data)) + path + data\n"
                 "files = [one(b'../../etc/passwd', b'root', 4), one(b'/abs', b'a', 1),\n"
                 "         one(b'ok.txt', b'x' * 100, 100), one(b'ok.txt', b'y', 1),\n"
                 "         one(b'big.txt', b'z' * 5000, 5000)]\n"
                 "body = struct.pack('=II', len(files), 7) + b''.join(files)\n"
                 "os.write(3, struct.pack('=II', 5, len(body)) + body)\n"
                 "os._exit(0)\n",
                 all, 1, (struct ts_job_return){4, 0, 1000});
  sbx_assert_status(&run, TS_EXEC_OK);
  cr_assert_eq(run.r.report.nfiles, 1, "only ok.txt, once");
  cr_assert_str_eq(run.r.report.files[0].path, "ok.txt");
  cr_assert_eq(run.r.report.files[0].len, 100);
  cr_assert_eq(run.r.report.files_dropped, 7 + 4, "the child's count and the refused ones");
  sbx_free(&run);
  sbx_assert_server_fine();
}
