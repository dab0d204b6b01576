# Writes a WhisperX-style word-timed JSON for the benchmarks: a word every 0.3 s (0.26 s long), six
# words a segment, 0.4 s between segments, until UNTIL seconds. Usage: word-timings.py OUT.json UNTIL
import json, sys
out, until = sys.argv[1], float(sys.argv[2])
words = "so today we are testing three caption styles that creators ask for every day on short videos".split()
segments, t, i = [], 0.0, 0
while t < until:
    ws = []
    for _ in range(6):
        ws.append({"word": words[i % len(words)], "start": round(t, 2), "end": round(t + 0.26, 2)}); t += 0.3; i += 1
    segments.append({"start": ws[0]["start"], "end": ws[-1]["end"], "text": " ".join(w["word"] for w in ws), "words": ws})
    t += 0.4
json.dump({"segments": segments}, open(out, "w"))
