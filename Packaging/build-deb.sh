#!/usr/bin/env bash
# Builds captionkit_VERSION_ARCH.deb in OUTDIR from a release binary: the layout of `make install` under
# /usr (Debian's places: zsh completions in vendor-completions, man pages gzipped), Depends computed by
# dpkg-shlibdeps from the libraries the binary links, plus the font package the default presets name
# (DejaVu Sans); the fallback fonts for emoji and CJK are Recommends.
# Usage: build-deb.sh BINARY GENERATE_MANUAL OUTDIR
set -euo pipefail
binary=$1 generate_manual=$2 outdir=$3
source_dir=$(cd "$(dirname "$0")/.." && pwd)
version=$(tr -d ' \n\r' < "$source_dir/VERSION")
arch=$(dpkg --print-architecture)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root="$work/root"

# Man pages dated by the commit (or the VERSION file), not by today, so the same tree builds the same package.
man_date=$(git -C "$source_dir" log -1 --format=%cs 2>/dev/null || date -r "$source_dir/VERSION" +%F)
MAN_DATE=$man_date GZIP_MAN=1 ZSH_COMPLETION_DIR=/usr/share/zsh/vendor-completions \
  "$source_dir/Packaging/install-tree.sh" "$binary" "$generate_manual" "$root" /usr
install -m 644 "$source_dir/Packaging/copyright" "$root/usr/share/doc/captionkit/copyright"
gzip -9n "$root/usr/share/doc/captionkit/CHANGELOG.md"
strip --strip-unneeded "$root/usr/bin/captions"

# dpkg-shlibdeps reads debian/control for the package's name; it maps every NEEDED library of the
# binary to the Debian package and version that provides it.
mkdir -p "$work/debian"
printf 'Source: captionkit\n\nPackage: captionkit\nArchitecture: any\n' > "$work/debian/control"
# libav*, Tesseract, espeak-ng and pocketsphinx are opened on first use (Sources/CLazyLibraries), so they are not
# NEEDED entries: a small program linking every soname the binary names stands in for them. (That list
# also holds the NEEDED libraries, which changes nothing.)
mapfile -t sonames < <(strings -n 8 "$binary" | grep -xE 'lib[A-Za-z0-9_.+-]+\.so\.[0-9]+' | grep -vxE 'lib(c|m)\.so\.6' | sort -u)
printf 'int main(void) { return 0; }\n' > "$work/opened.c"
"${CC:-clang}" "$work/opened.c" -o "$work/root/opened-on-first-use" -Wl,--no-as-needed "${sonames[@]/#/-l:}"
shlib_depends=$(cd "$work" && dpkg-shlibdeps -O -e root/usr/bin/captions -e root/opened-on-first-use 2>"$work/shlibdeps.log" | sed -n 's/^shlibs:Depends=//p') || {
  cat "$work/shlibdeps.log" >&2; exit 70; }
[ -n "$shlib_depends" ] || { echo "build-deb.sh: dpkg-shlibdeps found no libraries" >&2; cat "$work/shlibdeps.log" >&2; exit 70; }

rm "$work/root/opened-on-first-use"
for library in avformat avcodec tesseract espeak-ng pocketsphinx; do
  grep -q "lib$library" <<< "$shlib_depends" || { echo "build-deb.sh: no package for lib$library in Depends: $shlib_depends" >&2; exit 70; }
done

installed_size=$(du -sk --apparent-size "$root" | cut -f1)
mkdir -p "$root/DEBIAN"
cat > "$root/DEBIAN/control" <<CONTROL
Package: captionkit
Version: $version
Architecture: $arch
Maintainer: CaptionKit developers <maintainers@users.noreply.a-seed-bc94a345.example>
Installed-Size: $installed_size
Depends: $shlib_depends, fonts-dejavu-core, fonts-dejavu-extra
Recommends: fonts-noto-color-emoji, fonts-droid-fallback, tesseract-ocr-eng, hunspell-en-us, pocketsphinx-en-us
Section: video
Priority: optional
Description: subtitles and karaoke captions: convert, style, render and burn
 CaptionKit reads SRT, WebVTT, TTML, SBV, LRC, MicroDVD, SAMI, ASS and the
 word timings of speech-to-text tools into one caption model, styles it with
 presets (highlight the spoken word, a box behind it, the word growing in
 place, and more), and writes ASS or renders the captions itself and burns
 them into video, verified against libass.
CONTROL
mkdir -p "$outdir"
deb="$outdir/captionkit_${version}_${arch}.deb"
dpkg-deb --root-owner-group -Zxz --build "$root" "$deb.tmp" >/dev/null
mv "$deb.tmp" "$deb"
echo "$deb"
