#!/bin/bash
# bench/calls/fuse17-h200.sh (bench/results/2026-11-25-h200-lengths, call 4): issue 17's primes with
# Bluestein's and Rader's pointwise steps fused into one-pass FFTs (BFF, BFI) and the pointwise
# passes over whole work-groups, against cuFFT and VkFFT in the same call; real data with paired
# real2 accesses; a short retune of the primes.  Run on the device from
# /work/main's copy as bash .gpu/fuse17/run.sh, the branch's `make dist` tarball in .gpu/fuse17/.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/fuse17; L=/tmp/f17out; rm -rf $L; mkdir -p $L
save() { tar czf $OUT/f17.tgz -C /tmp f17out 2>/dev/null; }
export XDG_CACHE_HOME=/tmp/f17-cache XDG_DATA_HOME=/tmp/f17-xdg
T0=$(date +%s)
el() { echo $(( $(date +%s) - T0 )); }
if ! cmp -s $R/.gpu/fuse17/ppfft-0.1.0.tar.gz $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $R/.gpu/fuse17/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16) > $L/build.log 2>&1 || { tail -40 $L/build.log; save; exit 1; }
  cp $R/.gpu/fuse17/ppfft-0.1.0.tar.gz $B/.ok
fi
cd $B
echo "build: $(el) s"; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
D=1:0; P=17,127,4099,65537,1048573,2097143
show() { grep -E "^ +[0-9]" $1 | awk '{print $1, $3, $4, $(NF-3), $(NF-2), $(NF-1), $NF}'; }
# 1. the shipped wisdom's plans (unfused BSF/BSI: five passes; the pointwise ones now whole work-groups)
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$B/wisdom timeout 60 bench/ppfft-bench -p f32,f64 -n $P --csv $L/ppfft-wisdom.csv > $L/ppfft-wisdom.log 2>&1
echo "wisdom: exit $? at $(el) s"; show $L/ppfft-wisdom.log; save
# 2. the same plans fused (BSF -> BFF, BSI -> BFI) where the FFT is one pass
for p in f32 f64; do for n in 17 127 4099 1048573 2097143; do
  pl=$(grep "c2c:$p:fwd:oop:n$n:packed" wisdom/nvidia-h200.wisdom | awk '{print $5}' | sed 's/+BSF\//+BFF\//g; s/+BSI\//+BFI\//g')
  [ -n "$pl" ] && PPFFT_DEVICE=$D timeout 30 bench/ppfft-bench -p $p -n $n -v "$pl" --csv $L/ppfft-fused.csv >> $L/ppfft-fused.log 2>&1
done; done
echo "fused: at $(el) s"; show $L/ppfft-fused.log; save
# 3. the estimate without wisdom (fused where one pass)
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=/nonexistent timeout 40 bench/ppfft-bench -p f32,f64 -n 17,127,4099,1048573,2097143 --csv $L/ppfft-estimate.csv > $L/ppfft-estimate.log 2>&1
echo "estimate: exit $? at $(el) s"; show $L/ppfft-estimate.log; save
# 3b. the estimate's plans of the primes past 2^20 unfused (BFF -> BSF, BFI -> BSI: seven passes)
for p in f32 f64; do for n in 1048573 2097143; do
  pl=$(awk -v n=$n -v p=$p '$1 == n && $3 == p {print $5}' $L/ppfft-estimate.log | sed 's/+BFF\//+BSF\//g; s/+BFI\//+BSI\//g')
  [ -n "$pl" ] && PPFFT_DEVICE=$D timeout 30 bench/ppfft-bench -p $p -n $n -v "$pl" --csv $L/ppfft-unfused.csv >> $L/ppfft-unfused.log 2>&1
done; done
echo "unfused: at $(el) s"; show $L/ppfft-unfused.log; save
# 4. the peers, same sizes
timeout 40 bench/cufft-bench -p f32,f64 --csv $L/cufft.csv ${P//,/ } > $L/cufft.log 2>&1; echo "cufft: exit $? at $(el) s"; save
PPFFT_DEVICE=$D timeout 50 bench/vkfft-bench -p f32,f64 --csv $L/vkfft.csv ${P//,/ } > $L/vkfft.log 2>&1; echo "vkfft: exit $? at $(el) s"; save
tail -14 $L/cufft.log; tail -14 $L/vkfft.log
# 5. real data, the shipped wisdom: contiguous pairs of reals now one real2 load (R2C) / store (C2R)
for k in r2c c2r; do
  [ $(el) -gt 95 ] && break
  PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$B/wisdom timeout 30 bench/ppfft-bench --kind $k -p f32,f64 -n 1024,4096,16384,1024x1024,128x128x128 --csv $L/ppfft-$k.csv > $L/ppfft-$k.log 2>&1
  echo "$k: exit $? at $(el) s"; show $L/ppfft-$k.log; save
done
# 6. retune 17 and 127 (each problem in its own process: NOTE.md's cof65537 failure), as time allows
for q in cof17 cof127 cof17:f64 cof127:f64 cof4099 cof4099:f64; do
  [ $(el) -gt 100 ] && break
  timeout 15 tuner/ppfft-tune --device $D --problems $q --budget 8 -o $L/tune-${q/:/-}.wisdom > $L/tune-${q/:/-}.log 2>&1
  echo "tune $q: exit $? at $(el) s"; grep -v "^#" $L/tune-${q/:/-}.wisdom 2>/dev/null | awk '{print $4, $5, $6}'
done
echo "total: $(el) s"
save
