#!/usr/bin/env bash
# The clean-root test of the Debian package, or of the container image: runs
# Packaging/clean-root-checks.sh (convert, render, burn, presets, check, studio, with no source or
# build tree) inside
#   --deb DEB:     a fresh Debian 12 root made from Debian's archive with mmdebstrap, where the .deb is
#                  installed with Packaging/install-deb.sh (the Containerfile's own steps);
#   --image IMAGE: the file system of the image `make image` built (podman), entered with chroot, so
#                  no container runtime is needed;
# then checks on the host what came out: the render identical to the host's build of the same frame,
# the burned video decoding without an error, showing the captions, and identical to the host's burn.
# Usage: deb-test.sh --deb DEB|--image IMAGE HOST_CAPTIONS (a build of this tree, for the references)
set -euo pipefail
mode=$1 subject=$2 host_captions=$(realpath "$3")
source_dir=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d /tmp/captionkit-deb-test.XXXXXX)
trap 'rm -rf "$work"' EXIT
inputs="$work/captionkit"
mkdir -p "$inputs"
cp "$source_dir/Packaging/install-deb.sh" "$source_dir/Packaging/clean-root-checks.sh" \
  "$source_dir/Corpus/samples/sintel_en.srt" "$source_dir/Corpus/word-timed/whisperx.json" "$inputs/"
ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=360x640:rate=30:duration=4.2 -f lavfi -i sine=frequency=440:duration=4.2 \
  -c:v libx264 -preset ultrafast -pix_fmt yuv420p -c:a aac -shortest "$inputs/clip.mp4"

started=$(date +%s)
case $mode in
--deb)
  deb=$(realpath "$subject")
  cp "$deb" "$inputs/"
  mmdebstrap --variant=apt --mode=root --format=directory --quiet \
    --customize-hook="copy-in $inputs /tmp" \
    --customize-hook="chroot \"\$1\" sh /tmp/captionkit/install-deb.sh /tmp/captionkit/$(basename "$deb")" \
    --customize-hook='chroot "$1" bash /tmp/captionkit/clean-root-checks.sh /tmp/captionkit' \
    --customize-hook="copy-out /tmp/captionkit/results $work" \
    bookworm "$work/root" http://deb.debian.org/debian
  echo "deb-test: clean root made, package installed and checked in $(( $(date +%s) - started )) s" ;;
--image)
  container=$(podman create "$subject")
  root=$(podman mount "$container")
  unmount() { umount "$root/dev" "$root/proc" 2>/dev/null || true; podman umount "$container" >/dev/null; podman rm "$container" >/dev/null; rm -rf "$work"; }
  trap unmount EXIT
  cp -r "$inputs" "$root/tmp/"
  mount -t proc proc "$root/proc"
  mount --bind /dev "$root/dev"
  chroot "$root" bash /tmp/captionkit/clean-root-checks.sh /tmp/captionkit
  cp -r "$root/tmp/captionkit/results" "$work/"
  echo "image-test: $subject checked in $(( $(date +%s) - started )) s" ;;
*) echo "usage: deb-test.sh --deb DEB|--image IMAGE HOST_CAPTIONS" >&2; exit 64 ;;
esac

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
echo "deb-test: passed ($(basename "$subject"), $(cat "$results/version.txt"))"
