#!/bin/bash
# bench/calls/speed17-h200-c.sh (bench/results/2026-11-25-h200-lengths, call 3), run as bench/calls/speed17-h200.sh is.
# speed17, call 3: C2R with the staged loads' twiddles from one sincos per work-item, the shipped
# wisdom as merged on the branch; every C2R size of bench/lengths' sweep that runs in one pass.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/speed17; L=/tmp/s17out3; rm -rf $L; mkdir -p $L
save() { tar czf $OUT/s17c.tgz -C /tmp s17out3 2>/dev/null; }
export XDG_CACHE_HOME=/tmp/s17-cache XDG_DATA_HOME=/tmp/s17-xdg
T0=$(date +%s)
if ! cmp -s $R/.gpu/speed17/ppfft-0.1.0.tar.gz $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $R/.gpu/speed17/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16) > $L/build.log 2>&1 || { tail -40 $L/build.log; save; exit 1; }
  cp $R/.gpu/speed17/ppfft-0.1.0.tar.gz $B/.ok
fi
cd $B
echo "build: $(( $(date +%s) - T0 )) s"; git log -1 --format=%h 2>/dev/null
D=1:0
for k in c2r r2c; do
  PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$B/wisdom timeout 40 bench/ppfft-bench --kind $k -p f32,f64 -n ${SIZES:-1024,2048,4096,8192,16384,32768,1024x1024,4096x4096,128x128x128,256x256x256} --csv $L/ppfft-$k.csv > $L/ppfft-$k.log 2>&1
  echo "$k exit $? at $(( $(date +%s) - T0 )) s"; grep -E "^ +[0-9]" $L/ppfft-$k.log | awk '{print $1, $3, $4, $(NF-4), $(NF-3), $(NF-1), $NF}'; save
  [ $(( $(date +%s) - T0 )) -gt 75 ] && break
done
echo "total: $(( $(date +%s) - T0 )) s"
save
