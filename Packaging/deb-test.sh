#!/usr/bin/env bash
# The clean-root test of the Debian package: makes a fresh Debian 12 root from Debian's archive with
# mmdebstrap, installs the .deb there with Packaging/install-deb.sh (the Containerfile's own steps),
# runs Packaging/clean-root-checks.sh inside it (convert, render, burn, presets, check, studio, with no
# source or build tree), then checks on the host what came out: the render identical to the host's
# build of the same frame, the burned video decoding without an error and showing the captions.
# Usage: deb-test.sh DEB HOST_CAPTIONS (a build of this tree, for the reference render)
set -euo pipefail
deb=$(realpath "$1") host_captions=$(realpath "$2")
source_dir=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/captionkit-deb-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
inputs="$work/captionkit"
mkdir -p "$inputs"
cp "$deb" "$source_dir/Packaging/install-deb.sh" "$source_dir/Packaging/clean-root-checks.sh" \
  "$source_dir/Corpus/samples/sintel_en.srt" "$source_dir/Corpus/word-timed/whisperx.json" "$inputs/"
ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=360x640:rate=30:duration=4.2 -f lavfi -i sine=frequency=440:duration=4.2 \
  -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest "$inputs/clip.mp4"

started=$(date +%s)
mmdebstrap --variant=apt --mode=root --format=directory --quiet \
  --customize-hook="copy-in $inputs /tmp" \
  --customize-hook="chroot \"\$1\" sh /tmp/captionkit/install-deb.sh /tmp/captionkit/$(basename "$deb")" \
  --customize-hook='chroot "$1" bash /tmp/captionkit/clean-root-checks.sh /tmp/captionkit' \
  --customize-hook="copy-out /tmp/captionkit/results $work" \
  bookworm "$work/root" http://deb.debian.org/debian
echo "deb-test: clean root made, package installed and checked in $(( $(date +%s) - started )) s"

results="$work/results"
grep -q "highlight-by-word" "$results/presets.txt"
head -1 "$results/sintel_en.vtt" | grep -q '^WEBVTT'
grep -q '^Dialogue:' "$results/whisperx.ass"
# The packaged binary draws what this tree's build draws, pixel for pixel (same fonts from Debian).
"$host_captions" render "$source_dir/Corpus/word-timed/whisperx.json" --at 1.6 --preset background-by-word \
  --size 360x640 --background "#1d3557" -o "$work/host-frame.png"
"$host_captions" compare "$results/frame.png" "$work/host-frame.png" | tee "$work/compare.txt"
grep -q '^grade: SAME' "$work/compare.txt"
# The burned video decodes cleanly, shows captions (its frame at 1.6 s differs from the clip's), and
# that frame is the one this tree's build burns from the same inputs.
ffmpeg -v error -xerror -i "$results/burned.mp4" -f null -
if "$host_captions" compare "$results/burned.mp4" "$inputs/clip.mp4" --at 1.6 > "$work/uncaptioned.txt"; then
  echo "deb-test: the burned frame at 1.6 s has no captions" >&2; cat "$work/uncaptioned.txt" >&2; exit 1
fi
"$host_captions" burn "$inputs/clip.mp4" "$source_dir/Corpus/word-timed/whisperx.json" -o "$work/host-burned.mp4" \
  --preset highlight-by-word --encoder-preset ultrafast --quiet
"$host_captions" compare "$results/burned.mp4" "$work/host-burned.mp4" --at 1.6 | tee "$work/compare-burn.txt"
grep -Eq '^grade: (SAME|GOOD)' "$work/compare-burn.txt"
echo "deb-test: passed ($(basename "$deb"), $(cat "$results/version.txt"))"
