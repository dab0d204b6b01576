#!/usr/bin/env bash
# Makes the seeds of the `pgs-reader` fuzz target (Fuzz/seeds/pgs/): small PGS tracks written by
# `captions convert -o x.sup` (a palette-animated highlight, a scaling word, a colour emoji caption) at
# 96x64, so that a seed stays a few KB. Run again after changing the writer; the files are committed.
#
#   Fuzz/seeds/make-pgs-seeds.sh   (after `swift build`)
set -euo pipefail
cd "$(dirname "$0")/../.."
captions=.build/debug/captions
mkdir -p Fuzz/seeds/pgs
$captions convert Corpus/word-timed/whisperx.json -o Fuzz/seeds/pgs/highlight.sup --preset highlight-by-word --size 96x64 --fps 25
$captions convert Corpus/word-timed/whisperx.json -o Fuzz/seeds/pgs/scale.sup --preset word-and-scale --size 96x64 --fps 10
$captions convert Corpus/golden/inputs/emoji.srt -o Fuzz/seeds/pgs/emoji.sup --preset plain --size 96x64 --fps 5
ls -l Fuzz/seeds/pgs
