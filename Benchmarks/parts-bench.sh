#!/usr/bin/env bash
# Split-and-join benchmark: a 10-minute 1080x1920 30 fps clip with AAC audio, burned whole, then as
# PARTS parts (default 8) run by GNU parallel two at a time on this machine (-j JOBS, default 2),
# then joined; wall time and CPU time (user + system, children included) of each step. From those
# figures it prints the overhead a part adds and projects the wall time of a 2-hour video on W
# workers (the model is printed with the table). Release build, libx264 veryfast (the default).
#   Benchmarks/parts-bench.sh [MINUTES] [PARTS] [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
minutes=${1:-10} parts=${2:-8} jobs=${3:-2}
swift build -c release --product captions >/dev/null
captions="$(swift build -c release --show-bin-path)/captions"
work=$(mktemp -d /tmp/parts-bench.XXXXXX)
trap 'rm -rf "$work"' EXIT
cd "$work"

# The clip: 20 encoded seconds (moving test pattern, a tone) repeated by stream copy to the length
# asked for, as a long recording would be read: key frames every 250 frames, B-frames, AAC.
ffmpeg -v error -f lavfi -i testsrc2=size=1080x1920:rate=30 -f lavfi -i sine=frequency=330 -t 20 \
  -c:v libx264 -preset veryfast -pix_fmt yuv420p -c:a aac part.mp4
ffmpeg -v error -stream_loop $((minutes * 3 - 1)) -i part.mp4 -c copy clip.mp4
python3 "$OLDPWD/Benchmarks/word-timings.py" words.json $((minutes * 60)) >/dev/null
frames=$(ffprobe -v error -select_streams v -show_entries stream=nb_frames -of csv=p=0 clip.mp4)
echo "clip: $minutes min, $frames frames at 1080x1920, $(nproc) CPUs, $parts parts, $jobs at a time"

calc() { python3 -c "print(round($1, 2))"; }

# run NAME COMMAND...: wall and CPU seconds (children included) into $NAME_wall, $NAME_cpu.
run() {
  local name=$1; shift
  local t0 u0 s0
  read -r u0 s0 < <(awk '{print $14 + $16, $15 + $17}' /proc/$$/stat)
  t0=$(date +%s.%N)
  "$@" >/dev/null
  local t1 u1 s1
  t1=$(date +%s.%N)
  read -r u1 s1 < <(awk '{print $14 + $16, $15 + $17}' /proc/$$/stat)
  local hz; hz=$(getconf CLK_TCK)
  printf -v "${name}_wall" '%.2f' "$(calc "$t1 - $t0")"
  printf -v "${name}_cpu" '%.2f' "$(calc "($u1 - $u0 + $s1 - $s0) / $hz")"
}

run whole "$captions" burn clip.mp4 words.json -o whole.mp4 --quiet
run plan "$captions" burn clip.mp4 words.json --plan "$parts" -o plan.json
run parts parallel --will-cite -j "$jobs" "$captions" burn --plan plan.json --part {} --quiet ::: $(seq 0 $((parts - 1)))
run join "$captions" join plan.json -o joined.mp4 --quiet
# One part alone, for the cost of a part's start (process, captions, seek to its key frame, the
# encoder's start with an IDR frame) against its share of the whole burn. Its output and done
# marker go first, or the run would skip it.
rm -f plan.part-001.mp4 plan.part-001.mp4.done.json
run one "$captions" burn --plan plan.json --part 1 --quiet
part1=$(python3 -c "import json; print(json.load(open('plan.json'))['parts'][1]['frames'])")
got=$(ffprobe -v error -count_packets -select_streams v -show_entries stream=nb_read_packets -of csv=p=0 joined.mp4)

echo
echo "| step | wall s | CPU s |"
echo "|---|---|---|"
echo "| whole burn | $whole_wall | $whole_cpu |"
echo "| plan ($parts parts) | $plan_wall | $plan_cpu |"
echo "| $parts parts, GNU parallel -j $jobs | $parts_wall | $parts_cpu |"
echo "| join | $join_wall | $join_cpu |"
echo "| plan + parts + join | $(calc "$plan_wall + $parts_wall + $join_wall") | $(calc "$plan_cpu + $parts_cpu + $join_cpu") |"
echo "| part 1 alone ($part1 frames) | $one_wall | $one_cpu |"
echo
echo "joined: $got frames (source $frames)"
python3 - "$frames" "$parts" "$whole_wall" "$whole_cpu" "$plan_wall" "$parts_cpu" "$join_wall" "$one_wall" "$one_cpu" "$part1" <<'PY'
import sys
frames, parts = int(sys.argv[1]), int(sys.argv[2])
whole_wall, whole_cpu, plan_wall, parts_cpu, join_wall, one_wall, one_cpu = map(float, sys.argv[3:10])
part1 = int(sys.argv[10])
cpu_per_frame = whole_cpu / frames
overhead_cpu = max(0.0, (parts_cpu - whole_cpu) / parts)
one_overhead_wall = one_wall - part1 * whole_wall / frames
cores_used = whole_cpu / whole_wall
print(f"CPU per frame {cpu_per_frame * 1000:.1f} ms; a worker burning alone uses {cores_used:.2f} cores")
print(f"overhead per part: {overhead_cpu:.2f} CPU s (parts' CPU over the whole burn's, per part); "
      f"part 1 alone took {one_overhead_wall:+.2f} s wall beyond its share of the whole burn")
# Projection for a 2-hour video at this frame size and rate, one part per worker, each worker a
# machine like this one (its cores used as the whole burn used them here):
#   wall(W) = plan + (CPU per frame * frames / W + overhead per part) / cores used + join
# with plan and join (both read the whole file once) scaled from this clip by length.
scale = 120 * 60 * 30 / frames
big = frames * scale
print()
print("| workers | parts | projected wall for 2 h | speed-up over 1 worker |")
print("|---|---|---|---|")
one = None
for w in (1, 10, 100, 1000):
    t = plan_wall * scale + (cpu_per_frame * big / w + overhead_cpu) / cores_used + join_wall * scale
    one = one or t
    print(f"| {w} | {w} | {t / 60:.1f} min ({t:.0f} s) | {one / t:.1f}x |")
print()
print("model: wall(W) = plan + (CPU per frame x frames / W + overhead per part) / cores used + join;"
      " plan and join scale with length (each reads the file once), storage bandwidth and scheduling delays not counted")
PY
