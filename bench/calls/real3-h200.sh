#!/bin/bash
# bench/calls/real3-h200.sh (bench/results/2026-11-25-h200-real3, issue 17): 1D R2C/C2R f32 on NVIDIA's
# OpenCL against cuFFT, in one call: the split real passes' pairs of reals as one real2 access, and
# COLS on those passes (allowed since b2b6584, never timed on a GPU before); tune the 1D f32 real
# problems (no wisdom loaded), merge them into the shipped wisdom, then ppfft with the shipped and
# the merged wisdom, and cuFFT, over the same sizes.  Run on the device from the checkout's copy as
#   bash .gpu/real3/real3-h200.sh
# with this script and the branch's `make dist` tarball (real3.tar.gz) in .gpu/real3/ (G).
# Environment: TUNE_T (the tuner's budget, s), PROBLEMS, SIZES.
R=$PWD; G=$R/${G:-.gpu/real3}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/real3b; L=/tmp/real3out; rm -rf $L; mkdir -p $L/csv
save() { tar czf $OUT/logs.tgz -C /tmp real3out 2>/dev/null; }
export XDG_CACHE_HOME=/tmp/real3-cache XDG_DATA_HOME=/tmp/real3-xdg
T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
if ! cmp -s $G/real3.tar.gz $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $G/real3.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16) > $L/build.log 2>&1 || { tail -40 $L/build.log; save; exit 1; }
  cp $G/real3.tar.gz $B/.ok
fi
cd $B
echo "build: $(el) s"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
D=1:0; S=${SIZES:-4096,16384,65536,1048576,4194304,16777216}
P=${PROBLEMS:-rof4096,rob4096,rof16384,rob16384,rof65536,rob65536,rof1048576,rob1048576,rof4194304,rob4194304,rof16777216,rob16777216}
show() { grep -E "^ +[0-9]" $1 | awk '{print $1, $3, $4, $(NF-3), $(NF-2), $(NF-1), $NF}'; }
ppfft() { # $1: wisdom folder, $2: tag
  for k in r2c c2r; do
    PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$1 timeout 60 bench/ppfft-bench --kind $k -p f32 -m 256 -r 20 -n $S --csv $L/csv/ppfft-$2-$k.csv > $L/ppfft-$2-$k.log 2>&1
    echo "ppfft $2 $k: exit $? at $(el) s"; show $L/ppfft-$2-$k.log; save
  done
}
# no wisdom loaded: every problem tuned afresh
PPFFT_WISDOM_PATH=/nonexistent timeout $(( ${TUNE_T:-90} + 30 )) tuner/ppfft-tune --device $D --problems $P --budget ${TUNE_T:-90} -v -o $L/real3.wisdom > $L/tune.log 2>&1
echo "tune: exit $? at $(el) s"; grep -v "^#" $L/real3.wisdom | awk '{print $4, $5, $6}'; cp $L/real3.wisdom $OUT/; save
mkdir -p $L/wisdom && python3 $R/bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $L/real3.wisdom $L/wisdom/nvidia-h200.wisdom
ppfft $B/wisdom shipped
ppfft $L/wisdom tuned
for k in r2c c2r; do
  timeout 40 bench/cufft-bench --kind $k -p f32 -m 256 -r 20 --csv $L/csv/cufft-$k.csv ${S//,/ } > $L/cufft-$k.log 2>&1
  echo "cufft $k: exit $? at $(el) s"; grep -E "^ +[0-9]" $L/cufft-$k.log | awk '{print $1, $3, $(NF-2), $(NF-1), $NF}'; save
done
tar czf $OUT/csv.tgz -C $L csv
echo "done: $(el) s"; save
