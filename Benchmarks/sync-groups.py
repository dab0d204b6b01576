"""Sums up sync-bench's results.tsv by group (the case name without its offset): cases passed, the
median of the cases' median start errors and the worst start error, for CaptionKit and ffsubsync."""
import re
import statistics
import sys

groups = {}
for line in open(sys.argv[1], encoding="utf-8"):
    name, ck, ff = line.rstrip("\n").split("\t")
    group = re.sub(r" -?\d+ ms.*| --splits", "", name)
    groups.setdefault(group, []).append((ck, ff))

def summary(results):
    passed = sum(r.startswith("PASS") for r in results)
    refused = sum(r.startswith("refused") for r in results)
    medians = [int(m) for r in results for m in re.findall(r"median (\d+)", r)]
    worst = [int(m) for r in results for m in re.findall(r"worst (\d+)", r)]
    text = f"{passed}/{len(results)} pass"
    if refused: text += f", {refused} refused"
    if medians: text += f"; median {statistics.median(medians):.0f} ms, worst {max(worst)} ms"
    return text

print("%-34s %-46s %-46s" % ("group", "CaptionKit", "ffsubsync 0.5.1"))
for group, rows in groups.items():
    print("%-34s %-46s %-46s" % (group, summary([r[0] for r in rows]), summary([r[1] for r in rows])))
