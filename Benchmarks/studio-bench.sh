#!/usr/bin/env bash
# Studio benchmark: a 20 s 1080x1920 30 fps clip with word-timed captions (a word every 0.3 s) played in
# headless Chromium by the studio page, for a preset that changes at word boundaries (highlight-by-word)
# and ones that animate every frame (pop-in, karaoke-fill). See Benchmarks/studio-bench/main.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${WORK:-out/studio-bench}
SECONDS_PLAYED=${SECONDS_PLAYED:-20}
mkdir -p "$WORK"
swift build -c release --product captions >/dev/null
swift build -c release --product studio-bench >/dev/null
BIN=$(swift build -c release --show-bin-path)
ffmpeg -v error -y -f lavfi -i "testsrc2=size=1080x1920:rate=30" -t $((SECONDS_PLAYED + 2)) \
  -c:v libx264 -preset ultrafast -pix_fmt yuv420p "$WORK/clip.mp4"
python3 Benchmarks/word-timings.py "$WORK/words.json" "$SECONDS_PLAYED"
"$BIN/studio-bench" "$BIN/captions" "$WORK/clip.mp4" "$WORK/words.json" "$SECONDS_PLAYED" highlight-by-word pop-in karaoke-fill
