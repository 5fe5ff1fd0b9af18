#!/bin/sh
# abft-run: issue 14's study, everything this machine can run, into one folder.
#   bench/abft-run.sh OUTDIR [--quick] [--devices P:D,...] [--steps opencl,cuda,cufft,plot]
# 1. env.txt: date, host, commit, nvidia-smi, clinfo -l, nvcc, the default thresholds (the NOTE's
#    header material);
# 2. OpenCL (bench/abft-study, ppfft's default device, or each --devices P:D in turn): roc (the
#    seed's 2000-signal experiment, each signal alone and each in a batch of 512) and overhead (N = 2^4..2^24, 256 MiB, plain / ABFT2 / ABFT1 /
#    ABFT2 under 300 injections a minute);
# 3. CUDA (bench/abft-study-cuda, when built and a CUDA device answers): the same;
# 4. cuFFT (bench/cufft-bench, when built and a CUDA device answers): the same 1D shapes, f32 and
#    f64, the same MiB and repeats;
# 5. bench/abft-plot.py OUTDIR: the PNGs and summary.md.
# --quick: small sizes and few signals and repeats (a couple of minutes on PoCL), to check that the
# chain works.  Every program's stderr goes to OUTDIR/<step>.log (stdout, if any, to <step>.out); a failed step is reported at the
# end (exit status 1) and the others still run.  --steps runs only some of 2-5 (e.g. one per call
# where a call's time is limited); env.txt is written by the first run into OUTDIR and added to by
# the later ones.
set -u

usage() {
  cat <<EOF
usage: $0 OUTDIR [--quick] [--devices P:D,...] [--steps LIST]
  --quick        small sizes, few signals and repeats: checks the chain in a few minutes
  --devices LIST OpenCL devices to run on (PPFFT_DEVICE values, as clinfo -l lists them);
                 default: ppfft's default device (PPFFT_DEVICE if set)
  --steps LIST   only these of opencl, cuda, cufft, plot (default: all), e.g. --steps cuda,cufft;
                 opencl-roc, opencl-overhead, cuda-roc, cuda-overhead: half of one
EOF
}

out='' quick=0 devices='' steps=opencl,cuda,cufft,plot
while [ $# -gt 0 ]; do
  case $1 in
  --quick) quick=1 ;;
  --steps) steps=${2:?--steps needs a value}; shift ;;
  --devices) devices=${2:?--devices needs a value}; shift ;;
  -h | --help) usage; exit 0 ;;
  -*) usage >&2; exit 2 ;;
  *) [ -z "$out" ] || { usage >&2; exit 2; }; out=$1 ;;
  esac
  shift
done
[ -n "$out" ] || { usage >&2; exit 2; }
for s in $(echo "$steps" | tr ',' ' '); do
  case $s in opencl | opencl-roc | opencl-overhead | cuda | cuda-roc | cuda-overhead | cufft | plot) ;; *) echo "$0: unknown step '$s'" >&2; usage >&2; exit 2 ;; esac
done
want() { # want STEP...: any of them asked for
  for w in "$@"; do case ",$steps," in *",$w,"*) return 0 ;; esac; done
  return 1
}

here=$(cd "$(dirname "$0")" && pwd)
bin=$here # the built programs: next to this script, or in ./bench of a separate build folder
[ -x "$bin/abft-study" ] || [ ! -x bench/abft-study ] || bin=$(cd bench && pwd)
mkdir -p "$out" || exit 2
out=$(cd "$out" && pwd)

# roc runs twice: the seed's experiment (each signal alone, batch 1) and the same signals each among
# the unit impulses of a batch (roc_batch), so that ABFT2's windows are full as in batched use.
if [ "$quick" = 1 ]; then
  roc_args="-n 64,1024 --signals 200 --faulty 100 --deltas 1e-8:1e-2:7 --deltas64 1e-16:1e-2:8"
  roc_batch="-n 64 --signals 60 --faulty 30 --deltas 1e-8:1e-2:7 --deltas64 1e-16:1e-2:8 --batch 64"
  over_args="--log2 4:8 --mib 2 --repeats 10 --inject-seconds 0"
  mib=2 repeats=10 sizes="16 32 64 128 256"
else
  roc_args="-n 64,1024,4096 --signals 2000 --faulty 1000"
  roc_batch="-n 64,1024,4096 --signals 2000 --faulty 1000 --batch 512"
  over_args="--log2 4:24 --mib 256 --repeats 20 --inject-per-minute 300 --inject-seconds 2"
  mib=256 repeats=20 sizes=''
  k=4
  while [ $k -le 24 ]; do sizes="$sizes $((1 << k))"; k=$((k + 1)); done
fi

failed=''
step() { # step NAME CMD...: runs CMD with stderr to OUTDIR/NAME.log; exit 77 is "no device", not a failure
  name=$1
  shift
  echo "abft-run: $name: $*" >&2
  start=$(date +%s)
  "$@" >"$out/$name.out" 2>"$out/$name.log"
  rc=$?
  [ -s "$out/$name.out" ] || rm -f "$out/$name.out"
  echo "abft-run: $name: exit $rc after $(($(date +%s) - start)) s" >&2
  echo "$name: exit $rc, $(($(date +%s) - start)) s: $*" >>"$out/steps.txt"
  [ $rc = 0 ] || [ $rc = 77 ] || failed="$failed $name"
  return $rc
}

# ---- env.txt (a later run into the same folder adds its own header) ----
[ -f "$out/env.txt" ] && printf '\n==== a later run (steps %s)\n' "$steps" >>"$out/env.txt"
{
  echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
  echo "host: $(uname -a)"
  echo "command: $0 $out$([ "$quick" = 1 ] && echo ' --quick')${devices:+ --devices $devices} --steps $steps"
  echo "PPFFT_DEVICE: ${PPFFT_DEVICE:-(unset)}"
  if git -C "$here" rev-parse HEAD >/dev/null 2>&1; then
    echo "commit: $(git -C "$here" rev-parse HEAD) ($(git -C "$here" log -1 --format=%s | cut -c1-100))"
    echo "tree: $(git -C "$here" status --porcelain --untracked-files=no | wc -l) modified tracked files"
  else
    echo "commit: (not a git tree)"
  fi
  [ -f "$here/../config.h" ] && grep -m1 PACKAGE_STRING "$here/../config.h"
  echo "roc: $roc_args; and $roc_batch"
  echo "overhead: $over_args"
  echo
  echo "== nvidia-smi"
  if command -v nvidia-smi >/dev/null 2>&1; then
    nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm,clocks.max.mem,ecc.mode.current --format=csv 2>&1
    nvidia-smi 2>&1
  else
    echo "(no nvidia-smi)"
  fi
  echo "== nvcc"
  if command -v nvcc >/dev/null 2>&1; then nvcc --version 2>&1 | tail -2; else echo "(no nvcc on PATH)"; fi
  echo "== clinfo -l"
  if command -v clinfo >/dev/null 2>&1; then clinfo -l 2>&1; else echo "(no clinfo)"; fi
  echo "== CPU"
  grep -m1 'model name' /proc/cpuinfo 2>/dev/null
  echo "cores: $(nproc 2>/dev/null)"
} >>"$out/env.txt"

# ---- OpenCL ----
if ! want opencl opencl-roc opencl-overhead; then
  :
elif [ -x "$bin/abft-study" ]; then
  if [ -z "$devices" ]; then
    list=default
  else
    list=$(echo "$devices" | tr ',' ' ')
  fi
  for dv in $list; do
    if [ "$dv" = default ]; then
      tag=opencl
    else
      tag=opencl-$(echo "$dv" | tr ':' '.')
      export PPFFT_DEVICE="$dv"
    fi
    if want opencl opencl-roc; then
      # shellcheck disable=SC2086
      step "roc-$tag" "$bin/abft-study" roc $roc_args --csv "$out/roc-$tag.csv" --signals-csv "$out/signals-$tag.csv"
      # shellcheck disable=SC2086
      step "roc-$tag-batch" "$bin/abft-study" roc $roc_batch --csv "$out/roc-$tag-batch.csv" --signals-csv "$out/signals-$tag-batch.csv"
      grep -m1 'default thresholds' "$out/roc-$tag.log" | sed "s/^/$tag: /" >>"$out/env.txt"
    fi
    if want opencl opencl-overhead; then
      # shellcheck disable=SC2086
      step "overhead-$tag" "$bin/abft-study" overhead $over_args --csv "$out/overhead-$tag.csv"
    fi
  done
else
  echo "abft-run: $bin/abft-study is not built (make bench/abft-study): no OpenCL runs" | tee -a "$out/steps.txt" >&2
fi

# ---- CUDA and cuFFT ----
cuda_device=0
if command -v nvidia-smi >/dev/null 2>&1 && nvidia-smi -L >/dev/null 2>&1; then cuda_device=1; fi
if ! want cuda cuda-roc cuda-overhead; then
  :
elif [ "$cuda_device" = 1 ] && [ -x "$bin/abft-study-cuda" ]; then
  if want cuda cuda-roc; then
    # shellcheck disable=SC2086
    step roc-cuda "$bin/abft-study-cuda" roc $roc_args --csv "$out/roc-cuda.csv" --signals-csv "$out/signals-cuda.csv"
    # shellcheck disable=SC2086
    step roc-cuda-batch "$bin/abft-study-cuda" roc $roc_batch --csv "$out/roc-cuda-batch.csv" --signals-csv "$out/signals-cuda-batch.csv"
    grep -m1 'default thresholds' "$out/roc-cuda.log" | sed 's/^/cuda: /' >>"$out/env.txt"
  fi
  if want cuda cuda-overhead; then
    # shellcheck disable=SC2086
    step overhead-cuda "$bin/abft-study-cuda" overhead $over_args --csv "$out/overhead-cuda.csv"
  fi
else
  echo "abft-run: no CUDA runs ($([ "$cuda_device" = 1 ] && echo "bench/abft-study-cuda not built" || echo "no CUDA device"))" |
    tee -a "$out/steps.txt" >&2
fi
if ! want cufft; then
  :
elif [ "$cuda_device" = 1 ] && [ -x "$bin/cufft-bench" ]; then
  # shellcheck disable=SC2086
  step cufft "$bin/cufft-bench" -p f32,f64 -m "$mib" -r "$repeats" --csv "$out/cufft.csv" $sizes
else
  echo "abft-run: no cuFFT runs ($([ "$cuda_device" = 1 ] && echo "bench/cufft-bench not built" || echo "no CUDA device"))" |
    tee -a "$out/steps.txt" >&2
fi

# ---- plots and summary ----
if want plot && { ls "$out"/roc-*.csv || ls "$out"/overhead-*.csv; } >/dev/null 2>&1; then
  step plot python3 "$here/abft-plot.py" "$out"
fi

if [ -n "$failed" ]; then
  echo "abft-run: failed steps:$failed (see $out/<step>.log)" >&2
  exit 1
fi
echo "abft-run: done; $out/summary.md" >&2
