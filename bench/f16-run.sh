# The F16 study on a CUDA GPU (bench/results/2026-11-24-h200-f16): check_f16 on the device, then
# cuFFT f16 and ppfft f16 (the estimate, and each plan again with TC: PPFFT_BENCH_TC=1) on the same
# shapes, 256 MiB a run; then each multi-pass shape's estimate plan with 2 half2 an access in every
# pass (VASM2 -> VASM4, by PPFFT_BENCH_VARIANT) and a few other plans by name (rows in *.txt: each
# named run rewrites its --csv).  Run from a built tree with OUT set to a folder for the results;
# PPFFT_BENCH_PREP=script is sourced first (on the GPU machine, the one that built the tarball).
[ -n "${PPFFT_BENCH_PREP:-}" ] && . "$PPFFT_BENCH_PREP"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
mkdir -p $OUT/r
( time timeout 110 env CK_RUN_SUITE=f16 ./tests/check_cuda ) > $OUT/r/check_f16.txt 2>&1; grep -v "^f16 N=2^" $OUT/r/check_f16.txt | tail -14
S1="256 512 1024 2048 4096 8192 16384 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 256x256 512x256 1024x1024 4096x4096"
timeout 100 ./bench/cufft-bench -p f16 -m 256 -r 11 --csv $OUT/r/cufft.csv $S1 > $OUT/r/cufft.txt 2>&1; tail -2 $OUT/r/cufft.txt
PPFFT_BENCH_TC=1 timeout 240 ./bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $OUT/r/ppfft.csv $S1 > $OUT/r/ppfft.txt 2>&1; grep -v "^ppfft-cuda-bench: f16" $OUT/r/ppfft.txt | tail -44
X() { PPFFT_BENCH_VARIANT="$2" timeout 25 ./bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $OUT/r/$3.csv $1 >> $OUT/r/$3.txt 2>&1; }
for s in 32768 65536 131072 262144 524288 1048576 2097152 4194304 8388608 16777216 256x256 512x256 1024x1024 4096x4096; do
  P=$(sed -n "s/^ppfft-cuda-bench: f16 $s: \([^ ]*\) (from the estimate).*/\1/p" $OUT/r/ppfft.txt | head -1)
  [ -n "$P" ] && X $s "${P//VASM2/VASM4}" wide
done
K="RP+LM-CM+DIRECT+VASM4+TW-GM+TWP+CSE+IL+LU"; K8="RP+LM-CM+DIRECT+VASM8+TW-GM+TWP+CSE+IL+LU"; C="LM-CC+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU"
for v in "r16x16x4/$K8/wg256/t8" "r16x16x4/$K/wg512/t16" "r16x16x4/$C/wg256/t8"; do X 1048576 "$v;$v" explore; done
X 16777216 "r16x16/$K8/wg256/t16;r16x16/$K8/wg256/t16;r16x16/$K8/wg256/t16" explore
for s in "256 r16x16/$K8/wg64/t16" "4096 r16x16x16/$K8/wg64/t1" "8192 r16x16x16x2/$K8/wg128/t1"; do X ${s%% *} "${s#* }" explore; done
grep -hE "^f16" $OUT/r/wide.txt $OUT/r/explore.txt | cut -c1-200
cd $OUT && tar czf r.tgz r && rm -rf r
