"""Scores a synced SRT against the truth: PASS/FAIL (at least 95 % of caption starts within 100 ms and
the median start within 40 ms), the share within 100 ms, the median and the worst start error. Captions are matched by order (both tools keep them)."""
import re
import sys

def starts(path):
    out = []
    for line in open(path, encoding="utf-8", errors="replace"):
        m = re.match(r"(\d+):(\d\d):(\d\d)[,.](\d\d\d)\s+-->", line)
        if m:
            h, mi, s, ms = map(int, m.groups())
            out.append(((h * 60 + mi) * 60 + s) * 1000 + ms)
    return out

got, truth = starts(sys.argv[1]), starts(sys.argv[2])
if len(got) != len(truth) or not truth:
    print(f"FAIL ({len(got)} of {len(truth)} captions)")
    sys.exit()
errors = [abs(a - b) for a, b in zip(got, truth)]
share = sum(e <= 100 for e in errors) / len(errors)
median = sorted(errors)[len(errors) // 2]
# A pass also needs the median start within 40 ms.
ok = share >= 0.95 and median <= 40
print(f"{'PASS' if ok else 'FAIL'} {share * 100:.0f}%, median {median}, worst {max(errors)} ms")
