"""Parse one caption file once with a Python peer and print one JSON line: cue count, parse time, peak
memory beyond the interpreter's base (read from /proc/self/status, like the Swift benchmark).
Usage: python3 peers.py pysubs2|srt FILE
       python3 peers.py pysubs2 FILE --convert FORMAT OUT    load and save as FORMAT (srt, vtt, ass, json)"""
import json, sys, time

def kib(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0

tool, path = sys.argv[1], sys.argv[2]
convert = sys.argv[4:6] if len(sys.argv) == 6 and sys.argv[3] == "--convert" else None
if tool == "pysubs2" and convert:
    import pysubs2, warnings
    warnings.simplefilter("ignore")  # ASS output warns about times past 9:59:59.99 on every such cue
    fmt, out = convert
    def parse():
        subs = pysubs2.load(path, encoding="utf-8")
        subs.save(out, format_=fmt, encoding="utf-8")
        return len(subs)
    tool = "pysubs2-" + fmt
elif tool == "pysubs2":
    import pysubs2
    def parse():
        return len(pysubs2.load(path, encoding="utf-8"))
elif tool == "srt":
    import srt
    def parse():
        with open(path, encoding="utf-8") as f:
            return len(list(srt.parse(f.read())))
else:
    sys.exit("unknown tool " + tool)

base = kib("VmRSS")
t = time.perf_counter(); cues = parse(); seconds = time.perf_counter() - t
print(json.dumps({"tool": tool, "cues": cues, "seconds": seconds, "peak_kib": kib("VmHWM") - base}))
