#!/bin/sh
# Runs test programs under valgrind and fails if any error or definite leak has a frame in ppfft's
# own sources (the OpenCL runtime's and LLVM's own reports are listed but not held against us).
# Usage: tests/valgrind-check.sh [program...]   (default: check_units check_api: every host-side
# path without a device, then every error path of the API and its execution tests on the device;
# CK_RUN_SUITE=... narrows a program to a suite; check_properties and check_layouts run many
# kernels and take long under valgrind)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
dir=${PPFFT_BUILD_DIR:-.}/tests
ours=$(cd "$top" && ls lib/*/*.c cl/*.c tests/*.c bench/*.c examples/*.c tuner/*.c 2>/dev/null | sed 's|.*/||' | tr '\n' '|' | sed 's/|$//')
status=0
for prog in ${*:-check_units check_api}; do
  prog=${prog##*/}
  [ -x "$dir/$prog" ] || { echo "build $dir/$prog first (make check TESTS=)" >&2; status=2; continue; }
  log=valgrind-$prog.log
  # the runner's own tests fork a child for an inner run: its reports are not the program's
  [ -n "${REUSE_LOGS:-}" ] || PPFFT_SRC_DIR=${PPFFT_SRC_DIR:-$top} valgrind --leak-check=full --show-leak-kinds=definite \
    --num-callers=40 --child-silent-after-fork=yes --log-file="$log" "$dir/$prog" > "$log.out" 2>&1 ||
    { echo "$prog: the tests failed under valgrind (see $log.out)"; status=1; }
  # One valgrind record per paragraph.  An error counts against ppfft when its innermost frame is
  # in ppfft's sources; a definite leak when the first frame past the allocator is.
  bad=$(awk -v ours="[(]($ours):[0-9]+[)]" '
    function judge() {
      if (rec ~ /(Invalid|uninitialised|Mismatched|overlap)/ && first ~ ours) { n++; print rec }
      else if (rec ~ /definitely lost/ && caller ~ ours) { n++; print rec }
      rec = first = caller = ""
    }
    /^==[0-9]+== $/ { judge(); next }
    /== +(at|by) 0x/ {
      if (first == "") first = $0
      if (caller == "" && $0 !~ /(malloc|calloc|realloc|strdup|operator new|vgpreload)/) caller = $0
    }
    { rec = rec "\n" $0 }
    END { judge(); exit n > 0 }' "$log") || { echo "$prog: valgrind reports in ppfft code:"; echo "$bad"; status=1; continue; }
  echo "$prog: clean ($(grep -c 'definitely lost in' "$log") definite leaks and $(grep -Ec '== (Invalid|Conditional)' "$log") errors, all outside ppfft; $log)"
done
exit $status
