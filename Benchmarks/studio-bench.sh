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
python3 - "$WORK" "$SECONDS_PLAYED" <<'PY'
import json, sys
work, total = sys.argv[1], int(sys.argv[2])
words = "so today we are testing three caption styles that creators ask for every day on short videos".split()
segments, t, i = [], 0.0, 0
while t < total:
    ws = []
    for _ in range(6):
        ws.append({"word": words[i % len(words)], "start": round(t, 2), "end": round(t + 0.26, 2)}); t += 0.3; i += 1
    segments.append({"start": ws[0]["start"], "end": ws[-1]["end"], "text": " ".join(w["word"] for w in ws), "words": ws})
    t += 0.4
json.dump({"segments": segments}, open(f"{work}/words.json", "w"))
PY
"$BIN/studio-bench" "$BIN/captions" "$WORK/clip.mp4" "$WORK/words.json" "$SECONDS_PLAYED" highlight-by-word pop-in karaoke-fill
