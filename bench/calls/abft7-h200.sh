#!/bin/bash
# abft7-h200: issue 14, branch abft7 (and main) on the GPU machine in one call, run from the copy of
# the main checkout, with this script, abft6-h200.sh and the tarballs in .gpu/abft7/:
# bench/calls/abft6-h200.sh for main's tarball (MAIN, TAG=main; left out when MAIN is empty) and then the
# branch's (AFTER, TAG=after, with cuFFT and, with ABFT_CHECK=1, check_cuda's abft_cuda suite),
# each with the split SPLIT (f32 and f64): `full` (call 2) or `wg` (call 3) below.
#   MAIN=.gpu/abft7/main.tar.gz AFTER=.gpu/abft7/after.tar.gz SPLIT=full OUT=DIR bash .gpu/abft7/abft7-h200.sh
set -u
: "${OUT:?set OUT}" "${AFTER:?set AFTER}"
here=$(dirname "$0")
A='r16x16x4/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+'; B='+CSE+IL+LU/wg256/t4'; B2='+CSE+IL+LU/wg128/t2'
C='r16/RP+LM-CM+CGAP+VASM2+CM-K+'; D='+CSE+IL+LU/wg256/t256'
if [ "${SPLIT:-full}" = full ]; then
  # N = 1024: plain, ABFT1, ABFT2, its skeleton (@127), the skeleton with the sums in registers (@639),
  # ABFT2 without the transform sums (@8), the output share (@4), the input share (@1), the right-side
  # sums (@16); plain and ABFT2 at two transforms a work-group; N = 16: plain, ABFT1, ABFT2, skeleton
  S="1024 ${A}CSE+IL+LU/wg256/t4 1024 ${A}ABFT1$B 1024 ${A}ABFT2$B 1024 ${A}ABFT2$B@127 1024 ${A}ABFT2$B@639"
  S="$S 1024 ${A}ABFT2$B@8 1024 ${A}ABFT2$B@4 1024 ${A}ABFT2$B@1 1024 ${A}ABFT2$B@16"
  S="$S 1024 ${A}CSE+IL+LU/wg128/t2 1024 ${A}ABFT2$B2"
  S="$S 16 ${C}CSE+IL+LU/wg256/t256 16 ${C}ABFT1$D 16 ${C}ABFT2$D 16 ${C}ABFT2$D@127"
else
  # the work-group's size under ABFT2: N = 1024 at 256, 128 (the branch's plans) and 64 work-items;
  # N = 16 at 256, 128 (the branch's) and 64 transforms a work-group
  S="1024 ${A}ABFT2$B 1024 ${A}ABFT2$B2 1024 ${A}ABFT2+CSE+IL+LU/wg64/t1"
  S="$S 16 ${C}ABFT2$D 16 ${C}ABFT2+CSE+IL+LU/wg128/t128 16 ${C}ABFT2+CSE+IL+LU/wg64/t64"
fi
[ -n "${MAIN:-}" ] && TAR=$MAIN TAG=main SPLIT="$S" SPLIT64="$S" bash $here/abft6-h200.sh
TAR=$AFTER TAG=after CUFFT=1 SPLIT="$S" SPLIT64="$S" bash $here/abft6-h200.sh
