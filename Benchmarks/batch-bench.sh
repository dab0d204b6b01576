#!/usr/bin/env bash
# Many files in one run: FILES small SRT files (CUES cues each) converted to WebVTT by one
# `captions convert *.srt --to vtt -d DIR` against a shell loop of single `captions convert FILE -o OUT`
# runs, both with the release build, on the same files. Prints both wall times and their ratio and
# compares the two sets of outputs byte for byte (fails if any differs). Target: the one run under a
# tenth of the loop (a process start alone costs 70-85 ms here: 161 shared libraries).
# Ratios matter, not absolute times: the machines are shared and noisy.
set -euo pipefail
cd "$(dirname "$0")/.."
FILES=${FILES:-1000}
CUES=${CUES:-20}
WORK=${WORK:-out/batch-bench}
swift build -c release --product captions >/dev/null
CAPTIONS=$(swift build -c release --show-bin-path)/captions
rm -rf "$WORK"
mkdir -p "$WORK/in" "$WORK/one-run" "$WORK/loop"

# Deterministic files, each its own text and timings (two-line cues, one in ten in italics).
python3 - "$WORK/in" "$FILES" "$CUES" <<'EOF'
import random, sys
folder, files, cues = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
words = "the of and to in is you that it he was for on are as with his they at be this have from or one had by".split()
def stamp(ms):
    return "%02d:%02d:%02d,%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000)
for n in range(files):
    rng = random.Random(n)
    def line():
        text = " ".join(rng.choice(words) for _ in range(rng.randint(4, 8)))
        return text[0].upper() + text[1:]
    t, parts = 0, []
    for i in range(1, cues + 1):
        start = t + rng.randint(50, 400)
        t = end = start + rng.randint(800, 4000)
        first = "<i>%s</i>" % line() if rng.random() < 0.1 else line()
        parts.append("%d\n%s --> %s\n%s\n%s\n\n" % (i, stamp(start), stamp(end), first, line()))
    with open("%s/clip%04d.srt" % (folder, n), "w", encoding="utf-8") as f:
        f.write("".join(parts))
EOF
echo "== $FILES SRT files of $CUES cues to WebVTT ($(du -sk "$WORK/in" | cut -f1) KiB), $(nproc) cores"

# Wall-clock times from bash's own clock (no process started to read it).
t0=$EPOCHREALTIME
"$CAPTIONS" convert "$WORK"/in/*.srt --to vtt -d "$WORK/one-run"
t1=$EPOCHREALTIME
for file in "$WORK"/in/*.srt; do
  name=${file##*/}
  "$CAPTIONS" convert "$file" -o "$WORK/loop/${name%.srt}.vtt"
done
t2=$EPOCHREALTIME

written=$(find "$WORK/one-run" -name '*.vtt' | wc -l)
if [ "$written" -ne "$FILES" ] || ! diff -rq "$WORK/one-run" "$WORK/loop" >/dev/null; then
  echo "FAIL: the one run's $written outputs differ from the loop's:"; diff -rq "$WORK/one-run" "$WORK/loop" | head; exit 1
fi
python3 - "$t0" "$t1" "$t2" "$FILES" <<'EOF'
import sys
t0, t1, t2, files = float(sys.argv[1]), float(sys.argv[2]), float(sys.argv[3]), int(sys.argv[4])
one, loop = t1 - t0, t2 - t1
print("%-34s %9s %12s" % ("", "seconds", "ms per file"))
print("%-34s %9.3f %12.2f" % ("one run (convert ... -d DIR)", one, 1000 * one / files))
print("%-34s %9.3f %12.2f" % ("shell loop of single converts", loop, 1000 * loop / files))
print("one run / loop = %.4f (%.0fx faster); target under 0.1: %s" % (one / loop, loop / one, "met" if one / loop < 0.1 else "MISSED"))
print("outputs: %d files, byte-identical" % files)
EOF
