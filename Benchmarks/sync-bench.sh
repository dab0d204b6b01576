#!/usr/bin/env bash
# Sync to speech: `captions sync` beside ffsubsync 0.5.1 (pip, for this benchmark only) on the same
# cases in the same run. Recordings are espeak-ng speech placed at known caption times (two voices and
# speeds; clean, a music bed, pink noise, both at 10 dB below the active speech level, and both as loud
# as the speech, 0 dB, beyond the goal), captions off by
# -30 ... +30 s, one also made for 25 fps played at 23.976, and an ad-break recording whose captions are
# 4 s further off after a 90 s break, clean and under noise (CaptionKit with --splits; ffsubsync has no
# such mode); and captions that outlast their speech (a reading-time rule, lines held to the next) under
# music, pink noise and babble at 10 and 5 dB. Score: the share of caption starts within 100 ms of the
# truth (goal: at least 95 % in every case, the median within 40 ms), the median and the worst error; CaptionKit's refusals (exit 65: no clear match, nothing written) are shown as such. Then a two-hour recording (AAC in an MP4): seconds to sync it (goal: under 20 s), both tools.
# LONG=0 skips the two-hour case.
set -euo pipefail
cd "$(dirname "$0")/.."
WORK=${WORK:-out/bench/sync}
LONG=${LONG:-1}
mkdir -p "$WORK"
python3 -c "import ffsubsync" 2>/dev/null || python3 -m pip install -q --disable-pip-version-check ffsubsync==0.5.1 2>/dev/null \
  || python3 -m pip install -q --disable-pip-version-check --break-system-packages ffsubsync==0.5.1
swift build -c release --product captions >/dev/null
swift build -c release --product sync-bench >/dev/null
BIN=$(swift build -c release --show-bin-path)
if [ ! -f "$WORK/cases.tsv" ] || [ Benchmarks/sync-bench/main.swift -nt "$WORK/cases.tsv" ] || { [ "$LONG" = 1 ] && [ ! -f "$WORK/long.wav" ]; }; then
  "$BIN/sync-bench" "$WORK" $([ "$LONG" = 1 ] && echo --long)
fi

score() { python3 Benchmarks/sync-score.py "$1" "$2"; }
printf '%-48s %-36s %-36s\n' "case" "CaptionKit (within 100 ms, median, worst)" "ffsubsync 0.5.1"
ck_pass=0; ff_pass=0; total=0
: > "$WORK/results.tsv"
while IFS=$'\t' read -r name wav input truth; do
  [ -n "$name" ] || continue
  total=$((total + 1))
  splits=""; [[ "$name" == *--splits* ]] && splits="--splits"
  rm -f "$WORK/ck.srt"
  status=0; "$BIN/captions" sync "$input" --reference "$WORK/$wav" -o "$WORK/ck.srt" $splits 2>"$WORK/ck.log" || status=$?
  ffs "$WORK/$wav" -i "$input" -o "$WORK/ffs.srt" >/dev/null 2>&1 || cp "$input" "$WORK/ffs.srt"
  # CaptionKit refuses (exit 65, nothing written) when the match is not clear: shown with its confidence.
  if [ "$status" = 65 ]; then ck="refused ($(grep -o 'confidence [0-9.]*' "$WORK/ck.log" | head -1))"; else ck=$(score "$WORK/ck.srt" "$truth"); fi
  ff=$(score "$WORK/ffs.srt" "$truth")
  [[ "$ck" == PASS* ]] && ck_pass=$((ck_pass + 1)); [[ "$ff" == PASS* ]] && ff_pass=$((ff_pass + 1))
  printf '%-48s %-36s %-36s\n' "$name" "$ck" "$ff"
  printf '%s\t%s\t%s\n' "$name" "$ck" "$ff" >> "$WORK/results.tsv"
done < "$WORK/cases.tsv"
echo "cases passed (>= 95 % of starts within 100 ms, median within 40 ms): CaptionKit $ck_pass/$total, ffsubsync $ff_pass/$total (the goal: every case at 10 and 5 dB; 0 dB is beyond it)"
python3 Benchmarks/sync-groups.py "$WORK/results.tsv"

if [ "$LONG" = 1 ]; then
  [ -f "$WORK/long.mp4" ] || ffmpeg -v error -y -f lavfi -i color=c=gray:s=96x54:r=5 -i "$WORK/long.wav" -shortest \
    -c:v libx264 -preset ultrafast -c:a aac -b:a 96k "$WORK/long.mp4"
  dur=$(ffprobe -v error -show_entries format=duration -of csv=p=0 "$WORK/long.mp4")
  s0=$(date +%s.%N); "$BIN/captions" sync "$WORK/long-input.srt" --reference "$WORK/long.mp4" -o "$WORK/long-ck.srt" 2>"$WORK/long-ck.log" || true; s1=$(date +%s.%N)
  ffs "$WORK/long.mp4" -i "$WORK/long-input.srt" -o "$WORK/long-ffs.srt" >/dev/null 2>&1 || cp "$WORK/long-input.srt" "$WORK/long-ffs.srt"; s2=$(date +%s.%N)
  python3 - "$dur" "$s0" "$s1" "$s2" "$(score "$WORK/long-ck.srt" "$WORK/long-truth.srt")" "$(score "$WORK/long-ffs.srt" "$WORK/long-truth.srt")" <<'PY'
import sys
dur, a, b, c = map(float, sys.argv[1:5])
print(f"two-hour video ({dur / 3600:.2f} h, AAC): CaptionKit {b - a:.1f} s ({sys.argv[5]}), ffsubsync {c - b:.1f} s ({sys.argv[6]}); {(c - b) / (b - a):.1f}x")
PY
fi
