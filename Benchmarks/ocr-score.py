#!/usr/bin/env python3
"""Scores OCR output against the subtitles that were drawn: ocr-score.py TRUTH.srt OUT.srt [--json]

Cues are matched by time (each drawn cue to the read cue whose span overlaps it most). Prints one JSON
line: cues drawn, cues found, cues without text, the character error rate (edit distance over the
drawn text's characters, tags removed, whitespace runs as one space), starts within one frame
(FRAME_MS, default 40), and italics precision/recall/F1 by cue (a cue is italic when it has <i>)."""
import json, os, re, sys

def parse(path):
    text = open(path, encoding="utf-8-sig").read().replace("\r", "")
    cues = []
    for block in re.split(r"\n\s*\n", text.strip()):
        lines = block.split("\n")
        for i, line in enumerate(lines):
            m = re.match(r"(\d+):(\d+):(\d+)[,.](\d+)\s*-->\s*(\d+):(\d+):(\d+)[,.](\d+)", line)
            if m:
                g = list(map(int, m.groups()))
                start = ((g[0] * 60 + g[1]) * 60 + g[2]) * 1000 + g[3]
                end = ((g[4] * 60 + g[5]) * 60 + g[6]) * 1000 + g[7]
                body = "\n".join(lines[i + 1:])
                cues.append({"start": start, "end": end, "italic": "<i>" in body,
                             "text": " ".join(re.sub(r"<[^>]*>|\{[^}]*\}", "", body).split())})
                break
    return cues

def distance(a, b):
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a):
        cur = [i + 1] + [0] * len(b)
        for j, y in enumerate(b):
            cur[j + 1] = min(prev[j + 1] + 1, cur[j] + 1, prev[j] + (x != y))
        prev = cur
    return prev[len(b)]

truth, read = parse(sys.argv[1]), parse(sys.argv[2])
frame = int(os.environ.get("FRAME_MS", "40"))
errors = chars = empty = found = on_time = 0
tp = fp = fn = 0
for cue in truth:
    best = max(read, key=lambda r: min(r["end"], cue["end"]) - max(r["start"], cue["start"]), default=None)
    if best is None or min(best["end"], cue["end"]) - max(best["start"], cue["start"]) <= 0:
        errors += len(cue["text"]); chars += len(cue["text"]); fn += cue["italic"]
        continue
    found += 1
    empty += best["text"] == ""
    on_time += abs(best["start"] - cue["start"]) <= frame
    errors += distance(cue["text"], best["text"]); chars += len(cue["text"])
    tp += cue["italic"] and best["italic"]; fp += best["italic"] and not cue["italic"]; fn += cue["italic"] and not best["italic"]
f1 = 2 * tp / (2 * tp + fp + fn) if tp + fp + fn else None
print(json.dumps({"cues": len(truth), "found": found, "empty": empty, "cer": errors / max(chars, 1),
                  "on_time": on_time, "italic_f1": f1, "italic_tp": tp, "italic_fp": fp, "italic_fn": fn}))
