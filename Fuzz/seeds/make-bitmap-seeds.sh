#!/usr/bin/env bash
# Makes the seeds of the bitmap `track-CODEC` fuzz targets (Fuzz/seeds/track-hdmv_pgs_subtitle/,
# track-dvd_subtitle/, track-dvb_subtitle/): the PGS seeds (Fuzz/seeds/pgs/, 96x64, written by
# `captions convert -o x.sup`) as libavcodec's PGS decoder reads them, and transcoded by ffmpeg into
# VobSub in Matroska (`-c:s dvdsub`) and DVB subtitles in MPEG-TS (`-c:s dvbsub`), with `-copyts` so
# that the PGS times are kept; each track's extradata and packets in the targets' input form
# (TrackPackets in Sources/CaptionFuzzing/TrackTargets.swift).
# Run again after remaking the PGS seeds; the files are committed.
#
#   Fuzz/seeds/make-bitmap-seeds.sh
set -euo pipefail
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }
bitexact=(-fflags +bitexact -map_metadata -1)
rm -rf track-hdmv_pgs_subtitle track-dvd_subtitle track-dvb_subtitle
for sup in pgs/highlight.sup pgs/emoji.sup; do
  name=$(basename "$sup" .sup)
  cp "$sup" "$work/$name.sup"
  ff -copyts -i "$sup" -c:s dvdsub "${bitexact[@]}" "$work/$name-dvdsub.mkv"
  ff -copyts -i "$sup" -c:s dvbsub "${bitexact[@]}" "$work/$name-dvbsub.ts"
done
for file in "$work"/*; do
  ffprobe -hide_banner -loglevel error -show_format -show_streams -show_packets -show_data -of json "$file" > "$work/probe.json"
  python3 - "$work/probe.json" "$(basename "$file")" <<'PY'
import json, os, sys
probe = json.load(open(sys.argv[1]))
def hexdump(text):  # ffprobe's "00000000: 0102 0304 ...  ascii" lines
    return b''.join(bytes.fromhex(line[10:50].replace(' ', '')) for line in (text or '').splitlines() if line.strip())
for stream in probe.get('streams', []):
    codec = stream.get('codec_name')
    if codec not in ('hdmv_pgs_subtitle', 'dvd_subtitle', 'dvb_subtitle'):
        continue
    # Files of subtitles alone keep their own times (as the toolkit reads them): no shift by the start.
    shift = 0
    chunks = [stream['time_base'].encode() + b'\n' + hexdump(stream.get('extradata'))]
    for packet in probe.get('packets', []):
        if packet['stream_index'] == stream['index']:
            header = '%s %s' % (packet['pts'] - shift if 'pts' in packet else '-', packet.get('duration', 0))
            chunks.append(header.encode() + b'\n' + hexdump(packet.get('data')))
    folder = 'track-' + codec
    os.makedirs(folder, exist_ok=True)
    name = os.path.splitext(sys.argv[2])[0]
    open(os.path.join(folder, name), 'wb').write(b'\nFUZZ-TAG\n'.join(chunks))
PY
done
ls -l track-hdmv_pgs_subtitle track-dvd_subtitle track-dvb_subtitle
