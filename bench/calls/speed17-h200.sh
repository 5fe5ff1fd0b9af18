#!/bin/bash
# bench/calls/speed17-h200.sh (bench/results/2026-11-25-h200-lengths, call 1), run on the GPU machine from a
# checkout whose .gpu/speed17/ holds the make dist tarball. speed17 (issue 17): build from the tarball;
# time the real sizes of bench/lengths with the shipped wisdom (new real twiddles); tune the primes
# (verbose: every candidate's time, Rader's against Bluestein's) and the slow real length; time the
# primes with the shipped wisdom merged with them.  The radix rows at the end name r25 and r49, which
# the branch does not parse (the experiment allowed them in core/variant.c, with 64 temporaries in
# gen/dft.c; NOTE.md): on the branch those rows fail.
R=$PWD
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/speed17; L=/tmp/s17out; rm -rf $L; mkdir -p $L
save() { tar czf $OUT/s17.tgz -C /tmp s17out 2>/dev/null; }
export XDG_CACHE_HOME=/tmp/s17-cache XDG_DATA_HOME=/tmp/s17-xdg
T0=$(date +%s)
if ! cmp -s $R/.gpu/speed17/ppfft-0.1.0.tar.gz $B/.ok 2>/dev/null; then
  rm -rf $B; mkdir -p $B && tar xf $R/.gpu/speed17/ppfft-0.1.0.tar.gz -C $B --strip-components=1 && cd $B &&
    (./configure --with-cuda && make -j16) > $L/build.log 2>&1 || { tail -40 $L/build.log; save; exit 1; }
  cp $R/.gpu/speed17/ppfft-0.1.0.tar.gz $B/.ok
fi
cd $B
echo "build: $(( $(date +%s) - T0 )) s"
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt
D=1:0
for k in ${KINDS:-r2c c2r}; do for p in f32 f64; do
  PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$B/wisdom timeout 45 bench/ppfft-bench --kind $k -p $p -n ${RSIZES:-1024,2048,4096,8192,16384,1024x1024,4096x4096,128x128x128,256x256x256} --csv $L/ppfft-$k-$p.csv > $L/ppfft-$k-$p.log 2>&1
  echo "$k $p exit $? at $(( $(date +%s) - T0 )) s"; grep -E "^ +[0-9]" $L/ppfft-$k-$p.log | awk '{print $1, $3, $4, $7, $9, $10}'; save
done; done
PROBS=${PROBS:-cof17,cof127,cof65537,cof17:f64,cof127:f64,cof65537:f64,rof16384:f64,rob16384:f64}
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$L/none timeout ${TUNE_T:-70} tuner/ppfft-tune -v --problems $PROBS --budget ${TUNE_B:-55} -o $L/tune.wisdom > $L/tune.log 2> $L/tune.err
echo "tune exit $? at $(( $(date +%s) - T0 )) s"; cat $L/tune.log; save
python3 bench/wisdom-merge.py wisdom/nvidia-h200.wisdom $L/tune.wisdom $L/merged.wisdom
mkdir -p $L/w && cp $L/merged.wisdom $L/w/nvidia-h200.wisdom && for f in wisdom/*.wisdom; do [ -e $L/w/$(basename $f) ] || cp $f $L/w/; done
PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$L/w timeout 40 bench/ppfft-bench -p f32,f64 -n 17,127,65537 --csv $L/ppfft-primes.csv > $L/ppfft-primes.log 2>&1
echo "primes exit $? at $(( $(date +%s) - T0 )) s"; grep -E "^ +[0-9]" $L/ppfft-primes.log | awk '{print $1, $3, $4, $5, $7, $9, $10}'
# radix 25 and 49 (new in the variant grammar) against the shipped wisdom's radix-5/7 plans
while read -r n p v; do
  PPFFT_DEVICE=$D PPFFT_WISDOM_PATH=$B/wisdom timeout 20 bench/ppfft-bench -n $n -p $p -r 20 ${v:+-v "$v"} --csv $L/ppfft-radix.csv > $L/radix.log 2>&1
  grep -E "^ +[0-9]" $L/radix.log | awk '{print $1, $3, $4, $5, $7, $9, $10}'
done <<'LIST'
15625 f32
15625 f32 r25x5/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg250/t50;r25x5/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg250/t50
15625 f32 r25x5/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg125/t25;r25x5/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg125/t25
16807 f32
16807 f32 r49/RP+LM-CM+CGAP+VASM2+TW-GM+CSE+IL+LU/wg64/t64;r49x7/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg245/t35
16807 f32 r7x7/RP+LM-CM+CGAP+VASM2+TW-GM+CSE+IL+LU/wg252/t36;r49x7/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg112/t16
15625 f64
15625 f64 r25x5/RP+LM-CM+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg250/t50;r25x5/RP+LM-CM+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg250/t50
16807 f64
16807 f64 r49/RP+LM-CM+CGAP+VASM2+TW-GM+CSE+IL+LU/wg64/t64;r49x7/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg245/t35
LIST
echo "total: $(( $(date +%s) - T0 )) s"
save
