#!/bin/sh
# From a fresh Debian/Ubuntu machine to a working ppfft, in one command:
#   ./quickstart.sh         install what is missing, build, tune the default OpenCL device briefly
#                           for the example's problem, run the example transform on it (PoCL's CPU
#                           device when there is no GPU)
#   ./quickstart.sh check   the same set-up, then the test suite (make -j check: the test programs
#                           run side by side), with each program's summary and the elapsed time
# PPFFT_DEVICE=P:D picks another device (platform and device index as `clinfo -l` lists them).
set -e
cd "$(dirname "$0")"

deps=$(sed 's/#.*//' .ci/packages)
missing=""
for p in $deps; do
  dpkg -s "$p" >/dev/null 2>&1 || missing="$missing $p"
done
if [ -n "$missing" ]; then
  echo "quickstart: installing$missing"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq $missing
fi

[ -x configure ] || autoreconf -fi
[ -f Makefile ] || ./configure --enable-werror
make -j"$(nproc)"

case "${1:-run}" in
  check)
    start=$(date +%s)
    rc=0
    make -j"$(nproc)" check || rc=$?
    for log in tests/check_*.log; do # each program's summary line and time
      [ -f "$log" ] && grep -h -E '^[0-9]+ passed, [0-9]+ failed|^check_[a-z_]+: [0-9.]+ s$|^  skipped: ' "$log" | sed "s|^|${log%.log}: |"
    done
    echo "make check: $(( $(date +%s) - start )) s"
    exit $rc ;;
  run)
    # writes wisdom where every ppfft program on this device finds it; a full run is --canonical
    ./tuner/ppfft-tune --problems cof1024:b8192 --budget 120
    ./examples/example ;;
  *) echo "usage: $0 [check]" >&2; exit 2 ;;
esac
