/* The host's side of ABFT (core/abft.h): the weights' table, e = W^-T a by an FFT in double. */
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

/* a_k (second = 0) or b_k: alpha_(k mod m) beta_(k div m), exact in double (12-bit factors). */
static void input_weight(size_t n, size_t k, int second, double *re, double *im)
{
  size_t m = n / abft_split(n);
  uint32_t c = (uint32_t)(k % m), q = (uint32_t)(k / m);
  double ar = abft_weight(c, 0, second), ai = abft_weight(c, 1, second);
  double br = abft_weight(ABFT_BETA + q, 0, second), bi = abft_weight(ABFT_BETA + q, 1, second);
  *re = ar * br - ai * bi, *im = ar * bi + ai * br;
}

void *abft_table(size_t n, int sign, int f64)
{
  size_t R = abft_split(n), m = n / R, len = abft_table_entries(n);
  double *a = malloc(2 * len * sizeof *a), *w = malloc(2 * n * sizeof *w);
  if (!a || !w) {
    free(a);
    free(w);
    return NULL;
  }
  for (int second = 0; second < 2; ++second) {
    double *al = a + 2 * m * (size_t)second, *be = a + 2 * (2 * m + R * (size_t)second), *out = a + 2 * abft_out_at(n);
    for (size_t c = 0; c < m; ++c) al[2 * c] = abft_weight((uint32_t)c, 0, second), al[2 * c + 1] = abft_weight((uint32_t)c, 1, second);
    for (size_t q = 0; q < R; ++q)
      be[2 * q] = abft_weight(ABFT_BETA + (uint32_t)q, 0, second), be[2 * q + 1] = abft_weight(ABFT_BETA + (uint32_t)q, 1, second);
    for (size_t k = 0; k < n; ++k) input_weight(n, k, second, &w[2 * k], &w[2 * k + 1]);
    fft_double(w, n, -sign);
    for (size_t j = 0; j < n; ++j) out[2 * (2 * j + (size_t)second)] = w[2 * j] / (double)n, out[2 * (2 * j + (size_t)second) + 1] = w[2 * j + 1] / (double)n;
  }
  free(w);
  if (f64) return a;
  float *f = malloc(2 * len * sizeof *f);
  if (f)
    for (size_t k = 0; k < 2 * len; ++k) f[k] = (float)a[k];
  free(a);
  return f;
}

double abft_out_energy(size_t n)
{
  double s = 0;
  for (int second = 0; second < 2; ++second)
    for (size_t k = 0; k < n; ++k) {
      double re, im;
      input_weight(n, k, second, &re, &im);
      s += re * re + im * im;
    }
  return s / (double)n;
}
