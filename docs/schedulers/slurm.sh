#!/bin/sh
# Slurm: job arrays (SLURM_ARRAY_TASK_ID picks the line or the part) and --dependency=afterok.
set -eu
# Many videos: one task per manifest line, 0-based array.
sbatch --array=0-999%50 --cpus-per-task=2 --wrap 'captions burn --manifest jobs.jsonl --quiet'
# A 1-based array says so: --array=1-1000 with --index-base 1.

# One long video: plan, parts, join.
plan=$(sbatch --parsable --wrap 'captions burn talk.mp4 talk.srt --plan 64 -o talk.plan.json')
# Slurm does not retry by exit code: the loop retries a part that exits 75 (interrupted, disk full)
# and stops at any other status; a part already done is skipped.
parts=$(sbatch --parsable --dependency=afterok:$plan --array=0-63 --cpus-per-task=2 \
  --wrap 'for try in 1 2 3; do captions burn --plan talk.plan.json --quiet; s=$?; [ $s = 75 ] || exit $s; done; exit 75')
sbatch --dependency=afterok:$parts --wrap 'captions join talk.plan.json -o talk.captioned.mp4'
