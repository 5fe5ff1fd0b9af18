#!/bin/sh
# Where the time of "every length 2..1024" goes (bench/results/2026-11-25-every-length): the
# distinct kernels the estimate's plans build (bench/every-length-count.c, no compiling), and the
# build and first-launch times of a sample of lengths on PoCL (with and without -cl-opt-disable)
# and under oclgrind (bench/every-length-time.c).  Run from a configured and built tree:
#   sh bench/every-length-cost.sh OUTDIR
set -eu
out=${1:?OUTDIR}
mkdir -p "$out"
S=$(dirname "$0")/..
cc="gcc -std=c11 -D_POSIX_C_SOURCE=200809L -I$S/include -I$S/lib -I$S -I."
$cc -c "$S/bench/every-length-count.c" -o "$out/count.o"
$cc -c "$S/bench/every-length-time.c" -o "$out/time.o"
./libtool --mode=link --quiet gcc -o "$out/count" "$out/count.o" libppfft_core.la -lOpenCL -lm -lpthread
./libtool --mode=link --quiet gcc -o "$out/time" "$out/time.o" libppfft.la -lOpenCL -lm
"$out/count" 2 1024 1 "$out/kernels-2-1024.tsv" | tee "$out/count.txt"
sample="25 56 154 220 294 378 484 588 704 845"
for flags in -cl-opt-disable ""; do
  rm -rf "$out/xdg"
  echo "flags=$flags"
  XDG_CACHE_HOME=$out/xdg PPFFT_CACHE=0 POCL_EXTRA_BUILD_FLAGS="$flags" "$out/time" $sample
done > "$out/pocl.txt"
PPFFT_CACHE=0 oclgrind "$out/time" $(seq 2 16 1024) > "$out/oclgrind.txt"
