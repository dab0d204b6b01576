#!/usr/bin/env bash
# Behaviour snapshot: what the built `captions` writes for a fixed set of inputs, as a manifest of
# SHA-256 sums, so that two builds (before and after a refactoring) can be compared file by file.
#
#   Tools/behaviour-snapshot.sh DIR            write DIR/files/... and DIR/manifest.txt with .build/debug/captions
#   Tools/behaviour-snapshot.sh --compare A B  list the files whose sums differ (exit 1 when any does)
#
# What it runs:
# - every runnable docs example (DocsCommandsTests with CAPTIONKIT_KEEP_DOCS_OUTPUT: each page's
#   folder as its commands left it);
# - the golden corpus: every case of Sources/CaptionTestSupport/GoldenCorpusCase.swift rendered at its
#   time, 540x960;
# - every preset on Corpus/word-timed/whisperx.json: `convert --preset P -o .ass`, `render --at 1.2`,
#   `convert -o .sup` and a 2-second `burn` (its decoded frames' sums, not the container's bytes);
# - every preset's `.ass` also for Corpus/golden/inputs/markup.srt at 1920x1080.
# Video files are compared by their streams' packets (`ffmpeg -c copy -f framemd5`): a Matroska file
# has a random segment id and a date. Files that carry the build's version or the time of the run
# (manifests, HTML and JUnit reports, split plans, logs) are listed by name only. The build is not made here: build the commit first (`swift build`).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)

if [ "${1:-}" = "--compare" ]; then
  a=$2/manifest.txt b=$3/manifest.txt
  if diff <(sort -k2 "$a") <(sort -k2 "$b") > /dev/null; then
    echo "identical: $(wc -l < "$a") files"; exit 0
  fi
  echo "differ (- $2, + $3):"
  diff <(sort -k2 "$a") <(sort -k2 "$b") | grep '^[<>]' | sed 's/^</-/; s/^>/+/'
  exit 1
fi

out=$(mkdir -p "$1" && cd "$1" && pwd)
files=$out/files
rm -rf "$files" && mkdir -p "$files"/{docs,golden,presets}
captions=$root/.build/debug/captions
[ -x "$captions" ] || { echo "behaviour-snapshot: build first (swift build)" >&2; exit 1; }
cd "$root"

echo "docs examples..."
CAPTIONKIT_KEEP_DOCS_OUTPUT="$files/docs" swift test --skip-build --filter 'DocsCommandsTests/examplesRun' > "$out/docs.log" 2>&1 \
  || { echo "behaviour-snapshot: the docs examples failed ($out/docs.log)" >&2; exit 1; }
# The links to Corpus/, Styles/ and Fuzz/ the test makes are the repository's own files.
find "$files/docs" -maxdepth 2 -type l -delete

echo "golden corpus..."
grep -o 'GoldenCorpusCase(input: "[^"]*", preset: "[^"]*", time: [0-9]*)' Sources/CaptionTestSupport/GoldenCorpusCase.swift |
  sed -E 's/.*input: "([^"]*)", preset: "([^"]*)", time: ([0-9]*)\)/\1 \2 \3/' | while read -r input preset ms; do
    "$captions" render "Corpus/golden/inputs/$input" --preset "$preset" --at "$(awk "BEGIN {print $ms / 1000}")" --size 540x960 \
      -o "$files/golden/$preset-${input%.*}-$ms.png" > /dev/null 2>&1
  done
# The karaoke cases: every preset at the corpus's two times.
for preset in $("$captions" presets | awk '{print $1}'); do
  for ms in 350 1610; do
    "$captions" render Corpus/golden/inputs/karaoke-whisperx.json --preset "$preset" --at "$(awk "BEGIN {print $ms / 1000}")" \
      --size 540x960 -o "$files/golden/$preset-karaoke-$ms.png" > /dev/null 2>&1
  done
done

echo "every preset..."
clip=$out/clip.mp4
[ -f "$clip" ] || ffmpeg -v error -f lavfi -i testsrc2=size=360x640:rate=30 -t 2 -c:v libx264 -crf 0 -preset ultrafast -pix_fmt yuv420p "$clip"
words=Corpus/word-timed/whisperx.json
for preset in $("$captions" presets | awk '{print $1}'); do
  p=$files/presets/$preset
  "$captions" convert "$words" --preset "$preset" -o "$p.ass" > /dev/null 2>&1
  "$captions" convert Corpus/golden/inputs/markup.srt --preset "$preset" --size 1920x1080 -o "$p-markup.ass" > /dev/null 2>&1
  "$captions" render "$words" --preset "$preset" --at 1.2 -o "$p.png" > /dev/null 2>&1
  "$captions" convert "$words" --preset "$preset" -o "$p.sup" > /dev/null 2>&1
  "$captions" burn "$clip" "$words" --preset "$preset" -o "$p.mp4" --crf 0 --encoder-preset ultrafast --quiet > /dev/null 2>&1
  ffmpeg -nostdin -v error -i "$p.mp4" -f framemd5 - | grep -v '^#' > "$p.burn-frames.txt"
  rm "$p.mp4"
done

# Sums of everything, except what records the build or the clock.
(cd "$files" && find . -type f | sort | while read -r f; do
  case "$f" in
    *.log|*manifest*.json|*.html|*/index.json|*.xml|*.plan.json|*.done.json) echo "(not compared)  $f" ;;
    *.mkv|*.webm|*.mp4|*.mov|*.m4a)
      sum=$(ffmpeg -nostdin -v error -i "$f" -map 0:v? -map 0:a? -map 0:s? -c copy -f framemd5 - 2>/dev/null | grep -v '^#' | sha256sum | cut -d' ' -f1)
      echo "$sum  $f (packets)" ;;
    *) sha256sum "$f" ;;
  esac
done) > "$out/manifest.txt"
echo "$(grep -vc 'not compared' "$out/manifest.txt") files summed in $out/manifest.txt"
