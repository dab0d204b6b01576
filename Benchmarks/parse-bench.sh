#!/usr/bin/env bash
# Parse benchmark: CaptionKit against pysubs2 and srt on the same generated 100,000-cue files, in one run.
# Reports cues/s and peak memory beyond each process's base; targets: >= 1,000,000 cues/s, >= 50x pysubs2,
# memory under twice the file size. Ratios matter, not absolute times: the machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
CUES=${CUES:-100000}
WORK=${WORK:-out/bench}
mkdir -p "$WORK"
python3 -c "import pysubs2, srt" 2>/dev/null || python3 -m pip install -q pysubs2 srt
swift build -c release --product parse-bench >/dev/null
BENCH=$(swift build -c release --show-bin-path)/parse-bench

for fmt in srt vtt; do
  file="$WORK/bench-$CUES.$fmt"
  [ -f "$file" ] || python3 Benchmarks/generate.py "$fmt" "$CUES" "$file"
  size_kib=$(( $(stat -c %s "$file") / 1024 ))
  echo "== $file ($size_kib KiB)"
  rows=("$("$BENCH" "$file" 5)" "$(python3 Benchmarks/peers.py pysubs2 "$file" 2)")
  [ "$fmt" = srt ] && rows+=("$(python3 Benchmarks/peers.py srt "$file" 2)")
  printf '%s\n' "${rows[@]}" | python3 -c '
import json, sys
size = int(sys.argv[1])
rows = [json.loads(l) for l in sys.stdin if l.strip()]
ours = rows[0]
print("%-11s %8s %10s %14s %12s %10s" % ("tool", "cues", "seconds", "cues/s", "peak MiB", "x file"))
for r in rows:
    print("%-11s %8d %10.4f %14s %12.1f %10.2f" % (r["tool"], r["cues"], r["seconds"], format(int(r["cues"] / r["seconds"]), ","),
          r["peak_kib"] / 1024, r["peak_kib"] / size))
for r in rows[1:]:
    print("captionkit is %.1fx faster than %s, using %.2fx its memory" % (r["seconds"] / ours["seconds"], r["tool"], ours["peak_kib"] / max(r["peak_kib"], 1)))
' "$size_kib"
done
