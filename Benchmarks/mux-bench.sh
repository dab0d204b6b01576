#!/usr/bin/env bash
# Soft-track benchmark: a 2-hour MKV (a 10 s 320x240 clip with a tone, stream-copied 720 times by
# ffmpeg's concat demuxer, ~100 MB) with one SRT track of 1,500 cues over the 2 hours. In the same run,
# each step RUNS times (default 3, the best wall time kept), wall time and peak RSS (/usr/bin/time):
#   extract  `captions convert X.mkv --track 2 -o out.srt` vs `ffmpeg -i X.mkv -map 0:s:0 out.srt` (target: no slower)
#   mux      `captions mux X.mkv a.srt b.srt -o out.mkv` vs `ffmpeg -i X -i a.srt -i b.srt -map 0 -map 1 -map 2
#            -c copy out.mkv` (target: at most 1.1x)
#   memory   the same mux on a 20-minute file made the same way (target: peak RSS flat in the video's length)
# Release build. Ratios matter, not absolute times: the machines are shared and noisy.
#   Benchmarks/mux-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
WORK=${WORK:-out/mux-bench}
mkdir -p "$WORK"
swift build -c release --product captions >/dev/null
CAPTIONS=$(swift build -c release --show-bin-path)/captions
cd "$WORK"

# The clip: moving test pattern at a low bitrate, B-frames and a key frame every 250 frames as a
# recording would have, AAC; then 20 minutes and 2 hours of it by stream copy.
ffmpeg -v error -y -f lavfi -i testsrc=size=320x240:rate=25 -f lavfi -i sine=frequency=330 -t 10 \
  -c:v libx264 -preset veryfast -b:v 80k -pix_fmt yuv420p -c:a aac -b:a 32k clip.mp4
# cues.py OUT COUNT SECONDS LABEL: COUNT two-second cues spread evenly over SECONDS, one in ten in italics.
cat > cues.py <<'PY'
import sys
out, count, seconds, label = sys.argv[1], int(sys.argv[2]), float(sys.argv[3]), sys.argv[4]
def clock(t):
    ms = round(t * 1000)
    return "%02d:%02d:%02d,%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)
with open(out, "w") as f:
    for i in range(count):
        start = i * seconds / count + 0.5
        text = f"{label} caption {i + 1}, a line of about forty characters\nand a second line"
        if i % 10 == 0:
            text = f"<i>{text}</i>"
        f.write(f"{i + 1}\n{clock(start)} --> {clock(start + 2)}\n{text}\n\n")
PY
python3 cues.py track.srt 1500 7200 Track
python3 cues.py a.srt 1500 7200 English
python3 cues.py b.srt 1500 7200 Deutsch
for minutes in 20 120; do
  for _ in $(seq $((minutes * 6))); do echo "file 'clip.mp4'"; done > list-$minutes.txt
  ffmpeg -v error -y -f concat -safe 0 -i list-$minutes.txt -i track.srt -map 0 -map 1 -c copy video-$minutes.mkv
done
echo "video: 2 h, $(du -m video-120.mkv | cut -f1) MB, 320x240 25 fps H.264 + AAC, one SRT track of 1,500 cues; 20 min: $(du -m video-20.mkv | cut -f1) MB"
echo "$(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), best of $runs"

# best NAME COMMAND...: the lowest wall time (s, to the millisecond: /usr/bin/time's %e has only
# centiseconds, a tenth of the difference being measured here) and the highest peak RSS (KiB, from
# /usr/bin/time) over $runs runs, into $NAME_wall and $NAME_kib.
best() {
  local name=$1; shift
  local wall="" kib=0 log t0 t1 w k
  log=$(mktemp)
  for _ in $(seq "$runs"); do
    t0=$EPOCHREALTIME
    /usr/bin/time -f "%M" -o "$log" "$@" >/dev/null
    t1=$EPOCHREALTIME
    w=$(awk "BEGIN { printf \"%.3f\", $t1 - $t0 }")
    read -r k < "$log"
    if [ -z "$wall" ] || awk "BEGIN { exit !($w < $wall) }"; then wall=$w; fi
    [ "$k" -gt "$kib" ] && kib=$k
  done
  rm -f "$log"
  printf -v "${name}_wall" '%s' "$wall"
  printf -v "${name}_kib" '%s' "$kib"
}

best extract_captions "$CAPTIONS" convert video-120.mkv --track 2 -o captions.srt
best extract_ffmpeg ffmpeg -v error -y -i video-120.mkv -map 0:s:0 ffmpeg.srt
best mux_captions "$CAPTIONS" mux video-120.mkv a.srt b.srt -o captions.mkv
best mux_ffmpeg ffmpeg -v error -y -i video-120.mkv -i a.srt -i b.srt -map 0 -map 1 -map 2 -c copy ffmpeg.mkv
best short_captions "$CAPTIONS" mux video-20.mkv a.srt b.srt -o captions-20.mkv
best short_ffmpeg ffmpeg -v error -y -i video-20.mkv -i a.srt -i b.srt -map 0 -map 1 -map 2 -c copy ffmpeg-20.mkv

# The outputs agree: the same cues extracted, the same packets in each muxed file.
cues() { grep -c -- "-->" "$1"; }
packets() { ffprobe -v error -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$1" | paste -sd' '; }
echo "extracted cues: captions $(cues captions.srt), ffmpeg $(cues ffmpeg.srt); packets per stream: captions $(packets captions.mkv), ffmpeg $(packets ffmpeg.mkv)"

python3 - "$extract_captions_wall" "$extract_captions_kib" "$extract_ffmpeg_wall" "$extract_ffmpeg_kib" \
  "$mux_captions_wall" "$mux_captions_kib" "$mux_ffmpeg_wall" "$mux_ffmpeg_kib" \
  "$short_captions_wall" "$short_captions_kib" "$short_ffmpeg_wall" "$short_ffmpeg_kib" <<'PY'
import sys
v = sys.argv[1:]
rows = [("extract track 2 to SRT (2 h)", v[0:4], "<= 1.0"), ("mux two SRT tracks (2 h)", v[4:8], "<= 1.1"),
        ("mux two SRT tracks (20 min)", v[8:12], "")]
print()
print("| step | captions s | ffmpeg s | ratio | captions MiB | ffmpeg MiB | target |")
print("|---|---|---|---|---|---|---|")
for name, (cw, ck, fw, fk), target in rows:
    print(f"| {name} | {float(cw):.3f} | {float(fw):.3f} | {float(cw) / float(fw):.2f}x | {int(ck) / 1024:.1f} | {int(fk) / 1024:.1f} | {target} |")
short, long = int(v[9]), int(v[5])
print()
print(f"memory, captions mux: 20 min {short / 1024:.1f} MiB, 2 h {long / 1024:.1f} MiB (2 h / 20 min: {long / short:.2f}x)")
PY
