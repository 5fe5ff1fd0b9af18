#!/bin/bash
# real-retune-h200: issue 17's real sizes without a tuned entry, or with a slow one, tuned on NVIDIA's
# OpenCL, merged into the shipped wisdom, then timed with it against cuFFT in the same call
# (bench/results/2026-11-25-h200-real).  Run from the build tree of a `make dist` tarball with OUT set:
#   OUT=DIR TUNE_T=150 bash bench/calls/real-retune-h200.sh
set -u
: "${OUT:?set OUT}"
D=${PPFFT_DEVICE:-1:0}
P=${PROBLEMS:-rof65536,rob65536,rof1048576,rob1048576,rof8192,rob8192,rof2048:f64,rob2048:f64,rof16384:f64,rob16384:f64,rof65536:f64,rof1048576:f64,rob1048576:f64}
T0=$(date +%s)
timeout $(( ${TUNE_T:-150} + 30 )) tuner/ppfft-tune --device $D --problems $P --budget ${TUNE_T:-150} -v -o $OUT/real.wisdom > $OUT/tune.log 2>&1
echo "tune exit $? at $(( $(date +%s) - T0 )) s"; grep -v "^#" $OUT/real.wisdom | awk '{print $4, $5, $6}'
mkdir -p $OUT/wisdom && python3 bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $OUT/real.wisdom $OUT/wisdom/nvidia-h200.wisdom
S=2048,8192,16384,65536,1048576
for k in r2c c2r; do
  PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$OUT/wisdom timeout 60 bench/ppfft-bench --kind $k -p f32,f64 -m 256 -r 20 -n $S --csv $OUT/ppfft-$k.csv > $OUT/ppfft-$k.log 2>&1
  echo "ppfft $k exit $? at $(( $(date +%s) - T0 )) s"
  timeout 40 bench/cufft-bench --kind $k -p f32,f64 -m 256 -r 20 --csv $OUT/cufft-$k.csv ${S//,/ } > $OUT/cufft-$k.log 2>&1
  echo "cufft $k exit $? at $(( $(date +%s) - T0 )) s"
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader > $OUT/gpu.txt
tar czf $OUT/logs.tgz -C $OUT tune.log ppfft-r2c.log ppfft-c2r.log cufft-r2c.log cufft-c2r.log && rm $OUT/*.log
