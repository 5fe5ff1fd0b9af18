#!/bin/sh
# make check-asan / make check-tsan: the test programs built again with clang's sanitizers, in a
# copy of the distribution tree (make distdir), and run; any report fails the run.
#
#   tests/sanitize.sh asan PROGRAM...   AddressSanitizer + UndefinedBehaviorSanitizer (clang checks
#                                       the nonnull attributes gcc leaves out), leaks included
#   tests/sanitize.sh tsan PROGRAM...   ThreadSanitizer over the programs' thread tests
#
# PROGRAMs are test programs (tests/check_units ...), each run whole unless PROGRAM:SUITE names one
# of its suites (CK_RUN_SUITE).  Leaks and races whose frames are in the OpenCL runtime (PoCL, LLVM)
# are suppressed by tests/lsan.supp and tests/tsan.supp, which name only those libraries.  Exit 77
# without clang.
set -u
mode=${1:?usage: sanitize.sh asan|tsan PROGRAM...}
shift
src=${PPFFT_SRC_DIR:-$(cd "$(dirname "$0")/.." && pwd)}
build=${PPFFT_BUILD_DIR:-$src}
cc=${SANITIZE_CC:-clang}
case $mode in
  asan) san="-fsanitize=address,undefined -fno-sanitize-recover=undefined" ;;
  tsan) san="-fsanitize=thread" ;;
  *) echo "sanitize.sh: mode is asan or tsan"; exit 2 ;;
esac
printf 'int main(void) { return 0; }\n' > /tmp/ppfft-san-probe.c
"$cc" $san /tmp/ppfft-san-probe.c -o /tmp/ppfft-san-probe >/dev/null 2>&1 || { echo "sanitize: $cc cannot build with $san: skipping"; exit 77; }
dir=$build/tests/sanitize-$mode
rm -rf "$dir"
mkdir -p "$dir" || exit 1
(cd "$build" && ${MAKE:-make} distdir distdir="$dir/src" >"$dir/distdir.log" 2>&1) || { tail -20 "$dir/distdir.log"; exit 1; }
cd "$dir/src" || exit 1
CC=$cc CFLAGS="-g -O1 -fno-omit-frame-pointer $san" LDFLAGS="$san" ./configure --enable-werror --without-cuda --disable-shared \
  >"$dir/configure.log" 2>&1 || { tail -20 "$dir/configure.log"; exit 1; }
progs=""
for p in "$@"; do progs="$progs ${p%%:*}"; done
# shellcheck disable=SC2086
${MAKE:-make} -j"$(nproc 2>/dev/null || echo 2)" $progs >"$dir/build.log" 2>&1 || { tail -30 "$dir/build.log"; exit 1; }
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export LSAN_OPTIONS="suppressions=$src/tests/lsan.supp:print_suppressions=0"
export TSAN_OPTIONS="halt_on_error=0:second_deadlock_stack=1:suppressions=$src/tests/tsan.supp"
export PPFFT_SRC_DIR="$dir/src" PPFFT_BUILD_DIR="$dir/src"
status=0
for p in "$@"; do
  prog=${p%%:*}
  suite=""
  [ "$prog" != "$p" ] && suite=${p#*:}
  log=$dir/$(basename "$prog")${suite:+-$suite}.log
  for try in 1 2; do
    if [ -n "$suite" ]; then CK_RUN_SUITE=$suite "./$prog" >"$log" 2>&1; else "./$prog" >"$log" 2>&1; fi
    rc=$?
    # LeakSanitizer's own tracer can die at exit (signal 11 while it stops the runtime's threads):
    # no finding, so the program runs once more; a second such failure counts
    grep -q "LeakSanitizer has encountered a fatal error" "$log" || break
    [ $try = 1 ] && echo "$mode $p: LeakSanitizer's tracer failed (not a finding), running again"
  done
  reports=$(grep -cE "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|WARNING: ThreadSanitizer" "$log")
  summary=$(grep -E "^[0-9]+ passed, [0-9]+ failed" "$log" | tail -n 1)
  echo "$mode $p: ${summary:-no summary}, exit $rc, $reports sanitizer reports"
  ran=$(echo "$summary" | awk '{ print $1 + $3 }')
  if [ "$reports" -ne 0 ] || { [ $rc -ne 0 ] && [ $rc -ne 77 ]; } || { [ $rc -ne 77 ] && [ "${ran:-0}" -eq 0 ]; }; then
    status=1
    grep -E -A12 "ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:|WARNING: ThreadSanitizer" "$log" | head -60
  fi
done
exit $status
