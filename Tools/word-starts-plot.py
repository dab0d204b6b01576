#!/usr/bin/env python3
"""Draws a stretch of a recording with word starts on it: how Corpus/align's truth was checked by eye.

Usage: Tools/word-starts-plot.py AUDIO.wav FROM_MS TO_MS OUT.png MARKS
MARKS: one word per line, `word truth_ms [aligned_ms]` (space-separated); truth is drawn as a solid
cyan line with the word, the aligner's start (if given) as a dashed green one. The plot: the waveform
with its 10 ms energy in dB (orange), and a spectrogram to 7 kHz (256-sample window, 2 ms steps) with
a 50 ms grid. `SHOW_WORDS=1 make align-bench` prints, per word of the real recording, the truth, then
the start and error clean and under noise: `awk '{print $2, $3, $4}'` of those lines is a MARKS file.
Needs numpy and matplotlib (pip); a 16-bit PCM WAV (the pocketsphinx-testdata files are).
"""
import sys
import wave

import matplotlib
import numpy as np

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402

if len(sys.argv) != 6:
    sys.exit(__doc__)
path, t0, t1, out, marks = sys.argv[1], float(sys.argv[2]), float(sys.argv[3]), sys.argv[4], sys.argv[5]
with wave.open(path) as w:
    rate = w.getframerate()
    samples = np.frombuffer(w.readframes(w.getnframes()), dtype=np.int16).astype(float)
part = samples[int(t0 * rate / 1000):int(t1 * rate / 1000)]
figure, (top, bottom) = plt.subplots(2, 1, figsize=(16, 7), sharex=True, gridspec_kw={"height_ratios": [1, 3]})
top.plot(np.arange(len(part)) / rate * 1000 + t0, part, lw=0.4, color="k")
hop = rate // 100
energy = [10 * np.log10(np.mean(part[i:i + 2 * hop] ** 2) + 1) for i in range(0, len(part) - 2 * hop, hop)]
top.twinx().plot(np.arange(len(energy)) * 10 + t0 + 10, energy, color="orange", lw=1)
# Each column drawn over its own 2 ms step, centred on its 256-sample window's middle: stretching the
# columns to (t0, t1) would draw the edges of a zoom up to 8 ms off the waveform.
columns = (len(part) - 256) // 32 + 1
first, last = (128 - 16) / rate * 1000 + t0, (128 + 32 * (columns - 1) + 16) / rate * 1000 + t0
bottom.specgram(part, NFFT=256, Fs=rate, noverlap=256 - 32, cmap="magma", xextent=(first, last))
bottom.set_xlim(t0, t1)
bottom.set_ylim(0, 7000)
for line in open(marks):
    fields = line.split()
    if len(fields) < 2:
        continue
    word, truth = fields[0], int(fields[1])
    if t0 <= truth <= t1:
        for axis in (top, bottom):
            axis.axvline(truth, color="cyan", lw=1.2)
        bottom.text(truth, 6600, word, color="cyan", fontsize=11)
    if len(fields) > 2 and t0 <= int(fields[2]) <= t1:
        for axis in (top, bottom):
            axis.axvline(int(fields[2]), color="lime", lw=1, ls="--")
bottom.set_xticks(np.arange((t0 // 50) * 50, t1, 50), minor=True)
bottom.set_xticks(np.arange((t0 // 200) * 200, t1, 200))
bottom.grid(which="both", axis="x", alpha=0.25)
bottom.set_xlim(t0, t1)
plt.tight_layout()
plt.savefig(out, dpi=80)
