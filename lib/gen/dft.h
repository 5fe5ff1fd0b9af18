/* Generator level 1: the radix-r butterfly, i.e. an r-point DFT on registers. */
#ifndef PPFFT_GEN_DFT_H
#define PPFFT_GEN_DFT_H
#include "core/problem.h"
#include "core/text_buf.h"

/* Emits statements that replace ar[0..r-1], ai[0..r-1] (real and imaginary parts, of C type
 * `type`, scalar or vector) by their r-point DFT with exponent sign `sign` (-1 forward).
 * r is 2..16 or 32.  cse != 0: Cooley-Tukey inside the butterfly (radix 2 and 4 steps, shared
 * temporaries, trivial twiddles as adds and swaps), odd primes by symmetric pairs x_t +- x_{r-t},
 * other composites from their factors (prime-factor algorithm where they are coprime); cse == 0:
 * the direct sum of r^2 products, as a naive kernel would. */
void gen_dft_body(text_buf *b, unsigned r, int sign, const char *type, int f64, int cse, const char *indent);

/* Writes the literal x as source for the precision (e.g. "7.07106781e-01f") into buf (a buffer too
 * short sets sticky's error). */
void gen_literal(text_buf *sticky, char *buf, size_t len, long double x, int f64);

/* The literal of p's scale into buf when `apply` (the store that writes the final output) and the
 * scale is not 1: returns 1; else buf is "" and it returns 0. */
int gen_scale_literal(text_buf *sticky, char *buf, size_t len, const problem *p, int apply);

#endif
