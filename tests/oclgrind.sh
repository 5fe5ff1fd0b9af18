#!/bin/sh
# make check-oclgrind: test programs run under oclgrind (the OpenCL simulator that checks every
# access of every work-item): the pairwise covering set of kernel variants (check_transform), the
# multi-pass plans with their four-step and transpose kernels (check_passes), the strided, planar
# and multi-dimensional layouts (check_layouts) and the real transforms, in place too (check_real),
# at the sizes make check uses.  Any out-of-bounds
# access, data race (--data-races) or barrier divergence fails the run; so does a failed test.
# Exit 77 without oclgrind.
#
#   tests/oclgrind.sh [PROGRAM...]      default: check_transform check_passes check_layouts check_real
set -u
build=${PPFFT_BUILD_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
command -v oclgrind >/dev/null 2>&1 || { echo "oclgrind: not installed (Debian: oclgrind): skipping"; exit 77; }
[ $# -gt 0 ] || set -- tests/check_transform tests/check_passes tests/check_layouts tests/check_real
# oclgrind's compiler is not thread-safe: MEASURE's parallel builds would crash it
export PPFFT_BUILD_THREADS=1
status=0
for prog in "$@"; do
  log=$build/tests/oclgrind-$(basename "$prog").log
  # PPFFT_TEST_WHOLE: the sets make check samples on PoCL for time, whole (builds are cheap here)
  PPFFT_TEST_WHOLE=1 oclgrind --data-races "$build/$prog" >"$log" 2>&1
  rc=$?
  reports=$(grep -cE "Invalid (read|write)|data race|divergence detected|Oclgrind - " "$log")
  summary=$(grep -E "^[0-9]+ passed, [0-9]+ failed" "$log" | tail -n 1)
  echo "oclgrind $(basename "$prog"): ${summary:-no summary}, exit $rc, $reports oclgrind reports"
  if [ "$reports" -ne 0 ] || [ $rc -ne 0 ] || [ -z "$summary" ]; then
    status=1
    grep -E -A6 "Invalid (read|write)|data race|divergence detected|Oclgrind - " "$log" | head -40
  fi
done
exit $status
