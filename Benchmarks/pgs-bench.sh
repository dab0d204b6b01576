#!/usr/bin/env bash
# PGS benchmark: the same karaoke captions on the same 1080x1920 30 fps video, either burned into the
# picture (`captions burn`, libx264 veryfast: a full re-encode) or written as a PGS track and muxed
# beside the untouched video (`captions convert -o x.sup` then `captions mux --bitmap`), in the same
# run; with the track's size and mean bitrate beside the compiled ASS track's size. Release build.
#
#   Benchmarks/pgs-bench.sh [SECONDS] [PRESET]     (default 600 s, karaoke-fill)
#
# Ratios matter, not absolute times: the machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
preset=${2:-karaoke-fill}
swift build -c release --product captions >/dev/null
CAPTIONS="$(swift build -c release --show-bin-path)/captions"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

echo "Making a ${seconds} s 1080x1920 30 fps clip (testsrc2, H.264 ultrafast) and word timings..."
ffmpeg -v error -f lavfi -i "testsrc2=size=1080x1920:rate=30:duration=$seconds" -f lavfi -i "sine=frequency=440:duration=$seconds" \
  -c:v libx264 -preset ultrafast -crf 23 -pix_fmt yuv420p -c:a aac -shortest "$WORK/clip.mp4"
python3 Benchmarks/word-timings.py "$WORK/words.json" $((seconds - 3))

timed() { # label, command...: prints the wall and CPU seconds of the command
  local label=$1; shift
  /usr/bin/time -f "%e %U %S %M" -o "$WORK/time" "$@" > "$WORK/out.log" 2>&1 || { cat "$WORK/out.log"; exit 1; }
  read -r wall user sys rss < "$WORK/time"
  printf '%-44s %8.1f s wall %8.1f s CPU %7d MB peak\n' "$label" "$wall" "$(echo "$user + $sys" | bc)" $((rss / 1024))
  echo "$wall" > "$WORK/$label.wall"
}

echo "Timing ($preset, ${seconds} s):"
timed burn "$CAPTIONS" burn "$WORK/clip.mp4" "$WORK/words.json" --preset "$preset" --encoder-preset veryfast -o "$WORK/burned.mp4"
timed sup "$CAPTIONS" convert "$WORK/words.json" -o "$WORK/track.sup" --preset "$preset" --size 1080x1920 --fps 30
timed mux "$CAPTIONS" mux "$WORK/clip.mp4" "$WORK/words.json" --bitmap --preset "$preset" -o "$WORK/soft.mkv"
"$CAPTIONS" convert "$WORK/words.json" --to ass --preset "$preset" --size 1080x1920 -o "$WORK/track.ass"

burn=$(cat "$WORK/burn.wall"); sup=$(cat "$WORK/sup.wall"); mux=$(cat "$WORK/mux.wall")
supbytes=$(stat -c %s "$WORK/track.sup"); assbytes=$(stat -c %s "$WORK/track.ass")
echo
echo "| way | wall s | share of the veryfast burn |"
echo "|---|---|---|"
printf '| burn (libx264 veryfast) | %.1f | 1 |\n' "$burn"
printf '| convert -o .sup | %.1f | 1/%.1f |\n' "$sup" "$(echo "$burn / $sup" | bc -l)"
printf '| mux --bitmap (.sup drawn and muxed) | %.1f | 1/%.1f |\n' "$mux" "$(echo "$burn / $mux" | bc -l)"
echo
printf 'PGS track: %d bytes, mean %.0f kbit/s over %d s; the compiled ASS track: %d bytes (%.1fx smaller)\n' \
  "$supbytes" "$(echo "$supbytes * 8 / $seconds / 1000" | bc -l)" "$seconds" "$assbytes" "$(echo "$supbytes / $assbytes" | bc -l)"
grep -h "warning" "$WORK/out.log" || true
