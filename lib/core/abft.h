/* ABFT, TurboFFT's checksums as data: the left-side encoding vector e and its image e^T W, the
 * layout of a plan's control buffer (counters and fault injection), and the default thresholds.
 * The generator (gen/abft.c) writes the kernels' side of each; this file is the host's side, and
 * the two must agree.
 *
 * e_j = +-(1 + u) +- (1 + v) i, the signs and u, v in [0, 1) (11 bits each) from the bits of mix(j):
 * zero-mean weights that look random.  A fault before the last pass reaches the outputs as a
 * spread error d whose phases are those of the remaining butterflies' roots of unity.  A weight
 * with a mean (real weights in [1, 2), as before) sees such a d only through its random part,
 * since the roots sum to zero over a butterfly; weights from a finite set of phases (+-1 +- i)
 * cancel exactly over a butterfly's few outputs with a fair probability (9/64 for four).  These
 * do neither: e . d is a sum of random terms of d's size.  Their image a_k = sum_j e_j w^(sign j k)
 * has no structure either (w = exp(2 pi i / n)).  A check compares |a . x - e . y|^2 with
 * delta^2 E|e_j|^2 n |x|^2 = (14/3) delta^2 n |x|^2 (n |x|^2 = |y|^2, Parseval), and the second
 * checksum's likewise; the check fails when their sum exceeds the sum of the bounds:
 * delta is a relative error of the output. */
#ifndef PPFFT_CORE_ABFT_H
#define PPFFT_CORE_ABFT_H
#include <stddef.h>
#include <stdint.h>

/* Complex values in abft_table: a, b, e, f. */
enum { ABFT_TABLE_PARTS = 4 };

/* The control buffer of an ABFT plan: 32-bit words, shared by its passes. */
enum {
  ABFT_CTL_DETECTED = 0,      /* counters the kernels increment */
  ABFT_CTL_CORRECTED = 1,
  ABFT_CTL_UNCORRECTABLE = 2,
  ABFT_CTL_NINJ = 4,          /* faults to inject in this execution (0, 1 or 2) */
  ABFT_CTL_INJ = 5,           /* then per fault: pass, stage, transform (low, high word), element, bit */
  ABFT_CTL_INJ_WORDS = 6,
  ABFT_CTL_WORDS = 32
};

/* What a chain's execution reads of a plan's ABFT state on the host: the threshold, and the fault
 * injection words (from ABFT_CTL_NINJ on) to write before the next execution.  Each runtime's chain
 * holds one, under its lock. */
typedef struct abft_host {
  double delta;
  uint32_t inj[ABFT_CTL_WORDS - ABFT_CTL_NINJ];
  int inj_pending;
} abft_host;

/* Sets the threshold and, with inj, the words the next execution writes first. */
static inline void abft_host_set(abft_host *a, double delta, const uint32_t *inj)
{
  a->delta = delta;
  if (!inj) return;
  for (size_t k = 0; k < sizeof a->inj / sizeof a->inj[0]; ++k) a->inj[k] = inj[k];
  a->inj_pending = 1;
}

/* mix(j): the hash whose bits give e_j (abft_weight). */
static inline uint32_t abft_mix(uint32_t j)
{
  j ^= j >> 16;
  j *= 0x7feb352du;
  j ^= j >> 15;
  j *= 0x846ca68bu;
  j ^= j >> 16;
  return j;
}

/* Two checksums, e and f (f_j: e's formula on mix(j ^ ABFT_SECOND)): a fault that one of them sees
 * weakly (its weights over the outputs the fault reaches happen to sum to little, as random sums
 * sometimes do) the other sees fully, nearly always.  The kernels sum ABFT_SUMS reals over a
 * transform's work-items: both checksums' differences (re, im) and |x|^2. */
#define ABFT_SECOND 0x5bd1e995u
enum { ABFT_SUMS = 5 };

/* E|e_j|^2 = 2 E(1 + u)^2: the scale of the checks' threshold. */
#define ABFT_WEIGHT_ENERGY (14.0 / 3.0)

/* e_j's (second = 0) or f_j's real part (im = 0) or imaginary part: u (bits 0-10, or 11-21 for
 * im) and the sign (bit 22, or 23; set: negative), exact in float and double. */
static inline double abft_weight(uint32_t j, int im, int second)
{
  uint32_t h = abft_mix(second ? j ^ ABFT_SECOND : j), u = (h >> (im ? 11 : 0)) & 0x7ffu;
  double w = 1.0 + (double)u * 0x1.0p-11;
  return (h >> (22 + im)) & 1u ? -w : w;
}

/* a_k = sum_j e_j exp(sign 2 pi i j k / n), k < n (n a power of two), then b_k, the same of f,
 * computed in double and rounded once; then e_j and f_j themselves (exact): 4n interleaved complex
 * values of float (f64 = 0) or double, malloc'd; NULL when out of memory.  The kernels read the
 * output weights from the table: a load per weight, where the hash took about fifteen integer and
 * conversion instructions per element for each checksum. */
void *abft_table(size_t n, int sign, int f64);

/* The default detection threshold (README "Fault tolerance"; bench/abft-study's ROC curves). */
double abft_default_threshold(int f64);

#endif
