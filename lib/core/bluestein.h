/* Bluestein's chirp-z algorithm: a DFT of any length N as a cyclic convolution of length M, a power
 * of two >= 2N - 1, computed with power-of-two FFTs.  With c_n = exp(sign i pi n^2 / N),
 *
 *   X_k = c_k sum_n (x_n c_n) conj(c_(k-n)),
 *
 * so a dimension becomes: a = x c zero-padded to M (chirp-in), FFT_M forward, times the filter
 * spectrum B = FFT_M(b) with b_m = conj(c_m) wrapped (b_(M-m) = b_m), FFT_M backward, times c_k / M
 * (chirp-out, which keeps k < N).  The backward FFT is computed as conj(FFT_M(conj z)): the filter
 * pass writes conj(A B) and chirp-out reads the conjugate of what the second forward FFT_M left, so
 * both FFTs run the same forward kernels.  The FFTs depend on M only (the tables are kernel
 * arguments), so every N with the same M shares their kernels.  The tables are computed here in long double, n^2
 * reduced mod 2N exactly, and rounded once to the plan's precision. */
#ifndef PPFFT_CORE_BLUESTEIN_H
#define PPFFT_CORE_BLUESTEIN_H
#include <stddef.h>

/* The pointwise passes around a Bluestein dimension's FFTs (core/decompose.h), and the R2C
 * post-processing of a real dimension on the fast path whose complex transform is not one pass
 * (four-step or Bluestein): X_k from Z_k and Z_(M-k), in place on the output (gen/pointwise.h). */
typedef enum {
  POINTWISE_NONE, POINTWISE_CHIRP_IN, POINTWISE_FILTER, POINTWISE_CHIRP_OUT, POINTWISE_R2C_POST,
  POINTWISE_RADER_IN, POINTWISE_RADER_FILTER, POINTWISE_RADER_OUT /* Rader's (core/rader.h) */
} pointwise_kind;

/* The smallest M for length n: the power of two >= 2n - 1. */
size_t bluestein_m(size_t n);

/* Entries of kind's table for (n, m): n for the chirps, m for the filter, m/2 + 2 for the R2C
 * post-processing. */
size_t bluestein_entries(pointwise_kind kind, size_t n, size_t m);

/* The table of a pointwise pass, (re, im) pairs in float or double by f64, in a new array the caller
 * free()s (NULL if out of memory): chirp-in c_n (n < N); the filter FFT_M(b) (forward); chirp-out
 * c_k scale / m (k < N); the R2C post-processing of a real length 2m, (scale / 2) w^k for k <= m/2
 * (w = exp(-2 pi i / 2m)), then (scale / 2, 0). */
void *bluestein_table(pointwise_kind kind, size_t n, size_t m, int sign, double scale, int f64);

#endif
