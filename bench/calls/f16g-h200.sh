#!/bin/bash
# Issue 15 on the H200 (bench/results/2026-11-25-h200-f16g), as run from the main checkout's
# .gpu/f16g/ (the tarball of the measured commit beside it).  One call, cut at DEADLINE seconds:
# build; ppfft-tune --backend cuda of the f16 one-pass sizes 1024..8192 (MEASURE now with the fine
# grains), 32768 and 2^19..2^24 (the weakest first), from the shipped wisdom (an entry is replaced
# only by a plan > 2 % faster, timed side by side), TUNE_T seconds; then cuFFT f16 and ppfft f16 (the
# tuned wisdom) shape group by shape group, so that a cut leaves pairs measured together (N <= 8192
# first, then the tuned multi-pass shapes, then the rest), 256 MiB a run; bench/f16-table.py on what
# came back.  Every step writes $OUT/$D.tgz again.
R=$PWD
D=${D:-f16g}
DEADLINE=${DEADLINE:-148}
TUNE_T=${TUNE_T:-36}
T0=$(date +%s)
. .gpu/gpu-env.sh .gpu/debs >/dev/null 2>&1
B=/tmp/$D-b; L=/tmp/$D-out; rm -rf $L $B; mkdir -p $L $B
export XDG_DATA_HOME=/tmp/$D-xdg XDG_CACHE_HOME=/tmp/$D-cache
save() { tar czf $OUT/$D.tgz -C $L . 2>/dev/null; }
t() { echo "[$(( $(date +%s) - T0 )) s] $*" | tee -a $L/steps.log; }
left() { echo $(( DEADLINE - ($(date +%s) - T0) )); }
tar xf $R/.gpu/$D/ppfft-0.1.0.tar.gz -C $B --strip-components=1
(cd $B && ./configure --with-cuda >/dev/null && make -j16 libppfft_cuda.la tuner/ppfft-tune bench/cufft-bench bench/ppfft-cuda-bench) > $L/build.log 2>&1
t "built"; ls $B/bench/ppfft-cuda-bench $B/bench/cufft-bench $B/tuner/ppfft-tune || { tail -20 $L/build.log; save; exit 1; }
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader | tee $L/gpu.txt
cd $B
cp wisdom/nvidia-h200-cuda.wisdom $L/f16.wisdom
P="1024 2048 4096 8192 32768 2097152 1048576 8388608 4194304 524288 16777216"
PROBLEMS=$(echo $P | tr ' ' '\n' | sed 's/^/cof/;s/$/:f16/' | paste -sd,)
echo "tuner/ppfft-tune --backend cuda --problems $PROBLEMS -v -o f16.wisdom --budget $TUNE_T" > $L/tune-cmd.txt
( time PPFFT_WISDOM_PATH=$L/f16.wisdom timeout $((TUNE_T + 12)) tuner/ppfft-tune --backend cuda --problems $PROBLEMS -v \
  -o $L/f16.wisdom --budget $TUNE_T ) > $L/tune.log 2> $L/tune-v.log; t "tune exit $?"
grep -v "kept:" $L/tune.log | cut -c1-200; grep -E "existing entry" $L/tune-v.log | cut -c1-260; gzip -f $L/tune-v.log; save
G1="1024 2048 4096 8192 256 512"
G2="32768 2097152 1048576 8388608"
G3="4194304 524288 16777216 16384 65536"
G4="131072 262144 256x256 512x256 1024x1024 4096x4096"
k=0
for G in "$G1" "$G2" "$G3" "$G4"; do
  k=$((k + 1))
  [ $(left) -gt 10 ] || { t "group $k ($G) not run: deadline"; continue; }
  timeout $(left) bench/cufft-bench -p f16 -m 256 -r 11 --csv $L/cufft-$k.csv $G > $L/cufft-$k.txt 2>&1; t "cufft group $k exit $?"
  [ $(left) -gt 3 ] || break
  PPFFT_WISDOM_PATH=$L/f16.wisdom timeout $(left) bench/ppfft-cuda-bench -p f16 -m 256 -r 11 --csv $L/ppfft-$k.csv $G > $L/ppfft-$k.txt 2>&1; t "ppfft group $k exit $?"
  for w in cufft ppfft; do (head -1 $L/$w-1.csv; for f in $L/$w-*.csv; do tail -n +2 $f; done) > $L/$w.csv; done
  python3 bench/f16-table.py $L/cufft.csv $L/ppfft.csv > $L/table.csv 2> $L/summary.txt; cat $L/summary.txt; save
done
cut -d, -f1,2,9,11 $L/table.csv
[ $(left) -gt 4 ] && python3 bench/f16-table.py $L/cufft.csv $L/ppfft.csv $L/f16.png > /dev/null 2>&1
t "done"; save
