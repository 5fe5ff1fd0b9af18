#!/bin/bash
# abft-h200-tensor: what bench/results/2026-11-25-h200-abft rows of 32c19a7 and a518cd9 came from (issue 14, branch abft4),
# run on the GPU machine from a copy of the main checkout with .gpu/abft4/ppfft-0.1.0.tar.gz (make dist of the commit):
#   bash .gpu/abft4/run.sh              (32c19a7: PRECS=f32,f64 ROCN unused, the split included)
#   PRECS=f32 ROCN=64 bash .gpu/abft4/run.sh   (a518cd9; this file)
# abft4 (issue 14) on the H200: build the tarball, check_cuda's abft suite, the overhead study
# (f32, f64, 2^4..2^14, 256 MiB, no injection), cuFFT on the same shapes, and a short split.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/abft4-cache
B=/tmp/abft4; O=$OUT/r; mkdir -p $O
t0=$(date +%s)
if [ ! -f $B/.ok ] || ! cmp -s $R/.gpu/abft4/ppfft-0.1.0.tar.gz $B/.ok; then
  rm -rf $B; mkdir -p $B; tar xf $R/.gpu/abft4/ppfft-0.1.0.tar.gz -C $B --strip-components=1
  (cd $B && ./configure --with-cuda && make -j16 && make -j16 tests/check_cuda) > $O/build.log 2>&1 || { tail -30 $O/build.log; exit 1; }
  cp $R/.gpu/abft4/ppfft-0.1.0.tar.gz $B/.ok
fi
echo "build $(( $(date +%s) - t0 )) s"
cd $B
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; nvcc --version | tail -2; } > $O/env.txt 2>&1
( CK_RUN_SUITE=abft_cuda timeout 75 ./tests/check_cuda ) > $O/check_abft_cuda.log 2>&1; echo "check rc $? ($(( $(date +%s) - t0 )) s)"; tail -4 $O/check_abft_cuda.log
sizes=""; k=4; while [ $k -le 14 ]; do sizes="$sizes $((1 << k))"; k=$((k+1)); done
timeout 20 bench/cufft-bench -p ${PRECS:-f32} -m 256 -r 10 --csv $O/cufft.csv $sizes > /dev/null 2> $O/cufft.log; echo "cufft rc $? ($(( $(date +%s) - t0 )) s)"
timeout ${OVT:-80} bench/abft-study-cuda overhead -p ${PRECS:-f32} --log2 4:14 --mib 256 --repeats 5 --inject-seconds 0 --csv $O/overhead-cuda.csv 2> $O/overhead-cuda.log; echo "overhead rc $? ($(( $(date +%s) - t0 )) s)"
tail -3 $O/overhead-cuda.log
timeout ${ROCT:-45} bench/abft-study-cuda roc -p f32,f64 -n ${ROCN:-64} --deltas 1.5e-6:1.5e-6:1 --deltas64 3e-15:3e-15:1 --csv $O/roc-cuda.csv 2> $O/roc-cuda.log; echo "roc rc $? ($(( $(date +%s) - t0 )) s)"
cut -d, -f3,4,6,10,12,13,15,17,18,19 $O/roc-cuda.csv
cd $OUT && tar czf abft4.tgz r && rm -rf r
