#!/bin/bash
# realmp (issue 17, real dimension in several passes): build from the tarball once, then the new
# paths on NVIDIA's OpenCL (check_real agree+long, full), on CUDA (check_cuda device_real), and
# bench/real-multipass.sh (1D R2C/C2R 2^15..2^24 f32 against cuFFT).  PART=tests|bench|all.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/realmp; L=/tmp/realmp-out; rm -rf $L; mkdir -p $L
export XDG_CACHE_HOME=/tmp/realmp-cache XDG_DATA_HOME=/tmp/realmp-xdg
P=$(clinfo -l 2>/dev/null | sed -n 's/^Platform #\([0-9]*\): NVIDIA.*/\1/p' | head -1); P=${P:-1}
echo "NVIDIA OpenCL platform $P"
T0=$(date +%s)
if ! cmp -s $R/.gpu/realmp/ppfft-0.1.0.tar.gz $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $R/.gpu/realmp/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16 && make -j16 check TESTS=) > $L/build.log 2>&1 || { tail -40 $L/build.log; exit 1; }
  cp $R/.gpu/realmp/ppfft-0.1.0.tar.gz $B/.ok
fi
cd $B
echo "build: $(( $(date +%s) - T0 )) s"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt
nvcc --version | tail -2 >> $L/gpu.txt
if [ "${PART:-all}" != bench ]; then
  ( time CK_RUN_SUITE=cuda CK_RUN_CASE=device_real PPFFT_TEST_VERBOSE=1 timeout 60 ./tests/check_cuda ) > $L/check_cuda-device_real.log 2>&1; echo "check_cuda device_real exit $?"
  grep -E "CUDA real|passed|skipped:|:F:|:E:" $L/check_cuda-device_real.log | head -20
  for c in agree long; do
    ( time PPFFT_DEVICE=$P:0 PPFFT_TEST_FULL=1 CK_RUN_SUITE=real CK_RUN_CASE=$c PPFFT_TEST_VERBOSE=1 timeout 70 ./tests/check_real ) > $L/check_real-$c-nvidia.log 2>&1
    echo "check_real $c (NVIDIA OpenCL, full) exit $?"; grep -E "passed|skipped:|:F:|:E:" $L/check_real-$c-nvidia.log | head -8
  done
  echo "tests: $(( $(date +%s) - T0 )) s"
fi
if [ "${PART:-all}" != tests ]; then
  TIMEOUT=45 bench/real-multipass.sh $L/bench $P:0
  bench/real-multipass.sh --report $L/bench
fi
echo "total: $(( $(date +%s) - T0 )) s"
tar czf $OUT/realmp.tgz -C /tmp realmp-out
