#!/bin/bash
# The test programs of a `make dist` tarball on a GPU machine (bench/results/*-merged-tests): build with
# CUDA, check_cuda's device tcases and suites (its nvrtc tcase runs in CI, no device
# needed), the OpenCL test programs on NVIDIA's OpenCL (platform 1:0), and ppfft-tune --check of the
# shipped wisdom; logs (each Check test's result as it ends, CK_LOG_FILE_NAME) into $OUT/final.tgz,
# refreshed after every step so that a call cut by its time limit still brings back what finished.
#   bash bench/gpu-tests.sh TARBALL
#   CASES=device SUITES=" " CL_TESTS=" " CUDA_T=420 bash bench/gpu-tests.sh TARBALL   one tcase, longer
# A cold kernel cache makes check_cuda's device tcase take over 200 s (NVRTC builds 172 plans' kernels).
T=${1:?usage: gpu-tests.sh TARBALL}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/final; L=/tmp/final-logs; mkdir -p $L
export XDG_CACHE_HOME=/tmp/cache XDG_DATA_HOME=/tmp/xdg
rm -rf $B; mkdir -p $B; tar xf "$T" -C $B --strip-components=1
T0=$(date +%s)
(cd $B && ./configure --with-cuda && make -j16 && make -j16 check TESTS=) > $L/build.log 2>&1 || { tail -30 $L/build.log; tar czf $OUT/final.tgz -C $L .; exit 1; }
echo "build $(( $(date +%s) - T0 )) s" | tee $L/build-time.txt
cd $B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt
save() { tar czf $OUT/.part$1 -C $L . 2>/dev/null && mv $OUT/.part$1 $OUT/final.tgz; } # atomic: the programs save as each ends
run() { # name timeout cmd...
  local n=$1 t=$2; shift 2
  ( time CK_LOG_FILE_NAME=$L/$n-ck.log timeout $t "$@" ) > $L/$n.log 2>&1; echo "$n exit $?" >> $L/$n.log
  { tail -1 $L/$n.log; grep -E "^[0-9]+%|:F:|:E:|skipped:|^real" $L/$n.log | head -12; } > $L/$n.sum
  cat $L/$n.sum; save $n
}
# every program in its own process, all at once: the GPU is shared, but these are tests, not timings,
# and a cold cache makes each one mostly compiler time (check_cuda's device tcase about 250 s alone)
save 0
for c in ${CASES:-device occupancy device_real}; do CK_RUN_SUITE=cuda CK_RUN_CASE=$c run cuda-$c ${CUDA_T:-300} ./tests/check_cuda & done
for s in ${SUITES:-f16 abft_cuda}; do CK_RUN_SUITE=$s run cuda-$s ${CUDA_T:-300} ./tests/check_cuda & done
for t in ${CL_TESTS:-check_bluestein check_passes check_real check_lengths check_abft}; do
  PPFFT_DEVICE=1:0 run $t-nvidia ${CL_T:-120} ./tests/$t &
done
PPFFT_DEVICE=1:0 run tune-check-opencl 60 ./tuner/ppfft-tune --check wisdom/nvidia-h200.wisdom &
run tune-check-cuda 60 ./tuner/ppfft-tune --backend cuda --check wisdom/nvidia-h200-cuda.wisdom &
wait
echo "wall $(( $(date +%s) - T0 )) s" | tee $L/wall.txt; save 0
