/* Rader's algorithm: a DFT of prime length p as a cyclic convolution of length L = p - 1, for the
 * primes whose p - 1 the FFT passes reach (13-smooth: 17, 97, 127 = 2 x 3^2 x 7 + 1, 65537).  With
 * g a primitive root mod p, n = g^q and k = g^-m (q, m = 0 .. L-1):
 *
 *   X_(g^-m) = x_0 + sum_q x_(g^q) w^(g^(q-m)) = x_0 + (a * b)_m,   X_0 = x_0 + sum_q a_q,
 *
 * a_q = x_(g^q), b_j = w^(g^-j) (w = exp(sign 2 pi i / p)), * the cyclic convolution.  A dimension
 * becomes the five steps of Bluestein's (core/decompose.h) over rows of L + 2 elements: rader-in
 * gathers a into the row and x_0 into its element L; FFT_L forward; the filter multiplies by
 * B = FFT_L(b) / L, writes the conjugate (so that the next forward FFT is the inverse one) and puts
 * X_0 = x_0 + A_0 into element L + 1; FFT_L forward; rader-out scatters X_(g^-m) = x_0 + conj of
 * element m, and X_0 (times the plan's scale).  The FFTs are forward whatever the direction, and
 * only the filter's table depends on it, so both directions share every kernel.  The plan string
 * marks the two FFTs BSF and BSI as Bluestein's: their lengths multiplying to N - 1 say Rader's. */
#ifndef PPFFT_CORE_RADER_H
#define PPFFT_CORE_RADER_H
#include "core/bluestein.h"
#include <stddef.h>

/* Whether a dimension of length n can go to Rader's algorithm: a prime above 13 whose n - 1 has no
 * prime factor above 13 (and fits the FFT passes). */
int rader_applies(size_t n);

/* The smallest primitive root mod the prime p. */
size_t rader_root(size_t p);

/* Bytes of the table of a Rader pointwise pass for prime p (f64: double precision). */
size_t rader_table_bytes(pointwise_kind kind, size_t p, int f64);

/* The table of a Rader pointwise pass for prime p, in a new array the caller free()s (NULL if out
 * of memory): rader-in g^q mod p (uint32, q < p - 1); the filter FFT_(p-1)(b) / (p - 1), (re, im)
 * pairs in float or double, computed in long double and rounded once; rader-out g^-m mod p (uint32). */
void *rader_table(pointwise_kind kind, size_t p, int sign, int f64);

#endif
