/* The generator's signature.  Wisdom records it with every entry and applies only entries made with
 * the same one: a plan was timed on the kernels this generator emitted, and a generator that emits
 * other text may make another plan the fastest.  Bump GEN_SIGNATURE whenever the generated text
 * changes for any (problem, variant), and set GEN_OUTPUT_HASH to what tests/check_gen.c reports:
 * that test pins the text of a covering set of kernels, so a change cannot go unnoticed. */
#ifndef PPFFT_GEN_SIGNATURE_H
#define PPFFT_GEN_SIGNATURE_H

enum { GEN_SIGNATURE = 1 };

/* FNV-1a over the covering set's kernels, as tests/check_gen.c computes it.  (COLS, a new knob,
 * joined the set without a new signature: no kernel that existed before changed, so no wisdom
 * timed on them is stale.  The real fast path's kernels joined it with their twiddles from one
 * sincos per work-item (gen/real.c), also without a new one: only real kernels changed, with the
 * same plan strings, which still plan; with the shipped wisdom's plans, 1D one-pass sizes ran
 * 1.0-1.3x as fast on the H200 and 2D/3D as before: bench/results/2026-11-25-h200-lengths.) */
#define GEN_OUTPUT_HASH 0x93842591c3b7afffull

#endif
