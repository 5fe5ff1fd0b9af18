#!/bin/bash
# bench/results/2026-11-25-h200-onepass: the sizes at the one-pass limit of NVIDIA's OpenCL (f32 8192 and 16384, f64 4096 and
# 8192) tuned again now that the two-pass plans have coalesced column passes (COLS), then ppfft with that wisdom ahead of the
# shipped one, ppfft with the shipped wisdom, cuFFT and VkFFT-OpenCL, in one call on one GPU; 256 MiB per run, median of 20.
# Run from a build tree (./configure --with-cuda && make) on the GPU machine, after .gpu/gpu-env.sh; results in $1.
L=${1:?usage: bench/calls/onepass-h200.sh OUTDIR}; mkdir -p "$L"
export XDG_CACHE_HOME=${XDG_CACHE_HOME:-/tmp/cache} XDG_DATA_HOME=/tmp/xdg-empty PPFFT_DEVICE=1:0
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee "$L/gpu.txt"; cat .tarball-commit 2>/dev/null | tee -a "$L/gpu.txt"
timeout 200 tuner/ppfft-tune --problems cof8192,cof16384,cof4096:f64,cof8192:f64 -v -o "$L/onepass.wisdom" --budget 180 \
  > "$L/tune.log" 2> "$L/tune-v.log"; echo "tune exit $?"; grep -v "kept:" "$L/tune.log" | tail -8
for p in f32 f64; do
  S=8192,16384; [ $p = f64 ] && S=4096,8192
  PPFFT_WISDOM_PATH="$L/onepass.wisdom:wisdom" timeout 60 bench/ppfft-bench -n $S -p $p -m 256 -r 20 -v estimate --csv "$L/ppfft-$p.csv" > "$L/ppfft-$p.log" 2>&1; echo "ppfft $p exit $?"
  PPFFT_WISDOM_PATH=wisdom timeout 60 bench/ppfft-bench -n $S -p $p -m 256 -r 20 -v estimate --csv "$L/shipped-$p.csv" > "$L/shipped-$p.log" 2>&1; echo "shipped $p exit $?"
  timeout 40 bench/cufft-bench -p $p -m 256 -r 20 --csv "$L/cufft-$p.csv" $(echo $S | tr ',' ' ') > "$L/cufft-$p.log" 2>&1; echo "cufft $p exit $?"
  timeout 60 bench/vkfft-bench -p $p -m 256 -r 20 --csv "$L/vkfft-$p.csv" $(echo $S | tr ',' ' ') > "$L/vkfft-$p.log" 2>&1; echo "vkfft $p exit $?"
done
for f in "$L"/*.csv; do echo "== $f"; cut -d, -f1-9 "$f" | cut -c1-200; done
