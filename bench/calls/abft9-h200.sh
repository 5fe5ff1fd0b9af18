#!/bin/bash
# abft9-h200: issue 14, branch abft9 (the runtime's shared-memory carveout, cuda/exec.c) against main
# on the GPU machine in one call, run from the copy of the main checkout with this script and two
# `make dist` tarballs in .gpu/abft9/ (MAIN, AFTER).  Both built side by side (only the programs
# used).  Phase A, untimed: check_cuda's "abft device" tcase on AFTER, with one-size overhead runs
# of MAIN and the split list of AFTER beside it, which fill the NVRTC cache (the two builds generate
# the same kernel text, so one cache serves both).  Phase B, timed, nothing else on the GPU: cuFFT,
# the overhead study of main and after back to back per precision (f64, then f32), then the split
# of AFTER's kernels (bench/shfl-study) under its rule, no preference (-1: main's) and 100 % shared.
# Everything under $OUT/abft9.tgz, refreshed after every step.  It ran on 1516c2e, whose runtime set
# the carveout that just fits the resident blocks ("rule"); the branch then took that rule out (the
# driver's own choice measured the same: bench/results/2026-11-25-h200-abft9/NOTE.md), so on later
# trees "rule" is the driver's choice, as -1 is.
#   MAIN=.gpu/abft9/main.tar.gz AFTER=.gpu/abft9/after.tar.gz OUT=DIR bash .gpu/abft9/abft9-h200.sh
set -u
: "${OUT:?set OUT}" "${MAIN:?set MAIN}" "${AFTER:?set AFTER}"
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache-abft9
L=/tmp/abft9-logs; rm -rf $L; mkdir -p $L $XDG_CACHE_HOME
t0=$(date +%s)
save() { tar czf $OUT/.part -C $L . 2>/dev/null && mv $OUT/.part $OUT/abft9.tgz; }
say() { echo "$* ($(( $(date +%s) - t0 )) s)" | tee -a $L/steps.txt; save; }
build() { # tag tarball jobs targets...
  local tag=$1 tar=$2 j=$3; shift 3
  rm -rf /tmp/b9-$tag; mkdir -p /tmp/b9-$tag; tar xf $R/$tar -C /tmp/b9-$tag --strip-components=1
  (cd /tmp/b9-$tag && ./configure --with-cuda -q && make -j$j "$@") > $L/build-$tag.log 2>&1
}
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; nvcc --version | tail -2; } > $L/env.txt 2>&1
build after $AFTER 10 bench/abft-study-cuda bench/shfl-study bench/cufft-bench tests/check_cuda & pa=$!
build main $MAIN 6 bench/abft-study-cuda & pm=$!
wait $pa; say "build after rc $?"
wait $pm; say "build main rc $?"
# the split's kernels (ms, registers, shared bytes, blocks a multiprocessor, carveout): plain and
# ABFT2 as the estimate plans them at N = 16, 128, 1024, and (@1024) the window sums at half their
# shared memory (abft8's study bit): f64 1024 at wg128/t2, where a pair of lanes would be two warps
# (issue 14's lead 2: what half the sums could give there at best)
P='RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+'; Q='+CSE+IL+LU'; C='RP+LM-CM+CGAP+VASM2+CM-K+'
a=r16x16x4; b=r16x8
S64="1024 $a/${P}CSE+IL+LU/wg256/t4 1024 $a/${P}ABFT2$Q/wg64/t1 1024 $a/${P}ABFT2$Q/wg128/t2 1024 $a/${P}ABFT2$Q/wg128/t2@1024"
S64="$S64 128 $b/${P}CSE+IL+LU/wg256/t32 128 $b/${P}ABFT2$Q/wg64/t8 16 r16/${C}CSE+IL+LU/wg256/t256 16 r16/${C}ABFT2$Q/wg64/t64"
S32="1024 $a/${P}CSE+IL+LU/wg256/t4 1024 $a/${P}ABFT2$Q/wg128/t2 128 $b/${P}CSE+IL+LU/wg256/t32 128 $b/${P}ABFT2$Q/wg128/t16"
S32="$S32 128 $b/${P}ABFT2$Q/wg128/t16@1024 16 r16/${C}CSE+IL+LU/wg256/t256 16 r16/${C}ABFT2$Q/wg128/t128"
# phase A (untimed)
( cd /tmp/b9-after && CK_RUN_SUITE=abft_cuda CK_RUN_CASE="abft device" timeout 85 ./tests/check_cuda ) > $L/after-check_abft_cuda.log 2>&1 & pc=$!
for p in f64 f32; do
  hi=14; [ $p = f64 ] && hi=12
  for k in $(seq 4 $hi); do
    (cd /tmp/b9-main && timeout 60 bench/abft-study-cuda overhead -p $p --log2 $k:$k --mib 256 --repeats 1 --inject-seconds 0 > /dev/null 2>&1) &
  done
done
(cd /tmp/b9-after && timeout 60 bench/shfl-study --f64 --reps 1 $S64 > /dev/null 2>&1; timeout 60 bench/shfl-study --reps 1 $S32 > /dev/null 2>&1) &
wait $(jobs -p | grep -v "^$pc$"); say "warm-up done"
wait $pc; say "check_abft_cuda rc $?: $(grep -E '^[0-9]+%' $L/after-check_abft_cuda.log)"
# phase B (timed)
cd /tmp/b9-after
sizes=""; k=4; while [ $k -le 14 ]; do sizes="$sizes $((1 << k))"; k=$((k+1)); done
timeout 30 bench/cufft-bench -p f32,f64 -m 256 -r 10 --csv $L/cufft.csv $sizes > /dev/null 2> $L/cufft.log; say "cufft rc $?"
for p in f64 f32; do
  lg=4:14; [ $p = f64 ] && lg=4:12
  for tag in main after; do
    (cd /tmp/b9-$tag && timeout 40 bench/abft-study-cuda overhead -p $p --log2 $lg --mib 256 --repeats 5 --inject-seconds 0 \
      --csv $L/$tag-overhead-cuda-$p.csv) 2> $L/$tag-overhead-cuda-$p.log
    say "overhead $tag $p rc $?"
  done
done
cd /tmp/b9-after
for co in rule -1 100; do
  opt=""; [ $co != rule ] && opt="--carveout $co"
  timeout 20 bench/shfl-study --f64 --reps 9 $opt $S64 > $L/split-f64-$co.csv 2> $L/split-f64-$co.log; say "split f64 $co rc $?"
  timeout 20 bench/shfl-study --reps 9 $opt $S32 > $L/split-f32-$co.csv 2> $L/split-f32-$co.log; say "split f32 $co rc $?"
done
for f in $L/*-overhead-cuda-*.csv; do echo "== $f"; cut -d, -f3,4,6,7,10 $f | grep -v "^precision"; done
cut -d, -f2,3,5,7,13,15,16,19 $L/split-*.csv | grep -v ^precision
