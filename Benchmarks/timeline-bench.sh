#!/usr/bin/env bash
# Timeline benchmark: the studio on a two-hour film (a 64x36 picture at 5 fps, stereo AAC pink noise
# that swells and fades) with a caption every four seconds. The film takes about 3.5 minutes to make
# and is kept in $WORK for the next run. See Benchmarks/timeline-bench/main.swift.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${WORK:-out/timeline-bench}
mkdir -p "$WORK"
swift build -c release --product captions >/dev/null
swift build -c release --product timeline-bench >/dev/null
BIN=$(swift build -c release --show-bin-path)
if [ ! -s "$WORK/film.mp4" ]; then
  ffmpeg -v error -y -f lavfi -i "color=c=gray:size=64x36:rate=5" \
    -f lavfi -i "anoisesrc=color=pink:amplitude=0.3:sample_rate=48000,volume='0.3+0.7*abs(sin(t/3))':eval=frame" \
    -t 7200 -ac 2 -c:v libx264 -preset ultrafast -c:a aac -b:a 128k -shortest "$WORK/film.tmp.mp4"
  mv "$WORK/film.tmp.mp4" "$WORK/film.mp4"
fi
python3 - "$WORK/film.srt" <<'PY'
import sys
def stamp(ms): return "%02d:%02d:%02d,%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)
with open(sys.argv[1], "w") as f:
    for n, start in enumerate(range(1000, 7200 * 1000 - 4000, 4000)):
        f.write(f"{n + 1}\n{stamp(start)} --> {stamp(start + 3200)}\nCaption number {n + 1}\nof the two-hour film\n\n")
PY
rm -f "$WORK/film.srt.studio-autosave.json"
"$BIN/timeline-bench" "$BIN/captions" "$WORK/film.mp4" "$WORK/film.srt"
