#!/bin/bash
# bench/calls/real5-h200.sh (bench/results/2026-11-25-h200-real5, issue 17): where the real transforms
# stand against cuFFT on NVIDIA's OpenCL with the shipped wisdom (R2C and C2R f32, 1D 1024..2^24 even
# powers, 2D 1024^2 and 4096^2, 3D 128^3 and 256^3), then a short retune of the C2R sizes whose
# candidates the branch changed (gen/real.c: the one-pass C2R's owned loads under one test of the
# transform) and those sizes again with the merged wisdom, while time lasts.  The record first: cuFFT
# runs while ppfft builds (a GPU timing, event-timed; the build only loads the CPU).
# Run on the device from the checkout's copy as
#   bash .gpu/real5/real5-h200.sh
# with this script and the branch's `make dist` tarball (ppfft-0.1.0.tar.gz) in .gpu/real5/ (G).
# Environment: STOP (s: skip the tune if it would start past it), STOP2 (the same for the last bench), TUNE_T (the tuner's budget), PROBLEMS.
R=$PWD; G=$R/${G:-.gpu/real5}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
L=/tmp/r5out; B=/tmp/b-r5; rm -rf $L; mkdir -p $L/csv
export XDG_CACHE_HOME=/tmp/cache-r5 XDG_DATA_HOME=/tmp/xdg-r5
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
save() { tar czf $OUT/logs.tgz -C /tmp r5out 2>/dev/null; }
late() { local t=${2:-${STOP:-115}}; [ $(el) -gt $t ] && { echo "skipped past $t s: $1"; return 0; }; return 1; }
rm -rf $B && mkdir -p $B && tar xf $G/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
  ./configure --with-cuda -q > $L/build.log 2>&1 || { tail -30 $L/build.log; save; exit 1; }
echo "configure: $(el) s"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
make bench/cufft-bench >> $L/build.log 2>&1 || echo "cufft-bench: build failed"
(make -j14 >> $L/build.log 2>&1; echo $? > $L/rc-build) &
D=1:0
S=${S:-1024,4096,16384,65536,262144,1048576,4194304,16777216,1024x1024,4096x4096,128x128x128,256x256x256}
for k in r2c c2r; do # cuFFT, one CSV a run
  timeout 40 bench/cufft-bench --kind $k -p f32 -m 256 -r 20 --csv $L/csv/cufft-$k.csv ${S//,/ } > $L/cufft-$k.log 2>&1
  echo "cufft $k: exit $? at $(el) s"; grep -E "^ +[0-9]" $L/cufft-$k.log | awk '{print $1, $3, $(NF-2), $(NF-1), $NF}'; save
done
wait; echo "build: $(cat $L/rc-build) at $(el) s"; save
show() { grep -E "^ +[0-9]" $1 | awk '{print $1, $3, $4, $(NF-3), $(NF-2), $(NF-1), $NF}'; }
bench() { # $1: wisdom folder, $2: tag, $3: kind, $4: shapes, $5: time limit (s)
  PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$1 timeout ${5:-45} bench/ppfft-bench --kind $3 -p f32 -m 256 -r 20 -n $4 --csv $L/csv/ppfft-$2-$3.csv > $L/ppfft-$2-$3.log 2>&1
  echo "ppfft $2 $3: exit $? at $(el) s"; show $L/ppfft-$2-$3.log; save
}
bench $B/wisdom shipped r2c $S
bench $B/wisdom shipped c2r $S
late "tune" || {
  P=${PROBLEMS:-rob16384,rob2048}
  # the shipped wisdom loaded: each entry is timed against the search's winner and kept unless beaten by more than the noise
  PPFFT_WISDOM_PATH=$B/wisdom timeout $(( ${TUNE_T:-20} + 12 )) tuner/ppfft-tune --device $D --problems $P --budget ${TUNE_T:-20} -v -o $L/real5.wisdom > $L/tune.log 2>&1
  echo "tune: exit $? at $(el) s"; grep -v "^#" $L/real5.wisdom | awk '{print $4, $5, $6}'; grep -E "existing entry|replaced|kept" $L/tune.log | tail -6; cp $L/real5.wisdom $OUT/ 2>/dev/null; save
  mkdir -p $L/wisdom && python3 $R/bench/wisdom-merge.py $B/wisdom/nvidia-h200.wisdom $L/real5.wisdom $L/wisdom/nvidia-h200.wisdom &&
    { late "tuned" ${STOP2:-150} || bench $L/wisdom tuned c2r 2048,16384 12; }
}
tar czf $OUT/csv.tgz -C $L csv
echo "done: $(el) s"; save
