#!/bin/bash
# bench/calls/real4-h200.sh (bench/results/2026-11-25-h200-real4, issue 17): the one-pass 1D f32 R2C on
# NVIDIA's OpenCL with the pairing by one round of real2 words (gen/real.c's r2c_pair_and_store),
# against main's generator (the same tarball with the generator's diff reversed, built beside it)
# and cuFFT, in one call; then a short retune of rof4096/rof16384 and the C2R rows, while time lasts.
# Run on the device from the checkout's copy as
#   bash .gpu/real4/real4-h200.sh
# with this script, the branch's `make dist` tarball (ppfft-0.1.0.tar.gz) and real4-gen.diff
# (`git diff MAIN BRANCH -- lib/gen`) in .gpu/real4/ (G).  Environment: STOP (s: skip a step that
# starts past it), TUNE_T, SIZES.
R=$PWD; G=$R/${G:-.gpu/real4}
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
L=/tmp/r4out; rm -rf $L; mkdir -p $L/csv
export XDG_CACHE_HOME=/tmp/cache-r4 XDG_DATA_HOME=/tmp/xdg-r4
T0=$(date +%s); el() { echo $(( $(date +%s) - T0 )); }
save() { tar czf $OUT/logs.tgz -C /tmp r4out 2>/dev/null; }
late() { [ $(el) -gt ${STOP:-100} ] && { echo "skipped past ${STOP:-100} s: $1"; return 0; }; return 1; }
build() { # $1: folder, $2: 1 to reverse the generator's diff (main's generator)
  rm -rf $1 && mkdir -p $1 && tar xf $G/ppfft-0.1.0.tar.gz -C $1 --strip-components=1 && cd $1 &&
    { [ "$2" = 0 ] || patch -R -p1 -s < $G/real4-gen.diff; } &&
    ./configure --with-cuda -q && make -j8
}
(build /tmp/b-r4 0 > $L/build-branch.log 2>&1; echo $? > $L/rc-branch) &
(build /tmp/b-main 1 > $L/build-main.log 2>&1; echo $? > $L/rc-main) &
wait
echo "build: branch $(cat $L/rc-branch), main $(cat $L/rc-main) at $(el) s"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $OUT/gpu.txt
D=1:0; S=${SIZES:-1024,4096,16384}
show() { grep -E "^ +[0-9]" $1 | awk '{print $1, $3, $4, $(NF-3), $(NF-2), $(NF-1), $NF}'; }
bench() { # $1: build, $2: wisdom folder, $3: tag, $4: kind, $5: sizes
  (cd $1 && PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$2 timeout 40 bench/ppfft-bench --kind $4 -p f32 -m 256 -r 20 -n $5 --csv $L/csv/ppfft-$3-$4.csv > $L/ppfft-$3-$4.log 2>&1)
  echo "ppfft $3 $4: exit $? at $(el) s"; show $L/ppfft-$3-$4.log; save
}
cufft() { # $1: kind, $2: sizes
  (cd /tmp/b-r4 && timeout 30 bench/cufft-bench --kind $1 -p f32 -m 256 -r 20 --csv $L/csv/cufft-$1.csv ${2//,/ } > $L/cufft-$1.log 2>&1)
  echo "cufft $1: exit $? at $(el) s"; grep -E "^ +[0-9]" $L/cufft-$1.log | awk '{print $1, $3, $(NF-2), $(NF-1), $NF}'; save
}
W=/tmp/b-r4/wisdom
bench /tmp/b-r4 $W branch r2c $S
bench /tmp/b-main /tmp/b-main/wisdom main r2c $S
cufft r2c $S
bench /tmp/b-r4 $W branch2 r2c $S # the branch again: the spread of repeats in this call
late "tune" || {
  (cd /tmp/b-r4 && PPFFT_WISDOM_PATH=/nonexistent timeout $(( ${TUNE_T:-25} + 20 )) tuner/ppfft-tune --device $D --problems rof4096,rof16384 --budget ${TUNE_T:-25} -v -o $L/real4.wisdom > $L/tune.log 2>&1)
  echo "tune: exit $? at $(el) s"; grep -v "^#" $L/real4.wisdom | awk '{print $4, $5, $6}'; cp $L/real4.wisdom $OUT/ 2>/dev/null; save
  mkdir -p $L/wisdom && python3 $R/bench/wisdom-merge.py $W/nvidia-h200.wisdom $L/real4.wisdom $L/wisdom/nvidia-h200.wisdom &&
    bench /tmp/b-r4 $L/wisdom tuned r2c 4096,16384
}
late "c2r" || { bench /tmp/b-r4 $W branch c2r 4096,16384; cufft c2r 4096,16384; }
tar czf $OUT/csv.tgz -C $L csv
echo "done: $(el) s"; save
