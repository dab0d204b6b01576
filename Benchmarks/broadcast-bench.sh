#!/usr/bin/env bash
# Broadcast formats: reading and writing 10,000 captions as SCC and EBU STL with CaptionKit, beside
# ttconv and pycaption doing the same in the same run (target: CaptionKit at least 20x faster than the
# faster peer). The source is a generated 10,000-cue SRT (two lines of up to ~45 characters: the
# writers wrap them to 608's 32 columns), starting at 10 s so that every writer has room to load the
# first pop-on caption before it. Each step is timed inside its process, without start-up: CaptionKit
# through Benchmarks/parse-bench (read; read + write, the read subtracted), the peers through
# Benchmarks/broadcast-peers.py. Medians of RUNS (peers PEER_RUNS). Ratios matter, not absolute times.
# Neither peer writes EBU STL (ttconv reads it only, pycaption not at all): that row has no peer.
set -euo pipefail
cd "$(dirname "$0")/.."
CUES=${CUES:-10000}
RUNS=${RUNS:-7}
PEER_RUNS=${PEER_RUNS:-3}
WORK=${WORK:-out/bench}
mkdir -p "$WORK"
make --no-print-directory python-peers >/dev/null
swift build -c release --product parse-bench >/dev/null
BENCH=$(swift build -c release --show-bin-path)/parse-bench

srt="$WORK/broadcast-$CUES.srt"
if [ ! -f "$srt" ]; then
  python3 Benchmarks/generate.py srt "$CUES" "$srt.tmp"
  python3 - "$srt.tmp" "$srt" <<'PY'
import re, sys
def shifted(m):
    h, mi, s, ms = map(int, m.groups()); t = ((h * 60 + mi) * 60 + s) * 1000 + ms + 10000
    return "%02d:%02d:%02d,%03d" % (t // 3600000, t // 60000 % 60, t // 1000 % 60, t % 1000)
open(sys.argv[2], "w").write(re.sub(r"(\d\d):(\d\d):(\d\d),(\d\d\d)", shifted, open(sys.argv[1]).read()))
PY
  rm -f "$srt.tmp"
fi
scc="$WORK/broadcast-$CUES.scc"
stl="$WORK/broadcast-$CUES.stl"
"$BENCH" "$srt" --convert scc "$scc" >/dev/null
"$BENCH" "$srt" --convert stl "$stl" >/dev/null

{
  for _ in $(seq "$RUNS"); do
    "$BENCH" "$scc" | sed 's/^{/{"step":"read SCC",/'
    "$BENCH" "$srt" --convert scc "$WORK/ck-out.scc" | sed 's/^{/{"step":"write SCC",/'
    "$BENCH" "$stl" | sed 's/^{/{"step":"read STL",/'
    "$BENCH" "$srt" --convert stl "$WORK/ck-out.stl" | sed 's/^{/{"step":"write STL",/'
  done
  for _ in $(seq "$PEER_RUNS"); do
    for peer in ttconv pycaption; do
      python3 Benchmarks/broadcast-peers.py $peer read "$scc" | sed 's/"step": "read"/"step": "read SCC"/'
      python3 Benchmarks/broadcast-peers.py $peer write-scc "$srt" "$WORK/$peer-out.scc" | sed 's/"step": "write-scc"/"step": "write SCC"/'
    done
    python3 Benchmarks/broadcast-peers.py ttconv read "$stl" | sed 's/"step": "read"/"step": "read STL"/'
  done
} | python3 -c '
import json, statistics, sys
runs = {}
for line in sys.stdin:
    r = json.loads(line)
    tool = "captionkit" if r["tool"].startswith("captionkit") else r["tool"]
    # parse-bench times read + write; the write alone is the total less the read.
    seconds = r["seconds"] - r["parse_seconds"] if tool == "captionkit" and r["step"].startswith("write") else r["seconds"]
    runs.setdefault((r["step"], tool), []).append((seconds, r["cues"]))
print("%-10s %-11s %5s %7s %10s %12s %s" % ("step", "tool", "runs", "cues", "median s", "captions/s", "CaptionKit vs the faster peer"))
for step in ["read SCC", "write SCC", "read STL", "write STL"]:
    rows = [(tool, statistics.median(s for s, _ in v), v[0][1], len(v)) for (st, tool), v in runs.items() if st == step]
    ours = next(r for r in rows if r[0] == "captionkit")
    peers = [r for r in rows if r[0] != "captionkit"]
    for tool, seconds, cues, n in rows:
        note = ""
        if tool == "captionkit":
            note = "%.0fx faster than %s" % (min(p[1] for p in peers) / seconds, min(peers, key=lambda p: p[1])[0]) if peers else "(no peer writes it)"
        print("%-10s %-11s %5d %7d %10.4f %12.0f %s" % (step, tool, n, cues, seconds, cues / seconds, note))
'
