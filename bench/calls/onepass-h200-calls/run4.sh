#!/bin/bash
# issue 16 (onepass): build, tune + bench (bench/calls/onepass-h200.sh: tune, ppfft tuned/shipped, cuFFT, VkFFT), the tuned entries merged
# into the shipped wisdom and checked, check_passes on NVIDIA's OpenCL.
R=$PWD; T0=$(date +%s)
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/onepass; W=/tmp/onepass-out4; rm -rf $W; mkdir -p $W
if [ ! -f $B/.ok ] || ! cmp -s $R/.gpu/onepass/ppfft-0.1.0.tar.gz $B/.ok; then rm -rf $B; mkdir -p $B; tar xf $R/.gpu/onepass/ppfft-0.1.0.tar.gz -C $B --strip-components=1
  (cd $B && ./configure --with-cuda >/dev/null && make -j16 >/dev/null && make -j16 tests/check_passes >/dev/null) > $W/build.log 2>&1 || { tail -30 $W/build.log; exit 1; }
  cp $R/.gpu/onepass/ppfft-0.1.0.tar.gz $B/.ok; fi
cp $R/.gpu/onepass/commit $B/.tarball-commit
echo "built $(( $(date +%s) - T0 )) s"
cd $B; export XDG_CACHE_HOME=/tmp/cache4 XDG_DATA_HOME=/tmp/xdg-empty PPFFT_DEVICE=1:0
timeout 230 bash bench/calls/onepass-h200.sh $W/op 2>&1 | tail -30
echo "bench done $(( $(date +%s) - T0 )) s"
python3 bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $W/op/onepass.wisdom $W/merged.wisdom
timeout 60 tuner/ppfft-tune --check $W/op/onepass.wisdom 2>&1 | tail -3
timeout 100 ./tests/check_passes > $W/check_passes.log 2>&1; echo "check_passes exit $?"; tail -3 $W/check_passes.log
echo "all done $(( $(date +%s) - T0 )) s"
gzip -f $W/op/tune-v.log
tar czf $OUT/onepass4.tgz -C $W .
