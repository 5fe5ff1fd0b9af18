# The F16 study on a CUDA GPU (bench/results/2026-11-24-h200-f16): check_f16 on the device, then
# cuFFT f16 and ppfft f16 (the estimate, and each plan again with TC: PPFFT_BENCH_TC=1) on the same
# shapes, 256 MiB a run.  Run from a built tree with OUT set to a folder for the results; the
# first line (the lead's GPU machine) builds the tarball, elsewhere leave it out.
. .gpu/f16/build.sh
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/r
( time CK_RUN_SUITE=f16 ./tests/check_cuda ) > $OUT/r/check_f16.txt 2>&1; grep -v "^f16 N=2^" $OUT/r/check_f16.txt | tail -30
S1="256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 256x256 512x256 1024x1024 4096x4096"
timeout 150 ./bench/cufft-bench -p f16 -m 256 -r 11 --csv $OUT/r/cufft.csv $S1 > $OUT/r/cufft.txt 2>&1; tail -3 $OUT/r/cufft.txt
PPFFT_BENCH_TC=1 timeout 240 ./bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $OUT/r/ppfft.csv $S1 > $OUT/r/ppfft.txt 2>&1; grep -v "^ppfft-cuda-bench: f16" $OUT/r/ppfft.txt | tail -46
