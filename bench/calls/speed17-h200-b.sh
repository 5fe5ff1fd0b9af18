#!/bin/bash
# bench/calls/speed17-h200-b.sh (bench/results/2026-11-25-h200-lengths, call 2), run as bench/calls/speed17-h200.sh is.
# speed17, call 2: isolate the cof65537 fault on NVIDIA's OpenCL (each plan in its own process),
# tune the slow real lengths and f64 17 one problem per process, time them with the merged wisdom.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/speed17; L=/tmp/s17out2; rm -rf $L; mkdir -p $L
save() { tar czf $OUT/s17b.tgz -C /tmp s17out2 2>/dev/null; }
export XDG_CACHE_HOME=/tmp/s17-cache XDG_DATA_HOME=/tmp/s17-xdg
T0=$(date +%s)
if ! cmp -s $R/.gpu/speed17/ppfft-0.1.0.tar.gz $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $R/.gpu/speed17/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16) > $L/build.log 2>&1 || { tail -40 $L/build.log; save; exit 1; }
  cp $R/.gpu/speed17/ppfft-0.1.0.tar.gz $B/.ok
fi
cd $B
echo "build: $(( $(date +%s) - T0 )) s"
D=1:0
X="RP+LM-CM+XR2+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU"; C="RP+LM-CM+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU"; Dd="RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU"
while read -r tag n b v; do
  PPFFT_DEVICE=$D PPFFT_CACHE=0 timeout 25 bench/ppfft-bench -n $n -b $b -r 5 -w 1 -v "$v" --csv $L/fault.csv > $L/fault-$tag.log 2>&1
  echo "$tag exit $?: $(grep -E "^ +[0-9]" $L/fault-$tag.log | awk '{print $(NF-3), $(NF-2), $(NF-1), $NF}') $(grep -iE "error|fail" $L/fault-$tag.log | head -2 | cut -c1-300)"
done <<LIST
a-tuned 65537 511 r16x16/$X+BSF/wg256/t32;r16x16/$Dd+BSF/wg256/t16;r16x16/$X+BSI/wg256/t32;r16x16/$Dd+BSI/wg256/t16
b-bsf-only 65537 511 r16x16/$X+BSF/wg256/t32;r16x16/$Dd+BSF/wg256/t16;r16x16/$Dd+BSI/wg256/t16;r16x16/$Dd+BSI/wg256/t16
c-no-xr2 65537 511 r16x16/$C+BSF/wg256/t32;r16x16/$Dd+BSF/wg256/t16;r16x16/$C+BSI/wg256/t32;r16x16/$Dd+BSI/wg256/t16
d-c2c-65536 65536 512 r16x16/$X/wg256/t32;r16x16/$Dd/wg256/t16
LIST
echo "fault: $(( $(date +%s) - T0 )) s"; save
for pb in rof16384:f64:12 rob16384:f64:12 rof2048:6 rob2048:6 cof17:f64:6; do
  p=${pb%:*}; bud=${pb##*:}
  PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$L/none timeout $((bud + 15)) tuner/ppfft-tune --problems $p --budget $bud -o $L/tune-$p.wisdom >> $L/tune.log 2>> $L/tune.err
  echo "tune $p exit $? at $(( $(date +%s) - T0 )) s: $(tail -2 $L/tune.log | head -1 | cut -c1-250)"
done
cp wisdom/nvidia-h200.wisdom $L/merged.wisdom
for f in $L/tune-*.wisdom $R/.gpu/speed17/tune1.wisdom; do [ -f $f ] && python3 bench/wisdom-merge.py $L/merged.wisdom $f $L/merged.wisdom; done
mkdir -p $L/w && cp $L/merged.wisdom $L/w/nvidia-h200.wisdom && for f in wisdom/*.wisdom; do [ -e $L/w/$(basename $f) ] || cp $f $L/w/; done
save
for k in r2c c2r; do
  PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$L/w timeout 25 bench/ppfft-bench --kind $k -p f32,f64 -n 2048,16384 --csv $L/ppfft-$k.csv > $L/ppfft-$k.log 2>&1
  echo "$k exit $?"; grep -E "^ +[0-9]" $L/ppfft-$k.log | awk '{print $1, $3, $4, $(NF-4), $(NF-3), $(NF-1), $NF}'
done
PPFFT_DEVICE=$D timeout 20 bench/ppfft-bench --kind r2c -n 2048 -v "r16x16x4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t4" --csv $L/ppfft-r2c-2048est.csv > $L/r2c2048.log 2>&1
grep -E "^ +[0-9]" $L/r2c2048.log | awk '{print $1, $3, $4, $(NF-4), $(NF-3), $(NF-1), $NF}'
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$L/w timeout 20 bench/ppfft-bench -p f64 -n 17 --csv $L/ppfft-primes.csv > $L/ppfft-primes.log 2>&1
grep -E "^ +[0-9]" $L/ppfft-primes.log | awk '{print $1, $3, $4, $(NF-4), $(NF-3), $(NF-1), $NF}'
echo "total: $(( $(date +%s) - T0 )) s"
save
