#!/usr/bin/env bash
# Golden-check benchmark: a tree of 20 golden folders (10 presets, each with its default style and with
# a brand colour) x 10 frames at 1080x1920, recorded once, then checked with 1 and with 2 workers in the
# same run. Prints frames per second, the speed-up, and where one frame's time goes on one worker
# (drawing it, reading its golden PNG, comparing), beside what PNG decoding of the same goldens costs in
# ffmpeg. Target: render + decode + compare under 60 ms a frame at 1080x1920 on one core.
# Ratios matter, not absolute times: the machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${WORK:-out/golden-bench}
swift build -c release --product captions >/dev/null
CAPTIONS=$(swift build -c release --show-bin-path)/captions
mkdir -p "$WORK"
cp Corpus/word-timed/whisperx.json "$WORK/clip.json"
echo '{"highlight_color": "#00E5FF"}' > "$WORK/brand.json"
TIMES=0.1,0.4,0.7,1.0,1.3,1.6,1.9,2.2,2.5,2.8
for preset in plain broadcast highlight-by-word background-by-word word-and-scale karaoke-fill cumulative three-state pop-in one-word; do
  for variant in default brand; do
    dir="$WORK/tree/$preset/$variant"
    [ -f "$dir/manifest.json" ] && continue
    style=(); [ "$variant" = brand ] && style=(--style "$WORK/brand.json")
    "$CAPTIONS" golden record "$WORK/clip.json" --preset "$preset" "${style[@]}" --size 1080x1920 --times "$TIMES" --dir "$dir" >/dev/null
  done
done

declare -A wall
for jobs in 1 2; do
  start=$EPOCHREALTIME
  "$CAPTIONS" golden check "$WORK/tree" --jobs "$jobs" --json "$WORK/run-$jobs.json" >/dev/null
  wall[$jobs]=$(python3 -c "print($EPOCHREALTIME - $start)")
done

# Frames that differ take the full metric: the brand colour changed, so half the folders fail.
echo '{"highlight_color": "#FF3D00"}' > "$WORK/brand.json"
"$CAPTIONS" golden check "$WORK/tree" --jobs 1 --json "$WORK/run-fail.json" --report "$WORK/report" >/dev/null || true
echo '{"highlight_color": "#00E5FF"}' > "$WORK/brand.json"

# The peer: ffmpeg decoding the same 200 golden PNGs (one process, all frames), for the read stage's scale.
ls "$WORK"/tree/*/*/[0-9]*.png | sed "s|^|file '$PWD/|; s|$|'|" > "$WORK/pngs.txt"
start=$EPOCHREALTIME
ffmpeg -v fatal -f concat -safe 0 -i "$WORK/pngs.txt" -f null -
ffmpeg_wall=$(python3 -c "print($EPOCHREALTIME - $start)")

python3 - "$WORK" "${wall[1]}" "${wall[2]}" "$ffmpeg_wall" <<'PY'
import json, sys, statistics
work, w1, w2, fw = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4])
run = json.load(open(f"{work}/run-1.json"))
frames = [f for folder in run["folders"] for f in folder["frames"]]
n = len(frames)
stage = lambda k: statistics.mean(f["stages"][k] for f in frames) * 1000
total = statistics.mean(f["seconds"] for f in frames) * 1000
print(f"golden check: {len(run['folders'])} folders x {n // len(run['folders'])} frames at 1080x1920, worst grade {run['summary']['worst_grade']}")
print("%-22s %10s %10s" % ("", "wall s", "frames/s"))
print("%-22s %10.2f %10.1f" % ("1 worker", w1, n / w1))
print("%-22s %10.2f %10.1f" % ("2 workers", w2, n / w2))
print(f"speed-up with 2 workers: {w1 / w2:.2f}x")
print(f"one frame on one worker: {total:.1f} ms = draw {stage('render'):.1f} + read golden PNG {stage('read'):.1f} + compare {stage('compare'):.1f} (target < 60 ms)")
failed = [f for folder in json.load(open(f"{work}/run-fail.json"))["folders"] for f in folder["frames"] if not f["passed"]]
if failed:
    fs = lambda k: statistics.mean(f["stages"][k] for f in failed) * 1000
    print(f"a differing frame ({len(failed)} of them): draw {fs('render'):.1f} + read {fs('read'):.1f} + compare {fs('compare'):.1f} "
          f"= {fs('render') + fs('read') + fs('compare'):.1f} ms (writing its report images is extra)")
print(f"peer: ffmpeg decodes the same {n} PNGs in {fw:.2f} s, {fw / n * 1000:.1f} ms a frame (our read stage: {stage('read'):.1f} ms)")
PY
