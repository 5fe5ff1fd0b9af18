#!/bin/sh
# make check-full: every suite with the full product of knobs, the product split over J processes
# (PPFFT_TEST_JOBS, default: the CPUs), since an OpenCL compiler builds one program at a time per
# process.  Process 0 runs every suite and its share; the others run only their share of the
# product.  Logs: tests/check-full-<i>.log in the build folder.  Exit status: 0 when all pass.
B=${PPFFT_BUILD_DIR:-.}
J=${PPFFT_TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
PPFFT_TEST_FULL=1
export PPFFT_TEST_FULL
start=$(date +%s)
pids=""
i=1
while [ "$i" -lt "$J" ]; do
  CK_RUN_SUITE=transform CK_RUN_CASE=full PPFFT_TEST_SHARD=$i/$J "$B/tests/check_ppfft" > "$B/tests/check-full-$i.log" 2>&1 &
  pids="$pids $!"
  i=$((i + 1))
done
PPFFT_TEST_SHARD=0/$J "$B/tests/check_ppfft" > "$B/tests/check-full-0.log" 2>&1
rc=$?
for p in $pids; do
  wait "$p"
  r=$?
  [ $r -eq 0 ] || [ $r -eq 77 ] || rc=1 # 77: no OpenCL device, as for process 0
done
i=0
while [ "$i" -lt "$J" ]; do
  echo "process $i/$J: $(grep -h -e '^full product' -e 'passed,' "$B/tests/check-full-$i.log" | tr '\n' ' ')"
  i=$((i + 1))
done
grep -h -e ':[EF]:' "$B"/tests/check-full-*.log
if [ $rc -eq 77 ]; then echo "check-full: no OpenCL device, skipped"; exit 0; fi
echo "check-full: $([ $rc -eq 0 ] && echo PASS || echo FAIL), $J processes, $(( $(date +%s) - start )) s"
exit $rc
