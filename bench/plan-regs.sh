#!/bin/sh
# plan-regs: ptxas's registers and spills of each pass of a plan string, no GPU needed (bench/plan-regs.c).
#   sh bench/plan-regs.sh KIND N BATCH PLAN      CSV on stdout: pass,n,variant,regs,spill_bytes,smem_bytes
set -u
d=$(mktemp -d) || exit 1
here=$(dirname "$0")
"$here/plan-regs" "$d" "$@" > "$d/list" || echo "plan-regs: some kernels failed" >&2
echo "pass,n,variant,regs,spill_bytes,smem_bytes"
while IFS=, read -r k n name; do
  info=$(ptxas -arch=sm_90 -v "$d/$k.ptx" -o /dev/null 2>&1)
  regs=$(echo "$info" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | head -1)
  spill=$(echo "$info" | sed -n 's/.* \([0-9][0-9]*\) bytes spill stores.*/\1/p' | head -1)
  smem=$(echo "$info" | sed -n 's/.* \([0-9][0-9]*\) bytes smem.*/\1/p' | head -1)
  echo "$k,$n,$name,$regs,${spill:-0},${smem:-0}"
done < "$d/list"
rm -rf "$d"
