#!/bin/sh
# plan-ldg: are a pass's global loads issued together?  The sm_90 SASS of each pass of a plan string
# (bench/plan-regs.c's PTX, ptxas, cuobjdump; no GPU needed), up to its first barrier: registers, the
# LDG count, the branches, and the runs of LDG between branches (bench/results/2026-11-25-h200-real5:
# C2R 16384 XR2+PAIR issued its loads two at a time, one branch each).
#   sh bench/plan-ldg.sh KIND N BATCH PLAN      CUOBJDUMP names cuobjdump if it is not on PATH
set -u
d=$(mktemp -d) || exit 1
here=$(dirname "$0")
"$here/plan-regs" "$d" "$@" > "$d/list" || echo "plan-ldg: some kernels failed" >&2
while IFS=, read -r k n name; do
  ptxas -arch=sm_90 -v "$d/$k.ptx" -o "$d/$k.cubin" 2> "$d/$k.v" || continue
  regs=$(sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' "$d/$k.v" | head -1)
  "${CUOBJDUMP:-cuobjdump}" -sass "$d/$k.cubin" | awk -v k="$k" -v nm="$name" -v r="$regs" '
    /BAR.SYNC/ { exit } /LDG/ { run++; n++; next } /BRA/ { if (run) runs = runs " " run; run = 0; br++ }
    END { if (run) runs = runs " " run; printf "%s,%s,%s,%d,%d,%s\n", k, nm, r, n, br, runs }'
done < "$d/list"
rm -rf "$d"
