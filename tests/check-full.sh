#!/bin/sh
# make check-full: every suite, and the full product of knobs split over J processes
# (PPFFT_TEST_JOBS, default: the CPUs), since an OpenCL compiler builds one program at a time per
# process.  One process runs every suite except the product; J more run a share of the product
# each.  PPFFT_TEST_DEVICES="P:D P:D ..." spreads the shares over several devices, round robin
# (default: PPFFT_DEVICE).  Logs: tests/check-full-suites.log and tests/check-full-<i>.log in the
# build folder.  Exit status: 0 when all pass.
B=${PPFFT_BUILD_DIR:-.}
J=${PPFFT_TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
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
  PPFFT_TEST_FULL=1 CK_RUN_SUITE=transform CK_RUN_CASE=full PPFFT_TEST_SHARD=$i/$J "$B/tests/check_ppfft" > "$B/tests/check-full-$i.log" 2>&1 &
  pids="$pids $!"
  i=$((i + 1))
done
[ $# -gt 0 ] && PPFFT_DEVICE=$1 && export PPFFT_DEVICE
PPFFT_TEST_FULL=1 PPFFT_TEST_SHARD=none "$B/tests/check_ppfft" > "$B/tests/check-full-suites.log" 2>&1 &
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
echo "suites: $(grep -h -e 'passed,' "$B/tests/check-full-suites.log" | tr '\n' ' ')"
i=0
while [ "$i" -lt "$J" ]; do
  echo "process $i/$J: $(grep -h -e '^full product, share [0-9]*/[0-9]*: [0-9]* cases ran' -e 'passed,' "$B/tests/check-full-$i.log" | tr '\n' ' ')"
  i=$((i + 1))
done
grep -h -e ':[EF]:' "$B"/tests/check-full-*.log
if [ "$skipped" = 1 ] && [ $rc -eq 0 ]; then echo "check-full: no OpenCL device, skipped"; exit 0; fi
echo "check-full: $([ $rc -eq 0 ] && echo PASS || echo FAIL), $J processes, $(( $(date +%s) - start )) s"
exit $rc
