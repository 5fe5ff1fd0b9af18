#!/bin/sh
# Runs the test program under valgrind and fails if any error or definite leak has a frame in
# ppfft's own sources (the OpenCL runtime's and LLVM's own reports are listed but not held against
# us).  Usage: tests/valgrind-check.sh [suite...]   (default: variant api: every host-side path;
# "properties" adds many kernel runs and takes over 20 minutes under valgrind)
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
prog=${PROG:-./tests/check_ppfft}
[ -x "$prog" ] || { echo "build $prog first (make tests/check_ppfft)" >&2; exit 2; }
ours=$(cd "$top" && ls lib/*.c tests/*.c bench/*.c examples/*.c 2>/dev/null | sed 's|.*/||' | tr '\n' '|' | sed 's/|$//')
status=0
for suite in ${*:-variant api}; do
  log=valgrind-$suite.log
  [ -n "${REUSE_LOGS:-}" ] || CK_RUN_SUITE=$suite valgrind --leak-check=full --show-leak-kinds=definite --num-callers=40 \
    --log-file="$log" "$prog" > /dev/null 2>&1 || { echo "$suite: the tests failed under valgrind"; status=1; }
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
    END { judge(); exit n > 0 }' "$log") || { echo "$suite: valgrind reports in ppfft code:"; echo "$bad"; status=1; continue; }
  echo "$suite: clean ($(grep -c 'definitely lost in' "$log") definite leaks and $(grep -Ec '== (Invalid|Conditional)' "$log") errors, all outside ppfft; $log)"
done
exit $status
