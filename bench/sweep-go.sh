#!/bin/bash
# bench/results/2026-11-25-h200-sweep and -h100-sweep: the device call's wrapper, as run from the main checkout's .gpu/sweep16/ (this copy
# is the record; the make-dist tarball of the measured commit sat beside it): build the tarball, then bench/sweep-run.sh with the
# environment the call set (NOTE.md of each folder names it); the results under $OUT/sweep.tgz.
R=$PWD; S=$R/.gpu/sweep16
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/sweep16; L=/tmp/sweep16-out-$(date +%s); mkdir -p $L; T0=$(date +%s)
if [ ! -f $B/.ok ] || ! cmp -s $S/ppfft-0.1.0.tar.gz $B/.ok; then
  rm -rf $B; mkdir -p $B; tar xf $S/ppfft-0.1.0.tar.gz -C $B --strip-components=1
  (cd $B && ./configure --with-cuda && make -j16) > $L/build.log 2>&1 || { tail -30 $L/build.log; tar czf $OUT/sweep.tgz -C $L .; exit 1; }
  cp $S/ppfft-0.1.0.tar.gz $B/.ok
fi
echo "built in $(( $(date +%s) - T0 )) s"; cd $B
[ -n "$CLPEAK" ] && { timeout 40 clpeak -p 1 -d 0 --global-bandwidth > $L/clpeak.txt 2>&1; grep -A8 -i bandwidth $L/clpeak.txt | head -10; }
timeout ${RUN_T:-420} bash bench/sweep-run.sh $L > $L/run.log 2>&1; echo "sweep-run exit $?"
cat $L/run.log | cut -c1-220 | tail -100
tar czf $OUT/sweep.tgz -C $L --exclude='*.bin' .
