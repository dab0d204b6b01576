#!/usr/bin/env bash
# Builds the libFuzzer binary and runs fuzz targets, two at a time by default, each for SECONDS,
# resuming from its kept corpus (Fuzz/corpus/TARGET, seeded from the repository's files), then prints
# one line per target: executions, time, corpus size, coverage and peak memory as libFuzzer reports
# them. Any crash, slow input (over 1 s), leak or memory over 512 MB is saved in Fuzz/artifacts/TARGET/
# and makes the run fail; move the input into Fuzz/regressions/TARGET/ once fixed.
#
#   Fuzz/run.sh [SECONDS] [TARGET...]      (default: 1200 s, every target; FUZZ_JOBS=2)
#   Fuzz/run.sh --list
#
# FUZZ_CONFIG=debug builds the binary unoptimised (except the modules the main package optimises in
# debug builds too): a third of the release build's time, for the CI smoke, where the build is most
# of the cost. Its inputs may then take ten times as long before they count as slow.
set -euo pipefail
cd "$(dirname "$0")"
seconds=${1:-1200}
if [ "$seconds" != "--list" ]; then shift || true; fi
jobs=${FUZZ_JOBS:-2}
config=${FUZZ_CONFIG:-release}
case "$config" in release) timeout=1 ;; debug) timeout=10 ;; *) echo "Fuzz/run.sh: FUZZ_CONFIG is release or debug" >&2; exit 64 ;; esac
binary=.build/$config/captions-fuzz

echo "Building the fuzz binary ($config, -sanitize=fuzzer,address)..."
# A failed build must stop the run: fuzzing an older binary would report findings (or none) for old code.
mkdir -p logs
# The debug build keeps line tables only (findings still symbolise to file and line): 15 % quicker.
flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library)
[ "$config" = debug ] && flags+=(-Xswiftc -gline-tables-only)
if ! swift build -c "$config" "${flags[@]}" > logs/build.log 2>&1; then
  grep -E "error" logs/build.log | head -20 >&2
  echo "Fuzz/run.sh: the fuzz binary did not build (Fuzz/logs/build.log)" >&2
  exit 1
fi
grep -E "warning: |Build complete" logs/build.log | grep -v "^\[" || true
test -x "$binary" || { echo "Fuzz/run.sh: the fuzz binary did not build" >&2; exit 1; }

if [ "$seconds" = "--list" ]; then CAPTIONKIT_FUZZ_TARGET=list "$binary" | cut -f1,4; exit 0; fi
declare -A dictionary seeds malloc
names=()
while IFS=$'\t' read -r name dict globs _ limit; do
  names+=("$name"); dictionary[$name]=$dict; seeds[$name]=$globs; malloc[$name]=$limit
done < <(CAPTIONKIT_FUZZ_TARGET=list "$binary")
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${names[@]}")

# Seeds: every file the target's globs match, named by content so re-seeding adds nothing twice.
shopt -s globstar nullglob
for t in "${targets[@]}"; do
  [ -n "${dictionary[$t]+x}" ] || { echo "Fuzz/run.sh: unknown target '$t' (Fuzz/run.sh --list)" >&2; exit 64; }
  mkdir -p "corpus/$t" "artifacts/$t" logs
  # The globs are the repository's (relative to its root): split them without expanding them here.
  # ("-" for none: a tab-separated read would otherwise fold an empty field away.)
  set -f; globs=(${seeds[$t]}); set +f
  [ "${globs[*]}" = "-" ] && globs=()
  matched=0
  for glob in "${globs[@]}"; do
    for f in ../$glob; do
      if [ -f "$f" ] && [ "$(stat -c %s "$f")" -le 65536 ]; then
        cp -n "$f" "corpus/$t/seed-$(sha1sum "$f" | cut -c1-16)"; matched=$((matched + 1))
      fi
    done
  done
  # A target with seed globs that match nothing would fuzz from an empty corpus without a word.
  if [ ${#globs[@]} -gt 0 ] && [ "$matched" = 0 ]; then echo "Fuzz/run.sh: no seed file matches ${seeds[$t]} for $t" >&2; exit 1; fi
  echo "$t: $matched seed files"
  for f in regressions/$t/*; do cp -n "$f" "corpus/$t/regression-$(sha1sum "$f" | cut -c1-16)"; done
done

run_one() {
  local t=$1 dict=${dictionary[$1]} limit=${malloc[$1]}
  # A single allocation over the memory limit is a finding too, unless the target says otherwise.
  [ "$limit" = "-" ] && limit=512
  local args=(-max_total_time="$seconds" -timeout=$timeout -rss_limit_mb=512 -malloc_limit_mb="$limit" -max_len=65536
              -print_final_stats=1 -artifact_prefix="artifacts/$t/")
  [ "$dict" != "-" ] && args+=(-dict="dictionaries/$dict")
  local start=$SECONDS
  # ASan's quarantine (freed memory held back to catch use-after-free) defaults to 256 MB, which counts
  # against the 512 MB limit though it is the sanitizer's, not the reader's; 32 MB keeps the check.
  # Swift's own backtracer off: libFuzzer reports a trap (an overflow, a force unwrap) with ASan's
  # symbolized stack either way, and swift-backtrace outlived the crashed process, holding its output open.
  CAPTIONKIT_FUZZ_TARGET=$t SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=32 LSAN_OPTIONS=suppressions=lsan.supp:print_suppressions=0 "$binary" "${args[@]}" "corpus/$t" > "logs/$t.log" 2>&1 || true
  echo $((SECONDS - start)) > "logs/$t.seconds"
}

echo "Fuzzing ${#targets[@]} target(s) for $seconds s each, $jobs at a time (logs in Fuzz/logs/)..."
running=0
for t in "${targets[@]}"; do
  if [ "$running" -ge "$jobs" ]; then wait -n || true; running=$((running - 1)); fi
  run_one "$t" &
  running=$((running + 1))
done
wait

# One row per target; findings fail the run.
failed=0
printf '| target | executions | seconds | corpus (files) | coverage (cov / ft) | peak RSS MB | findings |\n|---|---|---|---|---|---|---|\n' | tee logs/summary.md
for t in "${targets[@]}"; do
  log=logs/$t.log
  execs=$(grep -oP 'stat::number_of_executed_units: *\K[0-9]+' "$log" | tail -1 || true)
  rss=$(grep -oP 'stat::peak_rss_mb: *\K[0-9]+' "$log" | tail -1 || true)
  cov=$(grep -oP '(DONE|pulse|NEW|REDUCE|INITED).*cov: \K[0-9]+ ft: [0-9]+' "$log" | tail -1 | sed 's/ ft: / \/ /' || true)
  findings=$(ls "artifacts/$t" | wc -l)
  [ -n "$execs" ] || findings="$findings (no final stats: see Fuzz/logs/$t.log)"
  [ "$findings" = 0 ] || failed=1
  printf '| %s | %s | %s | %s | %s | %s | %s |\n' "$t" "${execs:-?}" "$(cat "logs/$t.seconds")" "$(ls "corpus/$t" | wc -l)" "${cov:-?}" "${rss:-?}" "$findings" | tee -a logs/summary.md
done
# What each finding was, and its input when small, printed last: a CI log is often read from its
# tail only, and a fresh clone's artifacts are gone with the machine.
for t in "${targets[@]}"; do
  [ -n "$(ls "artifacts/$t")" ] || continue
  echo "--- $t: what libFuzzer said (Fuzz/logs/$t.log) ---" >&2
  grep -m8 -E "Fatal error|==[0-9]+==ERROR|SUMMARY|ALARM|out-of-memory|Test unit written" "logs/$t.log" >&2 || true
  for f in "artifacts/$t"/*; do
    if [ "$(stat -c %s "$f")" -le 4096 ]; then echo "$f, base64: $(base64 -w0 "$f")" >&2; else echo "$f: $(stat -c %s "$f") bytes" >&2; fi
  done
done
if [ "$failed" = 1 ]; then
  echo "Fuzz/run.sh: findings above; the inputs are in Fuzz/artifacts/TARGET/ (reproduce: SWIFT_BACKTRACE=enable=no CAPTIONKIT_FUZZ_TARGET=TARGET Fuzz/$binary FILE)" >&2
  exit 1
fi
