#!/usr/bin/env bash
# The shot-change test clip: 40 s at 25 fps of ten segments from different lavfi sources, all moving,
# joined by 8 hard cuts and one 25-frame crossfade, with two single-frame white flashes inside segments.
# The shots tests (Tests/CaptionTimingTests, Tests/CaptionsCLITests) and `make shots-bench` make it here,
# so the known frames below have one source.
#   Benchmarks/shots-clip.sh WIDTHxHEIGHT OUT.mp4 [x264 options...]   (default: -preset veryfast -crf 23)
# Prints the truth on stdout:
#   cuts 110 205 ...      the first frames of the shots after the hard cuts
#   flashes 370 760       the white frames (not cuts)
#   crossfade 505 529     the first and last frame mixing two shots (not a cut)
set -euo pipefail
size=$1 out=$2; shift 2
x264=("$@"); [ ${#x264[@]} -gt 0 ] || x264=(-preset veryfast -crf 23)
w=${size%x*} h=${size#*x}
rate=25
# source:frames. Each source runs for its frames, then the next one starts on the following frame.
# Every source with a random element has its seed (and gradients its colours, which "random" draws from
# another source) fixed: the clip is the same bytes every time. With lavfi's default seeds it differed from
# run to run, and about one test run in ten the variable-rate case found three false cuts (814, 824 and
# 834, each after a dropped frame in the sierpinski segment's random jumps).
segments=(
  "testsrc2=s=${size}:r=${rate}:110"
  "smptehdbars=s=${size}:r=${rate},noise=alls=40:allf=t+u:95"
  "mandelbrot=s=${size}:r=${rate}:maxiter=300:start_scale=2:end_scale=0.02:120"
  "life=s=${size}:r=${rate}:seed=1:mold=10:ratio=0.2:death_color=#602020:life_color=#20E040:100"
  "cellauto=s=${size}:r=${rate}:seed=1:rule=110:scroll=1:105"
  "rgbtestsrc=s=${size}:r=${rate},scroll=h=0.006:v=0.004:110"
  "gradients=s=${size}:r=${rate}:seed=1:speed=0.05:n=5:c0=0xd03030:c1=0x30a040:c2=0x3050d0:c3=0xe0c030:c4=0xa030b0:90"
  "testsrc=s=${size}:r=${rate},hue=H=2*PI*t/3,rotate=a=0.3*t:fillcolor=navy:100"
  "sierpinski=s=${size}:r=${rate}:seed=1:jump=2:type=carpet:95"
  "yuvtestsrc=s=${size}:r=${rate},scroll=h=-0.01:100"
)
fade=25 faded=4   # segment 4 crossfades into segment 5 over its last 25 frames
flashes=(370 760)
graph="" start=0 cuts=() inputs=""
for i in "${!segments[@]}"; do
  spec=${segments[$i]}
  frames=${spec##*:} source=${spec%:*}
  graph+="${source},trim=end_frame=${frames},setpts=PTS-STARTPTS,format=yuv420p,setsar=1[s$i];"
  if [ "$i" -gt 0 ] && [ "$i" -ne $((faded + 1)) ]; then cuts+=("$start"); fi
  if [ "$i" -eq $((faded + 1)) ]; then
    offset=$(( (frames_before - fade) ))
    graph+="[s$faded][s$i]xfade=transition=fade:duration=$(awk "BEGIN{print $fade/$rate}"):offset=$(awk "BEGIN{print $offset/$rate}")[x$i];"
    inputs=${inputs%"[s$faded]"}"[x$i]"
    crossfade="$((start - fade)) $((start - 1))"
    start=$((start - fade))
  else
    inputs+="[s$i]"
  fi
  frames_before=$frames
  start=$((start + frames))
done
enable=$(printf "+eq(n\\\\,%s)" "${flashes[@]}"); enable=${enable#+}
graph+="${inputs}concat=n=$(( ${#segments[@]} - 1 )):v=1:a=0,drawbox=x=0:y=0:w=iw:h=ih:color=white:t=fill:enable='${enable}'[v]"
ffmpeg -v error -y -filter_complex "$graph" -map "[v]" -frames:v "$start" -c:v libx264 "${x264[@]}" -pix_fmt yuv420p "$out"
echo "cuts ${cuts[*]}"
echo "flashes ${flashes[*]}"
echo "crossfade $crossfade"
