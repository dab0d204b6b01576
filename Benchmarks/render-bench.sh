#!/usr/bin/env bash
# Render benchmark: a 60-second word-timed caption track at 30 fps, 1080x1920, for three presets, drawn
# by CaptionKit's native renderer and by libass (its C API, on the ASS CaptionASS compiles, no video) in one run.
# Prints milliseconds per frame (native cold and warm; libass render only and render + blend into an
# RGBA frame), the ratio native / libass render+blend (target <= 1: no slower than libass) and peak
# memory. Ratios matter, not absolute times: the machines are shared and noisy.
# Arguments go to the benchmark: --preset NAME (repeatable), --seconds N, --runs N (warm passes, best
# kept), --dump DIR (writes each preset's ASS and a sample frame from both renderers as PNG).
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product render-bench >/dev/null
BENCH=$(swift build -c release --show-bin-path)/render-bench
"$BENCH" "$@"
