#!/bin/bash
# issue 16 (COLS) on the H200, as run from the main checkout's .gpu/cols/ (this copy is the record; the
# tarball of the measured commit sat beside it): build the tarball once per machine; PART=tune: the
# GPU tests of COLS on NVIDIA's OpenCL, then ppfft-tune -v over the sizes past one pass into $L/cols.wisdom;
# PART=retune+bench: the tests again, RETUNE's problems tuned again, then ppfft (that wisdom, the shipped
# wisdom), cuFFT and VkFFT over the same shapes (bench/cols-table.py writes all.csv).
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/cols-build; L=/tmp/cols-out; mkdir -p $L
[ -d $R/.gpu/cols/state ] && cp -rn $R/.gpu/cols/state/. $L/
export XDG_CACHE_HOME=/tmp/cols-cache XDG_DATA_HOME=/tmp/cols-xdg
P=$(clinfo -l 2>/dev/null | sed -n 's/^Platform #\([0-9]*\): NVIDIA.*/\1/p' | head -1); P=${P:-1}
echo "NVIDIA OpenCL platform $P"
if ! cmp -s $R/.gpu/cols/ppfft-0.1.0.tar.gz $B/.tarball 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $R/.gpu/cols/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16 && make -j16 check TESTS=) > $L/build.log 2>&1 || { tail -40 $L/build.log; exit 1; }
  cp $R/.gpu/cols/ppfft-0.1.0.tar.gz $B/.tarball
fi
cd $B
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt
F32="32768,65536,131072,262144,524288,1048576,2097152,4194304,8388608,16777216,256x256,1024x1024,4096x4096,64x64x64,128x128x128,256x256x256,33554432,67108864,134217728"
F64="16384,32768,65536,131072,262144,524288,1048576,2097152,4194304,8388608,256x256,1024x1024,4096x4096,64x64x64,128x128x128,256x256x256,16777216,33554432,67108864"
case ${PART:-tune} in
tune)
  ( time PPFFT_DEVICE=$P:0 PPFFT_TEST_FULL=1 CK_RUN_SUITE=passes CK_RUN_CASE=passes timeout 100 ./tests/check_passes ) > $L/check_passes-nvidia.log 2>&1
  echo "check_passes (NVIDIA OpenCL, full) exit $?"; grep -E "COLS|passed|:F:|:E:" $L/check_passes-nvidia.log | cut -c1-200 | tail -16
  PROBLEMS=$(echo $F32 | tr ',' '\n' | sed 's/^/cof/' | paste -sd,),$(echo $F64 | tr ',' '\n' | sed 's/^/cof/;s/$/:f64/' | paste -sd,)
  touch $L/cols.wisdom
  PPFFT_DEVICE=$P:0 PPFFT_WISDOM_PATH=$L/cols.wisdom timeout ${TUNE_T:-400} tuner/ppfft-tune --problems $PROBLEMS --resume -v \
    -o $L/cols.wisdom --budget $((${TUNE_T:-400} - 25)) > $L/tune-$(date +%s).log 2>$L/tune-v-$(date +%s).log; echo "tune exit $?"
  grep -v "kept:" $L/tune-*.log | tail -45 ;;
retune+bench)
  ( time PPFFT_DEVICE=$P:0 PPFFT_TEST_FULL=1 CK_RUN_SUITE=passes CK_RUN_CASE=passes timeout 60 ./tests/check_passes ) > $L/check_passes-nvidia-2.log 2>&1
  echo "check_passes (NVIDIA OpenCL, full) exit $?"; grep -E "passed|:F:|:E:" $L/check_passes-nvidia-2.log | tail -3
  cp $L/cols.wisdom $L/cols-call1.wisdom
  PPFFT_DEVICE=$P:0 PPFFT_WISDOM_PATH=$L/cols.wisdom timeout ${TUNE_T:-150} tuner/ppfft-tune --problems $RETUNE -v \
    -o $L/cols.wisdom --budget $((${TUNE_T:-150} - 15)) > $L/retune-$(date +%s).log 2>$L/retune-v-$(date +%s).log; echo "retune exit $?"
  grep -v "kept:" $L/retune-*.log | tail -25
  for p in f32 f64; do
    S=$F32; [ $p = f64 ] && S=$F64
    PPFFT_DEVICE=$P:0 PPFFT_WISDOM_PATH=$L/cols.wisdom timeout 150 bench/ppfft-bench -n $S -p $p -m 256 -r 20 -v estimate --csv $L/ppfft-cols-$p.csv > $L/ppfft-cols-$p.log 2>&1; echo "ppfft cols $p exit $?"
    timeout 100 bench/cufft-bench -p $p -m 256 -r 20 --csv $L/cufft-$p.csv $(echo $S | tr ',' ' ') > $L/cufft-$p.log 2>&1; echo "cufft $p exit $?"
    PPFFT_DEVICE=$P:0 timeout 150 bench/vkfft-bench -p $p -m 256 -r 20 --csv $L/vkfft-$p.csv $(echo $S | tr ',' ' ') > $L/vkfft-$p.log 2>&1; echo "vkfft $p exit $?"
    PPFFT_DEVICE=$P:0 PPFFT_WISDOM_PATH=$B/wisdom timeout 150 bench/ppfft-bench -n $S -p $p -m 256 -r 20 -v estimate --csv $L/ppfft-shipped-$p.csv > $L/ppfft-shipped-$p.log 2>&1; echo "ppfft shipped $p exit $?"
  done
  python3 $R/.gpu/cols/table.py $L ;;
esac
tar czf $OUT/cols.tgz -C $L --exclude='*.bin' .
