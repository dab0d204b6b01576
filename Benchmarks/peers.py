"""Parse one caption file once with a Python peer and print one JSON line: cue count, parse time, peak
memory beyond the interpreter's base (read from /proc/self/status, like the Swift benchmark).
Usage: python3 peers.py pysubs2|srt FILE"""
import json, sys, time

def kib(field):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return 0

tool, path = sys.argv[1], sys.argv[2]
if tool == "pysubs2":
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
