"""Writes a deterministic N-cue SRT or WebVTT file of two-line cues (about 10% italic), as subtitles look;
or an ASS script of N events with override tags, as typeset and karaoke scripts look (three styles;
about 10% italic, 20% karaoke syllables, 15% placed and faded signs, 10% moving or animated, 5% Comment).
Usage: python3 generate.py srt|vtt|ass N OUT"""
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

def ass_stamp(ms):
    return "%d:%02d:%02d.%02d" % (ms // 3600000, ms // 60000 % 60, ms // 1000 % 60, ms % 1000 // 10)

def ass_text():
    r = rng.random()
    first, second = line(), line()
    if r < 0.2:
        syllables = (first + " " + second).split()
        return "".join("{\\k%d}%s " % (rng.randint(10, 60), w) for w in syllables).rstrip()
    if r < 0.35:
        return "{\\an8\\pos(%d,%d)\\fad(200,300)\\c&H%06X&}%s" % (rng.randint(100, 1800), rng.randint(50, 400), rng.randint(0, 0xFFFFFF), first)
    if r < 0.45:
        return "{\\move(100,900,1800,900,0,2000)\\t(0,500,\\frz10\\fscx120)\\blur1}%s\\N%s" % (first, second)
    if r < 0.55:
        return "{\\i1}%s{\\i0}\\N%s" % (first, second)
    return "%s\\N%s" % (first, second)

if fmt == "ass":
    parts = ["[Script Info]\nScriptType: v4.00+\nPlayResX: 1920\nPlayResY: 1080\nWrapStyle: 0\nScaledBorderAndShadow: yes\n\n",
             "[V4+ Styles]\nFormat: Name, Fontname, Fontsize, PrimaryColour, SecondaryColour, OutlineColour, BackColour, Bold, Italic, Underline, StrikeOut, ScaleX, ScaleY, Spacing, Angle, BorderStyle, Outline, Shadow, Alignment, MarginL, MarginR, MarginV, Encoding\n",
             "Style: Default,Arial,54,&H00FFFFFF,&H000000FF,&H00000000,&H80000000,0,0,0,0,100,100,0,0,1,2.5,1,2,60,60,40,1\n",
             "Style: Sign,DejaVu Serif,40,&H00FFFFFF,&H000000FF,&H00102030,&H00000000,-1,0,0,0,100,100,1,0,1,2,0,8,20,20,20,1\n",
             "Style: Karaoke,Arial,60,&H00FFFFFF,&H0000FFFF,&H00000000,&H00000000,-1,0,0,0,100,100,0,0,1,3,0,8,10,10,30,1\n\n",
             "[Events]\nFormat: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text\n"]
    t = 0
    for i in range(1, n + 1):
        start = t + rng.randint(50, 400)
        end = start + rng.randint(800, 4000)
        t = end
        kind = "Comment" if rng.random() < 0.05 else "Dialogue"
        style = rng.choice(["Default", "Default", "Sign", "Karaoke"])
        parts.append("%s: %d,%s,%s,%s,%s,0,0,0,,%s\n" % (kind, rng.randint(0, 2), ass_stamp(start), ass_stamp(end), style,
                                                      rng.choice(["", "Alice", "Bob"]), ass_text()))
    with open(out, "w", encoding="utf-8") as f:
        f.write("".join(parts))
    sys.exit(0)

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
