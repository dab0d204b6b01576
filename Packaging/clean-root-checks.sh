#!/bin/bash
# Runs inside a clean Debian 12 root where only the captionkit .deb (and what apt pulled for it) is
# installed: no build tree, no source, no CAPTIONKIT_STYLES. Uses the installed binary from PATH on a
# few inputs copied in, and leaves what it made in DIR/results for the host to check.
# Usage: clean-root-checks.sh DIR
set -euo pipefail
cd "$1"
unset CAPTIONKIT_STYLES CAPTIONKIT_STUDIO_PAGE
mkdir -p results
step() { echo "clean root: $*"; }

step "no source tree, no build tree"
! ls -d /work /root/*/Package.swift /usr/src/captionkit 2>/dev/null | grep -q .
[ "$(command -v captions)" = /usr/bin/captions ]

step "captions --version"; captions --version | tee results/version.txt
step "captions presets"; captions presets > results/presets.txt
step "captions convert"
captions convert sintel_en.srt -o results/sintel_en.vtt
captions convert whisperx.json --to ass --preset highlight-by-word --size 360x640 -o results/whisperx.ass
step "captions render"
captions render whisperx.json --at 1.6 --preset background-by-word --size 360x640 --background "#1d3557" -o results/frame.png
step "captions burn"
captions burn clip.mp4 whisperx.json -o results/burned.mp4 --preset highlight-by-word --encoder-preset ultrafast --quiet
step "captions check"; captions check sintel_en.srt --profile netflix > results/check.txt || [ $? = 1 ]

step "man pages and completions in their places"
man_pages="/usr/share/man/man1/captions.1.gz /usr/share/man/man1/captions-burn.1.gz"
# debian:bookworm-slim tells dpkg to leave out man pages (/etc/dpkg/dpkg.cfg.d/docker): none to check there.
if grep -qs 'path-exclude.*/usr/share/man' /etc/dpkg/dpkg.cfg.d/*; then echo "clean root: man pages excluded by dpkg here"; man_pages=""; fi
for f in $man_pages /usr/share/bash-completion/completions/captions /usr/share/zsh/vendor-completions/_captions \
  /usr/share/fish/vendor_completions.d/captions.fish /usr/share/captionkit/styles/caption-style.schema.json; do
  [ -s "$f" ] || { echo "missing: $f" >&2; exit 1; }
done
[ -z "$man_pages" ] || zcat /usr/share/man/man1/captions-burn.1.gz | grep -q -- 'encoder-preset'

step "captions studio serves its page"
captions studio clip.mp4 whisperx.json --no-open > results/studio-url.txt 2> results/studio.err &
studio=$!
for _ in $(seq 100); do [ -s results/studio-url.txt ] && break; sleep 0.1; done
url=$(head -1 results/studio-url.txt)
hostport=${url#http://}; hostport=${hostport%%/*}; path=/${url#http://*/}
exec 3<>"/dev/tcp/${hostport%:*}/${hostport#*:}"
printf 'GET %s HTTP/1.0\r\nHost: %s\r\n\r\n' "$path" "$hostport" >&3
cat <&3 > results/studio-page.http
exec 3<&-
kill -TERM $studio; wait $studio
grep -q '^HTTP/1.[01] 200' results/studio-page.http
grep -qi '<html' results/studio-page.http
step "all passed"
