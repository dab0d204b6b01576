#!/usr/bin/env bash
# The test run as `make test` runs it (the build already done): two `swift test` processes side by side,
# the command-line tests (CaptionsCLITests: the built `captions`, ffmpeg and mpv run as users run them)
# in one and every other test target, with a few command-line suites (MOVED, below), in the other. Each
# log is printed whole when its process ends.
#
# Why two: Swift Testing runs a process's tests on Swift's cooperative thread pool, one thread per core,
# and most tests block their thread while a child process works, a shared fixture is being made by
# another test, or a headless Chromium or the studio's server answers. One process kept 1.3-1.5 of the
# 2 cores busy (205-254 s for about 300 CPU-s); two keep both busy (about 154 s; docs/performance.md).
# A fixture shared by tests of both processes would be made twice: none is (each test target's fixtures
# are its own, and the moved suites make their own).
#
# TEST_SHARDS=1 runs one plain `swift test --skip-build` instead (one log, as it comes).
set -uo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}

# --ignore-lock: both only run what is built (--skip-build), so neither writes the build folder that
# SwiftPM's lock guards; without it the second waits for the first. Where a SwiftPM lacks the option,
# one process. (The help is read whole first: piped into `grep -q`, which stops at the match, SwiftPM
# could die of SIGPIPE, and with pipefail that read as "no such option" now and then.)
if [ "${TEST_SHARDS:-2}" = 1 ]; then exec $SWIFT test --skip-build; fi
help=$($SWIFT test --help-hidden 2>/dev/null)
if ! grep -q -- --ignore-lock <<<"$help"; then exec $SWIFT test --skip-build; fi

logs=.build/test-logs
mkdir -p "$logs"
rm -f "$logs"/*.log
echo "The tests in two processes: commands (CaptionsCLITests but a few suites) and library (every other target and those);"
echo "each log is printed when its process ends, and kept in $logs/."

declare -A name_of status_of
run() {
    local name=$1
    shift
    $SWIFT test --skip-build --ignore-lock "$@" > "$logs/$name.log" 2>&1 &
    name_of[$!]=$name
}
# The command-line tests are the longer half (serially 216 of 377 s on 2026-12-02, and in the two
# processes 222 s against 184): their suites in MOVED run in the library's process instead. Each is one
# suite with no fixture another suite of its target makes, so nothing is made twice. (The patterns are
# matched against suites' IDs as well as tests', so a suite's name ends at a word boundary, not at "/".)
MOVED='TrackReadingCommandTests|BitmapOCRCommandTests'
run commands --filter CaptionsCLITests --skip "CaptionsCLITests\.($MOVED)\b"
run library --skip "CaptionsCLITests\.(?!($MOVED)\b)"
# Ctrl-C or a CI timeout stops both.
trap 'kill ${!name_of[*]} 2>/dev/null; exit 130' INT TERM

failed=0
for _ in 1 2; do
    wait -n -p pid
    status=$?
    name=${name_of[$pid]}
    status_of[$name]=$status
    echo "=== $name (exit $status) ==="
    cat "$logs/$name.log"
    [ "$status" = 0 ] || failed=1
done
echo "=== summary ==="
for name in commands library; do
    echo "$name: exit ${status_of[$name]}: $(grep -E '^. Test run with' "$logs/$name.log" | tail -n 1)"
done
exit $failed
