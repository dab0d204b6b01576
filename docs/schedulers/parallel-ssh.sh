#!/bin/sh
# GNU parallel over SSH hosts that see /shared at the same path (NFS): 4 tasks on each of two hosts
# and 2 here (":"). --retries reruns a failed task (on another host if one is free).
set -eu
hosts=4/render1,4/render2,2/:
# Many videos: one task per manifest line.
lines=$(grep -c . /shared/jobs.jsonl)
seq 0 $((lines - 1)) | parallel --will-cite -S $hosts --retries 3 'captions burn --manifest /shared/jobs.jsonl --index {} --quiet'
# One long video.
captions burn /shared/talk.mp4 /shared/talk.srt --plan 32 -o /shared/talk.plan.json
seq 0 31 | parallel --will-cite -S $hosts --retries 3 'captions burn --plan /shared/talk.plan.json --part {} --quiet'
captions join /shared/talk.plan.json -o /shared/talk.captioned.mp4
