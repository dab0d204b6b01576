#!/usr/bin/env bash
# Overlay benchmark: 60 s of word-timed captions (highlight-by-word, a word every 0.3 s) at 1080x1920,
# 30 fps, written by `captions overlay` as ProRes 4444 and as a PNG sequence, beside ffmpeg doing the same
# encode from the PNG sequence in the same run; wall time against the clip's 60 s (target: faster than
# real time for both), and peak memory at 20 s and at 60 s (target: flat in duration).
# Ratios matter, not absolute times: the machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${WORK:-out/overlay-bench}
SECONDS_LONG=${SECONDS_LONG:-60}
mkdir -p "$WORK"
swift build -c release --product captions >/dev/null
CAPTIONS=$(swift build -c release --show-bin-path)/captions

for seconds in 20 "$SECONDS_LONG"; do
  python3 Benchmarks/word-timings.py "$WORK/words-${seconds}s.json" $((seconds - 3))
done

timed() {  # prints "wall_seconds peak_kib" for a command
  local log; log=$(mktemp)
  /usr/bin/time -f "%e %M" -o "$log" "$@" >/dev/null 2>&1
  cat "$log"; rm -f "$log"
}

rm -rf "$WORK/frames-$SECONDS_LONG" "$WORK/frames-20"
read -r prores_wall prores_kib < <(timed "$CAPTIONS" overlay "$WORK/words-${SECONDS_LONG}s.json" -o "$WORK/overlay.mov" --preset highlight-by-word --size 1080x1920 --duration "$SECONDS_LONG" --quiet)
read -r png_wall png_kib < <(timed "$CAPTIONS" overlay "$WORK/words-${SECONDS_LONG}s.json" -o "$WORK/frames-$SECONDS_LONG" --preset highlight-by-word --size 1080x1920 --duration "$SECONDS_LONG" --quiet)
read -r short_wall short_kib < <(timed "$CAPTIONS" overlay "$WORK/words-20s.json" -o "$WORK/overlay-20.mov" --preset highlight-by-word --size 1080x1920 --duration 20 --quiet)
read -r ffmpeg_wall ffmpeg_kib < <(timed ffmpeg -v error -y -framerate 30 -i "$WORK/frames-$SECONDS_LONG/%06d.png" -c:v prores_ks -profile:v 4444 -pix_fmt yuva444p10le "$WORK/ffmpeg.mov")
frames=$(ls "$WORK/frames-$SECONDS_LONG" | wc -l)

python3 - "$SECONDS_LONG" "$frames" "$prores_wall" "$prores_kib" "$png_wall" "$png_kib" "$short_wall" "$short_kib" "$ffmpeg_wall" "$ffmpeg_kib" <<'PY'
import sys
d, frames, pw, pk, gw, gk, sw, sk, fw, fk = sys.argv[1:]
d, frames = float(d), int(frames)
rows = [("captions overlay -> ProRes 4444", pw, pk), ("captions overlay -> PNG sequence", gw, gk),
        ("ffmpeg: PNG sequence -> ProRes 4444", fw, fk)]
print(f"overlay of {d:.0f} s at 1080x1920, 30 fps ({frames} frames), highlight-by-word")
print("%-38s %8s %12s %10s" % ("", "wall s", "x real time", "peak MiB"))
for name, w, k in rows:
    print("%-38s %8.2f %12.2f %10.1f" % (name, float(w), d / float(w), int(k) / 1024))
print(f"ProRes from the renderer vs ffmpeg from PNGs: {float(fw) / float(pw):.1f}x faster")
print(f"memory: 20 s {int(sk) / 1024:.1f} MiB, {d:.0f} s {int(pk) / 1024:.1f} MiB (flat: {int(pk) / int(sk):.2f}x)")
PY
