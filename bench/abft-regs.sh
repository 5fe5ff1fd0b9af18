#!/bin/sh
# abft-regs: ptxas's registers and spills of ABFT kernels, no GPU needed (bench/abft-regs.c).
#   sh bench/abft-regs.sh [--f64] N VARIANT[@M]...      CSV on stdout: precision,n,variant,regs,stack_bytes,spill_bytes (local memory: the stack frame holds the spills)
set -u
d=$(mktemp -d) || exit 1
here=$(dirname "$0")
"$here/abft-regs" "$d" "$@" > "$d/list" || echo "abft-regs: some kernels failed" >&2
echo "precision,n,variant,regs,stack_bytes,spill_bytes"
while IFS=, read -r k prec n name; do
  info=$(ptxas -arch=sm_90 -v "$d/$k.ptx" -o /dev/null 2>&1)
  regs=$(echo "$info" | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | head -1)
  stack=$(echo "$info" | sed -n 's/.* \([0-9][0-9]*\) bytes stack frame.*/\1/p' | head -1)
  spill=$(echo "$info" | sed -n 's/.* \([0-9][0-9]*\) bytes spill stores.*/\1/p' | head -1)
  echo "$prec,$n,$name,$regs,${stack:-0},${spill:-0}"
done < "$d/list"
rm -rf "$d"
