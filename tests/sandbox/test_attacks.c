/* Attacks on the kernel layers of the sandbox.
 *
 * Every snippet here runs in RAW mode: no validator, no builtins
 * whitelist, no import hook.  It has os, socket and ctypes (libc.syscall)
 * in hand, i.e. it is what an escape from the Python-level checks would
 * look like.  What must still stop it: the namespaces made by the clone
 * (user, pid, mount, ipc, uts, cgroup, and the zygote's empty network
 * namespace), the empty pivot_root'ed root with the standard library
 * read-only and a private /tmp, the rlimits, the dropped capabilities,
 * no_new_privs and the seccomp allowlist.
 *
 * Each test is named after the attack, prints one verdict line per attempt
 * (see sbx.h) and fails if any attempt got through, or if it was stopped
 * by something else than the layer we expect (the exact errno is
 * asserted).  After each attack the same executor must still run an
 * ordinary print(6*7), and no child process of the test may be left. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <netinet/in.h>
#include <arpa/inet.h>
#include <time.h>
#include <unistd.h>

#include <criterion/criterion.h>

#include "sbx.h"

#define SUITE_OPTS .init = sbx_setup, .fini = sbx_teardown, .timeout = 30

TestSuite(raw_mode, SUITE_OPTS);
TestSuite(fs_escape, SUITE_OPTS);
TestSuite(net_escape, SUITE_OPTS);
TestSuite(proc_escape, SUITE_OPTS);
TestSuite(parent_escape, SUITE_OPTS);
TestSuite(kernel_escape, SUITE_OPTS);
TestSuite(fd_abuse, SUITE_OPTS);
TestSuite(priv_escape, SUITE_OPTS);
TestSuite(resource_abuse, SUITE_OPTS);
TestSuite(cross_job, SUITE_OPTS);

/* Runs an attack body with the default limits and requires that it ran to
 * its end with every attempt blocked. */
static void attack(struct sbx_run *run, const char *body) {
  sbx_run(run, body, SBX_TIMEOUT, SBX_MEMORY_MB);
  sbx_assert_contained(run);
}

/* ------------------------------------------------------------------ */
/* Positive controls: RAW mode really has the dangerous tools, and what
 * should work inside does. */

Test(raw_mode, has_os_socket_ctypes_and_a_writable_tmp) {
  struct sbx_run run;

  attack(&run,
         "import threading, subprocess, mmap, builtins\n"
         "print('HAS', type(os.system).__name__, type(socket.socket).__name__,\n"
         "      type(libc.syscall).__name__, type(builtins.open).__name__)\n"
         "print('GETPID', sc(39))\n"
         "with open('/tmp/x', 'w') as f:\n"
         "    f.write('inside')\n"
         "print('TMP', open('/tmp/x').read(), os.listdir('/tmp'))\n"
         "os.mkdir('/tmp/d'); os.rename('/tmp/x', '/tmp/d/y'); os.unlink('/tmp/d/y'); os.rmdir('/tmp/d')\n"
         "print('STDLIB', len(open(os.__file__).read()) > 1000)\n"
         "print('EXEC', eval('6*7'))\n");
  sbx_assert_out_has(&run, "HAS builtin_function_or_method type _FuncPtr builtin_function_or_method\n");
  /* pid 1 of its own namespace */
  sbx_assert_out_has(&run, "GETPID (1, 0)\n");
  sbx_assert_out_has(&run, "TMP inside ['x']\n");
  sbx_assert_out_has(&run, "STDLIB True\n");
  sbx_assert_out_has(&run, "EXEC 42\n");
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* ------------------------------------------------------------------ */
/* Filesystem */

Test(fs_escape, read_etc_passwd) {
  struct sbx_run run;

  cr_assert_eq(access("/etc/passwd", R_OK), 0, "the host has /etc/passwd");
  attack(&run,
         "attempt('read_etc_passwd', lambda: open('/etc/passwd').read(), (errno.ENOENT,))\n"
         "attempt('read_etc_passwd_dotdot', lambda: open('../../../../../etc/passwd').read(),"
         " (errno.ENOENT,))\n"
         "attempt('stat_etc', lambda: os.stat('/etc'), (errno.ENOENT,))\n");
  sbx_assert_blocked(&run, "read_etc_passwd errno=2 ENOENT", "read_etc_passwd_dotdot errno=2 ENOENT",
                     "stat_etc errno=2 ENOENT");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fs_escape, read_etc_shadow) {
  struct sbx_run run;

  cr_assert_eq(access("/etc/shadow", F_OK), 0, "the host has /etc/shadow");
  attack(&run, "attempt('read_etc_shadow', lambda: open('/etc/shadow', 'rb').read(), (errno.ENOENT,))\n");
  sbx_assert_blocked(&run, "read_etc_shadow errno=2 ENOENT");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fs_escape, read_proc_environ) {
  struct sbx_run run;

  cr_assert_eq(access("/proc/1/environ", F_OK), 0);
  attack(&run,
         "attempt('read_proc_1_environ', lambda: open('/proc/1/environ', 'rb').read(), (errno.ENOENT,))\n"
         "attempt('read_proc_self_environ', lambda: open('/proc/self/environ', 'rb').read(),"
         " (errno.ENOENT,))\n"
         "attempt('read_proc_self_mem', lambda: open('/proc/self/mem', 'rb').read(1), (errno.ENOENT,))\n"
         "attempt('list_proc', lambda: os.listdir('/proc'), (errno.ENOENT,))\n"
         "attempt('read_proc_sys', lambda: open('/proc/sys/kernel/core_pattern').read(),"
         " (errno.ENOENT,))\n");
  sbx_assert_blocked(&run, "read_proc_1_environ errno=2 ENOENT", "read_proc_self_environ errno=2 ENOENT",
                     "read_proc_self_mem errno=2 ENOENT", "list_proc errno=2 ENOENT",
                     "read_proc_sys errno=2 ENOENT");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fs_escape, read_server_binary) {
  struct sbx_run run;

  cr_assert_eq(access(TS_SERVER_BIN, R_OK), 0);
  sbx_runf(&run, SBX_TIMEOUT, SBX_MEMORY_MB,
           "BIN = '%s'\n"
           "attempt('read_server_binary', lambda: open(BIN, 'rb').read(4), (errno.ENOENT,))\n"
           "attempt('list_server_dir', lambda: os.listdir(os.path.dirname(BIN)), (errno.ENOENT,))\n",
           TS_SERVER_BIN);
  sbx_assert_contained(&run);
  sbx_assert_blocked(&run, "read_server_binary errno=2 ENOENT", "list_server_dir errno=2 ENOENT");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fs_escape, read_source_tree) {
  struct sbx_run run;
  char root[512], probe[600];
  const char *cut = strstr(__FILE__, "/tests/sandbox/");

  cr_assert(__FILE__[0] == '/' && cut, "need an absolute __FILE__, got %s", __FILE__);
  snprintf(root, sizeof root, "%.*s", (int)(cut - __FILE__), __FILE__);
  snprintf(probe, sizeof probe, "%s/src/sandbox/child.c", root);
  cr_assert_eq(access(probe, R_OK), 0, "the host has %s", probe);
  sbx_runf(&run, SBX_TIMEOUT, SBX_MEMORY_MB,
           "ROOT = '%s'\n"
           "attempt('list_source_tree', lambda: os.listdir(ROOT), (errno.ENOENT,))\n"
           "attempt('read_source_file', lambda: open(ROOT + '/src/sandbox/child.c').read(), (errno.ENOENT,))\n",
           root);
  sbx_assert_contained(&run);
  sbx_assert_blocked(&run, "list_source_tree errno=2 ENOENT", "read_source_file errno=2 ENOENT");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fs_escape, read_root_home_and_devices) {
  struct sbx_run run;

  cr_assert_eq(access("/root", F_OK), 0);
  attack(&run,
         "attempt('list_root_home', lambda: os.listdir('/root'), (errno.ENOENT,))\n"
         "attempt('read_dev_mem', lambda: open('/dev/mem', 'rb').read(1), (errno.ENOENT,))\n"
         "attempt('list_sys', lambda: os.listdir('/sys'), (errno.ENOENT,))\n"
         "attempt('list_home', lambda: os.listdir('/home'), (errno.ENOENT,))\n");
  sbx_assert_blocked(&run, "list_root_home errno=2 ENOENT", "read_dev_mem errno=2 ENOENT",
                     "list_sys errno=2 ENOENT", "list_home errno=2 ENOENT");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fs_escape, list_root_shows_only_the_minimal_tree) {
  struct sbx_run run;
  bool science = sbx_science();

  /* The science profile's root holds its read-only package directories
   * too (README: Profiles), each walked no deeper than the stdlib. */
  attack(&run,
         "tree = []\n"
         "stops = (os.path.dirname(os.__file__), '/usr/lib/python3/dist-packages',\n"
         "         '/usr/share/matplotlib', '/usr/share/zoneinfo')\n"
         "for top, dirs, files in os.walk('/'):\n"
         "    if top.startswith(stops):\n"
         "        dirs[:] = []\n"
         "    tree.append(top)\n"
         "print('ROOT', sorted(os.listdir('/')))\n"
         "print('DOTDOT', sorted(os.listdir('/../../..')))\n"
         "print('TREE', sorted(tree))\n"
         "print('CWD', os.getcwd())\n"
         "print('ENV', dict(os.environ), len(os.environ))\n"
         "print('HOST', os.uname().nodename)\n");
  sbx_assert_out_has(&run, "ROOT ['tmp', 'usr']\n");
  sbx_assert_out_has(&run, "DOTDOT ['tmp', 'usr']\n");
  if (science) {
    sbx_assert_out_has(&run, "TREE ['/', '/tmp', '/usr', '/usr/lib', '/usr/lib/python3', "
                             "'/usr/lib/python3.11', '/usr/lib/python3/dist-packages', "
                             "'/usr/share', '/usr/share/matplotlib', '/usr/share/zoneinfo']\n");
    sbx_assert_out_has(&run, "ENV {'HOME': '/tmp', 'OPENBLAS_NUM_THREADS': '1', 'OMP_NUM_THREADS': '1', "
                             "'MKL_NUM_THREADS': '1', 'MPLBACKEND': 'Agg', "
                             "'MPLCONFIGDIR': '/var/cache/tool-sandbox/matplotlib'} 6\n");
  } else {
    sbx_assert_out_has(&run, "TREE ['/', '/tmp', '/usr', '/usr/lib', '/usr/lib/python3.11']\n");
    sbx_assert_out_has(&run, "ENV {'HOME': '/tmp'} 1\n");
  }
  sbx_assert_out_has(&run, "CWD /tmp\n");
  sbx_assert_out_has(&run, "HOST sandbox\n");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fs_escape, write_root_and_stdlib) {
  struct sbx_run run;
  struct stat before, after;

  cr_assert_eq(stat("/usr/lib/python3.11/os.py", &before), 0);
  attack(&run,
         "RO = (errno.EROFS,)\n"
         "LIB = os.path.dirname(os.__file__)\n"
         "attempt('write_root_file', lambda: open('/evil', 'w'), RO)\n"
         "attempt('mkdir_root', lambda: os.mkdir('/etc'), RO)\n"
         "attempt('chmod_root', lambda: os.chmod('/', 0o777), RO)\n"
         "attempt('rename_usr', lambda: os.rename('/usr', '/tmp/usr'), (errno.EROFS, errno.EXDEV))\n"
         "attempt('write_stdlib_new', lambda: open(LIB + '/evil.py', 'w'), RO)\n"
         "attempt('append_stdlib_os', lambda: open(os.__file__, 'a'), (errno.EACCES,))\n"
         "attempt('unlink_stdlib_os', lambda: os.unlink(os.__file__), RO)\n"
         "attempt('chmod_stdlib_os', lambda: os.chmod(os.__file__, 0o777), RO)\n"
         "attempt('utime_stdlib_os', lambda: os.utime(os.__file__, (0, 0)), RO)\n"
         "attempt('truncate_stdlib_os', lambda: os.truncate(os.__file__, 0))\n"
         "attempt('mkdir_stdlib', lambda: os.mkdir(LIB + '/evil'), RO)\n");
  sbx_assert_blocked(&run, "write_root_file errno=30 EROFS", "mkdir_root errno=30 EROFS",
                     "chmod_root errno=30 EROFS", "write_stdlib_new errno=30 EROFS",
                     "append_stdlib_os errno=13 EACCES", "unlink_stdlib_os errno=30 EROFS",
                     "chmod_stdlib_os errno=30 EROFS", "utime_stdlib_os errno=30 EROFS",
                     "truncate_stdlib_os errno=1 EPERM", "mkdir_stdlib errno=30 EROFS",
                     "rename_usr errno=18 EXDEV");
  sbx_free(&run);
  cr_assert_eq(stat("/usr/lib/python3.11/os.py", &after), 0);
  cr_assert(before.st_size == after.st_size && before.st_mtim.tv_sec == after.st_mtim.tv_sec &&
            before.st_mode == after.st_mode, "the host's os.py changed");
  cr_assert_neq(access("/usr/lib/python3.11/evil.py", F_OK), 0);
  cr_assert_neq(access("/evil", F_OK), 0);
  sbx_assert_server_fine();
}

Test(fs_escape, links_and_device_nodes) {
  struct sbx_run run;

  attack(&run,
         "open('/tmp/f', 'w').close()\n"
         "attempt('symlink_to_host', lambda: os.symlink('/etc/passwd', '/tmp/l'))\n"
         "attempt('hardlink', lambda: os.link('/tmp/f', '/tmp/h'))\n"
         "attempt('mknod_dev_mem', lambda: os.mknod('/tmp/mem', 0o20600, os.makedev(1, 1)))\n"
         "attempt('mkfifo', lambda: os.mkfifo('/tmp/fifo'))\n"
         "attempt('chown_root', lambda: os.chown('/tmp/f', 0, 0))\n"
         "print('TMP', sorted(os.listdir('/tmp')))\n");
  sbx_assert_blocked(&run, "symlink_to_host errno=1 EPERM", "hardlink errno=1 EPERM",
                     "mknod_dev_mem errno=1 EPERM", "mkfifo errno=1 EPERM", "chown_root errno=1 EPERM");
  sbx_assert_out_has(&run, "TMP ['f']\n");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fs_escape, tmp_file_does_not_reach_host_or_next_job) {
  struct sbx_run run;
  char name[128], host[160];

  snprintf(name, sizeof name, "ts-sbx-%d-%ld", (int)getpid(), (long)time(NULL));
  snprintf(host, sizeof host, "/tmp/%s", name);
  cr_assert_neq(access(host, F_OK), 0);
  sbx_runf(&run, SBX_TIMEOUT, SBX_MEMORY_MB,
           "with open('/tmp/%s', 'w') as f:\n"
           "    f.write('secret')\n"
           "print('WROTE', open('/tmp/%s').read())\n",
           name, name);
  sbx_assert_contained(&run);
  sbx_assert_out_has(&run, "WROTE secret\n");
  sbx_free(&run);
  cr_assert_neq(access(host, F_OK), 0, "%s appeared on the host", host);
  sbx_runf(&run, SBX_TIMEOUT, SBX_MEMORY_MB,
           "print('NEXT', os.path.exists('/tmp/%s'), os.listdir('/tmp'))\n", name);
  sbx_assert_contained(&run);
  sbx_assert_out_has(&run, "NEXT False []\n");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fs_escape, fill_tmp) {
  struct sbx_run run;

  sbx_run(&run,
          "chunk = b'x' * (1 << 20)\n"
          "def fill():\n"
          "    with open('/tmp/big', 'wb') as f:\n"
          "        for i in range(64):\n"
          "            f.write(chunk)\n"
          "            f.flush()\n"
          "attempt('fill_tmp_bytes', fill, (errno.ENOSPC, errno.EFBIG))\n"
          "print('SIZE', os.path.getsize('/tmp/big') <= (16 << 20))\n"
          "os.unlink('/tmp/big')\n"
          "def inodes():\n"
          "    for i in range(5000):\n"
          "        open(f'/tmp/i{i}', 'w').close()\n"
          "attempt('fill_tmp_inodes', inodes, (errno.ENOSPC,))\n"
          "print('FILES', len(os.listdir('/tmp')) <= 1024)\n",
          5.0, SBX_MEMORY_MB);
  sbx_assert_contained(&run);
  sbx_assert_out_has(&run, "BLOCKED fill_tmp_bytes errno=");
  sbx_assert_blocked(&run, "fill_tmp_inodes errno=28 ENOSPC");
  sbx_assert_out_has(&run, "SIZE True\n");
  sbx_assert_out_has(&run, "FILES True\n");
  sbx_free(&run);
  /* Left full on purpose: the next job gets an empty /tmp of its own. */
  sbx_run(&run,
          "print('NEXT', os.listdir('/tmp'))\n"
          "with open('/tmp/again', 'wb') as f:\n"
          "    f.write(b'x' * (8 << 20))\n"
          "print('WROTE', os.path.getsize('/tmp/again'))\n",
          5.0, SBX_MEMORY_MB);
  sbx_assert_status(&run, TS_EXEC_OK);
  sbx_assert_out_has(&run, "NEXT []\n");
  sbx_assert_out_has(&run, "WROTE 8388608\n");
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* ------------------------------------------------------------------ */
/* Network */

static int tcp_listener(unsigned *port) {
  struct sockaddr_in a = {.sin_family = AF_INET, .sin_port = 0};
  socklen_t len = sizeof a;
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);

  cr_assert_geq(fd, 0);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  cr_assert_eq(bind(fd, (struct sockaddr *)&a, sizeof a), 0);
  cr_assert_eq(listen(fd, 16), 0);
  cr_assert_eq(getsockname(fd, (struct sockaddr *)&a, &len), 0);
  *port = ntohs(a.sin_port);
  return fd;
}

static void assert_no_connection(int lfd, const char *what) {
  int c = accept4(lfd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
  int e = errno;

  if (c >= 0)
    close(c);
  cr_assert(c < 0 && (e == EAGAIN || e == EWOULDBLOCK), "the host listener (%s) got a connection",
            what);
}

Test(net_escape, connect_loopback) {
  struct sbx_run run;
  unsigned port;
  int lfd = tcp_listener(&port);

  sbx_runf(&run, SBX_TIMEOUT, SBX_MEMORY_MB,
           "PORT = %u\n"
           "attempt('connect_loopback', lambda: socket.create_connection(('127.0.0.1', PORT), timeout=1))\n"
           "attempt('connect_loopback_v6', lambda: socket.create_connection(('::1', PORT), timeout=1))\n"
           "attempt('udp_sendto_loopback', lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM)"
           ".sendto(b'x', ('127.0.0.1', PORT)))\n"
           "attempt('udp_dns_out', lambda: socket.socket(socket.AF_INET, socket.SOCK_DGRAM)"
           ".sendto(b'x', ('8.8.8.8', 53)))\n"
           "attempt('listen_port', lambda: socket.create_server(('0.0.0.0', 8080)))\n",
           port);
  sbx_assert_contained(&run);
  sbx_assert_blocked(&run, "connect_loopback errno=1 EPERM", "connect_loopback_v6 errno=1 EPERM",
                     "udp_sendto_loopback errno=1 EPERM", "udp_dns_out errno=1 EPERM",
                     "listen_port errno=1 EPERM");
  sbx_free(&run);
  assert_no_connection(lfd, "127.0.0.1");
  close(lfd);
  sbx_assert_server_fine();
}

Test(net_escape, unix_sockets_to_host) {
  struct sbx_run run;
  struct sockaddr_un path = {.sun_family = AF_UNIX}, abstract = {.sun_family = AF_UNIX};
  int pfd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  int afd = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  char name[64];
  socklen_t alen;

  cr_assert(pfd >= 0 && afd >= 0);
  snprintf(path.sun_path, sizeof path.sun_path, "/tmp/ts-sbx-%d.sock", (int)getpid());
  unlink(path.sun_path);
  cr_assert_eq(bind(pfd, (struct sockaddr *)&path, sizeof path), 0);
  cr_assert_eq(listen(pfd, 4), 0);
  snprintf(name, sizeof name, "ts-sbx-%d", (int)getpid());
  memcpy(abstract.sun_path + 1, name, strlen(name));
  alen = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + 1 + strlen(name));
  cr_assert_eq(bind(afd, (struct sockaddr *)&abstract, alen), 0);
  cr_assert_eq(listen(afd, 4), 0);

  sbx_runf(&run, SBX_TIMEOUT, SBX_MEMORY_MB,
           "def conn(addr):\n"
           "    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
           "    s.connect(addr)\n"
           "    return s\n"
           "attempt('unix_connect_path', lambda: conn('%s'))\n"
           "attempt('unix_connect_abstract', lambda: conn('\\0%s'))\n"
           "attempt('unix_dgram', lambda: socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM))\n"
           "attempt('unix_socketpair', lambda: socket.socketpair())\n"
           "expect_blocked('raw_socketpair', 53, 1, 1, 0, ctypes.create_string_buffer(8))\n",
           path.sun_path, name);
  sbx_assert_contained(&run);
  sbx_assert_blocked(&run, "unix_connect_path errno=1 EPERM", "unix_connect_abstract errno=1 EPERM",
                     "unix_dgram errno=1 EPERM", "unix_socketpair errno=1 EPERM",
                     "raw_socketpair errno=1 EPERM");
  sbx_free(&run);
  assert_no_connection(pfd, "path unix socket");
  assert_no_connection(afd, "abstract unix socket");
  close(pfd);
  close(afd);
  unlink(path.sun_path);
  sbx_assert_server_fine();
}

Test(net_escape, netlink_vsock_packet_families) {
  struct sbx_run run;

  attack(&run,
         "attempt('netlink_route', lambda: socket.socket(16, socket.SOCK_RAW, 0))\n"
         "attempt('netlink_audit', lambda: socket.socket(16, socket.SOCK_RAW, 9))\n"
         "attempt('vsock', lambda: socket.socket(40, socket.SOCK_STREAM, 0))\n"
         "attempt('packet_raw', lambda: socket.socket(17, socket.SOCK_RAW, 0x0300))\n"
         "attempt('inet_raw_icmp', lambda: socket.socket(socket.AF_INET, socket.SOCK_RAW, 1))\n"
         "attempt('alg_crypto', lambda: socket.socket(38, socket.SOCK_SEQPACKET, 0))\n"
         "attempt('bluetooth', lambda: socket.socket(31, socket.SOCK_STREAM, 3))\n"
         "expect_blocked('raw_socket_syscall', 41, 2, 1, 0)\n"
         "expect_blocked('raw_connect_syscall', 42, 1, 0, 0)\n"
         "expect_blocked('raw_sendto_syscall', 44, 1, b'x', 1, 0, 0, 0)\n"
         "expect_blocked('raw_sendmsg_syscall', 46, 1, 0, 0)\n");
  sbx_assert_blocked(&run, "netlink_route errno=1 EPERM", "netlink_audit errno=1 EPERM",
                     "vsock errno=1 EPERM", "packet_raw errno=1 EPERM", "inet_raw_icmp errno=1 EPERM",
                     "alg_crypto errno=1 EPERM", "bluetooth errno=1 EPERM",
                     "raw_socket_syscall errno=1 EPERM", "raw_connect_syscall errno=1 EPERM",
                     "raw_sendto_syscall errno=1 EPERM", "raw_sendmsg_syscall errno=1 EPERM");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(net_escape, list_host_interfaces) {
  struct sbx_run run;

  attack(&run,
         "attempt('list_sys_class_net', lambda: os.listdir('/sys/class/net'), (errno.ENOENT,))\n"
         "attempt('read_proc_net_tcp', lambda: open('/proc/net/tcp').read(), (errno.ENOENT,))\n"
         "attempt('if_nameindex', lambda: socket.if_nameindex())\n"
         "attempt('resolve_name', lambda: socket.getaddrinfo('localhost', 80),"
         " (errno.EPERM, socket.EAI_NONAME, socket.EAI_AGAIN, socket.EAI_FAIL))\n");
  sbx_assert_blocked(&run, "list_sys_class_net errno=2 ENOENT", "read_proc_net_tcp errno=2 ENOENT",
                     "if_nameindex errno=1 EPERM");
  sbx_assert_out_has(&run, "BLOCKED resolve_name");
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* ------------------------------------------------------------------ */
/* New processes and threads */

Test(proc_escape, fork) {
  struct sbx_run run;

  attack(&run,
         "def f():\n"
         "    pid = os.fork()\n"
         "    if pid == 0:\n"
         "        print('ESCAPED fork child')\n"
         "        os._exit(0)\n"
         "    return pid\n"
         "attempt('os_fork', f)\n"
         "attempt('os_forkpty', os.forkpty, (errno.EPERM, errno.ENOENT))\n"
         "expect_blocked('raw_fork_syscall', 57)\n"
         "expect_blocked('raw_vfork_syscall', 58)\n");
  sbx_assert_blocked(&run, "os_fork errno=1 EPERM", "raw_fork_syscall errno=1 EPERM",
                     "raw_vfork_syscall errno=1 EPERM");
  sbx_assert_out_has(&run, "BLOCKED os_forkpty");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(proc_escape, execv_shell) {
  struct sbx_run run;

  /* /bin/sh does not exist inside, so ENOENT would prove little: the
   * filter must answer first (EPERM), for a file that does exist too. */
  attack(&run,
         "attempt('execv_bin_sh', lambda: os.execv('/bin/sh', ['sh', '-c', 'echo ESCAPED']))\n"
         "attempt('execv_existing_file', lambda: os.execv(os.__file__, ['x']))\n"
         "attempt('execve_python', lambda: os.execve('/usr/bin/python3', ['python3', '-c', 'print(1)'], {}))\n"
         "expect_blocked('raw_execveat', 322, -100, b'/bin/sh', 0, 0, 0)\n"
         "r = os.system('echo ESCAPED from sh')\n"
         "# glibc's system() answers 127 << 8 when posix_spawn of /bin/sh fails\n"
         "print(f'BLOCKED os_system status={r}' if r in (-1, 127 << 8) else f'ESCAPED os_system {r}')\n");
  sbx_assert_blocked(&run, "execv_bin_sh errno=1 EPERM", "execv_existing_file errno=1 EPERM",
                     "execve_python errno=1 EPERM", "raw_execveat errno=1 EPERM",
                     "os_system status=32512");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(proc_escape, posix_spawn_and_subprocess) {
  struct sbx_run run;

  attack(&run,
         "import subprocess\n"
         "attempt('posix_spawn', lambda: os.posix_spawn('/bin/sh', ['sh', '-c', 'true'], {}))\n"
         "attempt('posix_spawnp', lambda: os.posix_spawnp('sh', ['sh', '-c', 'true'], {}))\n"
         "attempt('subprocess_run', lambda: subprocess.run(['/bin/sh', '-c', 'true']))\n"
         "attempt('popen', lambda: os.popen('true').read())\n");
  sbx_assert_blocked(&run, "posix_spawn errno=1 EPERM", "posix_spawnp errno=1 EPERM",
                     "subprocess_run errno=1 EPERM", "popen errno=1 EPERM");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(proc_escape, clone_via_ctypes) {
  struct sbx_run run;

  attack(&run,
         "expect_blocked('raw_clone', 56, 17, 0, 0, 0, 0)\n"
         "expect_blocked('raw_clone_newuser', 56, 0x10000000 | 17, 0, 0, 0, 0)\n"
         "expect_blocked('raw_clone_thread', 56, 0x00010000 | 0x00000100 | 0x00000800, 0, 0, 0, 0)\n"
         "buf = ctypes.create_string_buffer(88)\n"
         "expect_blocked('raw_clone3', 435, buf, 88)\n");
  sbx_assert_blocked(&run, "raw_clone errno=1 EPERM", "raw_clone_newuser errno=1 EPERM",
                     "raw_clone_thread errno=1 EPERM", "raw_clone3 errno=38 ENOSYS");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(proc_escape, thread_start) {
  struct sbx_run run;

  attack(&run,
         "import threading, _thread\n"
         "ran = []\n"
         "def start():\n"
         "    t = threading.Thread(target=lambda: ran.append(1))\n"
         "    try:\n"
         "        t.start()\n"
         "    except RuntimeError as e:\n"
         "        print('BLOCKED thread_start', e)\n"
         "        return\n"
         "    t.join()\n"
         "    print('ESCAPED thread_start')\n"
         "start()\n"
         "try:\n"
         "    _thread.start_new_thread(ran.append, (2,))\n"
         "    print('ESCAPED start_new_thread')\n"
         "except RuntimeError as e:\n"
         "    print('BLOCKED start_new_thread', e)\n"
         "print('RAN', ran, threading.active_count())\n");
  sbx_assert_blocked(&run, "thread_start can't start new thread",
                     "start_new_thread can't start new thread");
  sbx_assert_out_has(&run, "RAN [] 1\n");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(proc_escape, fork_bomb) {
  struct sbx_run run;

  /* Every attempt refused with EPERM (the filter; a process limit would
   * say EAGAIN) and none of them created anything: nothing here depends
   * on how fast the 5000 refusals go. */
  attack(&run,
         "n = 0\n"
         "for i in range(5000):\n"
         "    try:\n"
         "        if os.fork() == 0:\n"
         "            os._exit(0)\n"
         "        print('ESCAPED fork_bomb')\n"
         "        break\n"
         "    except OSError as e:\n"
         "        if e.errno == errno.EPERM:\n"
         "            n += 1\n"
         "print('BLOCKED fork_bomb', n)\n");
  sbx_assert_blocked(&run, "fork_bomb 5000");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(proc_escape, fork_bomb_forever) {
  struct sbx_run run;

  /* The classic: it never stops trying.  The job must end at its timeout,
   * promptly, with nothing left behind. */
  sbx_run(&run,
          "while True:\n"
          "    try:\n"
          "        os.fork()\n"
          "    except OSError:\n"
          "        pass\n",
          1.0, SBX_MEMORY_MB);
  /* Ended by the deadline (it never stops by itself), not before it;
   * nothing left behind (sbx_assert_server_fine).  How soon after the
   * deadline is the benchmark's concern, not a pass/fail here. */
  sbx_assert_status(&run, TS_EXEC_TIMEOUT);
  cr_assert_geq(run.r.duration_ms, 1000);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(proc_escape, thread_bomb) {
  struct sbx_run run;

  attack(&run,
         "import threading\n"
         "n = 0\n"
         "for i in range(2000):\n"
         "    try:\n"
         "        threading.Thread(target=lambda: None).start()\n"
         "        print('ESCAPED thread_bomb')\n"
         "        break\n"
         "    except RuntimeError:\n"
         "        n += 1\n"
         "print('BLOCKED thread_bomb', n, threading.active_count())\n");
  sbx_assert_blocked(&run, "thread_bomb 2000 1");
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* ------------------------------------------------------------------ */
/* The server, the zygote and the rest of the host's processes */

static void assert_parents_alive(void) {
  pid_t z = ts_executor_zygote_pid(sbx_ex);

  cr_assert_eq(kill(getpid(), 0), 0);
  cr_assert_eq(kill(z, 0), 0, "the zygote %d is gone", (int)z);
}

Test(parent_escape, kill_ppid) {
  struct sbx_run run;

  /* getppid() is 0 in a new pid namespace, so os.kill(0, 9) would be "the
   * whole process group": the test's own group. */
  attack(&run,
         "print('PPID', os.getppid(), 'PID', os.getpid())\n"
         "attempt('kill_ppid', lambda: os.kill(os.getppid(), 9))\n"
         "attempt('kill_pgrp_0', lambda: os.killpg(0, 9))\n");
  sbx_assert_out_has(&run, "PPID 0 PID 1\n");
  sbx_assert_blocked(&run, "kill_ppid errno=1 EPERM", "kill_pgrp_0 errno=1 EPERM");
  sbx_free(&run);
  assert_parents_alive();
  sbx_assert_server_fine();
}

Test(parent_escape, kill_everyone) {
  struct sbx_run run;

  attack(&run,
         "attempt('kill_minus_1', lambda: os.kill(-1, 9))\n"
         "expect_blocked('raw_kill_minus_1', 62, -1, 9)\n"
         "expect_blocked('raw_tkill', 200, 2, 9)\n");
  sbx_assert_blocked(&run, "kill_minus_1 errno=1 EPERM", "raw_kill_minus_1 errno=1 EPERM",
                     "raw_tkill errno=1 EPERM");
  sbx_free(&run);
  assert_parents_alive();
  sbx_assert_server_fine();
}

Test(parent_escape, signal_server_and_zygote) {
  struct sbx_run run;
  pid_t me = getpid(), z = ts_executor_zygote_pid(sbx_ex);

  /* tgkill is allowed (a thread signalling itself); what stops it for
   * other processes is the pid namespace, where they have no number. */
  sbx_runf(&run, SBX_TIMEOUT, SBX_MEMORY_MB,
           "SERVER, ZYGOTE, PGID = %d, %d, %d\n"
           "attempt('kill_server', lambda: os.kill(SERVER, 9))\n"
           "attempt('kill_zygote', lambda: os.kill(ZYGOTE, 9))\n"
           "attempt('killpg_server', lambda: os.killpg(PGID, 9))\n"
           "expect_blocked('tgkill_server', 234, SERVER, SERVER, 9, ok=(errno.ESRCH,))\n"
           "expect_blocked('tgkill_zygote', 234, ZYGOTE, ZYGOTE, 9, ok=(errno.ESRCH,))\n"
           "expect_blocked('sigqueue_server', 129, SERVER, 9, ctypes.create_string_buffer(128))\n"
           "expect_blocked('pidfd_open_server', 434, SERVER, 0)\n"
           "expect_blocked('pidfd_send_signal', 424, 0, 9, 0, 0)\n"
           "expect_blocked('prlimit_server', 302, SERVER, 9, 0, ctypes.create_string_buffer(16),"
           " ok=(errno.ESRCH,))\n"
           "expect_blocked('setpriority_server', 141, 0, SERVER, 19)\n"
           "expect_blocked('fcntl_setown_server', 72, 1, 8, SERVER, ok=(errno.ESRCH,))\n"
           "expect_blocked('fcntl_setown_pgrp', 72, 1, 8, -PGID, ok=(errno.ESRCH,))\n",
           (int)me, (int)z, (int)getpgrp());
  sbx_assert_contained(&run);
  sbx_assert_blocked(&run, "kill_server errno=1 EPERM", "kill_zygote errno=1 EPERM",
                     "killpg_server errno=1 EPERM", "tgkill_server errno=3 ESRCH",
                     "tgkill_zygote errno=3 ESRCH", "sigqueue_server errno=1 EPERM",
                     "pidfd_open_server errno=1 EPERM", "pidfd_send_signal errno=1 EPERM",
                     "prlimit_server errno=3 ESRCH", "setpriority_server errno=1 EPERM",
                     "fcntl_setown_server errno=3 ESRCH", "fcntl_setown_pgrp errno=3 ESRCH");
  sbx_free(&run);
  assert_parents_alive();
  sbx_assert_server_fine();
}

Test(parent_escape, ptrace_server_and_zygote) {
  struct sbx_run run;
  pid_t me = getpid(), z = ts_executor_zygote_pid(sbx_ex);

  sbx_runf(&run, SBX_TIMEOUT, SBX_MEMORY_MB,
           "SERVER, ZYGOTE = %d, %d\n"
           "libc.ptrace.restype = ctypes.c_long\n"
           "def ptrace(name, req, pid):\n"
           "    ctypes.set_errno(0)\n"
           "    r = libc.ptrace(ctypes.c_long(req), ctypes.c_long(pid), None, None)\n"
           "    e = ctypes.get_errno()\n"
           "    print(f'BLOCKED {name} errno={e} {ename(e)}' if r == -1 and e == errno.EPERM"
           " else f'ESCAPED {name} {r} {e}')\n"
           "ptrace('ptrace_attach_server', 16, SERVER)\n"
           "ptrace('ptrace_attach_zygote', 16, ZYGOTE)\n"
           "ptrace('ptrace_seize_server', 0x4206, SERVER)\n"
           "ptrace('ptrace_traceme', 0, 0)\n"
           "iov = ctypes.create_string_buffer(16)\n"
           "expect_blocked('process_vm_readv_server', 310, SERVER, iov, 1, iov, 1, 0)\n"
           "expect_blocked('process_vm_writev_zygote', 311, ZYGOTE, iov, 1, iov, 1, 0)\n"
           "expect_blocked('kcmp_server', 312, SERVER, ZYGOTE, 0, 0, 0)\n"
           "expect_blocked('pidfd_getfd', 438, 0, 3, 0)\n",
           (int)me, (int)z);
  sbx_assert_contained(&run);
  sbx_assert_blocked(&run, "ptrace_attach_server errno=1 EPERM", "ptrace_attach_zygote errno=1 EPERM",
                     "ptrace_seize_server errno=1 EPERM", "ptrace_traceme errno=1 EPERM",
                     "process_vm_readv_server errno=1 EPERM",
                     "process_vm_writev_zygote errno=1 EPERM", "kcmp_server errno=1 EPERM",
                     "pidfd_getfd errno=1 EPERM");
  sbx_free(&run);
  assert_parents_alive();
  sbx_assert_server_fine();
}

/* ------------------------------------------------------------------ */
/* Kernel attack surface, one raw system call per test.  The call is made
 * with plausible arguments, so that without the filter it would get past
 * argument checks to the permission check or succeed. */

#define SYSCALL_ATTACK(name, call, want)                                       \
  Test(kernel_escape, name) {                                                  \
    struct sbx_run run;                                                        \
    attack(&run, call "\n");                                                   \
    sbx_assert_blocked(&run, #name " errno=" want);                            \
    sbx_free(&run);                                                            \
    sbx_assert_server_fine();                                                  \
  }

#define EPERM_S "1 EPERM"

SYSCALL_ATTACK(mount_proc, "expect_blocked('mount_proc', 165, b'proc', b'/tmp', b'proc', 0, 0)", EPERM_S)
SYSCALL_ATTACK(mount_tmpfs_over_stdlib,
               "expect_blocked('mount_tmpfs_over_stdlib', 165, b'tmpfs', os.path.dirname(os.__file__).encode(),"
               " b'tmpfs', 0, 0)",
               EPERM_S)
SYSCALL_ATTACK(remount_root_rw,
               "expect_blocked('remount_root_rw', 165, 0, b'/', 0, 32, 0)", EPERM_S)
SYSCALL_ATTACK(umount2_tmp, "expect_blocked('umount2_tmp', 166, b'/tmp', 2)", EPERM_S)
SYSCALL_ATTACK(unshare_newuser, "expect_blocked('unshare_newuser', 272, 0x10000000)", EPERM_S)
SYSCALL_ATTACK(unshare_newns_newnet,
               "expect_blocked('unshare_newns_newnet', 272, 0x00020000 | 0x40000000)", EPERM_S)
SYSCALL_ATTACK(setns, "expect_blocked('setns', 308, 1, 0)", EPERM_S)
SYSCALL_ATTACK(pivot_root, "expect_blocked('pivot_root', 155, b'/tmp', b'/tmp')", EPERM_S)
SYSCALL_ATTACK(chroot, "expect_blocked('chroot', 161, b'/tmp')", EPERM_S)
SYSCALL_ATTACK(io_uring_setup,
               "expect_blocked('io_uring_setup', 425, 8, ctypes.create_string_buffer(120))", EPERM_S)
SYSCALL_ATTACK(io_uring_enter, "expect_blocked('io_uring_enter', 426, 1, 1, 0, 0, 0, 0)", EPERM_S)
SYSCALL_ATTACK(keyctl, "expect_blocked('keyctl', 250, 0, -3, 1)", EPERM_S)
SYSCALL_ATTACK(add_key, "expect_blocked('add_key', 248, b'user', b'ts', b'secret', 6, -3)", EPERM_S)
SYSCALL_ATTACK(request_key, "expect_blocked('request_key', 249, b'user', b'ts', 0, -3)", EPERM_S)
SYSCALL_ATTACK(bpf_map_create,
               "attr = ctypes.create_string_buffer(b'\\x02\\0\\0\\0\\x04\\0\\0\\0\\x04\\0\\0\\0\\x01\\0\\0\\0', 128)\n"
               "expect_blocked('bpf_map_create', 321, 0, attr, 128)",
               EPERM_S)
SYSCALL_ATTACK(perf_event_open,
               "attr = ctypes.create_string_buffer(128)\n"
               "attr[4] = 128\n"
               "expect_blocked('perf_event_open', 298, attr, 0, -1, -1, 0)",
               EPERM_S)
SYSCALL_ATTACK(userfaultfd, "expect_blocked('userfaultfd', 323, 0)", EPERM_S)
SYSCALL_ATTACK(ptrace_traceme, "expect_blocked('ptrace_traceme', 101, 0, 0, 0, 0)", EPERM_S)
SYSCALL_ATTACK(process_vm_readv_self,
               "src = ctypes.create_string_buffer(8); dst = ctypes.create_string_buffer(8)\n"
               "iv = (ctypes.c_void_p * 4)(ctypes.addressof(dst), 8, ctypes.addressof(src), 8)\n"
               "expect_blocked('process_vm_readv_self', 310, 1, iv, 1, ctypes.addressof(iv) + 16, 1, 0)",
               EPERM_S)
SYSCALL_ATTACK(kexec_load, "expect_blocked('kexec_load', 246, 0, 0, 0, 0)", EPERM_S)
SYSCALL_ATTACK(kexec_file_load, "expect_blocked('kexec_file_load', 320, 1, 1, 0, b'', 2)", EPERM_S)
SYSCALL_ATTACK(init_module,
               "img = ctypes.create_string_buffer(b'\\x7fELF', 64)\n"
               "expect_blocked('init_module', 175, img, 64, b'')",
               EPERM_S)
SYSCALL_ATTACK(finit_module, "expect_blocked('finit_module', 313, 1, b'', 0)", EPERM_S)
SYSCALL_ATTACK(delete_module, "expect_blocked('delete_module', 176, b'ext4', 0x800)", EPERM_S)
SYSCALL_ATTACK(personality, "expect_blocked('personality', 135, 0xffffffff)", EPERM_S)
SYSCALL_ATTACK(personality_read_implies_exec,
               "expect_blocked('personality_read_implies_exec', 135, 0x0400000)", EPERM_S)
SYSCALL_ATTACK(seccomp_new_filter,
               "expect_blocked('seccomp_new_filter', 317, 1, 0, ctypes.create_string_buffer(16))", EPERM_S)
SYSCALL_ATTACK(open_by_handle_at,
               "expect_blocked('open_by_handle_at', 304, -100, ctypes.create_string_buffer(b'\\x08', 16), 0)",
               EPERM_S)
SYSCALL_ATTACK(ioctl_tiocsti, "expect_blocked('ioctl_tiocsti', 16, 1, 0x5412, b'x')", EPERM_S)
SYSCALL_ATTACK(memfd_create, "expect_blocked('memfd_create', 319, b'x', 0)", EPERM_S)
SYSCALL_ATTACK(sysv_shmget, "expect_blocked('sysv_shmget', 29, 0, 4096, 0o1600)", EPERM_S)
SYSCALL_ATTACK(mq_open, "expect_blocked('mq_open', 240, b'q', 0o100 | 2, 0o600, 0)", EPERM_S)

Test(kernel_escape, new_mount_api) {
  struct sbx_run run;

  attack(&run,
         "expect_blocked('open_tree', 428, -100, b'/usr', 1)\n"
         "expect_blocked('move_mount', 429, -100, b'/tmp', -100, b'/usr', 0)\n"
         "expect_blocked('fsopen', 430, b'tmpfs', 0)\n"
         "expect_blocked('fsconfig', 431, 3, 6, 0, 0, 0)\n"
         "expect_blocked('fsmount', 432, 3, 0, 0)\n"
         "expect_blocked('fspick', 433, -100, b'/', 0)\n"
         "expect_blocked('mount_setattr', 442, -100, b'/', 0, ctypes.create_string_buffer(32), 32)\n");
  sbx_assert_blocked(&run, "open_tree errno=1 EPERM", "move_mount errno=1 EPERM",
                     "fsopen errno=1 EPERM", "fsconfig errno=1 EPERM", "fsmount errno=1 EPERM",
                     "fspick errno=1 EPERM", "mount_setattr errno=1 EPERM");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(kernel_escape, admin_calls) {
  struct sbx_run run;

  attack(&run,
         "ts = ctypes.create_string_buffer(16)\n"
         "expect_blocked('reboot', 169, 0xfee1dead, 672274793, 0, 0)\n"
         "expect_blocked('syslog_read', 103, 3, ctypes.create_string_buffer(4096), 4096)\n"
         "expect_blocked('iopl', 172, 3)\n"
         "expect_blocked('ioperm', 173, 0, 1024, 1)\n"
         "expect_blocked('modify_ldt', 154, 1, ctypes.create_string_buffer(16), 16)\n"
         "expect_blocked('swapon', 167, b'/tmp/swap', 0)\n"
         "expect_blocked('acct', 163, b'/tmp/acct')\n"
         "expect_blocked('settimeofday', 164, ts, 0)\n"
         "expect_blocked('clock_settime', 227, 0, ts)\n"
         "expect_blocked('adjtimex', 159, ctypes.create_string_buffer(256))\n"
         "expect_blocked('sethostname', 170, b'pwned', 5)\n"
         "expect_blocked('vhangup', 153)\n"
         "expect_blocked('quotactl', 179, 0x800002, b'/tmp', 0, 0)\n"
         "expect_blocked('mlockall', 151, 3)\n"
         "expect_blocked('mlock', 149, ts, 16)\n"
         "expect_blocked('fanotify_init', 300, 0, 0)\n"
         "expect_blocked('inotify_init1', 294, 0)\n"
         "expect_blocked('landlock_create_ruleset', 444, 0, 0, 1)\n"
         "expect_blocked('set_mempolicy', 238, 0, 0, 0)\n"
         "expect_blocked('move_pages', 279, 0, 0, 0, 0, 0, 0)\n"
         "expect_blocked('lookup_dcookie', 212, 0, 0, 0)\n"
         "expect_blocked('memfd_secret', 447, 0)\n"
         "print('COUNT', 22)\n");
  cr_assert_eq(sbx_count_lines(&run, "BLOCKED "), 22, "\n%s", run.out);
  sbx_assert_blocked(&run, "reboot errno=1 EPERM", "syslog_read errno=1 EPERM",
                     "iopl errno=1 EPERM", "modify_ldt errno=1 EPERM",
                     "sethostname errno=1 EPERM", "mlockall errno=1 EPERM");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(kernel_escape, x32_abi_syscall) {
  struct sbx_run run;

  /* getpid through the x32 ABI: the filter's architecture check must kill
   * the process (SIGSYS), never let it through or run the call. */
  sbx_run(&run,
          "print('BEFORE', flush=True)\n"
          "r = sc(0x40000000 | 39)\n"
          "print('ESCAPED x32', r)\n",
          SBX_TIMEOUT, SBX_MEMORY_MB);
  sbx_assert_out_has(&run, "BEFORE\n");
  sbx_assert_out_lacks(&run, "ESCAPED");
  sbx_assert_out_lacks(&run, "DONE");
  sbx_assert_status(&run, TS_EXEC_KILLED);
  cr_assert_eq(run.r.signal, SIGSYS);
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* Whether this kernel runs the 32-bit ABI at all (CONFIG_IA32_EMULATION,
 * ia32_emulation=): a child of the test, outside any sandbox, issues int
 * 0x80 with eax 20 (getpid).  Without it the instruction faults (SIGSEGV)
 * before any system call, which is then the only answer a sandboxed child
 * can get either. */
static bool host_has_ia32(void) {
  pid_t pid = fork();
  int status;

  cr_assert_neq(pid, -1, "fork: %s", strerror(errno));
  if (pid == 0) {
    long ret = 20;

    __asm__ volatile("int $0x80" : "+a"(ret) : : "memory");
    _exit(ret > 0 ? 0 : 1);
  }
  cr_assert_eq(waitpid(pid, &status, 0), pid);
  return WIFEXITED(status) && WEXITSTATUS(status) == 0;
}

Test(kernel_escape, i386_int80_syscall) {
  struct sbx_run run;

  /* The 32-bit ABI through int 0x80.  No page can be made executable any
   * more (see exec_mappings below), so the instruction is taken where it
   * already is: the bytes cd 80 somewhere in the code of a loaded object
   * (libc and libpython hold them, inside longer instructions), found by
   * walking the link map and each object's executable PT_LOAD.  Jumping
   * there runs int 0x80 whatever eax holds: the filter's architecture
   * check comes first and must kill the process (SIGSYS). */
  sbx_run(&run,
          "class LinkMap(ctypes.Structure):\n"
          "    pass\n"
          "LinkMap._fields_ = [('l_addr', ctypes.c_void_p), ('l_name', ctypes.c_char_p),\n"
          "                    ('l_ld', ctypes.c_void_p), ('l_next', ctypes.POINTER(LinkMap)),\n"
          "                    ('l_prev', ctypes.POINTER(LinkMap))]\n"
          "def u(b, at, n):\n"
          "    return int.from_bytes(b[at:at + n], 'little')\n"
          "lm = ctypes.POINTER(LinkMap)()\n"
          "assert libc.dlinfo(ctypes.c_void_p(libc._handle), 2, ctypes.byref(lm)) == 0\n"
          "gadget = None\n"
          "while lm and gadget is None:\n"
          "    base = lm.contents.l_addr\n"
          "    ehdr = ctypes.string_at(base, 64) if base else b''\n"
          "    for i in range(u(ehdr, 56, 2) if ehdr[:4] == b'\\x7fELF' else 0):\n"
          "        ph = ctypes.string_at(base + u(ehdr, 32, 8) + 56 * i, 56)\n"
          "        if u(ph, 0, 4) == 1 and u(ph, 4, 4) & 1:  # PT_LOAD, PF_X\n"
          "            at = ctypes.string_at(base + u(ph, 16, 8), u(ph, 32, 8)).find(b'\\xcd\\x80')\n"
          "            if at >= 0:\n"
          "                gadget = base + u(ph, 16, 8) + at\n"
          "                break\n"
          "    lm = lm.contents.l_next\n"
          "print('FOUND', gadget is not None, flush=True)\n"
          "r = ctypes.CFUNCTYPE(ctypes.c_int)(gadget)()\n"
          "print('ESCAPED int80', r)\n",
          SBX_TIMEOUT, SBX_MEMORY_MB);
  sbx_assert_out_has(&run, "FOUND True\n");
  sbx_assert_out_lacks(&run, "ESCAPED");
  sbx_assert_out_lacks(&run, "DONE");
  sbx_assert_status(&run, TS_EXEC_KILLED);
  if (host_has_ia32()) {
    cr_assert_eq(run.r.signal, SIGSYS, "killed by signal %d", run.r.signal);
  } else {
    fprintf(stderr, "i386_int80_syscall: this kernel has no 32-bit ABI; "
                    "int 0x80 must fault before any system call\n");
    cr_assert_eq(run.r.signal, SIGSEGV, "killed by signal %d", run.r.signal);
  }
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* No new machine code.  The interpreter and every extension module a job
 * may use are mapped in the zygote, before the filter; after it, mmap and
 * mprotect pass without PROT_EXEC only, and pkey_mprotect not at all.
 * x86_64: PROT_READ 1, PROT_WRITE 2, PROT_EXEC 4, MAP_PRIVATE 2,
 * MAP_ANONYMOUS 0x20; mmap 9, mprotect 10, munmap 11, pkey_mprotect 329. */

Test(kernel_escape, exec_mappings) {
  struct sbx_run run;
  struct statvfs sv;
  char so[512];
  const char *at;

  attack(&run,
         "expect_blocked('mmap_anon_rwx', 9, 0, 4096, 7, 0x22, -1, 0)\n"
         "expect_blocked('mmap_anon_rx', 9, 0, 4096, 5, 0x22, -1, 0)\n"
         "expect_blocked('mmap_anon_x', 9, 0, 4096, 4, 0x22, -1, 0)\n"
         /* prot is an unsigned long to the kernel: bits above 32 do not
          * hide PROT_EXEC from the filter */
         "expect_blocked('mmap_anon_rwx_high_bits', 9, 0, 4096, 7 | 1 << 40, 0x22, -1, 0)\n"
         "page, e = sc(9, 0, 4096, 3, 0x22, -1, 0)\n"
         "print('RW_MAPPED', page > 0, e)\n"
         "code = b'\\xb8\\x2a\\x00\\x00\\x00\\xc3'  # mov eax, 42; ret\n"
         "ctypes.memmove(page, code, len(code))\n"
         "print('RW_WORKS', ctypes.string_at(page, len(code)) == code)\n"
         "expect_blocked('mprotect_rx', 10, page, 4096, 5)\n"
         "expect_blocked('mprotect_rwx', 10, page, 4096, 7)\n"
         "expect_blocked('mprotect_x', 10, page, 4096, 4)\n"
         "expect_blocked('pkey_mprotect_rx', 329, page, 4096, 5, -1)\n"
         "expect_blocked('mmap_fixed_rwx_over_rw', 9, page, 4096, 7, 0x22 | 0x10, -1, 0)\n"
         /* nor can code already there be made writable and executable */
         "text = ctypes.cast(libc.syscall, ctypes.c_void_p).value & ~4095\n"
         "expect_blocked('mprotect_libc_text_rwx', 10, text, 4096, 7)\n"
         /* a file, mapped executable: the stdlib's own extension modules */
         "import _ctypes\n"
         "print('SO', _ctypes.__file__)\n"
         "fd = os.open(_ctypes.__file__, os.O_RDONLY)\n"
         "expect_blocked('mmap_file_rx', 9, 0, 4096, 5, 2, fd, 0)\n"
         "ro, e = sc(9, 0, 4096, 1, 2, fd, 0)\n"
         "print('FILE_RO', ro > 0 and ctypes.string_at(ro, 4) == b'\\x7fELF', e)\n"
         /* and so through the loader: an extension module the zygote did
          * not import cannot be loaded (it needs an executable mapping);
          * the first of these the zygote has not loaded (the science
          * profile's packages import queue, hence _queue) */
         "import sys, importlib\n"
         "name = [n for n in ('_queue', '_lsprof', '_testbuffer') if n not in sys.modules][0]\n"
         "try:\n"
         "    importlib.import_module(name)\n"
         "    print('ESCAPED dlopen', name)\n"
         "except ImportError as ex:\n"
         "    print('BLOCKED dlopen', 'failed to map segment' in str(ex))\n"
         /* what stays allowed: mapping, protecting and unmapping without
          * PROT_EXEC, and what the zygote loaded for lazy use */
         "print('MPROTECT_R', sc(10, page, 4096, 1), 'NONE', sc(10, page, 4096, 0),"
         " 'RW', sc(10, page, 4096, 3), 'MUNMAP', sc(11, page, 4096))\n"
         "import mmap\n"
         "m = mmap.mmap(-1, 1 << 20)\n"
         "m[:5] = b'hello'\n"
         "print('MMAP_MODULE', m[:5])\n"
         "print('CJK', '\\u4e2d'.encode('gbk'), '\\u65e5'.encode('shift_jis'))\n");
  sbx_assert_blocked(&run, "mmap_anon_rwx errno=1 EPERM", "mmap_anon_rx errno=1 EPERM",
                     "mmap_anon_x errno=1 EPERM", "mmap_anon_rwx_high_bits errno=1 EPERM",
                     "mprotect_rx errno=1 EPERM", "mprotect_rwx errno=1 EPERM",
                     "mprotect_x errno=1 EPERM", "mmap_fixed_rwx_over_rw errno=1 EPERM",
                     "mprotect_libc_text_rwx errno=1 EPERM", "mmap_file_rx errno=1 EPERM",
                     "dlopen True");
  /* pkey_mprotect is not in the allowlist at all (EPERM); a kernel
   * without protection keys would say ENOSYS: either is a refusal. */
  cr_assert_eq(sbx_count_lines(&run, "BLOCKED pkey_mprotect_rx errno="), 1, "\n%s", run.out);
  sbx_assert_out_has(&run, "RW_MAPPED True 0\n");
  sbx_assert_out_has(&run, "RW_WORKS True\n");
  sbx_assert_out_has(&run, "FILE_RO True 0\n");
  sbx_assert_out_has(&run, "MPROTECT_R (0, 0) NONE (0, 0) RW (0, 0) MUNMAP (0, 0)\n");
  sbx_assert_out_has(&run, "MMAP_MODULE b'hello'\n");
  sbx_assert_out_has(&run, "CJK b'\\xd6\\xd0' b'\\x93\\xfa'\n");
  /* The stdlib is bound at the same path inside; were its mount noexec,
   * the kernel would refuse mmap_file_rx itself and prove nothing about
   * the filter. */
  at = strstr(run.out, "SO ");
  cr_assert(at && sscanf(at, "SO %511s", so) == 1, "\n%s", run.out);
  cr_assert_eq(statvfs(so, &sv), 0, "statvfs %s", so);
  cr_assert_eq(sv.f_flag & ST_NOEXEC, 0, "%s is on a noexec mount", so);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(kernel_escape, write_then_execute) {
  struct sbx_run run;

  /* The whole attack: write code to a page, try to make it executable,
   * jump to it anyway.  The page stays non-executable (the refused
   * mprotect, and no READ_IMPLIES_EXEC personality), so the jump faults. */
  sbx_run(&run,
          "page, e = sc(9, 0, 4096, 3, 0x22, -1, 0)\n"
          "code = b'\\xb8\\x2a\\x00\\x00\\x00\\xc3'  # mov eax, 42; ret\n"
          "ctypes.memmove(page, code, len(code))\n"
          "expect_blocked('mprotect_rx', 10, page, 4096, 5)\n"
          "print('CALLING', flush=True)\n"
          "r = ctypes.CFUNCTYPE(ctypes.c_int)(page)()\n"
          "print('ESCAPED ran', r)\n",
          SBX_TIMEOUT, SBX_MEMORY_MB);
  sbx_assert_blocked(&run, "mprotect_rx errno=1 EPERM");
  sbx_assert_out_has(&run, "CALLING\n");
  sbx_assert_out_lacks(&run, "ESCAPED");
  sbx_assert_out_lacks(&run, "DONE");
  sbx_assert_status(&run, TS_EXEC_KILLED);
  cr_assert_eq(run.r.signal, SIGSEGV, "killed by signal %d", run.r.signal);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(kernel_escape, sysinfo_host_facts) {
  struct sbx_run run;
  long host_pages = sysconf(_SC_PHYS_PAGES);
  char want[64];

  /* sysinfo tells host RAM, uptime, load and process count: refused, and
   * nothing written.  glibc's sysconf(_SC_PHYS_PAGES) ignores the error
   * and answers whatever was on its stack; it must not be the host's. */
  attack(&run,
         "buf = ctypes.create_string_buffer(112)\n"
         "expect_blocked('sysinfo', 99, buf)\n"
         "print('UNTOUCHED', buf.raw == bytes(112))\n"
         "print('PHYS_PAGES', os.sysconf('SC_PHYS_PAGES'))\n");
  sbx_assert_blocked(&run, "sysinfo errno=1 EPERM");
  sbx_assert_out_has(&run, "UNTOUCHED True\n");
  cr_assert_gt(host_pages, 0);
  snprintf(want, sizeof want, "PHYS_PAGES %ld\n", host_pages);
  sbx_assert_out_lacks(&run, want);
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* ------------------------------------------------------------------ */
/* File descriptors */

Test(fd_abuse, probe_inherited_fds) {
  struct sbx_run run;

  attack(&run,
         "import stat\n"
         "found = []\n"
         "for fd in range(0, 1025):\n"
         "    try:\n"
         "        st = os.fstat(fd)\n"
         "    except OSError as e:\n"
         "        if e.errno != errno.EBADF:\n"
         "            print('UNEXPECTED fstat', fd, e)\n"
         "        continue\n"
         "    m = st.st_mode\n"
         "    kind = ('fifo' if stat.S_ISFIFO(m) else 'sock' if stat.S_ISSOCK(m) else\n"
         "            'dir' if stat.S_ISDIR(m) else 'reg' if stat.S_ISREG(m) else oct(m))\n"
         "    found.append(f'{fd}:{kind}')\n"
         "print('FDS', found)\n"
         "attempt('read_stdin', lambda: os.read(0, 1), (errno.EBADF,))\n"
         "attempt('read_job_memfd', lambda: os.pread(4, 4, 0), (errno.EBADF,))\n"
         "attempt('read_stdout_pipe_back', lambda: os.read(1, 1), (errno.EBADF,))\n"
         "attempt('fchdir_pipe', lambda: os.fchdir(1), (errno.EPERM, errno.ENOTDIR))\n");
  sbx_assert_out_has(&run, "FDS ['1:fifo', '2:fifo', '3:fifo']\n");
  sbx_assert_blocked(&run, "read_stdin errno=9 EBADF", "read_job_memfd errno=9 EBADF",
                     "read_stdout_pipe_back errno=9 EBADF");
  sbx_assert_out_has(&run, "BLOCKED fchdir_pipe");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fd_abuse, rlimit_nofile) {
  struct sbx_run run;

  attack(&run,
         "fds = []\n"
         "def many():\n"
         "    for i in range(1000):\n"
         "        fds.append(os.open('/tmp', os.O_RDONLY))\n"
         "attempt('open_1000_fds', many, (errno.EMFILE,))\n"
         "print('OPENED', len(fds) < 64)\n"
         "attempt('dup2_high', lambda: os.dup2(1, 500), (errno.EBADF,))\n");
  sbx_assert_blocked(&run, "open_1000_fds errno=24 EMFILE", "dup2_high errno=9 EBADF");
  sbx_assert_out_has(&run, "OPENED True\n");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fd_abuse, forge_result_report) {
  struct sbx_run run;

  /* fd 3 is the child's report: whatever is written there must not decide
   * the status nor hurt the server.  Garbage within the cap makes the
   * report malformed, and the exit status decides; past the cap
   * (TS_REPORT_MAX), the child is killed. */
  sbx_run(&run,
          "os.write(3, b'{\"error\": null}' * 10)\n"
          "os.write(3, b'\\xff\\x00garbage' * 1000)\n"
          "print('WROTE')\n",
          SBX_TIMEOUT, SBX_MEMORY_MB);
  sbx_assert_status(&run, TS_EXEC_OK);
  sbx_assert_out_has(&run, "WROTE\n");
  cr_assert_eq(run.r.report.kind, TS_REPORT_MALFORMED);
  sbx_free(&run);
  sbx_runf(&run, SBX_TIMEOUT, SBX_MEMORY_MB,
           "os.write(3, b'\\xff\\x00garbage' * %zu)\nprint('WROTE')\n", TS_REPORT_MAX / 8);
  sbx_assert_status(&run, TS_EXEC_ERROR);
  sbx_assert_out_lacks(&run, "WROTE");
  sbx_free(&run);
  sbx_run(&run,
          "os.write(3, b'{\"error\": null}')\n"
          "raise ValueError('real error')\n",
          SBX_TIMEOUT, SBX_MEMORY_MB);
  /* The snippet claimed success but raised: the exit code wins. */
  sbx_assert_status(&run, TS_EXEC_ERROR);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(fd_abuse, close_capture_pipes) {
  struct sbx_run run;

  sbx_run(&run,
          "os.close(3)\n"
          "os.close(2)\n"
          "os.close(1)\n"
          "import time\n"
          "time.sleep(0.2)\n",
          SBX_TIMEOUT, SBX_MEMORY_MB);
  /* print('DONE') fails on the closed stdout: error, not a hang (that
   * would end in "timeout" at the 2 s deadline), and the server still
   * reaps the child. */
  cr_assert(run.r.status == TS_EXEC_OK || run.r.status == TS_EXEC_ERROR, "status %s",
            ts_exec_status_name(run.r.status));
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* ------------------------------------------------------------------ */
/* Privileges */

Test(priv_escape, ids_and_setuid) {
  struct sbx_run run;

  attack(&run,
         "print('IDS', os.getuid(), os.geteuid(), os.getgid(), os.getegid(), os.getresuid(),"
         " os.getresgid())\n"
         "print('GROUPS', os.getgroups())\n"
         "attempt('setuid_0', lambda: os.setuid(0))\n"
         "attempt('setgid_0', lambda: os.setgid(0))\n"
         "attempt('setresuid_0', lambda: os.setresuid(0, 0, 0))\n"
         "attempt('setgroups_0', lambda: os.setgroups([0]))\n"
         "expect_blocked('capset_full', 126, (ctypes.c_uint32 * 2)(0x20080522, 0),"
         " (ctypes.c_uint32 * 6)(*([0xffffffff] * 6)))\n"
         "expect_blocked('setrlimit_raise_as', 160, 9, (ctypes.c_uint64 * 2)(2**64 - 1, 2**64 - 1))\n"
         "expect_blocked('prlimit_raise_as', 302, 0, 9, (ctypes.c_uint64 * 2)(2**64 - 1, 2**64 - 1), 0)\n"
         "expect_blocked('prlimit_raise_cpu', 302, 0, 0, (ctypes.c_uint64 * 2)(2**64 - 1, 2**64 - 1), 0)\n"
         "expect_blocked('prlimit_raise_nproc', 302, 0, 6, (ctypes.c_uint64 * 2)(10**6, 10**6), 0)\n");
  sbx_assert_out_has(&run, "IDS 1000 1000 1000 1000 (1000, 1000, 1000) (1000, 1000, 1000)\n");
  sbx_assert_blocked(&run, "setuid_0 errno=1 EPERM", "setgid_0 errno=1 EPERM",
                     "setresuid_0 errno=1 EPERM", "setgroups_0 errno=1 EPERM",
                     "capset_full errno=1 EPERM", "setrlimit_raise_as errno=1 EPERM",
                     "prlimit_raise_as errno=1 EPERM", "prlimit_raise_cpu errno=1 EPERM",
                     "prlimit_raise_nproc errno=1 EPERM");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(priv_escape, prctl_queries) {
  struct sbx_run run;

  /* prctl is not on the allowlist: even reading no_new_privs or the
   * seccomp mode answers EPERM (the host view below checks both). */
  attack(&run,
         "libc.prctl.restype = ctypes.c_int\n"
         "def prctl(name, *a):\n"
         "    ctypes.set_errno(0)\n"
         "    r = libc.prctl(*[ctypes.c_ulong(x) for x in a] + [ctypes.c_ulong(0)] * (5 - len(a)))\n"
         "    e = ctypes.get_errno()\n"
         "    print(f'BLOCKED {name} errno={e} {ename(e)}' if r == -1 and e == errno.EPERM"
         " else f'OBSERVED {name} ret={r} errno={e}')\n"
         "prctl('get_no_new_privs', 39)\n"
         "prctl('get_seccomp', 21)\n"
         "prctl('set_dumpable', 4, 1)\n"
         "prctl('capbset_read', 23, 21)\n"
         "prctl('set_ptracer_any', 0x59616d61, 2**64 - 1)\n"
         "expect_blocked('capget', 125, (ctypes.c_uint32 * 2)(0x20080522, 0),"
         " (ctypes.c_uint32 * 6)())\n");
  sbx_assert_blocked(&run, "get_no_new_privs errno=1 EPERM", "get_seccomp errno=1 EPERM",
                     "set_dumpable errno=1 EPERM", "capbset_read errno=1 EPERM",
                     "set_ptracer_any errno=1 EPERM", "capget errno=1 EPERM");
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* Reads a "Name:\tvalue" line of /proc/<pid>/status into out. */
static bool status_field(pid_t pid, const char *name, char *out, size_t outlen) {
  char path[64], buf[8192], key[64];
  ssize_t n;
  int fd;
  const char *p;

  snprintf(path, sizeof path, "/proc/%d/status", (int)pid);
  fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0)
    return false;
  n = read(fd, buf, sizeof buf - 1);
  close(fd);
  if (n <= 0)
    return false;
  buf[n] = '\0';
  snprintf(key, sizeof key, "\n%s:\t", name);
  p = strstr(buf, key);
  if (!p)
    return false;
  p += strlen(key);
  snprintf(out, outlen, "%.*s", (int)strcspn(p, "\n"), p);
  return true;
}

/* Real, effective, saved and filesystem ids of the child, seen from the
 * host: none of them may be root. */
static void assert_no_zero_id(pid_t pid, const char *field) {
  char v[256], *p = v, *end;
  int n = 0;

  cr_assert(status_field(pid, field, v, sizeof v), "no %s line", field);
  for (;; p = end, n++) {
    unsigned long id = strtoul(p, &end, 10);
    if (end == p)
      break;
    cr_assert_neq(id, 0ul, "the child has host %s 0: %s", field, v);
  }
  cr_assert_eq(n, 4, "%s: %s", field, v);
}

static void ns_link(pid_t pid, const char *ns, char *out, size_t outlen) {
  char path[64];
  ssize_t n;

  snprintf(path, sizeof path, "/proc/%d/ns/%s", (int)pid, ns);
  n = readlink(path, out, outlen - 1);
  cr_assert_gt(n, 0, "readlink %s: %s", path, strerror(errno));
  out[n] = '\0';
}

Test(priv_escape, host_view_of_a_running_child) {
  struct sbx_async *a = sbx_submit("import time\ntime.sleep(1.5)\n", 5.0, SBX_MEMORY_MB);
  struct sbx_run run;
  pid_t z = ts_executor_zygote_pid(sbx_ex), child = 0;
  char v[256];
  struct timespec d = {0, 10 * 1000 * 1000};
  static const char *const caps[] = {"CapInh", "CapPrm", "CapEff", "CapBnd", "CapAmb"};
  static const char *const nss[] = {"user", "pid", "mnt", "ipc", "uts", "cgroup", "net"};

  /* Find the child (the test's only child besides the zygote) once its
   * filter is loaded (30 s: a hang guard), and read what the kernel says
   * about it. */
  for (int i = 0; i < 3000; i++) {
    pid_t pids[8];
    bool zombie;
    size_t n = sbx_children(pids, 8, &zombie);
    for (size_t k = 0; k < n && k < 8; k++)
      if (pids[k] != z)
        child = pids[k];
    if (child && status_field(child, "Seccomp", v, sizeof v) && strcmp(v, "2") == 0)
      break;
    nanosleep(&d, NULL);
  }
  cr_assert_gt(child, 0, "no running child found");
  cr_assert(status_field(child, "Seccomp", v, sizeof v));
  cr_assert_str_eq(v, "2", "seccomp mode");
  cr_assert(status_field(child, "NoNewPrivs", v, sizeof v));
  cr_assert_str_eq(v, "1");
  for (size_t i = 0; i < TS_ARRAY_LEN(caps); i++) {
    cr_assert(status_field(child, caps[i], v, sizeof v));
    cr_assert_str_eq(v, "0000000000000000", "%s of the child", caps[i]);
  }
  assert_no_zero_id(child, "Uid");
  assert_no_zero_id(child, "Gid");
  cr_assert(status_field(child, "NSpid", v, sizeof v));
  cr_assert(strstr(v, "\t1") != NULL, "the child is pid 1 of its namespace: NSpid %s", v);
  for (size_t i = 0; i < TS_ARRAY_LEN(nss); i++) {
    char mine[128], theirs[128];
    ns_link(getpid(), nss[i], mine, sizeof mine);
    ns_link(child, nss[i], theirs, sizeof theirs);
    cr_assert_str_neq(mine, theirs, "the child shares the host's %s namespace", nss[i]);
  }
  sbx_wait(a, &run);
  sbx_assert_contained(&run);
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* ------------------------------------------------------------------ */
/* Resources */

Test(resource_abuse, busy_loop) {
  struct sbx_run run;

  sbx_run(&run, "while True:\n    pass\n", 1.0, SBX_MEMORY_MB);
  /* Killed at the deadline, not before it. */
  sbx_assert_status(&run, TS_EXEC_TIMEOUT);
  cr_assert_geq(run.r.duration_ms, 1000);
  cr_assert_eq(run.r.signal, SIGKILL);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(resource_abuse, long_sleep) {
  struct sbx_run run;

  sbx_run(&run, "import time\ntime.sleep(100)\n", 1.0, SBX_MEMORY_MB);
  /* Sleeping costs no CPU: the wall-clock deadline ends it, not before. */
  sbx_assert_status(&run, TS_EXEC_TIMEOUT);
  cr_assert_geq(run.r.duration_ms, 1000);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(resource_abuse, blocking_signal_wait) {
  struct sbx_run run;

  /* Blocks every signal it can and waits: SIGKILL still ends it. */
  sbx_run(&run,
          "import signal\n"
          "signal.pthread_sigmask(signal.SIG_BLOCK, range(1, 65))\n"
          "signal.sigwait([signal.SIGUSR1])\n",
          1.0, SBX_MEMORY_MB);
  sbx_assert_status(&run, TS_EXEC_TIMEOUT);
  cr_assert_geq(run.r.duration_ms, 1000);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(resource_abuse, memory_bomb) {
  struct sbx_run run;

  /* One request far beyond the allowance fails with nothing in use: a
   * MemoryError, but no memory_limit, which needs the peak the kernel
   * reports (exec/outcome.h). */
  sbx_run(&run, "x = bytearray(2 * 1024**3)\nprint('ESCAPED', len(x))\n", SBX_TIMEOUT, 64);
  sbx_assert_status(&run, TS_EXEC_ERROR);
  cr_assert_str_eq(run.r.report.type, "MemoryError");
  sbx_assert_out_lacks(&run, "ESCAPED");
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* A list that grows until the address space runs out: the runner must
 * still report (it frees the snippet's globals before it allocates
 * anything for the report, or a second MemoryError would escape run()
 * and the child would exit without one), and the server then sees the
 * peak memory that makes it memory_limit.  Same in normal (validated,
 * non-raw) mode. */
static void list_growth(unsigned flags) {
  struct sbx_run run;

  sbx_run_plain(&run,
                "x = []\n"
                "while True:\n"
                "    x.append([len(x)] * 16)\n",
                5.0, 64, flags);
  cr_assert(run.r.status == TS_EXEC_MEMORY_LIMIT || run.r.status == TS_EXEC_KILLED,
            "%s mode: status %s, exit %d, report type %s (no report means the child's "
            "run() itself died of a second MemoryError)\n-- stderr:\n%s",
            flags ? "raw" : "normal", ts_exec_status_name(run.r.status), run.r.exit_code,
            run.r.report.type ? run.r.report.type : "(none)", run.err);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(resource_abuse, list_append_growth) {
  /* Whether the second MemoryError strikes is decided per zygote (its hash
   * seed and address space layout: about 3 zygotes in 4 here), the same
   * for every child of one zygote.  A fresh zygote per round, alternating
   * raw and normal mode, makes the outcome deterministic in practice. */
  for (int i = 0; i < 5; i++) {
    if (i > 0) {
      sbx_teardown();
      sbx_setup();
    }
    list_growth(i % 2 ? 0 : TS_JOB_F_RAW);
  }
}

Test(resource_abuse, mmap_huge) {
  struct sbx_run run;

  attack(&run,
         "import mmap\n"
         "attempt('mmap_8g', lambda: mmap.mmap(-1, 8 << 30), (errno.ENOMEM,))\n"
         "libc.mmap.restype = ctypes.c_void_p\n"
         "libc.mmap.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int, ctypes.c_int,"
         " ctypes.c_int, ctypes.c_long]\n"
         "p = libc.mmap(None, 1 << 40, 3, 0x22 | 0x4000, -1, 0)\n"
         "print('BLOCKED mmap_noreserve_1t' if p == ctypes.c_void_p(-1).value else 'ESCAPED mmap 1T')\n");
  sbx_assert_blocked(&run, "mmap_8g errno=12 ENOMEM", "mmap_noreserve_1t");
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(resource_abuse, print_flood) {
  struct sbx_run run;

  sbx_run(&run, "while True:\n    print('x' * 1000)\n", SBX_TIMEOUT, SBX_MEMORY_MB);
  sbx_assert_status(&run, TS_EXEC_OUTPUT_LIMIT);
  cr_assert(run.r.out_truncated);
  sbx_assert_ceiling(run.r.out, run.r.out_len, run.r.out_bytes);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(resource_abuse, stderr_flood_raw_write) {
  struct sbx_run run;

  sbx_run(&run, "b = b'e' * 65536\nwhile True:\n    os.write(2, b)\n", SBX_TIMEOUT, SBX_MEMORY_MB);
  sbx_assert_status(&run, TS_EXEC_OUTPUT_LIMIT);
  cr_assert(run.r.err_truncated);
  sbx_assert_ceiling(run.r.err, run.r.err_len, run.r.err_bytes);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(resource_abuse, deep_recursion) {
  struct sbx_run run;

  sbx_run(&run,
          "sys.setrecursionlimit(10**6)\n"
          "def f(n):\n"
          "    return f(n + 1) + 1\n"
          "f(0)\n",
          3.0, SBX_MEMORY_MB);
  /* A million Python frames take seconds to build here, and formatting
   * the traceback of the RecursionError far longer: any end is fine as
   * long as the job ends (at the latest by its deadline: "timeout") and
   * the server is unharmed. */
  cr_assert(run.r.status == TS_EXEC_ERROR || run.r.status == TS_EXEC_KILLED ||
                run.r.status == TS_EXEC_MEMORY_LIMIT || run.r.status == TS_EXEC_TIMEOUT,
            "status %s", ts_exec_status_name(run.r.status));
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(resource_abuse, c_stack_overflow) {
  struct sbx_run run;

  /* Deep recursion in C (comparing two deeply nested lists) with the
   * recursion limit out of the way: the C stack overflows, SIGSEGV, and
   * the job is reported as killed. */
  sbx_run(&run,
          "sys.setrecursionlimit(10**7)\n"
          "x, y = [], []\n"
          "for i in range(2 * 10**5):\n"
          "    x, y = [x], [y]\n"
          "print('BUILT', flush=True)\n"
          "x == y\n",
          5.0, SBX_MEMORY_MB);
  sbx_assert_out_has(&run, "BUILT\n");
  sbx_assert_out_lacks(&run, "DONE");
  sbx_assert_status(&run, TS_EXEC_KILLED);
  cr_assert_eq(run.r.signal, SIGSEGV);
  sbx_free(&run);
  sbx_assert_server_fine();
}

Test(resource_abuse, huge_bigint) {
  struct sbx_run run;

  sbx_run(&run, "n = 10**10**8\n", 1.0, SBX_MEMORY_MB);
  /* Stuck in one C call, and still ended: a signal needs no cooperation. */
  sbx_assert_status(&run, TS_EXEC_TIMEOUT);
  cr_assert_geq(run.r.duration_ms, 1000);
  sbx_free(&run);
  sbx_assert_server_fine();
}

/* ------------------------------------------------------------------ */
/* Jobs against each other */

/* The CLOCK_MONOTONIC reading a snippet printed as "TAG <seconds>". */
static double stamp(const struct sbx_run *run, const char *tag) {
  char needle[64];
  const char *at;

  snprintf(needle, sizeof needle, "%s ", tag);
  at = strstr(run->out, needle);
  cr_assert(at, "no %s line\n-- stdout:\n%s\n-- stderr:\n%s", tag, run->out, run->err);
  return strtod(at + strlen(needle), NULL);
}

Test(cross_job, concurrent_jobs_tmp_and_sockets, .timeout = 60) {
  /* The test means something only if the jobs overlap: A writes its
   * secret before B looks, and reads it back after B has written its
   * own.  Both print CLOCK_MONOTONIC (the same clock in every sandbox:
   * there is no time namespace) at those points, and the order is
   * checked from those readings rather than assumed from a sleep.  A
   * round that a busy machine did not overlap is played again with more
   * room (the number of rounds is a hang guard). */
  for (int round = 0;; round++) {
    double hold = (double)(1 << round), head_start = 0.2 * (double)(1 << round);
    char a_body[2048];
    struct sbx_async *a;
    struct sbx_run ra, rb;
    bool overlapped;

    snprintf(a_body, sizeof a_body,
             "import time\n"
             "with open('/tmp/secret', 'w') as f:\n"
             "    f.write('A-secret')\n"
             "print('A_WROTE', time.monotonic())\n"
             "def listen():\n"
             "    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
             "    s.bind('\\0ts-cross-job')\n"
             "    s.listen(1)\n"
             "    return s\n"
             "attempt('A_bind_abstract', listen)\n"
             "expect_blocked('A_shmget', 29, 0x7473, 4096, 0o1666)\n"
             "time.sleep(%g)\n"
             "print('A_READ', time.monotonic())\n"
             "print('A_PID', os.getpid())\n"
             "print('A_SEES', open('/tmp/secret').read(), sorted(os.listdir('/tmp')))\n",
             hold);
    a = sbx_submit(a_body, hold + 4, SBX_MEMORY_MB);
    /* A has its sandbox before B is even submitted. */
    for (int w = 0; ts_executor_inflight(sbx_ex) != 1 || ts_executor_queued(sbx_ex) != 0; w++) {
      struct timespec d = {0, 10 * 1000 * 1000};
      cr_assert(w < 2000, "A did not start");
      nanosleep(&d, NULL);
    }
    sbx_runf(&rb, 5.0, SBX_MEMORY_MB,
             "import time\n"
             "time.sleep(%g)\n"
             "print('B_LOOKED', time.monotonic())\n"
             "print('B_EXISTS', os.path.exists('/tmp/secret'), os.listdir('/tmp'))\n"
             "attempt('B_read_secret', lambda: open('/tmp/secret').read(), (errno.ENOENT,))\n"
             "with open('/tmp/secret', 'w') as f:\n"
             "    f.write('B-overwrite')\n"
             "print('B_WROTE', time.monotonic())\n"
             "def connect():\n"
             "    s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)\n"
             "    s.connect('\\0ts-cross-job')\n"
             "    return s\n"
             "attempt('B_connect_abstract', connect)\n"
             "expect_blocked('B_shmget', 29, 0x7473, 4096, 0o666)\n"
             "print('B_PID', os.getpid())\n",
             head_start);
    sbx_wait(a, &ra);
    /* Whatever the order, neither saw the other. */
    sbx_assert_contained(&ra);
    sbx_assert_contained(&rb);
    sbx_assert_blocked(&ra, "A_bind_abstract errno=1 EPERM", "A_shmget errno=1 EPERM");
    sbx_assert_out_has(&ra, "A_PID 1\n");
    sbx_assert_out_has(&ra, "A_SEES A-secret ['secret']\n");
    sbx_assert_out_has(&rb, "B_EXISTS False []\n");
    sbx_assert_blocked(&rb, "B_read_secret errno=2 ENOENT", "B_connect_abstract errno=1 EPERM",
                       "B_shmget errno=1 EPERM");
    sbx_assert_out_has(&rb, "B_PID 1\n");
    overlapped = stamp(&ra, "A_WROTE") < stamp(&rb, "B_LOOKED") &&
                 stamp(&rb, "B_WROTE") < stamp(&ra, "A_READ");
    cr_log_info("round %d: A wrote %.3f, read %.3f; B looked %.3f, wrote %.3f: %s", round,
                stamp(&ra, "A_WROTE"), stamp(&ra, "A_READ"), stamp(&rb, "B_LOOKED"),
                stamp(&rb, "B_WROTE"), overlapped ? "overlapped" : "did not overlap");
    sbx_free(&ra);
    sbx_free(&rb);
    if (overlapped)
      break;
    cr_assert(round < 2, "A and B never overlapped in %d rounds", round + 1);
    sbx_assert_no_leftover();
  }
  sbx_assert_server_fine();
}

Test(cross_job, state_does_not_persist) {
  struct sbx_run run;

  attack(&run,
         "import math, json, builtins\n"
         "math.pi = 3\n"
         "json.dumps = lambda *a, **k: 'HIJACKED'\n"
         "builtins.print = lambda *a, **k: None\n"
         "os.environ['EVIL'] = '1'\n"
         "sys.modules['evil'] = math\n"
         "sys.path.insert(0, '/tmp')\n"
         "open('/tmp/math.py', 'w').write('pi = 3\\n')\n"
         "sys.stdout.write('POISONED\\n')\n");
  sbx_assert_out_has(&run, "POISONED\n");
  sbx_free(&run);
  attack(&run,
         "import math, json\n"
         "print('NEXT', math.pi > 3.14, json.dumps(1), 'EVIL' in os.environ, 'evil' in sys.modules,"
         " '/tmp' in sys.path, os.listdir('/tmp'))\n");
  sbx_assert_out_has(&run, "NEXT True 1 False False False []\n");
  sbx_free(&run);
  sbx_assert_server_fine();
}
