#!/usr/bin/env bash
# Static checks of the C sources (src/ and bench/loadgen.c):
#   1. banned functions: a call to any function of the list below fails;
#   2. cppcheck (warning, performance, portability; whole-program analysis);
#   3. clang-tidy with the checks of .clang-tidy, every warning an error,
#      on a compile_commands.json from a separate CMake build dir.
# Prints each finding and a one-line summary; exits non-zero on any finding.
# TS_TIDY_JOBS sets clang-tidy's parallel jobs (default: 2, or 1 on one CPU).
# Needs cppcheck and clang-tidy (scripts/install-deps.sh installs them).
set -uo pipefail
cd "$(dirname "$0")/.."

for tool in cppcheck clang-tidy cmake awk; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "static-check: $tool is missing (run scripts/install-deps.sh)" >&2
    exit 2
  fi
done

start=$SECONDS
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

mapfile -t sources < <(find src -name "*.c" | sort; [ -f bench/loadgen.c ] && echo bench/loadgen.c)
mapfile -t scanned < <(find src -name "*.[ch]" | sort; [ -f bench/loadgen.c ] && echo bench/loadgen.c)

# ---- 1. banned functions ---------------------------------------------------
# Each is banned for a reason, and has a replacement:
#   strcpy strcat stpcpy wcscpy wcscat sprintf vsprintf gets
#       write with no bound: snprintf/vsnprintf into a sized buffer, or
#       memcpy of a length already checked against the destination; fgets.
#   strncpy stpncpy strncat
#       bounded but traps: strncpy leaves no NUL when it truncates (and pads),
#       strncat's bound is the room left, not the size: snprintf, or memcpy
#       plus an explicit terminator.
#   strtok asctime ctime gmtime localtime
#       hidden static state, wrong in threads: strtok_r, gmtime_r,
#       localtime_r, strftime.
#   atoi atol atoll atof
#       no error report, undefined on overflow: strtol/strtoll/strtoull/
#       strtod with an end pointer and errno.
#   system popen
#       run a shell on a command line: fork+execve or posix_spawn with argv.
#   tmpnam tempnam mktemp
#       the name can be taken before it is opened: mkstemp, mkdtemp,
#       O_TMPFILE.
#   alloca
#       unbounded stack, no failure report (the build already forbids VLAs):
#       a fixed-size array or malloc.
#   rand srand
#       predictable and global: getrandom(2) where unpredictability matters.
# Scanning numbers with the scanf family is checked by clang-tidy instead
# (cert-err34-c).
banned=(strcpy strcat stpcpy wcscpy wcscat sprintf vsprintf gets
        strncpy stpncpy strncat
        strtok asctime ctime gmtime localtime
        atoi atol atoll atof
        system popen
        tmpnam tempnam mktemp
        alloca
        rand srand)
banned_re="(^|[^[:alnum:]_.>]|[^-]>)($(IFS='|'; echo "${banned[*]}"))[[:space:]]*\\("

# Blanks out comments and the contents of string and character literals,
# line by line, so that only code is searched (a name in a comment or in a
# message is not a call; obj.system( and p->popen( are members, not libc).
strip_awk='
{
  out = ""; n = length($0); i = 1; q = ""
  while (i <= n) {
    c = substr($0, i, 1); d = substr($0, i, 2)
    if (inc) { if (d == "*/") { inc = 0; i += 2 } else i++; continue }
    if (q != "") {
      if (c == "\\") i += 2
      else { if (c == q) { q = ""; out = out c }; i++ }
      continue
    }
    if (d == "/*") { inc = 1; out = out " "; i += 2; continue }
    if (d == "//") break
    if (c == "\"" || c == sq) q = c
    out = out c; i++
  }
  print out
}'

# Prints file:line: source for each line of the given files with a banned call.
scan_banned() {
  local f n
  for f in "$@"; do
    awk -v sq="'" "$strip_awk" "$f" | grep -nE "$banned_re" | cut -d: -f1 |
      while read -r n; do
        printf '%s:%s: %s\n' "$f" "$n" "$(sed -n "${n}p" "$f")"
      done
  done
  return 0
}

# The scan must find a call it is shown, or it would pass on anything.
cat >"$tmp/selftest.c" <<'EOF'
/* strcpy(a, b) in a comment is not a call,
   nor is atoi(s) on a comment's second line */
static const char *m = "popen(x) in a string is not one either";
int f(struct s *p, char *b) { p->system(1); p.popen(2); return mystrcpy(b); }
int g(char *b, const char *s) { strcpy(b, s); return atoi (b); }
EOF
selftest=$(scan_banned "$tmp/selftest.c" | cut -d: -f2 | tr '\n' ' ')
if [ "$selftest" != "5 " ]; then
  echo "static-check: the banned-function scan failed its self-test" \
       "(lines found: '${selftest}', expected '5 ')" >&2
  exit 2
fi

echo "== banned functions"
scan_banned "${scanned[@]}" >"$tmp/banned.txt"
banned_n=$(wc -l <"$tmp/banned.txt")
cat "$tmp/banned.txt"

# ---- 2. cppcheck -------------------------------------------------------------
# One configuration, the one the build compiles: _GNU_SOURCE defined, and
# TS_SANITIZE not (clang-tidy below sees the same).  --inconclusive: on this
# code base it adds no noise; a false positive gets an inline suppression
# (/* cppcheck-suppress ID ; reason */ on the line before) with its reason.
# readdirCalled is off: its advice, readdir_r, is deprecated (glibc 2.24),
# and readdir is thread-safe on a DIR that no other thread reads.
echo "== cppcheck $(cppcheck --version | sed 's/^Cppcheck //')"
cppcheck --enable=warning,performance,portability --inconclusive \
  --library=posix --library=gnu --library=python \
  --error-exitcode=1 --inline-suppr --suppress=missingIncludeSystem \
  --suppress=readdirCalled \
  -I src --std=c11 -D_GNU_SOURCE -q \
  --template='{file}:{line}:{column}: {severity}: {message} [{id}]' \
  "${sources[@]}" 2>"$tmp/cppcheck.txt"
cppcheck_rc=$?
cppcheck_n=$(grep -cE '^[^ ]+:[0-9]+:[0-9]+: ' "$tmp/cppcheck.txt")
cat "$tmp/cppcheck.txt"
if [ "$cppcheck_rc" -ne 0 ] && [ "$cppcheck_n" -eq 0 ]; then
  cppcheck_n=1 # it failed without a finding of the usual form
fi

# ---- 3. clang-tidy -----------------------------------------------------------
echo "== clang-tidy $(clang-tidy --version | sed -n 's/.*LLVM version \([0-9.]*\).*/\1/p')"
tidy_n=0
# Debug: the build's flags without _FORTIFY_SOURCE, whose glibc macros turn
# snprintf and the rest of the printf family into __builtin___*_chk calls
# that the checks do not recognise.
if ! cmake -S . -B build-tidy -DCMAKE_BUILD_TYPE=Debug -DTS_TESTS=OFF \
     -DCMAKE_EXPORT_COMPILE_COMMANDS=ON >"$tmp/cmake.txt" 2>&1 ||
   ! cmake --build build-tidy --target ts-rules >>"$tmp/cmake.txt" 2>&1; then
  cat "$tmp/cmake.txt"
  echo "static-check: cmake could not configure build-tidy (or generate its rules)" >&2
  tidy_n=1
else
  jobs=${TS_TIDY_JOBS:-$(( $(nproc) < 2 ? 1 : 2 ))}
  # One output file per source, so that parallel runs do not interleave.
  # -Wno-unknown-warning-option: the database holds gcc's flags.
  printf '%s\n' "${sources[@]}" | xargs -P "$jobs" -I{} sh -c '
    out="$1/$(echo "$2" | tr / _).txt"
    clang-tidy -p build-tidy --quiet --extra-arg=-Wno-unknown-warning-option \
      "$2" >"$out" 2>&1 || echo "clang-tidy exited non-zero on $2" >>"$out"
  ' sh "$tmp" {}
  # Drop the "N warnings generated." chatter; keep the diagnostics.
  cat "$tmp"/src_*.txt "$tmp"/bench_*.txt 2>/dev/null |
    grep -vE '^[0-9]+ (warning|error)s? (and [0-9]+ (warning|error)s? )?generated\.$' \
    >"$tmp/tidy.txt"
  cat "$tmp/tidy.txt"
  # A finding in a header is reported once per file that includes it.
  tidy_n=$(grep -E '^[^ ]+:[0-9]+:[0-9]+: (warning|error): ' "$tmp/tidy.txt" | sort -u | wc -l)
  if [ "$tidy_n" -eq 0 ] && grep -q 'exited non-zero' "$tmp/tidy.txt"; then
    tidy_n=1 # e.g. a compile error clang-tidy reported in another form
  fi
fi

echo "static-check: banned functions $banned_n, cppcheck $cppcheck_n," \
     "clang-tidy $tidy_n finding(s) in ${#sources[@]} files ($((SECONDS - start))s)"
if [ "$banned_n" -ne 0 ] || [ "$cppcheck_n" -ne 0 ] || [ "$tidy_n" -ne 0 ]; then
  echo "static-check FAILED"
  exit 1
fi
echo "static-check passed"
