#!/usr/bin/env bash
# Builds the libFuzzer targets (clang, ASan + UBSan) in build-fuzz/ and runs
# each one for a while (see fuzz/README.md):
#
#   scripts/fuzz.sh [SECONDS_PER_TARGET] [TARGET...]    default: 30 s, all targets
#
# For each target: first every file of fuzz/regressions/<target>/ is run
# once, then the fuzzer runs on a scratch copy of fuzz/corpus/<target>/ plus
# the regressions (build-fuzz/corpus/<target>/; the committed corpus is never
# written to) with fuzz/dict/<target>.dict.  Targets run one after the
# other, one process each (the machine is shared).  Any crash, leak,
# timeout or out-of-memory fails the run; its reproducer is left in
# build-fuzz/crashes/<target>/ and its log in build-fuzz/logs/<target>.log.
set -euo pipefail
cd "$(dirname "$0")/.."

all=(request validator config policy report accept mcp)
secs=30
if [ $# -gt 0 ] && [[ $1 =~ ^[0-9]+$ ]]; then
  secs=$1
  shift
fi
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=("${all[@]}")
fi
for t in "${targets[@]}"; do
  if [[ ! " ${all[*]} " == *" $t "* ]]; then
    echo "fuzz.sh: unknown target '$t' (targets: ${all[*]})" >&2
    exit 2
  fi
done

./scripts/install-deps.sh

out=build-fuzz
echo "== build ($out: clang, libFuzzer, ASan + UBSan)"
cmake -S . -B "$out" -DCMAKE_C_COMPILER=clang -DTS_FUZZ=ON -DTS_TESTS=OFF \
  -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build "$out" -j "$(nproc)" --target "${targets[@]/#/fuzz_}"

# CPython is never finalised: tests/lsan.supp hides its allocations from
# LeakSanitizer, ours are still checked.
export ASAN_OPTIONS=detect_leaks=1:strict_string_checks=1:detect_stack_use_after_return=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
export LSAN_OPTIONS=suppressions=$PWD/tests/lsan.supp:print_suppressions=0

# Options of one target beyond the common ones.
target_opts() {
  case $1 in
    # the readers' old line buffers were 8 KiB and 4 KiB: room to go past
    config) echo "-max_len=20000" ;;
    *) ;;
  esac
}

failed=()
summary=()
mkdir -p "$out/logs"
for t in "${targets[@]}"; do
  bin=$out/fuzz_$t
  log=$out/logs/$t.log
  crashes=$out/crashes/$t
  corpus=$out/corpus/$t
  regressions=fuzz/regressions/$t
  read -r -a opts <<<"$(target_opts "$t")"
  mkdir -p "$crashes"
  : >"$log"

  regs=()
  if [ -d "$regressions" ]; then
    mapfile -t regs < <(find "$regressions" -type f | sort)
  fi
  if [ ${#regs[@]} -gt 0 ]; then
    echo "== $t: replaying ${#regs[@]} regression input(s)"
    if ! "$bin" "${opts[@]}" -timeout=10 -rss_limit_mb=2048 "${regs[@]}" >>"$log" 2>&1; then
      tail -n 60 "$log"
      echo "FAILED: $t: a regression input fails again (reproducer in $regressions/, log $log)"
      failed+=("$t")
      summary+=("$(printf '%-10s regression input fails' "$t")")
      continue
    fi
  fi

  echo "== $t: fuzzing for ${secs}s"
  rm -rf "$corpus"
  mkdir -p "$corpus"
  cp fuzz/corpus/"$t"/* "$corpus"/
  if [ ${#regs[@]} -gt 0 ]; then
    cp "${regs[@]}" "$corpus"/
  fi
  rc=0
  "$bin" "${opts[@]}" -max_total_time="$secs" -dict=fuzz/dict/"$t".dict -timeout=10 \
    -rss_limit_mb=2048 -print_final_stats=1 -artifact_prefix="$crashes"/ \
    "$corpus" >>"$log" 2>&1 || rc=$?

  # "#123 DONE cov: 97 ft: 319 corp: 131/15Kb ..." and -print_final_stats
  last=$(grep -E '^#[0-9]+[[:space:]]+(INITED|NEW|REDUCE|pulse|DONE)' "$log" | tail -n 1 || true)
  runs=$(sed -n 's/^stat::number_of_executed_units:[[:space:]]*//p' "$log" | tail -n 1)
  speed=$(sed -n 's/^stat::average_exec_per_sec:[[:space:]]*//p' "$log" | tail -n 1)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  corp=$(sed -n 's/.* corp: \([0-9]*\/[0-9]*[a-zA-Z]*\).*/\1/p' <<<"$last")
  line=$(printf '%-10s runs %-9s exec/s %-6s cov %-5s ft %-6s corpus %s' "$t" "${runs:-?}" \
    "${speed:-?}" "${cov:-?}" "${ft:-?}" "${corp:-?}")
  if [ "$rc" -ne 0 ]; then
    tail -n 60 "$log"
    echo "FAILED: $t (exit $rc): reproducer in $crashes/, log $log"
    failed+=("$t")
    summary+=("$line  FAILED")
  else
    summary+=("$line  ok")
  fi
  echo "${summary[-1]}"
done

echo "== fuzz summary (${secs}s per target)"
printf '%s\n' "${summary[@]}"
if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: FAILED: ${failed[*]}"
  exit 1
fi
echo "fuzz: ok"
