#!/bin/bash
# issue 16 (onepass): build, explicit one-pass variants (time, registers), tune + bench (bench/calls/onepass-h200.sh), check_passes on NVIDIA.
R=$PWD; T0=$(date +%s)
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/onepass; W=/tmp/onepass-out; rm -rf $W; mkdir -p $W/k
if [ ! -f $B/.ok ] || ! cmp -s $R/.gpu/onepass/ppfft-0.1.0.tar.gz $B/.ok; then rm -rf $B; mkdir -p $B; tar xf $R/.gpu/onepass/ppfft-0.1.0.tar.gz -C $B --strip-components=1
  (cd $B && ./configure --with-cuda >/dev/null && make -j16 >/dev/null && make -j16 tests/check_passes >/dev/null) > $W/build.log 2>&1 || { tail -30 $W/build.log; exit 1; }
  cp $R/.gpu/onepass/ppfft-0.1.0.tar.gz $B/.ok; fi
cp $R/.gpu/onepass/commit $B/.tarball-commit
echo "built $(( $(date +%s) - T0 )) s"
gcc -std=c11 $R/.gpu/onepass/clregs.c -o $W/clregs -lOpenCL
cd $B; export XDG_CACHE_HOME=/tmp/cache XDG_DATA_HOME=/tmp/xdg-empty PPFFT_DEVICE=1:0
O=+CSE+IL+LU
while read n p v; do
  PPFFT_DUMP_KERNELS=$W/k timeout 40 bench/ppfft-bench -n $n -p $p -m 256 -r 20 -v "$v" --csv $W/explicit.csv 2>&1 | tail -1
done <<L
16384 f32 r16x16x16x4/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+TWP$O/wg1024/t1
16384 f32 r16x16x16x4/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP$O/wg1024/t1
16384 f32 r8x8x8x2x16/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+TWP$O/wg1024/t1
16384 f32 r16x16x16x4/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+TWP$O/wg512/t1
16384 f32 r16x16x16x4/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP$O/wg512/t1
8192 f64 r16x16x16x2/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+TWP$O/wg512/t1
8192 f64 r8x8x8x16/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+TWP$O/wg512/t1
8192 f64 r16x16x16x2/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP$O/wg512/t1
8192 f32 r16x16x16x2/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+TWP$O/wg512/t1
8192 f32 r16x16x16x2/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP$O/wg512/t1
L
echo "explicit done $(( $(date +%s) - T0 )) s"
timeout 60 $W/clregs 1 $W/k/*.cl > $W/regs.txt 2>&1; grep -E "^==|Used|spill" $W/regs.txt | grep -v "0 bytes spill" | cut -c1-160 | head -60
echo "regs done $(( $(date +%s) - T0 )) s"
timeout 200 bash bench/calls/onepass-h200.sh $W/op 2>&1 | tail -40
echo "bench done $(( $(date +%s) - T0 )) s"
timeout 100 ./tests/check_passes > $W/check_passes.log 2>&1; echo "check_passes exit $?"; tail -4 $W/check_passes.log
echo "all done $(( $(date +%s) - T0 )) s"
rm -rf $W/k; gzip -f $W/regs.txt $W/op/tune-v.log 2>/dev/null
tar czf $OUT/onepass1.tgz -C $W .
