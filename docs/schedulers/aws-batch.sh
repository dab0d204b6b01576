#!/bin/sh
# AWS Batch: an array job (AWS_BATCH_JOB_ARRAY_INDEX picks the line or the part) and a join that
# depends on it. The job definition "captionkit" runs the CaptionKit image (`make image` builds
# captionkit:VERSION from the repository's Containerfile; push it to ECR) with /data on EFS.
# Exit 75 is retried; anything else ends the child (the input is bad).
set -eu
queue=captions
retry='attempts=3,evaluateOnExit=[{onExitCode=75,action=RETRY},{onExitCode=*,action=EXIT}]'

# Many videos: one child per manifest line. An array stops at 10,000 children: with more lines, give
# each child a stride (child N runs lines N, N+10000, N+20000, ...).
aws batch submit-job --job-name captions-burn --job-queue $queue --job-definition captionkit \
  --array-properties size=10000 --retry-strategy "$retry" \
  --container-overrides 'command=["captions","burn","--manifest","/data/jobs.jsonl","--stride","10000","--quiet"]'

# One long video: the plan, the parts (an array job depending on the plan), the join (depending on
# every child of the array).
plan=$(aws batch submit-job --job-name plan --job-queue $queue --job-definition captionkit \
  --container-overrides 'command=["captions","burn","/data/talk.mp4","/data/talk.srt","--plan","64","-o","/data/talk.plan.json"]' \
  --query jobId --output text)
parts=$(aws batch submit-job --job-name parts --job-queue $queue --job-definition captionkit \
  --depends-on jobId=$plan --array-properties size=64 --retry-strategy "$retry" \
  --container-overrides 'command=["captions","burn","--plan","/data/talk.plan.json","--quiet"]' \
  --query jobId --output text)
aws batch submit-job --job-name join --job-queue $queue --job-definition captionkit --depends-on jobId=$parts \
  --container-overrides 'command=["captions","join","/data/talk.plan.json","-o","/data/talk.captioned.mp4"]'
