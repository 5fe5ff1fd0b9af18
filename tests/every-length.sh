#!/bin/sh
# make check-lengths: tests/check_every_length (every length 2..1024, C2C both ways and R2C/C2R,
# against FFTW in long double) under oclgrind, in J processes (PPFFT_TEST_JOBS, default: the CPUs),
# each every J-th length (PPFFT_TEST_SHARD).  Under oclgrind a kernel's build is the compiler's front
# end only (PoCL also generates machine code for each, 1-12 s a 13-smooth length: over half an hour
# on 2 cores) and every access of every work-item is checked: an out-of-bounds access or a barrier
# divergence fails the run, as does a failed test.  (Data races are make check-oclgrind's: its
# detector doubles the time.)  PPFFT_TEST_LENGTHS=A:B[:S] picks another range.  Logs:
# tests/every-length-<i>.log.  Exit 77 without oclgrind.
set -u
B=${PPFFT_BUILD_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
J=${PPFFT_TEST_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
command -v oclgrind >/dev/null 2>&1 || { echo "oclgrind: not installed (Debian: oclgrind): skipping"; exit 77; }
start=$(date +%s)
pids=""
trap 'kill $pids 2>/dev/null; exit 143' INT TERM
i=0
while [ "$i" -lt "$J" ]; do
  # PPFFT_CACHE=0: oclgrind's builds are cheap, and its binaries have no place in the kernel cache
  PPFFT_CACHE=0 PPFFT_TEST_SHARD=$i/$J oclgrind "$B/tests/check_every_length" > "$B/tests/every-length-$i.log" 2>&1 &
  pids="$pids $!"
  i=$((i + 1))
done
status=0 i=0
for p in $pids; do
  wait "$p"
  rc=$?
  log=$B/tests/every-length-$i.log
  reports=$(grep -cE "Invalid (read|write)|data race|divergence detected|Oclgrind - " "$log")
  summary=$(grep -E "^[0-9]+ passed, [0-9]+ failed" "$log" | tail -n 1)
  echo "oclgrind check_every_length $i/$J: ${summary:-no summary}, exit $rc, $reports oclgrind reports"
  grep -E "^every length " "$log"
  if [ "$reports" -ne 0 ] || [ $rc -ne 0 ] || [ -z "$summary" ]; then
    status=1
    grep -E -A6 "Invalid (read|write)|data race|divergence detected|Oclgrind - |:[EF]:" "$log" | head -40
  fi
  i=$((i + 1))
done
echo "check-lengths: $([ $status -eq 0 ] && echo PASS || echo FAIL), $J processes, $(( $(date +%s) - start )) s"
exit $status
