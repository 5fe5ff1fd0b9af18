#!/bin/sh
# make check-full: every test program, and the full product of knobs split over J processes
# (PPFFT_TEST_JOBS, default: the CPUs), since an OpenCL compiler builds one program at a time per
# process.  One process runs the test programs one after another (with PPFFT_TEST_FULL=1: their
# longer variants, e.g. random variants at every power of two, 1D lengths 2^22 and 2^24) but not the
# product; J more run a share of the product each (tests/check_transform's "full" case).
# PPFFT_TEST_DEVICES="P:D P:D ..." spreads the shares over several devices, round robin (default:
# PPFFT_DEVICE).  Logs: tests/check-full-<program>.log and tests/check-full-<i>.log (the shares) in
# the build folder.  Exit status: 0 when all pass.
B=${PPFFT_BUILD_DIR:-.}
J=${PPFFT_TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
PROGRAMS="check_units check_api check_transform check_powers check_layouts check_lengths check_passes check_properties check_wisdom check_real check_bluestein check_abft check_every_length"
[ -x "$B/tests/check_cuda" ] && PROGRAMS="$PROGRAMS check_cuda" # built --with-cuda
set -- ${PPFFT_TEST_DEVICES:-}
start=$(date +%s)
pids=""
trap 'kill $pids 2>/dev/null; exit 143' INT TERM # a stopped run stops its shares too
i=0
while [ "$i" -lt "$J" ]; do
  if [ $# -gt 0 ]; then
    k=$((i % $# + 1))
    PPFFT_DEVICE=$(eval echo "\${$k}")
    export PPFFT_DEVICE
  fi
  PPFFT_TEST_FULL=1 CK_RUN_SUITE=transform CK_RUN_CASE=full PPFFT_TEST_SHARD=$i/$J "$B/tests/check_transform" > "$B/tests/check-full-$i.log" 2>&1 &
  pids="$pids $!"
  i=$((i + 1))
done
[ $# -gt 0 ] && PPFFT_DEVICE=$1 && export PPFFT_DEVICE
# the programs, one after another: exit 1 if one failed, else 77 if one found no device, else 0
(
  rc=0 none=0
  for p in $PROGRAMS; do
    PPFFT_TEST_FULL=1 PPFFT_TEST_SHARD=none "$B/tests/$p" > "$B/tests/check-full-$p.log" 2>&1
    r=$?
    [ $r -eq 77 ] && none=1
    [ $r -eq 0 ] || [ $r -eq 77 ] || rc=1
  done
  [ $rc -eq 0 ] && [ $none -eq 1 ] && rc=77
  exit $rc
) &
suites=$!
pids="$pids $suites"
wait $suites
rc=$?
skipped=$([ $rc -eq 77 ] && echo 1 || echo 0)
[ $rc -eq 77 ] && rc=0
for p in $pids; do
  [ "$p" = "$suites" ] && continue
  wait "$p"
  r=$?
  [ $r -eq 0 ] || [ $r -eq 77 ] || rc=1 # 77: no OpenCL device
done
for p in $PROGRAMS; do
  log=$B/tests/check-full-$p.log
  echo "$p: $(grep -h -e '^[0-9]* passed, [0-9]* failed' "$log" | tail -n 1), $(sed -n "s|^$p: \([0-9.]* s\)$|\1|p" "$log")"
  grep -h -e '^  skipped: ' "$log"
done
i=0
while [ "$i" -lt "$J" ]; do
  echo "process $i/$J: $(grep -h -e '^full product, share [0-9]*/[0-9]*: [0-9]* cases ran' -e 'passed,' "$B/tests/check-full-$i.log" | tr '\n' ' ')"
  i=$((i + 1))
done
grep -h -e ':[EF]:' "$B"/tests/check-full-*.log
if [ "$skipped" = 1 ] && [ $rc -eq 0 ]; then echo "check-full: no OpenCL device, skipped"; exit 0; fi
echo "check-full: $([ $rc -eq 0 ] && echo PASS || echo FAIL), $J processes, $(( $(date +%s) - start )) s"
exit $rc
