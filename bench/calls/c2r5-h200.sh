#!/bin/bash
# bench/calls/c2r5-h200.sh (bench/results/2026-11-25-h200-c2r5, issue 17): the one-pass C2R whose owned
# loads read X_k and X_(M-k) once and hand Z_(M-k) over through local memory, and XR2 on the
# one-pass R2C (gen/real.c, core/geometry.c), on NVIDIA's OpenCL against main's generator (the same
# tarball with the diff of lib/gen and core/geometry.c reversed, built beside it) and cuFFT, in one
# call; then a short retune of the changed sizes and the merged wisdom, while time lasts.
# Run on the device from the checkout's copy as
#   bash .gpu/c2r5/c2r5-h200.sh
# with this script, the branch's `make dist` tarball (ppfft-0.1.0.tar.gz) and c2r5-gen.diff
# (`git diff MAIN BRANCH -- lib/gen lib/core/geometry.c`) in .gpu/c2r5/ (G).  Environment: STOP (s:
# skip a step that starts past it), TUNE_T (the tuner's budget), PROBLEMS (what it tunes).
R=$PWD; G=$R/${G:-.gpu/c2r5}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
L=/tmp/c5out; rm -rf $L; mkdir -p $L/csv
export XDG_DATA_HOME=/tmp/xdg-c5
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
save() { tar czf $OUT/logs.tgz -C /tmp c5out 2>/dev/null; }
late() { [ $(el) -gt ${STOP:-120} ] && { echo "skipped past ${STOP:-120} s: $1"; return 0; }; return 1; }
build() { # $1: folder, $2: 1 to reverse the diff (main's generator)
  rm -rf $1 && mkdir -p $1 && tar xf $G/ppfft-0.1.0.tar.gz -C $1 --strip-components=1 && cd $1 &&
    { [ "$2" = 0 ] || patch -R -p1 -s < $G/c2r5-gen.diff; } &&
    ./configure --with-cuda -q && make -j8
}
(build /tmp/b-c5 0 > $L/build-branch.log 2>&1; echo $? > $L/rc-branch) &
(build /tmp/b-main 1 > $L/build-main.log 2>&1; echo $? > $L/rc-main) &
wait
echo "build: branch $(cat $L/rc-branch), main $(cat $L/rc-main) at $(el) s"; save
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
D=1:0; S1=${S1:-1024,2048,4096,8192,16384,32768}; S2=${S2:-1024x1024,4096x4096,128x128x128,256x256x256}
show() { grep -E "^ +[0-9]" $1 | awk '{print $1, $3, $4, $(NF-3), $(NF-2), $(NF-1), $NF}'; }
bench() { # $1: build, $2: wisdom folder, $3: tag, $4: kind, $5: sizes
  (cd $1 && XDG_CACHE_HOME=/tmp/cache-$3 PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$2 timeout 40 bench/ppfft-bench --kind $4 -p f32 -m 256 -r 20 -n $5 --csv $L/csv/ppfft-$3-$4.csv >> $L/ppfft-$3-$4.log 2>&1)
  echo "ppfft $3 $4 $5: exit $? at $(el) s"; show $L/ppfft-$3-$4.log | tail -n $(echo $5 | tr ',' '\n' | wc -l); save
}
cufft() { # $1: kind, $2: sizes (a CSV each run: cufft-bench rewrites its file; in the recorded call the 1D rows were lost, kept in cufft-c2r.log)
  (cd /tmp/b-c5 && timeout 30 bench/cufft-bench --kind $1 -p f32 -m 256 -r 20 --csv $L/csv/cufft-$1-$(el).csv ${2//,/ } >> $L/cufft-$1.log 2>&1)
  echo "cufft $1 $2: exit $? at $(el) s"; grep -E "^ +[0-9]" $L/cufft-$1.log | awk '{print $1, $3, $(NF-2), $(NF-1), $NF}' | tail -n $(echo $2 | tr ',' '\n' | wc -l); save
}
W=/tmp/b-c5/wisdom; WM=/tmp/b-main/wisdom
bench /tmp/b-c5 $W branch c2r $S1
bench /tmp/b-main $WM main c2r $S1
cufft c2r $S1
late "2D/3D" || { bench /tmp/b-c5 $W branch c2r $S2; bench /tmp/b-main $WM main c2r $S2; cufft c2r $S2; }
late "tune" || {
  P=${PROBLEMS:-rob16384,rof16384,rob4096,rob1024,rob8192,rob2048}
  (cd /tmp/b-c5 && XDG_CACHE_HOME=/tmp/cache-tune PPFFT_WISDOM_PATH=/nonexistent timeout $(( ${TUNE_T:-30} + 15 )) tuner/ppfft-tune --device $D --problems $P --budget ${TUNE_T:-30} -v -o $L/c2r5.wisdom > $L/tune.log 2>&1)
  echo "tune: exit $? at $(el) s"; grep -v "^#" $L/c2r5.wisdom | awk '{print $4, $5, $6}'; cp $L/c2r5.wisdom $OUT/ 2>/dev/null; save
  mkdir -p $L/wisdom && python3 $R/bench/wisdom-merge.py $W/nvidia-h200.wisdom $L/c2r5.wisdom $L/wisdom/nvidia-h200.wisdom &&
    { late "tuned" || { bench /tmp/b-c5 $L/wisdom tuned c2r 1024,2048,4096,8192,16384; bench /tmp/b-c5 $L/wisdom tuned r2c 16384; }; }
}
late "r2c" || { bench /tmp/b-c5 $W branch r2c $S1; bench /tmp/b-main $WM main r2c 16384,32768; cufft r2c $S1; }
late "repeat" || bench /tmp/b-c5 $W branch2 c2r $S1 # the branch again: the spread of repeats in this call
tar czf $OUT/csv.tgz -C $L csv
echo "done: $(el) s"; save
