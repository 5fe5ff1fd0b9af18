/* A plan string: the variants of a plan's passes, in execution order, joined by ';', e.g.
 * "r16x16/RP+LM-CM+CGAP+VASM4+CM-K+CSE+IL+LU/wg64/t4" for one pass or
 * "r8x8/LM-CC+VASM2+TW-GM+CSE+IL+LU/wg256/t16;r16x16x16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t1"
 * for a four-step split of N = 64 x 4096.  Each pass's length is its radices' product, so the
 * string also says how every dimension is split (core/decompose.h).  This is what ppfft_plan_describe
 * returns, what ppfft_plan_create_variant takes and what wisdom stores.
 *
 * A dimension computed by Bluestein's algorithm (core/bluestein.h) is written as its FFT_M passes
 * with BSF, then its inverse FFT_M passes with BSI (the same lengths), so M is their product, e.g.
 * "r8x8/...+BSF/wg64/t4;r8x8/...+BSI/wg64/t4" for N = 17, M = 64.  Such a string forces Bluestein
 * on any length (a power of two too, for comparisons). */
#ifndef PPFFT_CORE_PLAN_STRING_H
#define PPFFT_CORE_PLAN_STRING_H
#include "core/decompose.h"
#include "core/variant.h"

enum { PLAN_STRING_MAX = 2048 };

/* Parses s into vs[0..max-1], up to its first space (ppfft_plan_describe's note on the temporary
 * buffer follows one).  Returns the number of passes, or -1 with the reason in msg. */
int plan_string_parse(const char *s, variant *vs, int max, char *msg, size_t len);

/* Writes the string for vs[0..n-1]; returns the length it needs (as snprintf). */
int plan_string_print(const variant *vs, int n, char *buf, size_t len);

/* The split of t's dimensions that n pass variants describe (their lengths, dimension by dimension
 * in decompose_dims order, Bluestein's M from BSF passes).  Returns 0, or -1 with the reason in msg. */
int plan_string_split(const transform *t, const variant *vs, int n, split *sp, char *msg, size_t len);

#endif
