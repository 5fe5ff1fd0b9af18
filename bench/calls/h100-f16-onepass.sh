#!/bin/bash
# bench/results/2026-11-25-h100-f16-onepass (bash bench/calls/h100-f16-onepass.sh TARBALL on an H100): issue 15's f16 table (cuFFT f16 and ppfft-CUDA f16 from the shipped wisdom, 21 shapes) and issue 16's
# one-pass-limit sizes through NVIDIA's OpenCL (ppfft from the shipped wisdom, cuFFT, VkFFT-OpenCL), one call.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/h100b; L=/tmp/h100; rm -rf $B $L; mkdir -p $B $L
export XDG_CACHE_HOME=/tmp/cache XDG_DATA_HOME=/tmp/xdg-empty
tar xf ${1:?usage: h100-f16-onepass.sh TARBALL} -C $B --strip-components=1; cd $B
T0=$(date +%s)
(./configure --with-cuda && make -j16) > $L/build.log 2>&1 || { tail -30 $L/build.log; exit 1; }
echo "build $(( $(date +%s) - T0 )) s"; ls bench/*-bench
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader | tee $L/gpu.txt
cat .tarball-commit 2>/dev/null | tee -a $L/gpu.txt
ALL="256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 256x256 512x256 1024x1024 4096x4096"
timeout 110 bench/cufft-bench -p f16 -m 256 -r 11 --csv $L/f16-cufft.csv $ALL > $L/f16-cufft.txt 2>&1; echo "cufft f16 exit $?"
PPFFT_WISDOM_PATH=wisdom timeout 110 bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $L/f16-ppfft.csv $ALL > $L/f16-ppfft.txt 2>&1; echo "ppfft f16 exit $?"
python3 bench/f16-table.py $L/f16-cufft.csv $L/f16-ppfft.csv $L/f16.png > $L/f16-table.csv 2> $L/f16-summary.txt; cat $L/f16-summary.txt
export PPFFT_DEVICE=1:0
for p in f32 f64; do
  S=8192,16384; [ $p = f64 ] && S=4096,8192
  PPFFT_WISDOM_PATH=wisdom timeout 60 bench/ppfft-bench -n $S -p $p -m 256 -r 20 -v estimate --csv $L/onepass-ppfft-$p.csv > $L/onepass-ppfft-$p.log 2>&1; echo "ppfft $p exit $?"
  timeout 40 bench/cufft-bench -p $p -m 256 -r 20 --csv $L/onepass-cufft-$p.csv $(echo $S | tr ',' ' ') > $L/onepass-cufft-$p.log 2>&1; echo "cufft $p exit $?"
  timeout 60 bench/vkfft-bench -p $p -m 256 -r 20 --csv $L/onepass-vkfft-$p.csv $(echo $S | tr ',' ' ') > $L/onepass-vkfft-$p.log 2>&1; echo "vkfft $p exit $?"
done
for f in $L/onepass-*.csv; do echo "== $f"; cut -d, -f1-9 $f | cut -c1-160; done
tar czf $OUT/h100.tgz -C $L .
