#!/bin/sh
# make fuzz: builds the libFuzzer targets of tests/fuzz with clang (ASan and UBSan on) and runs each
# for FUZZ_SECONDS seconds (default 60), or FUZZ_RUNS executions if that is set, from seed corpora
# made of the shipped wisdom and the variant strings in it.  Prints each target's executions and
# corpus size; exits 1 on any finding (the input is kept as tests/fuzz/out/crash-*), 77 when clang
# cannot build fuzzers.
#
#   make fuzz                          about a minute per target
#   make fuzz FUZZ_RUNS=1000000        a million executions per target
set -u
src=${PPFFT_SRC_DIR:-$(cd "$(dirname "$0")/../.." && pwd)}
build=${PPFFT_BUILD_DIR:-$src}
out=$build/tests/fuzz/out
cc=${FUZZ_CC:-clang}
mkdir -p "$out" || exit 1
probe=$out/probe.c
printf '#include <stddef.h>\nint LLVMFuzzerTestOneInput(const unsigned char *d, size_t n);\nint LLVMFuzzerTestOneInput(const unsigned char *d, size_t n) { (void)d; (void)n; return 0; }\n' > "$probe"
"$cc" -fsanitize=fuzzer "$probe" -o "$out/probe" >/dev/null 2>&1 || { echo "fuzz: $cc cannot build libFuzzer targets (Debian: clang libclang-rt-14-dev): skipping"; exit 77; }
[ -f "$build/cl/cl_sources.c" ] || { echo "fuzz: build the library first (make)"; exit 1; }
flags="-std=c11 -D_POSIX_C_SOURCE=200809L -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined"
incs="-I$src/include -I$src/lib -I$src -I$build -I$src/tests/fuzz"
lib=$(ls "$src"/lib/core/*.c "$src"/lib/wisdom/*.c "$src"/lib/gen/*.c "$src"/lib/plan/*.c "$src"/cl/*.c "$src"/lib/api/status.c | grep -v -e cl_sources.c -e _cuda.c) # libppfft's files: not the CUDA backend
# the seed corpora: every shipped wisdom file, and each variant and plan string in them
rm -rf "$out/seed-wisdom" "$out/seed-variant" "$out/seed-plan"
mkdir -p "$out/seed-wisdom" "$out/seed-variant" "$out/seed-plan"
cp "$src"/wisdom/*.wisdom "$out/seed-wisdom/"
awk '!/^#/ && NF == 6 { print $5 }' "$src"/wisdom/*.wisdom | sort -u | awk -v d="$out/seed-variant" '{ f = d "/" NR; print > f; close(f) }'
printf '\001\004\004\000\000\002\000\001\000\000' > "$out/seed-plan/1d"
status=0
for t in wisdom variant plan; do
  seed=$out/seed-$t
  [ "$t" = plan ] || [ -n "$(ls "$seed")" ] || { echo "fuzz: no seeds for $t"; status=1; continue; }
  corpus=$out/corpus-$t
  mkdir -p "$corpus"
  # shellcheck disable=SC2086
  "$cc" $flags $incs "$src/tests/fuzz/fuzz_$t.c" $lib "$build/cl/cl_sources.c" -lOpenCL -lm -lpthread -o "$out/fuzz_$t" ||
    { echo "fuzz: cannot build fuzz_$t"; status=1; continue; }
  if [ -n "${FUZZ_RUNS:-}" ]; then limit="-runs=$FUZZ_RUNS"; else limit="-max_total_time=${FUZZ_SECONDS:-60}"; fi
  # -timeout: one input that runs a minute is a finding (a planner that took 549 s on one length was)
  (cd "$out" && "./fuzz_$t" $limit -timeout=60 -print_final_stats=1 -artifact_prefix="$out/" "$corpus" "$seed" > "$out/fuzz_$t.log" 2>&1)
  rc=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/fuzz_$t.log")
  slowest=$(sed -n 's/^stat::slowest_unit_time_sec: *//p' "$out/fuzz_$t.log")
  echo "fuzz_$t: ${runs:-?} executions, corpus $(ls "$corpus" | wc -l) inputs, slowest ${slowest:-?} s, $( [ $rc -eq 0 ] && echo "no findings" || echo "FINDING (exit $rc)")"
  if [ $rc -ne 0 ]; then
    status=1
    grep -E "ERROR|runtime error|property failed|SUMMARY|Test unit written|timeout" "$out/fuzz_$t.log" | head -20
  fi
done
exit $status
