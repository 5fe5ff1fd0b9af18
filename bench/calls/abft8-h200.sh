#!/bin/bash
# abft8-h200: issue 14, branch abft8 against main on the GPU machine in one call, run from the copy of
# the main checkout with this script and two `make dist` tarballs in .gpu/abft8/ (MAIN, AFTER):
# both built side by side (only the programs used), check_cuda's "abft device" tcase on AFTER while
# MAIN builds, cuFFT, the overhead study of each (f64 first; main and after back to back per
# precision), then the split of each (bench/shfl-study, SPLIT64 / SPLIT below: the same variant
# strings, so main's kernels against the branch's).  Everything under $OUT/abft8.tgz, refreshed after
# every step.
#   MAIN=.gpu/abft8/main.tar.gz AFTER=.gpu/abft8/after.tar.gz OUT=DIR bash .gpu/abft8/abft8-h200.sh
set -u
: "${OUT:?set OUT}" "${MAIN:?set MAIN}" "${AFTER:?set AFTER}"
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache-abft8
L=/tmp/abft8-logs; rm -rf $L; mkdir -p $L $XDG_CACHE_HOME
t0=$(date +%s)
save() { tar czf $OUT/.part -C $L . 2>/dev/null && mv $OUT/.part $OUT/abft8.tgz; }
say() { echo "$* ($(( $(date +%s) - t0 )) s)" | tee -a $L/steps.txt; save; }
build() { # tag tarball jobs targets...
  local tag=$1 tar=$2 j=$3; shift 3
  rm -rf /tmp/b8-$tag; mkdir -p /tmp/b8-$tag; tar xf $R/$tar -C /tmp/b8-$tag --strip-components=1
  (cd /tmp/b8-$tag && ./configure --with-cuda -q && make -j$j "$@") > $L/build-$tag.log 2>&1
}
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; nvcc --version | tail -2; } > $L/env.txt 2>&1
build after $AFTER 10 bench/abft-study-cuda bench/shfl-study bench/cufft-bench tests/check_cuda & pa=$!
build main $MAIN 6 bench/abft-study-cuda bench/shfl-study & pm=$!
wait $pa; say "build after rc $?"
( cd /tmp/b8-after && CK_RUN_SUITE=abft_cuda CK_RUN_CASE="abft device" timeout 120 ./tests/check_cuda ) > $L/after-check_abft_cuda.log 2>&1
say "check_abft_cuda rc $?: $(grep -E '^[0-9]+%' $L/after-check_abft_cuda.log)"
wait $pm; say "build main rc $?"
cd /tmp/b8-after
sizes=""; k=4; while [ $k -le 14 ]; do sizes="$sizes $((1 << k))"; k=$((k+1)); done
timeout 30 bench/cufft-bench -p f32,f64 -m 256 -r 10 --csv $L/cufft.csv $sizes > /dev/null 2> $L/cufft.log; say "cufft rc $?"
for p in f64 f32; do
  lg=4:14; [ $p = f64 ] && lg=4:12
  for tag in main after; do
    (cd /tmp/b8-$tag && timeout 60 bench/abft-study-cuda overhead -p $p --log2 $lg --mib 256 --repeats 5 --inject-seconds 0 \
      --csv $L/$tag-overhead-cuda-$p.csv) 2> $L/$tag-overhead-cuda-$p.log
    say "overhead $tag $p rc $?"
  done
done
# the split (ms, registers, stack, shared memory, blocks a multiprocessor): plain, ABFT2 at wg128
# (main's plans) and wg64 (the branch's f64 plans), @1024: the window sums at half their local
# memory (a study bit of the branch; on top of its pairs at N <= 256), MBk @512: the sums in
# registers under a looser launch bound (256 threads a multiprocessor f64, 512 f32; ptxas sm_90: no
# spill)
P='RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+'; Q='+CSE+IL+LU'; C='RP+LM-CM+CGAP+VASM2+CM-K+'
a=r16x16x4; b=r16x8; m=${P/LM-CM+/LM-CM+MB2+}; m4=${P/LM-CM+/LM-CM+MB4+}
S64="1024 $a/${P}CSE+IL+LU/wg256/t4 1024 $a/${P}ABFT2$Q/wg128/t2 1024 $a/${P}ABFT2$Q/wg64/t1 1024 $a/${P}ABFT2$Q/wg64/t1@1024 1024 $a/${m}ABFT2$Q/wg128/t2@512"
S64="$S64 128 $b/${P}CSE+IL+LU/wg256/t32 128 $b/${P}ABFT2$Q/wg128/t16 128 $b/${P}ABFT2$Q/wg64/t8 128 $b/${P}ABFT2$Q/wg64/t8@1024 128 $b/${m}ABFT2$Q/wg128/t16@512"
S64="$S64 16 r16/${C}CSE+IL+LU/wg256/t256 16 r16/${C}ABFT2$Q/wg128/t128 16 r16/${C}ABFT2$Q/wg64/t64 16 r16/${C}ABFT2$Q/wg64/t64@1024"
S32="1024 $a/${P}CSE+IL+LU/wg256/t4 1024 $a/${P}ABFT2$Q/wg128/t2 1024 $a/${P}ABFT2$Q/wg128/t2@1024 1024 $a/${m4}ABFT2$Q/wg128/t2@512"
S32="$S32 128 $b/${P}CSE+IL+LU/wg256/t32 128 $b/${P}ABFT2$Q/wg128/t16 128 $b/${P}ABFT2$Q/wg128/t16@1024"
for tag in after main; do
  cd /tmp/b8-$tag
  timeout 40 bench/shfl-study --f64 --reps 9 ${SPLIT64:-$S64} > $L/$tag-split-f64.csv 2> $L/$tag-split-f64.log; say "split $tag f64 rc $?"
  timeout 30 bench/shfl-study --reps 9 ${SPLIT:-$S32} > $L/$tag-split-f32.csv 2> $L/$tag-split-f32.log; say "split $tag f32 rc $?"
done
for f in $L/*-overhead-cuda-*.csv; do echo "== $f"; cut -d, -f3,4,6,7,10 $f | grep -v "^precision"; done
cat $L/*-split-f*.csv
