#!/usr/bin/env bash
# Shot-change benchmark: the shots test clip (Benchmarks/shots-clip.sh) at 1920x1080, 40 s at 25 fps,
# H.264 (x264 veryfast, CRF 23 capped at 8 Mb/s as a delivered 1080p file is), 8 hard cuts, a 25-frame
# crossfade and two single-frame white flashes. On one core (taskset -c 0), in the same run:
#   captions   `captions shots clip.mp4` (release build)
#   peer       PySceneDetect 0.7.2 with defaults: `scenedetect -i clip.mp4 detect-content list-scenes`
# For each: cuts found at their exact frame, missed and false (which: a flash, the crossfade, other),
# CPU and wall time (the run with the least CPU of RUNS, default 1), frames per second and the ratio to
# real time (25 fps).
# Ratios matter, not absolute times: the machines are shared and noisy.
#   Benchmarks/shots-bench.sh [RUNS]
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-1}
WORK=${WORK:-out/shots-bench}
mkdir -p "$WORK"
swift build -c release --product captions >/dev/null
CAPTIONS=$(swift build -c release --show-bin-path)/captions
clip=$WORK/clip.mp4
# The clip takes a few minutes to make at 1080p: kept while the recipe is unchanged.
if [ ! -s "$clip" ] || [ Benchmarks/shots-clip.sh -nt "$clip" ] || [ ! -s "$WORK/truth.txt" ]; then
  Benchmarks/shots-clip.sh 1920x1080 "$clip" -preset veryfast -crf 23 -maxrate 8M -bufsize 16M > "$WORK/truth.txt"
fi
frames=$(ffprobe -v error -select_streams v -count_packets -show_entries stream=nb_read_packets -of csv=p=0 "$clip")
echo "clip: 1920x1080 25 fps H.264, $frames frames, $(du -m "$clip" | cut -f1) MB; truth: $(paste -sd';' "$WORK/truth.txt")"
echo "$(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), one core each (taskset -c 0), best of $runs"

# best NAME COMMAND...: the run with the least CPU time (user + system, from /usr/bin/time) of $runs runs,
# into $NAME_cpu and that run's wall time into $NAME_wall. On one core CPU time is the frames a core can
# do; the wall time also counts the waits for a core the other jobs on a shared machine hold.
best() {
  local name=$1; shift
  local cpu="" wall="" log e u s c
  log=$(mktemp)
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S" -o "$log" "$@" >/dev/null 2>&1
    read -r e u s < "$log"
    c=$(awk "BEGIN { printf \"%.2f\", $u + $s }")
    if [ -z "$cpu" ] || awk "BEGIN { exit !($c < $cpu) }"; then cpu=$c; wall=$e; fi
  done
  rm -f "$log"
  printf -v "${name}_cpu" '%s' "$cpu"
  printf -v "${name}_wall" '%s' "$wall"
}

best captions taskset -c 0 "$CAPTIONS" shots "$clip" -o "$WORK/captions.json"
rm -rf "$WORK/scenedetect"
best peer taskset -c 0 scenedetect -i "$clip" -o "$WORK/scenedetect" detect-content list-scenes -f scenes

python3 - "$WORK" "$frames" "$captions_cpu" "$captions_wall" "$peer_cpu" "$peer_wall" <<'PY'
import csv, json, sys
work, frames = sys.argv[1], int(sys.argv[2])
ours_cpu, ours_wall, peer_cpu, peer_wall = map(float, sys.argv[3:7])
truth = {}
for line in open(f"{work}/truth.txt"):
    key, *values = line.split()
    truth[key] = [int(v) for v in values]
cuts, flashes, (fade_first, fade_last) = truth["cuts"], truth["flashes"], truth["crossfade"]
ours = [c["frame"] for c in json.load(open(f"{work}/captions.json"))["shot_changes"]]
# PySceneDetect's CSV: a timecode line, then one row per scene; "Start Frame" counts from 1.
with open(f"{work}/scenedetect/scenes.csv") as f:
    rows = list(csv.reader(f))
header = rows[1]
peer = [int(r[header.index("Start Frame")]) - 1 for r in rows[2:]]
peer = [p for p in peer if p > 0]
def score(found):
    false = [f for f in found if f not in cuts]
    def kind(f):
        if any(f in (x, x + 1) for x in flashes): return "flash"
        if fade_first <= f <= fade_last + 1: return "crossfade"
        return "other"
    return sum(c in found for c in cuts), [c for c in cuts if c not in found], [(f, kind(f)) for f in false]
print()
print("| tool | cuts exact (of %d) | missed | false | CPU s | frames/s (CPU) | x real time | wall s | frames/s (wall) |" % len(cuts))
print("|---|---|---|---|---|---|---|---|---|")
for name, found, cpu, wall in (("captions shots", ours, ours_cpu, ours_wall),
                               ("PySceneDetect 0.7.2 detect-content", peer, peer_cpu, peer_wall)):
    exact, missed, false = score(found)
    false_text = ", ".join(f"{f} ({k})" for f, k in false) or "none"
    print(f"| {name} | {exact} | {', '.join(map(str, missed)) or 'none'} | {len(false)}: {false_text} | {cpu:.2f} | {frames / cpu:.0f} "
          f"| {frames / cpu / 25:.1f} | {wall:.2f} | {frames / wall:.0f} |")
print()
print(f"captions shots against PySceneDetect: {peer_cpu / ours_cpu:.2f}x the frames per CPU second, {peer_wall / ours_wall:.2f}x by wall time")
PY
