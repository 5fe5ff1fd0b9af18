#!/bin/bash
# bench/results/2026-11-24-h100-cols: the sweep past one pass on the H100 (NVIDIA OpenCL): ppfft with the shipped wisdom (the H200's,
# serving the H100 by its architecture class), cuFFT and VkFFT in one call; 256 MiB per run.
R=$PWD
# (the tarball was built first into /tmp/final: ./configure --with-cuda && make -j16 && make check TESTS=)
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
export XDG_CACHE_HOME=/tmp/cache XDG_DATA_HOME=/tmp/xdg
B=/tmp/final; L=/tmp/h100; mkdir -p $L; cd $B || exit 1
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt; cat .tarball-commit | tee -a $L/gpu.txt
F32="32768,131072,1048576,4194304,16777216,256x256,1024x1024,4096x4096,64x64x64,128x128x128,256x256x256"
F64="16384,65536,262144,1048576,4194304,256x256,1024x1024,4096x4096,64x64x64,128x128x128,256x256x256"
for p in f32 f64; do
  S=$F32; [ $p = f64 ] && S=$F64
  PPFFT_DEVICE=1:0 PPFFT_WISDOM_PATH=$B/wisdom timeout 90 bench/ppfft-bench -n $S -p $p -m 256 -r 10 -v estimate --csv $L/ppfft-cols-$p.csv > $L/ppfft-$p.log 2>&1; echo "ppfft $p exit $?"
  timeout 45 bench/cufft-bench -p $p -m 256 -r 10 --csv $L/cufft-$p.csv $(echo $S | tr ',' ' ') > $L/cufft-$p.log 2>&1; echo "cufft $p exit $?"
  PPFFT_DEVICE=1:0 timeout 75 bench/vkfft-bench -p $p -m 256 -r 10 --csv $L/vkfft-$p.csv $(echo $S | tr ',' ' ') > $L/vkfft-$p.log 2>&1; echo "vkfft $p exit $?"
done
python3 $B/bench/cols-table.py $L
tar czf $OUT/h100.tgz -C $L .
