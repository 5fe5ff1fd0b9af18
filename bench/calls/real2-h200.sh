#!/bin/bash
# bench/calls/real2-h200.sh (bench/results/2026-11-25-h200-real2, issue 17): R2C/C2R past one pass on
# NVIDIA's OpenCL against cuFFT in the same call, after the split R2C's pairing went into its last
# pass; the 2D/3D real problems (whose shipped entries predate COLS) and the fused 1D ones tuned.
# Run on the device from the checkout's copy as bash .gpu/real2/real2-h200.sh, with this script and
# the branch's `make dist` tarball (real2.tar.gz) in .gpu/real2/ (G):
#   PART=1 bash bench/calls/real2-h200.sh   tune the 20 problems (no wisdom loaded) into $OUT/real2.wisdom
#   PART=2 bash bench/calls/real2-h200.sh   merge PART 1's file (copied to G/real2.wisdom) into the
#                                     shipped one; ppfft with the shipped and the merged wisdom, and
#                                     cuFFT, over the same shapes
R=$PWD; G=$R/${G:-.gpu/real2}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/real2b; L=/tmp/real2out; rm -rf $L; mkdir -p $L
save() { tar czf $OUT/logs.tgz -C /tmp real2out 2>/dev/null; }
export XDG_CACHE_HOME=/tmp/real2-cache XDG_DATA_HOME=/tmp/real2-xdg
T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
if ! cmp -s $G/real2.tar.gz $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $G/real2.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16) > $L/build.log 2>&1 || { tail -40 $L/build.log; save; exit 1; }
  cp $G/real2.tar.gz $B/.ok
fi
cd $B
echo "build: $(el) s"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
D=1:0; S=${SHAPES:-65536,1048576,1024x1024,4096x4096,128x128x128,256x256x256}
show() { grep -E "^ +[0-9]" $1 | awk '{print $1, $3, $4, $(NF-3), $(NF-2), $(NF-1), $NF}'; }
ppfft() { # $1: wisdom folder, $2: tag
  for k in r2c c2r; do
    PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$1 timeout 60 bench/ppfft-bench --kind $k -p f32,f64 -m 256 -r 20 -n $S --csv $OUT/ppfft-$2-$k.csv > $L/ppfft-$2-$k.log 2>&1
    echo "ppfft $2 $k: exit $? at $(el) s"; show $L/ppfft-$2-$k.log; save
  done
}
cufft() {
  for k in r2c c2r; do
    timeout 40 bench/cufft-bench --kind $k -p f32,f64 -m 256 -r 20 --csv $OUT/cufft-$k.csv ${S//,/ } > $L/cufft-$k.log 2>&1
    echo "cufft $k: exit $? at $(el) s"; grep -E "^ +[0-9]" $L/cufft-$k.log | awk '{print $1, $3, $(NF-2), $(NF-1), $NF}'; save
  done
}
P=rof1024x1024,rob1024x1024,rof4096x4096,rob4096x4096,rof128x128x128,rob128x128x128,rof256x256x256,rob256x256x256,rof65536,rof1048576
P=$P,${P//,/:f64,}:f64
if [ "$PART" = 1 ]; then # no wisdom loaded: every problem tuned afresh
  PPFFT_WISDOM_PATH=/nonexistent timeout $(( ${TUNE_T:-100} + 30 )) tuner/ppfft-tune --device $D --problems ${PROBLEMS:-$P} --budget ${TUNE_T:-100} -v -o $L/real2.wisdom > $L/tune.log 2>&1
  echo "tune: exit $? at $(el) s"; grep -v "^#" $L/real2.wisdom | awk '{print $4, $5, $6}'; cp $L/real2.wisdom $OUT/
else # the shipped wisdom, then merged with PART 1's entries, and cuFFT, in one call
  mkdir -p $L/wisdom && python3 $R/bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $G/real2.wisdom $L/wisdom/nvidia-h200.wisdom
  ppfft $B/wisdom shipped
  ppfft $L/wisdom tuned
  cufft
fi
echo "done: $(el) s"; save
