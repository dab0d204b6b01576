#!/usr/bin/env bash
# CI as it runs, timed: a fresh clone of this repository at COMMIT (default HEAD) in FOLDER/main, with
# this checkout's ../shared linked beside it when there is one, then `time CI=true .ci/run` there. Every
# line it prints is stamped with the seconds since the clone began, so the build, the test run and the
# extras can be read off the log; the last line is "rc N total S". docs/performance.md's CI figures
# come from it.
#   Tools/fresh-clone-ci.sh [COMMIT] [FOLDER]      (FOLDER default: /tmp/captionkit-ci; emptied first)
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
commit=${1:-HEAD}
folder=${2:-/tmp/captionkit-ci}
start=$(date +%s)
rm -rf "$folder/main"
mkdir -p "$folder"
[ -d "$repo/../shared" ] && ln -sfn "$(cd "$repo/../shared" && pwd)" "$folder/shared"
git clone -q "$repo" "$folder/main" && cd "$folder/main" && git checkout -q "$commit" || exit 1
echo "commit $(git rev-parse --short HEAD), started $(date -u)"
( time CI=true .ci/run ) 2>&1 | while IFS= read -r line; do printf '%5d %s\n' $(( $(date +%s) - start )) "$line"; done
rc=${PIPESTATUS[0]}
echo "rc $rc total $(( $(date +%s) - start ))"
exit "$rc"
