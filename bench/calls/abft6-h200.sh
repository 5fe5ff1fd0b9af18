#!/bin/bash
# abft6-h200: issue 14's overhead on a CUDA GPU in one call (branch abft6), run on the GPU machine from
# the copy of the session's checkout (which alone travels: this script and the tarball go in its
# ignored .gpu/abft6/), with TAR=.gpu/abft6/NAME.tar.gz (make dist of the commit named) and OUT set:
# builds the tarball under /tmp/$TAG (kept while the machine stays warm), then cuFFT on the same
# shapes, the overhead study (f32 2^4..2^14, f64 2^4..2^12, 256 MiB, 5 repeats, no injection), the
# kernels' resources and times with parts of the checks left out (bench/shfl-study N VARIANT@M),
# and, with ABFT_CHECK=1, check_cuda's abft_cuda suite.  Results under $OUT/$TAG.
#   TAR=.gpu/abft6/abft6-after.tar.gz TAG=after OUT=DIR bash .gpu/abft6/abft6-h200.sh
set -u
: "${OUT:?set OUT}" "${TAR:?set TAR}" "${TAG:?set TAG}"
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache-$TAG
B=/tmp/b-$TAG; O=$OUT/$TAG; mkdir -p $O
t0=$(date +%s)
if [ ! -f $B/.ok ] || ! cmp -s $R/$TAR $B/.ok; then
  rm -rf $B; mkdir -p $B; tar xf $R/$TAR -C $B --strip-components=1
  (cd $B && ./configure --with-cuda -q && make -j16 && make -j16 bench/abft-study-cuda bench/shfl-study ${ABFT_CHECK:+tests/check_cuda}) > $O/build.log 2>&1 || { tail -30 $O/build.log; exit 1; }
  cp $R/$TAR $B/.ok
fi
echo "build $(( $(date +%s) - t0 )) s"
cd $B
{ date -u; nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv; nvcc --version | tail -2; ls /usr/local/cuda/bin/ncu 2>&1; } > $O/env.txt 2>&1
if [ -n "${ABFT_CHECK:-}" ]; then
  ( CK_RUN_SUITE=abft_cuda timeout 85 ./tests/check_cuda ) > $O/check_abft_cuda.log 2>&1
  echo "check_abft_cuda rc $? ($(( $(date +%s) - t0 )) s)"; tail -3 $O/check_abft_cuda.log
fi
if [ -n "${CUFFT:-}" ]; then
  sizes=""; k=4; while [ $k -le 14 ]; do sizes="$sizes $((1 << k))"; k=$((k+1)); done
  timeout 30 bench/cufft-bench -p f32,f64 -m 256 -r 10 --csv $O/cufft.csv $sizes > /dev/null 2> $O/cufft.log; echo "cufft rc $? ($(( $(date +%s) - t0 )) s)"
fi
timeout 60 bench/abft-study-cuda overhead -p f32 --log2 4:14 --mib 256 --repeats 5 --inject-seconds 0 --csv $O/overhead-cuda-f32.csv 2> $O/overhead-cuda-f32.log
echo "overhead f32 rc $? ($(( $(date +%s) - t0 )) s)"
timeout 45 bench/abft-study-cuda overhead -p f64 --log2 4:12 --mib 256 --repeats 5 --inject-seconds 0 --csv $O/overhead-cuda-f64.csv 2> $O/overhead-cuda-f64.log
echo "overhead f64 rc $? ($(( $(date +%s) - t0 )) s)"
# the split: SPLIT="N VARIANT[@M] ..." (f32) and SPLIT64 (f64)
[ -n "${SPLIT:-}" ] && timeout 30 bench/shfl-study --reps 9 $SPLIT > $O/split-f32.csv 2> $O/split-f32.log
[ -n "${SPLIT64:-}" ] && timeout 30 bench/shfl-study --f64 --reps 9 $SPLIT64 > $O/split-f64.csv 2> $O/split-f64.log
echo "split ($(( $(date +%s) - t0 )) s)"
cut -d, -f3,4,6,7,10 $O/overhead-cuda-f*.csv | grep -v "^precision" || true
cat $O/split-f*.csv 2>/dev/null
cd $OUT && tar czf $TAG.tgz $TAG && rm -rf $TAG
