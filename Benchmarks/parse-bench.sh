#!/usr/bin/env bash
# Parse benchmark: CaptionKit against pysubs2 and srt on the same generated 100,000-cue files (SRT, WebVTT,
# and an ASS script whose events carry override tags), in one run;
# then convert end to end (read, write, save) from the SRT to SRT, WebVTT, ASS and JSON against pysubs2
# loading and saving the same file (targets: >= 50x pysubs2, peak memory under 3x the file).
# Each measurement is one parse in a fresh process (what `captions convert` does); each tool runs RUNS
# times (peers PEER_RUNS, 5: they are slow, and their own times move by a quarter from run to run) and
# the median time is reported, with the largest peak memory beyond the process's base. Targets: >= 1,000,000 cues/s, >= 50x pysubs2, memory under twice the file size.
# Ratios matter, not absolute times: the machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
CUES=${CUES:-100000}
RUNS=${RUNS:-9}
PEER_RUNS=${PEER_RUNS:-5}
WORK=${WORK:-out/bench}
mkdir -p "$WORK"
python3 -c "import pysubs2, srt" 2>/dev/null || python3 -m pip install -q pysubs2 srt
swift build -c release --product parse-bench >/dev/null
BENCH=$(swift build -c release --show-bin-path)/parse-bench

for fmt in srt vtt ass; do
  file="$WORK/bench-$CUES.$fmt"
  [ -f "$file" ] || python3 Benchmarks/generate.py "$fmt" "$CUES" "$file"
  size_kib=$(( $(stat -c %s "$file") / 1024 ))
  echo "== $file ($size_kib KiB)"
  peers=(pysubs2); [ "$fmt" = srt ] && peers+=(srt)
  {
    # Interleaved, ours then each peer per round: the machine's load moves over minutes, and runs taken
    # in two blocks would set one tool's quiet minute against the other's busy one.
    for round in $(seq "$RUNS"); do
      "$BENCH" "$file"
      if [ "$round" -le "$PEER_RUNS" ]; then for peer in "${peers[@]}"; do python3 Benchmarks/peers.py "$peer" "$file"; done; fi
    done
  } | python3 -c '
import json, statistics, sys
size = int(sys.argv[1])
runs = {}
for line in sys.stdin:
    if line.strip():
        r = json.loads(line); runs.setdefault(r["tool"], []).append(r)
rows = [{"tool": tool, "cues": rs[0]["cues"], "seconds": statistics.median(r["seconds"] for r in rs),
         "peak_kib": max(r["peak_kib"] for r in rs), "runs": len(rs)} for tool, rs in runs.items()]
ours = rows[0]
print("%-11s %5s %8s %10s %14s %12s %10s" % ("tool", "runs", "cues", "median s", "cues/s", "peak MiB", "x file"))
for r in rows:
    print("%-11s %5d %8d %10.4f %14s %12.1f %10.2f" % (r["tool"], r["runs"], r["cues"], r["seconds"], format(int(r["cues"] / r["seconds"]), ","),
          r["peak_kib"] / 1024, r["peak_kib"] / size))
for r in rows[1:]:
    print("captionkit is %.1fx faster than %s, using %.2fx its memory" % (r["seconds"] / ours["seconds"], r["tool"], ours["peak_kib"] / max(r["peak_kib"], 1)))
' "$size_kib"
done

# Convert end to end: the same library calls as `captions convert FILE -o OUT` (read, write streamed to a
# temporary file, rename), timed in-process like pysubs2's load + save; one table row per output format.
convert_table() { # FILE FORMAT...
  local file=$1; shift
  local size_kib=$(( $(stat -c %s "$file") / 1024 ))
  echo "== convert $file ($size_kib KiB) end to end"
  {
    for fmt in "$@"; do
      for round in $(seq "$RUNS"); do
        "$BENCH" "$file" --convert "$fmt" "$WORK/out.$fmt"
        if [ "$round" -le "$PEER_RUNS" ]; then python3 Benchmarks/peers.py pysubs2 "$file" --convert "$fmt" "$WORK/peer.$fmt"; fi
      done
    done
  } | python3 -c '
import json, statistics, sys
size = int(sys.argv[1])
runs = {}
for line in sys.stdin:
    if line.strip():
        r = json.loads(line); runs.setdefault(r["tool"], []).append(r)
print("%-6s %12s %12s %10s %12s %10s" % ("to", "captionkit s", "pysubs2 s", "speed-up", "peak MiB", "x file"))
for fmt in sys.argv[2:]:
    ours, peer = runs["captionkit-" + fmt], runs["pysubs2-" + fmt]
    t, p = statistics.median(r["seconds"] for r in ours), statistics.median(r["seconds"] for r in peer)
    peak = max(r["peak_kib"] for r in ours)
    print("%-6s %12.4f %12.3f %9.1fx %12.1f %10.2f" % (fmt, t, p, p / t, peak / 1024, peak / size))
' "$size_kib" "$@"
}

convert_table "$WORK/bench-$CUES.srt" srt vtt ass json
# ASS to ASS: the lossless path (every event's Text field written back as read, Comment lines, styles).
# Target: >= 50x pysubs2.
convert_table "$WORK/bench-$CUES.ass" ass
