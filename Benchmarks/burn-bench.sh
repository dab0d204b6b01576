#!/usr/bin/env bash
# Burn benchmark: `captions burn` against `ffmpeg -vf subtitles=` (the same captions as compiled ASS) on one
# generated 20-second 1080x1920 30 fps clip, libx264 ultrafast and veryfast, same crf, in the same run;
# then a 10-minute input for memory flatness. Release build. Arguments go to the benchmark (see
# Benchmarks/burn-bench/main.swift): e.g. --long-seconds 0 to skip the long input, --preset NAME.
# Ratios matter, not absolute times: the machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product captions >/dev/null
swift build -c release --product burn-bench >/dev/null
BIN=$(swift build -c release --show-bin-path)
"$BIN/burn-bench" --captions "$BIN/captions" "$@"
