/* The host's side of ABFT (core/abft.h): the table a = e^T W by an FFT in double. */
#include "core/abft.h"
#include <math.h>
#include <stdlib.h>

double abft_default_threshold(int f64) { return f64 ? 3e-15 : 1.5e-6; }

/* In-place radix-2 FFT of x (n interleaved complex doubles), exponent sign: decimation in time
 * after a bit-reversal permutation, each stage's twiddles from cos/sin directly (no recurrence, so
 * the error stays near a few ulps times log2 n). */
static void fft_double(double *x, size_t n, int sign)
{
  for (size_t i = 1, j = 0; i < n; ++i) {
    size_t bit = n >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j |= bit;
    if (i < j) {
      double tr = x[2 * i], ti = x[2 * i + 1];
      x[2 * i] = x[2 * j], x[2 * i + 1] = x[2 * j + 1];
      x[2 * j] = tr, x[2 * j + 1] = ti;
    }
  }
  const double pi = 3.14159265358979323846;
  for (size_t len = 2; len <= n; len <<= 1) {
    size_t half = len / 2;
    for (size_t k = 0; k < half; ++k) {
      double a = sign * 2.0 * pi * (double)k / (double)len, wr = cos(a), wi = sin(a);
      for (size_t s = 0; s < n; s += len) {
        double *u = x + 2 * (s + k), *v = x + 2 * (s + k + half);
        double tr = v[0] * wr - v[1] * wi, ti = v[0] * wi + v[1] * wr;
        v[0] = u[0] - tr, v[1] = u[1] - ti;
        u[0] += tr, u[1] += ti;
      }
    }
  }
}

void *abft_table(size_t n, int sign, int f64)
{
  double *a = malloc(2 * ABFT_TABLE_PARTS * n * sizeof *a);
  if (!a) return NULL;
  for (int second = 0; second < 2; ++second) {
    double *t = a + 2 * n * (size_t)second, *w = a + 2 * n * (size_t)(2 + second);
    for (size_t j = 0; j < n; ++j) w[2 * j] = abft_weight((uint32_t)j, 0, second), w[2 * j + 1] = abft_weight((uint32_t)j, 1, second);
    for (size_t j = 0; j < 2 * n; ++j) t[j] = w[j];
    fft_double(t, n, sign);
  }
  if (f64) return a;
  float *f = malloc(2 * ABFT_TABLE_PARTS * n * sizeof *f);
  if (f)
    for (size_t k = 0; k < 2 * ABFT_TABLE_PARTS * n; ++k) f[k] = (float)a[k];
  free(a);
  return f;
}
