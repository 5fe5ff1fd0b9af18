#!/bin/bash
# bench/calls/real3-mirror-h200.sh (bench/results/2026-11-25-h200-real3, issue 17): why a split R2C's last
# pass (the pairing, problem.h's mirror) runs at half the other passes' rate on NVIDIA's OpenCL.
# Times given plans of R2C and C2R 2^20 f32 (ppfft-bench -v PLAN, each in its own kernel cache),
# the complex 2^19 with the shipped wisdom beside them, and ptxas -v of every kernel
# built (NVIDIA's OpenCL binaries are PTX).  Run on the device from the checkout's copy as
#   bash .gpu/real3/real3-mirror-h200.sh
# with the branch's `make dist` tarball (real3.tar.gz) in .gpu/real3/ (G).
R=$PWD; G=$R/${G:-.gpu/real3}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/real3b; L=/tmp/real3m; rm -rf $L; mkdir -p $L
export XDG_DATA_HOME=/tmp/real3-xdg
T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
if ! cmp -s $G/real3.tar.gz $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $G/real3.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16) > $L/build.log 2>&1 || { tail -40 $L/build.log; exit 1; }
  cp $G/real3.tar.gz $B/.ok
fi
cd $B
echo "build: $(el) s"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
PTXAS=$(command -v ptxas || ls /usr/local/cuda*/bin/ptxas 2>/dev/null | head -1)
V=RP+LM-CM+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU
X=RP+LM-CM+XR2+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU
i=0
run() { # $1: kind, $2: n, $3: plan (or "estimate" with the shipped wisdom)
  i=$((i + 1)); C=$L/cache$i
  XDG_CACHE_HOME=$C PPFFT_DEVICE=1:0 PPFFT_WISDOM_PATH=$B/wisdom timeout 30 bench/ppfft-bench --kind $1 -p f32 -m 256 -r 20 -n $2 -v "$3" --csv $L/mirror.csv > $L/run$i.log 2>&1
  echo "$i $1 $2 $(grep -E "^ +[0-9]" $L/run$i.log | awk '{print $(NF-4), $(NF-3), $NF}') $3"
  for f in $(find $C -name "*.bin" 2>/dev/null); do
    tail -n +2 $f | tr -d '\000' > $L/k.ptx # (the binary ends in a NUL, which ptxas refuses)
    echo "  $(grep -m1 -oE "reqntid [0-9]+" $L/k.ptx) $($PTXAS -arch=sm_90 -v $L/k.ptx -o /dev/null 2>&1 | grep -oE "Used [0-9]+ registers|[0-9]+ bytes spill stores|[0-9]+ bytes smem" | tr '\n' ' ')"
  done
}
{
run c2c 524288 estimate
run r2c 1048576 "r16x16x2/$V/wg128/t8;r16x16x4/$V/wg512/t8"
run r2c 1048576 "r16x16x4/$X/wg256/t8;r16x16x2/$V/wg512/t16"
run c2r 1048576 "r16x16x2/$V/wg256/t8;r16x16x4/$V/wg256/t4"
} 2>&1 | tee $L/summary.txt
cp $L/summary.txt $L/mirror.csv $OUT/; tar czf $OUT/mirror-logs.tgz --exclude='cache*' -C /tmp real3m 2>/dev/null
echo "done: $(el) s"
