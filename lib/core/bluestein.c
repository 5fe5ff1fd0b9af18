/* Bluestein's tables: the chirps and the filter spectrum (core/bluestein.h). */
#include "core/bluestein.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "core/pi_l.h"

typedef long double ld;

size_t bluestein_m(size_t n)
{
  size_t m = 1;
  while (m < 2 * n - 1) m <<= 1;
  return m;
}

size_t bluestein_entries(pointwise_kind kind, size_t n, size_t m)
{
  return kind == POINTWISE_FILTER ? m : kind == POINTWISE_R2C_POST ? m / 2 + 2 : n;
}

/* c_j = exp(sign i pi j^2 / n), j^2 reduced mod 2n exactly (j < 2^30, so j^2 fits 64 bits). */
static void chirp(size_t j, size_t n, int sign, ld *re, ld *im)
{
  uint64_t r = ((uint64_t)j * (uint64_t)j) % (2 * (uint64_t)n);
  ld a = PI_L * (ld)r / (ld)n;
  *re = cosl(a);
  *im = sign * sinl(a);
}

/* In-place forward (exp(-2 pi i jk / m)) radix-2 FFT of x[0..2m-1] (interleaved) with the
 * twiddles w[0..m/2-1] = exp(-2 pi i j / m). */
static void host_fft(ld *x, size_t m, const ld *w)
{
  for (size_t i = 1, j = 0; i < m; ++i) { /* bit reversal */
    size_t bit = m >> 1;
    for (; j & bit; bit >>= 1) j ^= bit;
    j ^= bit;
    if (i < j) {
      ld tr = x[2 * i], ti = x[2 * i + 1];
      x[2 * i] = x[2 * j], x[2 * i + 1] = x[2 * j + 1];
      x[2 * j] = tr, x[2 * j + 1] = ti;
    }
  }
  for (size_t len = 2; len <= m; len <<= 1) {
    size_t half = len / 2, step = m / len;
    for (size_t s = 0; s < m; s += len)
      for (size_t k = 0; k < half; ++k) {
        ld wr = w[2 * k * step], wi = w[2 * k * step + 1];
        ld *a = x + 2 * (s + k), *b = x + 2 * (s + k + half);
        ld tr = b[0] * wr - b[1] * wi, ti = b[0] * wi + b[1] * wr;
        b[0] = a[0] - tr, b[1] = a[1] - ti;
        a[0] += tr, a[1] += ti;
      }
  }
}

/* B = FFT_m(b), b_j = conj(c_j) for j < n and b_(m-j) = b_j, into out (2m values). */
static int filter(size_t n, size_t m, int sign, ld *out)
{
  ld *w = malloc((m / 2 + 1) * 2 * sizeof *w);
  if (!w) return -1;
  for (size_t j = 0; j < m / 2; ++j) { /* exp(-2 pi i j / m), by the first octant's angles */
    ld a = 2 * PI_L * (ld)j / (ld)m;
    w[2 * j] = cosl(a);
    w[2 * j + 1] = -sinl(a);
  }
  for (size_t j = 0; j < 2 * m; ++j) out[j] = 0;
  for (size_t j = 0; j < n; ++j) {
    ld re, im;
    chirp(j, n, sign, &re, &im);
    out[2 * j] = re, out[2 * j + 1] = -im;
    if (j) out[2 * (m - j)] = re, out[2 * (m - j) + 1] = -im;
  }
  if (m > 1) host_fft(out, m, w);
  free(w);
  return 0;
}

void *bluestein_table(pointwise_kind kind, size_t n, size_t m, int sign, double scale, int f64)
{
  size_t count = bluestein_entries(kind, n, m);
  ld *x = malloc(2 * (kind == POINTWISE_FILTER ? m : count) * sizeof *x);
  void *out = malloc(count * (f64 ? 2 * sizeof(double) : 2 * sizeof(float)));
  if (!x || !out || (kind == POINTWISE_FILTER && filter(n, m, sign, x) != 0)) {
    free(x);
    free(out);
    return NULL;
  }
  if (kind == POINTWISE_R2C_POST) {
    ld h = (ld)scale / 2;
    for (size_t j = 0; j + 1 < count; ++j) x[2 * j] = h * cosl(PI_L * (ld)j / (ld)m), x[2 * j + 1] = -h * sinl(PI_L * (ld)j / (ld)m);
    x[2 * (count - 1)] = h, x[2 * (count - 1) + 1] = 0;
  } else if (kind != POINTWISE_FILTER)
    for (size_t j = 0; j < count; ++j) {
      chirp(j, n, sign, &x[2 * j], &x[2 * j + 1]);
      if (kind == POINTWISE_CHIRP_OUT) x[2 * j] *= (ld)scale / (ld)m, x[2 * j + 1] *= (ld)scale / (ld)m;
    }
  for (size_t j = 0; j < 2 * count; ++j) {
    if (f64) ((double *)out)[j] = (double)x[j];
    else ((float *)out)[j] = (float)x[j];
  }
  free(x);
  return out;
}
