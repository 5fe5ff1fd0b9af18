/* The twiddle table for CM-K, CM-L and TW-GM, laid out in the order the kernel reads it: pass s
 * keeps w^(k t) for t = 1..r-1 and k < q at base(s) + (t-1) q + k, where q is the pass's twiddle
 * period (Stockham: the product of the earlier radices; LM-CT's in-place DIF: N over the radices so
 * far).  Consecutive work-items read consecutive entries, so a warp's lookups share cache lines;
 * the table holds N - 1 entries in all. */
#ifndef PPFFT_CORE_TWIDDLE_TABLE_H
#define PPFFT_CORE_TWIDDLE_TABLE_H
#include "core/variant.h"
#include <stddef.h>

/* The twiddle period q of pass s: w^(k t) is exp(-+2 pi i k t / (q r)). */
unsigned twiddle_period(const variant *v, unsigned n, int s);

/* Offset of pass s's entries. */
unsigned twiddle_base(const variant *v, unsigned n, int s);

/* Number of entries (at least 1). */
size_t twiddle_entries(unsigned n);

/* (cos, sin) pairs of the positive angles, float or double by f64, in a new array the caller
 * free()s; NULL if out of memory. */
void *twiddle_table(const variant *v, unsigned n, int f64);

/* The four-step twiddles w_M^x for x < M as two tables read at plan time, not computed per
 * element: x = xh B + xl with B = four_step_block(M) (a power of two, B^2 >= M) and H =
 * four_step_high(M) = ceil(M / B); entries [0, H) hold w_M^(xh B), entries [H, H + B) hold w_M^xl,
 * so w_M^x is one complex product.  Same pair layout as twiddle_table; NULL if out of memory. */
size_t four_step_block(size_t M);
size_t four_step_high(size_t M);
size_t four_step_entries(size_t M);
void *four_step_table(size_t M, int f64);

#endif
