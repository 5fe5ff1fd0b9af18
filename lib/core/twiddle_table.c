/* twiddle_table: host-side values computed in long double and rounded once. */
#include "core/twiddle_table.h"
#include <math.h>
#include <stdlib.h>
#include "core/pi_l.h"

unsigned twiddle_period(const variant *v, unsigned n, int s)
{
  unsigned q = v->onchip == ONCHIP_LM_CT ? n : 1;
  for (int i = 0; i < s; ++i) q = v->onchip == ONCHIP_LM_CT ? q / v->radix[i] : q * v->radix[i];
  return v->onchip == ONCHIP_LM_CT ? q / v->radix[s] : q;
}

unsigned twiddle_base(const variant *v, unsigned n, int s)
{
  unsigned base = 0;
  for (int i = 0; i < s; ++i) base += (v->radix[i] - 1) * twiddle_period(v, n, i);
  return base;
}

size_t twiddle_entries(unsigned n) { return n > 1 ? n - 1 : 1; }

size_t four_step_block(size_t M)
{
  size_t B = 1;
  while (B * B < M) B *= 2;
  return B;
}

/* x / B for x < M: M / B entries when B divides M (M a power of two), one more when it does not. */
size_t four_step_high(size_t M) { return (M + four_step_block(M) - 1) / four_step_block(M); }

size_t four_step_entries(size_t M) { return four_step_high(M) + four_step_block(M); }

void *four_step_table(size_t M, int f64)
{
  size_t B = four_step_block(M), hi = four_step_high(M), count = hi + B;
  void *t = calloc(count * 2, f64 ? sizeof(double) : sizeof(float));
  if (!t) return NULL;
  for (size_t j = 0; j < count; ++j) {
    size_t x = j < hi ? j * B : j - hi;
    long double th = 2 * PI_L * (long double)x / (long double)M;
    if (f64) {
      ((double *)t)[2 * j] = (double)cosl(th);
      ((double *)t)[2 * j + 1] = (double)sinl(th);
    } else {
      ((float *)t)[2 * j] = (float)cosl(th);
      ((float *)t)[2 * j + 1] = (float)sinl(th);
    }
  }
  return t;
}

void *twiddle_table(const variant *v, unsigned n, int f64)
{
  size_t count = twiddle_entries(n);
  void *t = calloc(count * 2, f64 ? sizeof(double) : sizeof(float));
  if (!t) return NULL;
  for (int s = 0; s < v->npasses; ++s) {
    unsigned q = twiddle_period(v, n, s), r = v->radix[s], base = twiddle_base(v, n, s);
    for (unsigned tt = 1; tt < r; ++tt)
      for (unsigned k = 0; k < q; ++k) {
        long double th = 2 * PI_L * (long double)(k * tt) / (long double)(q * r);
        size_t at = 2 * (base + (tt - 1) * q + k);
        if (f64) {
          ((double *)t)[at] = (double)cosl(th);
          ((double *)t)[at + 1] = (double)sinl(th);
        } else {
          ((float *)t)[at] = (float)cosl(th);
          ((float *)t)[at + 1] = (float)sinl(th);
        }
      }
  }
  return t;
}
