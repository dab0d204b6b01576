#!/usr/bin/env bash
# Makes the seeds of the `cea608` fuzz target (Fuzz/seeds/cea608/): each SCC file of Corpus/broadcast/scc
# as the target's input (see Sources/CaptionFuzzing/CEA608Targets.swift): a first byte 0x00 (CC1, field 1,
# no end time), then the file's byte pairs, one a frame, with padding pairs (0x80 0x80) in the frames
# between its lines, at most 90 of them (a gap of three seconds), and the first 16 KB only, so that a
# seed stays small. Run again
# after changing it; the files are committed.
#
#   Fuzz/seeds/make-cea608-seeds.sh
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p cea608
for scc in ../../Corpus/broadcast/scc/*.scc; do
  python3 - "$scc" "cea608/$(basename "$scc" .scc).bin" <<'PY'
import re, sys
def frame(tc):
    h, m, s, f = int(tc[0:2]), int(tc[3:5]), int(tc[6:8]), int(tc[9:11])
    n = ((h * 60 + m) * 60 + s) * 30 + f
    if tc[8] == ";":
        minutes = h * 60 + m
        n -= 2 * (minutes - minutes // 10)
    return n
out, at = bytearray([0x00]), None
for line in open(sys.argv[1], encoding="utf-8"):
    m = re.match(r"\s*(\d\d:\d\d:\d\d[:;]\d\d)\s+(.*)", line)
    if not m:
        continue
    start = frame(m.group(1))
    if at is not None:
        out += b"\x80\x80" * min(90, max(0, start - at))
    words = m.group(2).split()
    for word in words:
        out += bytes.fromhex(word)
    at = max(start, at or 0) + len(words)
open(sys.argv[2], "wb").write(out[:16385])
PY
done
ls -l cea608
