#!/bin/bash
# pair16 call 2 (exploration, issue 16): f32 32768 in one pass with XR8+PAIR (32 KiB of 48) by name
# against the shipped wisdom's two passes, the one-pass XR4 of the sweep, and cuFFT, in one call.
set -u
: "${OUT:?set OUT}"
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/b-pair16 L=/tmp/pair16out2
rm -rf $L; mkdir -p $L
export XDG_CACHE_HOME=/tmp/cache-pair16
T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
TB=$R/.gpu/pair16/ppfft-0.1.0.tar.gz
if ! cmp -s $TB $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $TB -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda -q && make -j16) > $L/build.log 2>&1 || { tail -30 $L/build.log; exit 1; }
  cp $TB $B/.ok
fi
cd $B
echo "build: $(el) s; $(nvidia-smi --query-gpu=name,driver_version --format=csv,noheader); $(date -u)" | tee $L/gpu.txt
K=VASM2+TW-GM+TWP+CSE+IL+LU
PPFFT_DEVICE=1:0 PPFFT_WISDOM_PATH=$B/wisdom timeout 20 bench/ppfft-bench -p f32 -m 256 -r 20 -n 32768 --csv $L/x32768.csv > $L/x.log 2>&1
for v in r16x16x16x8/RP+LM-CM+XR4+CGAP+$K/wg512/t1 r16x16x16x8/RP+LM-CM+XR8+PAIR+CGAP+$K/wg512/t1 r16x16x16x8/RP+LM-CM+XR8+PAIR+DIRECT+$K/wg512/t1 \
         r32x32x32/RP+LM-CM+XR8+PAIR+CGAP+$K/wg1024/t1 r32x32x32/RP+LM-CM+XR8+PAIR+DIRECT+$K/wg1024/t1 r8x8x8x8x8x8/RP+LM-CM+XR8+PAIR+DIRECT+$K/wg1024/t1; do
  PPFFT_DEVICE=1:0 timeout 20 bench/ppfft-bench -p f32 -m 256 -r 20 -n 32768 -v $v --csv $L/x32768.csv >> $L/x.log 2>&1
done
echo "ppfft: $(el) s"; grep -E "^ +[0-9]" $L/x.log | awk '{print $1, $5, $6, $7, $NF}'
timeout 20 bench/cufft-bench -p f32 -m 256 -r 20 --csv $L/cufft.csv 32768 > $L/cufft.log 2>&1
grep -E "^f32" $L/cufft.log
cp $L/x32768.csv $L/cufft.csv $L/gpu.txt $OUT/; tar czf $OUT/logs2.tgz -C $L .
echo "total $(el) s"
