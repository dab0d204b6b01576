#!/usr/bin/env bash
# Word timings from the speech (`captions align --audio`) against the truth, beside the length-proportional
# estimate karaoke presets use for captions without words, on the same cases: espeak-ng speech in two voices
# (en-us, and en+f3, a woman's variant) at two speeds (140, 210 wpm), clean and with pink noise at 10 dB SNR,
# 60 captions each (1.5-2 minutes of speech); the truth is espeak-ng's own word events. The aligner speaks
# with its default voice (en, 175 wpm), so no case is its own voice. Then real speech: Debian's
# pocketsphinx-testdata's LibriVox sentences, cards, commands and digits, Kennedy's "ask not"
# (Corpus/align/jfk.flac) and alsa-utils' speaker-test voice against Corpus/align/, clean and under
# noise, then all of them summed.
# Targets: >= 90 % of word starts within 50 ms, >= 99 % within 150 ms; >= 20x real time on one core.
# Speed is the alignment alone (synthesis, features, warping, and for English pocketsphinx's decoding) on
# core 0; the file's decoding is not counted. ALIGN_METHOD=warping|acoustic and ALIGN_AGREEMENT=0 measure
# each method alone.
set -euo pipefail
cd "$(dirname "$0")/.."
SENTENCES=${SENTENCES:-60}
dpkg -s pocketsphinx-testdata >/dev/null 2>&1 || { apt-get install -y pocketsphinx-testdata >/dev/null 2>&1 || echo "(pocketsphinx-testdata not installed: no real-speech figure)"; }
# alsa-utils' speaker-test voice (a woman naming the channels) is one of the real recordings.
dpkg -s alsa-utils >/dev/null 2>&1 || { apt-get install -y --no-install-recommends alsa-utils >/dev/null 2>&1 || echo "(alsa-utils not installed: no figure for its voice)"; }
swift build -c release --product align-bench >/dev/null
BENCH=$(swift build -c release --show-bin-path)/align-bench
taskset -c 0 "$BENCH" "$SENTENCES"
