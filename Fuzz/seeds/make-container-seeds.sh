#!/usr/bin/env bash
# Makes the seeds of the `container` fuzz target (Fuzz/seeds/container/: small media files with subtitle
# tracks, muxed by ffmpeg from a few cues of the corpus's caption files) and of the `track-CODEC` targets
# (Fuzz/seeds/track-CODEC/: those files' text tracks' extradata and packets, as ffprobe reads them, in the
# targets' input form: see TrackPackets in Sources/CaptionFuzzing/TrackTargets.swift). README.md says
# what each file is. Run again after changing it; the files are committed.
#
#   Fuzz/seeds/make-container-seeds.sh
set -euo pipefail
cd "$(dirname "$0")"
corpus=../../Corpus
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ff() { ffmpeg -nostdin -hide_banner -loglevel error -y "$@"; }
# The first N cues (blank-line separated blocks; a WebVTT header counts as one) of a caption file.
first() { tr -d '\r' < "$2" | awk -v n="$1" 'BEGIN { RS = ""; ORS = "\n\n" } NR <= n'; }

first 4 "$corpus/external/go-astisub-testdata/example-in-styled.srt" > "$work/styled.srt"
first 5 "$corpus/external/go-astisub-testdata/example-out-styled.vtt" > "$work/styled.vtt"
first 3 "$corpus/samples/whisperx-es.srt" > "$work/es.srt"
first 3 "$corpus/samples/sintel_en.srt" > "$work/sintel.srt"
cp "$corpus/external/go-astisub-testdata/example-out-v4plus.ssa" "$work/v4plus.ssa"
# CC1: resume caption loading, "Hi", end of caption; erase two seconds later (SCC: pairs with parity bits).
printf 'Scenarist_SCC V1.0\n\n00:00:00:00\t9420 9420 94ae 94ae 9452 9452 97a2 97a2 c8e9 942f 942f\n\n00:00:02:00\t942c 942c\n\n' > "$work/cc.scc"

# Four 64x64 H.264 frames (x264's own SEI dropped), each with ATSC A/53 closed captions in an ITU-T T.35
# SEI: CC1 and CC3 resume caption loading, then "Hi" on CC1.
ff -f lavfi -i color=c=0x1d3557:s=64x64:r=25 -frames:v 4 -c:v libx264 -preset ultrafast -pix_fmt yuv420p \
  -bsf:v filter_units=remove_types=6 -fflags +bitexact -flags:v +bitexact -f h264 "$work/plain.h264"
python3 - "$work/plain.h264" "$work/a53.h264" <<'EOF'
import re, sys
data = open(sys.argv[1], 'rb').read()
cc = [0xFC, 0x94, 0x20, 0xFD, 0x94, 0x20, 0xFC, 0xC8, 0xE9]
payload = bytes([0xB5, 0x00, 0x31]) + b'GA94' + bytes([0x03, 0x40 | len(cc) // 3, 0xFF] + cc + [0xFF])
sei = b'\x00\x00\x00\x01\x06\x04' + bytes([len(payload)]) + payload + b'\x80'
out = bytearray()
for nal in re.split(b'(?=\x00\x00\x00\x01)', data):
    if nal and nal[4] & 0x1F in (1, 5):  # before each slice
        out += sei
    out += nal
open(sys.argv[2], 'wb').write(out)
EOF

out=container
rm -rf "$out" track-subrip track-ass track-mov_text track-webvtt
mkdir -p "$out"
bitexact=(-fflags +bitexact -flags:v +bitexact -map_metadata -1)
# Matroska without video: SubRip (default), ASS (a title), WebVTT (forced), three languages.
ff -i "$work/styled.srt" -i "$work/v4plus.ssa" -i "$work/styled.vtt" -map 0 -map 1 -map 2 -c:s:0 srt -c:s:1 ass -c:s:2 webvtt \
  -metadata:s:s:0 language=eng -metadata:s:s:1 language=fre -metadata:s:s:1 title=Signs -metadata:s:s:2 language=ger \
  -disposition:s:0 default -disposition:s:2 forced "${bitexact[@]}" "$out/mkv-srt-ass-webvtt.mkv"
# Matroska with the captioned video and a SubRip track.
ff -f h264 -r 25 -i "$work/a53.h264" -i "$work/sintel.srt" -map 0 -map 1 -c:v copy -c:s srt -metadata:s:s:0 language=eng \
  "${bitexact[@]}" "$out/mkv-h264-a53-srt.mkv"
# MP4 without video: two mov_text tracks (the Spanish one titled by its handler name).
ff -i "$work/styled.srt" -i "$work/es.srt" -map 0 -map 1 -c:s mov_text -metadata:s:s:0 language=eng \
  -metadata:s:s:1 language=spa -metadata:s:s:1 handler_name=Spanish "${bitexact[@]}" "$out/mp4-two-mov_text.mp4"
# MP4 with the captioned video and a mov_text track.
ff -f h264 -r 25 -i "$work/a53.h264" -i "$work/sintel.srt" -map 0 -map 1 -c:v copy -c:s mov_text "${bitexact[@]}" \
  "$out/mp4-h264-a53-mov_text.mp4"
# WebM: a WebVTT track alone.
ff -i "$work/styled.vtt" -c:s webvtt "${bitexact[@]}" "$out/webm-webvtt.webm"
# MPEG-TS: the captioned video, no subtitle stream (tables repeated so the file is long enough to probe as TS).
ff -f h264 -r 25 -i "$work/a53.h264" -c copy -pat_period 0.001 -sdt_period 0.001 "${bitexact[@]}" "$out/ts-h264-a53.ts"
# QuickTime: an eia_608 (c608) track from the SCC file; the SCC file itself (libavformat's scc demuxer).
ff -i "$work/cc.scc" -c:s copy "${bitexact[@]}" "$out/mov-c608.mov"
cp "$work/cc.scc" "$out/cc.scc"

# The text tracks' packets: a header line with the time base and the extradata, then per packet a line
# "PTS DURATION" and its bytes, separated by "\nFUZZ-TAG\n". The times are made relative to the file's
# start, as the toolkit reads them. A track whose seed is already there is skipped.
for file in "$out"/*; do
  ffprobe -hide_banner -loglevel error -show_format -show_streams -show_packets -show_data -of json "$file" > "$work/probe.json"
  python3 - "$work/probe.json" "$(basename "$file")" <<'EOF'
import json, os, sys
from fractions import Fraction
probe = json.load(open(sys.argv[1]))
start = Fraction(probe['format'].get('start_time', '0'))
def hexdump(text):  # ffprobe's "00000000: 0102 0304 ...  ascii" lines
    return b''.join(bytes.fromhex(line[10:50].replace(' ', '')) for line in (text or '').splitlines() if line.strip())
for stream in probe.get('streams', []):
    codec = stream.get('codec_name')
    if codec not in ('subrip', 'ass', 'mov_text', 'webvtt'):
        continue
    shift = round(start / Fraction(stream['time_base']))
    chunks = [stream['time_base'].encode() + b'\n' + hexdump(stream.get('extradata'))]
    for packet in probe.get('packets', []):
        if packet['stream_index'] == stream['index']:
            header = '%s %s' % (packet['pts'] - shift if 'pts' in packet else '-', packet.get('duration', 0))
            chunks.append(header.encode() + b'\n' + hexdump(packet.get('data')))
    seed = b'\nFUZZ-TAG\n'.join(chunks)
    folder = 'track-' + codec
    os.makedirs(folder, exist_ok=True)
    if any(open(os.path.join(folder, f), 'rb').read() == seed for f in os.listdir(folder)):
        continue
    name = '%s-%d' % (os.path.splitext(sys.argv[2])[0], stream['index'])
    open(os.path.join(folder, name), 'wb').write(seed)
EOF
done
ls -l "$out" track-*
