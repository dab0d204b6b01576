"""Writes a deterministic N-cue SRT or WebVTT file of two-line cues (about 10% italic), as subtitles look.
Usage: python3 generate.py srt|vtt N OUT"""
import random, sys

fmt, n, out = sys.argv[1], int(sys.argv[2]), sys.argv[3]
rng = random.Random(7)
words = ("the of and to in is you that it he was for on are as with his they at be this have from or one had by "
         "word but not what all were we when your can said there use an each which she do how their if will up "
         "other about out many then them these so some her would make like him into time has look two more write "
         "go see number no way could people my than first water been call who oil its now find long down day did").split()

def line():
    text = " ".join(rng.choice(words) for _ in range(rng.randint(4, 8)))
    return text[0].upper() + text[1:]

def stamp(ms, sep):
    return "%02d:%02d:%02d%s%03d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, sep, ms % 1000)

parts = ["WEBVTT\n\n"] if fmt == "vtt" else []
t = 0
for i in range(1, n + 1):
    start, end = t + rng.randint(50, 400), 0
    end = start + rng.randint(800, 4000)
    t = end
    first = line()
    if rng.random() < 0.1:
        first = "<i>" + first + "</i>"
    sep = "." if fmt == "vtt" else ","
    parts.append("%d\n%s --> %s\n%s\n%s\n\n" % (i, stamp(start, sep), stamp(end, sep), first, line()))
with open(out, "w", encoding="utf-8") as f:
    f.write("".join(parts))
