#!/usr/bin/env python3
"""One long video on Ray: the plan, every part as a Ray task (retried when it exits 75), the join.

    pip install ray
    python3 ray_burn.py VIDEO CAPTIONS PARTS OUTPUT [burn options...]

Without RAY_ADDRESS, ray.init() starts a local cluster on this machine; with it, the tasks run on the
cluster's nodes (which must reach the same paths: the plan names files by absolute path).
"""
import json
import os
import subprocess
import sys
import time

import ray

CAPTIONS = os.environ.get("CAPTIONS", "captions")


class Retry(Exception):
    """A part stopped for a reason worth another try (exit 75: interrupted, disk full)."""


@ray.remote(num_cpus=2, max_retries=3, retry_exceptions=[Retry])
def burn_part(plan: str, part: int) -> dict:
    started = time.time()
    run = subprocess.run([CAPTIONS, "burn", "--plan", plan, "--part", str(part), "--quiet"], capture_output=True, text=True)
    if run.returncode == 75:
        raise Retry(run.stderr.strip())
    if run.returncode != 0:
        raise RuntimeError(f"part {part}: exit {run.returncode}: {run.stderr.strip()}")
    line = json.loads(run.stdout.splitlines()[-1])
    line["wall"] = round(time.time() - started, 3)
    return line


def main() -> int:
    if len(sys.argv) < 5:
        print(__doc__, file=sys.stderr)
        return 64
    video, captions, parts, output, *options = sys.argv[1:]
    plan = os.path.abspath(os.path.splitext(output)[0] + ".plan.json")
    subprocess.run([CAPTIONS, "burn", video, captions, "--plan", parts, "-o", plan, *options], check=True)
    with open(plan) as f:
        count = len(json.load(f)["parts"])
    ray.init()
    started = time.time()
    for line in ray.get([burn_part.remote(plan, k) for k in range(count)]):
        print(json.dumps(line))
    print(f"{count} parts in {time.time() - started:.1f} s", file=sys.stderr)
    subprocess.run([CAPTIONS, "join", plan, "-o", output], check=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
