/* ABFT, TurboFFT's checksums as data: the input-side encoding vectors a, b and their images e, f
 * on the output side, the layout of a plan's control buffer (counters and fault injection), and
 * the default thresholds.  The generator (gen/abft.c) writes the kernels' side of each; this file
 * is the host's side, and the two must agree.
 *
 * A check compares a . x with e . y for a transform y = W x, where a = W^T e.  The input side is
 * a tensor product, a_k = alpha_(k mod m) beta_(k div m) with m = n / R (R = abft_split(n)): a
 * work-item of the RP kernels owns the elements k = c + m q (q < R, its register slots) for a few c,
 * so its share of a . x is alpha_c (sum_q beta_q x_q), with the betas literal constants in the
 * kernel and one table load per c: no per-element table traffic on the input side (the seed's
 * point: the encoding's table read once per work-item and block, not per element).  The output
 * weights e = W^-T a have no structure and come from the table, one load per element.
 *
 * alpha_c, beta_q = +-(1 + u) +- (1 + v) i, the signs and u, v in [0, 1) (11 bits each) from the
 * bits of mix(): zero-mean weights that look random.  A fault before the last pass reaches the
 * outputs as a spread error d; the check sees e . d, which is a's product with the fault's
 * equivalent input error (the passes before it, inverted).  After the first pass (radix r0 <= R,
 * inputs c + m (R / r0) t) that error lies on one alpha_c and the betas of a decimation of beta,
 * weighted by one DFT row: the check sees alpha_c times a bin of that decimation's DFT, so beta is
 * chosen (ABFT_BETA, bench/abft-beta.py) for the best worst bin over the decimations by 1, 2, 4, 8
 * (both checksums together: 0.36 of the mean energy, where a random choice gives 0.03 at the
 * median).  Later passes mix many alphas: sums of random terms of the error's size, as with weights
 * random everywhere.  A check compares |a . x - e . y|^2 + |b . x - f . y|^2 with
 * delta^2 (|e|^2 + |f|^2) |x|^2 (abft_out_energy): delta is a relative error of the output. */
#ifndef PPFFT_CORE_ABFT_H
#define PPFFT_CORE_ABFT_H
#include <stddef.h>
#include <stdint.h>

/* The tensor split: R = abft_split(n) register slots of the input side, m = n / R alphas. */
enum { ABFT_SPLIT = 16 };
static inline size_t abft_split(size_t n) { return n < ABFT_SPLIT ? n : ABFT_SPLIT; }

/* abft_table's layout, in complex values: alpha (m), alpha' (m; b's), beta (R), beta' (R), then
 * from abft_out_at(n) on e_j and f_j side by side for each j (n pairs): a kernel reads an
 * element's two output weights in one access (one 128-bit load in f32, not two of 64). */
static inline size_t abft_out_at(size_t n) { return 2 * (n / abft_split(n)) + 2 * abft_split(n); }
static inline size_t abft_table_entries(size_t n) { return abft_out_at(n) + 2 * n; }

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

/* mix(j): the hash whose bits give the weights (abft_weight). */
static inline uint32_t abft_mix(uint32_t j)
{
  j ^= j >> 16;
  j *= 0x7feb352du;
  j ^= j >> 15;
  j *= 0x846ca68bu;
  j ^= j >> 16;
  return j;
}

/* Two checksums, a and b (b's weights: a's formula on mix(j ^ ABFT_SECOND)): a fault that one of
 * them sees weakly (its weights over the outputs the fault reaches happen to sum to little, as
 * random sums sometimes do) the other sees fully, nearly always.  The kernels sum ABFT_SUMS reals over a
 * transform's work-items: both checksums' differences (re, im) and |x|^2. */
#define ABFT_SECOND 0x5bd1e995u
enum { ABFT_SUMS = 5 };

/* beta_q is abft_weight(ABFT_BETA + q): the offset bench/abft-beta.py found best of 4096 (alpha_c
 * is abft_weight(c), c < m < ABFT_BETA). */
#define ABFT_BETA 0x80000f00u

/* A weight's (second = 0: a's, else b's) real part (im = 0) or imaginary part: u (bits 0-10, or
 * 11-21 for im) and the sign (bit 22, or 23; set: negative), exact in float and double. */
static inline double abft_weight(uint32_t j, int im, int second)
{
  uint32_t h = abft_mix(second ? j ^ ABFT_SECOND : j), u = (h >> (im ? 11 : 0)) & 0x7ffu;
  double w = 1.0 + (double)u * 0x1.0p-11;
  return (h >> (22 + im)) & 1u ? -w : w;
}

/* The table of a transform of length n (a power of two) and exponent sign: the alphas and betas
 * (exact), then e_j = (1/n) sum_k a_k exp(-sign 2 pi i j k / n) and f likewise of b, computed in
 * double and rounded once: abft_table_entries(n) interleaved complex values of float (f64 = 0) or
 * double, malloc'd; NULL when out of memory. */
void *abft_table(size_t n, int sign, int f64);

/* |e|^2 + |f|^2 = (|a|^2 + |b|^2) / n: the checks' threshold is delta^2 times this times |x|^2. */
double abft_out_energy(size_t n);

/* The default detection threshold (README "Fault tolerance"; bench/abft-study's ROC curves). */
double abft_default_threshold(int f64);

#endif
