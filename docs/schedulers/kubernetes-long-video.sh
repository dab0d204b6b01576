#!/bin/sh
# One long video on Kubernetes: a plan, one pod per part (an Indexed Job), then the join.
# Kubernetes Jobs have no dependencies of their own: `kubectl wait` orders the three steps.
#   PARTS=64 ./kubernetes-long-video.sh /data/talk.mp4 /data/talk.srt /data/talk.plan.json /data/talk.captioned.mp4
set -eu
video=$1 captions=$2 plan=$3 out=$4 parts=${PARTS:-64}
# The image `make image` builds from the repository's Containerfile (captionkit:VERSION), pushed to
# your registry: podman push captionkit:1.0.0 registry.example.com/captionkit:1.0.0
image=${IMAGE:-registry.example.com/captionkit:1.0.0}
volume='{"name":"data","persistentVolumeClaim":{"claimName":"captions-data"}}'
mount='{"name":"data","mountPath":"/data"}'

job() { # NAME COMPLETIONS COMMAND-JSON
  kubectl apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata: {name: $1}
spec:
  completionMode: Indexed
  completions: $2
  parallelism: $2
  backoffLimitPerIndex: 3
  podFailurePolicy:
    rules: [{action: FailIndex, onExitCodes: {operator: In, values: [64, 65, 66]}}]
  template:
    spec:
      restartPolicy: Never
      containers: [{name: c, image: $image, command: $3, resources: {requests: {cpu: "2", memory: 2Gi}}, volumeMounts: [$mount]}]
      volumes: [$volume]
YAML
  kubectl wait --for=condition=complete --timeout=24h "job/$1"
}

job captions-plan 1 "[\"captions\", \"burn\", \"$video\", \"$captions\", \"--plan\", \"$parts\", \"-o\", \"$plan\", \"--preset\", \"highlight-by-word\"]"
# The plan may hold fewer parts than asked (a video with few key frames): count them.
count=$(python3 -c "import json,sys; print(len(json.load(open(sys.argv[1]))['parts']))" "$plan")
job captions-parts "$count" "[\"captions\", \"burn\", \"--plan\", \"$plan\", \"--quiet\"]"
job captions-join 1 "[\"captions\", \"join\", \"$plan\", \"-o\", \"$out\"]"
