/* Rader's tables: the permutations and the filter spectrum (core/rader.h). */
#include "core/rader.h"
#include "core/transform.h"
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include "core/pi_l.h"

typedef long double ld;

static int is_prime(size_t n)
{
  if (n < 2) return 0;
  for (size_t d = 2; d <= n / d; ++d)
    if (n % d == 0) return 0;
  return 1;
}

int rader_applies(size_t n) { return n > 13 && n - 1 <= ((size_t)1 << 29) && is_prime(n) && !transform_needs_bluestein(n - 1); }

static uint64_t pow_mod(uint64_t b, uint64_t e, uint64_t p)
{
  uint64_t r = 1;
  for (b %= p; e; e >>= 1, b = b * b % p) /* p < 2^30: products fit */
    if (e & 1) r = r * b % p;
  return r;
}

size_t rader_root(size_t p)
{
  size_t L = p - 1, f[32];
  int nf = 0;
  for (size_t q = 2, r = L; r > 1; ++q) /* L's distinct prime factors (all <= 13) */
    if (r % q == 0) {
      f[nf++] = q;
      while (r % q == 0) r /= q;
    }
  for (size_t g = 2; g < p; ++g) {
    int ok = 1;
    for (int i = 0; i < nf && ok; ++i) ok = pow_mod(g, L / f[i], p) != 1;
    if (ok) return g;
  }
  return 0;
}

size_t rader_table_bytes(pointwise_kind kind, size_t p, int f64)
{
  return (p - 1) * (kind == POINTWISE_RADER_FILTER ? (f64 ? 2 * sizeof(double) : 2 * sizeof(float)) : sizeof(uint32_t));
}

/* out = DFT_n(x) forward (exp(-2 pi i jk / n)), x read with stride s, by its smallest prime factor
 * first (decimation in time): n times the sum of its prime factors operations; y: 2n scratch
 * values (each level combines after its sub-DFTs are done with it). */
static void host_dft(const ld *x, size_t s, size_t n, ld *out, ld *y)
{
  if (n == 1) {
    out[0] = x[0], out[1] = x[1];
    return;
  }
  size_t r = 2;
  while (n % r) ++r;
  size_t m = n / r;
  for (size_t j = 0; j < r; ++j) host_dft(x + 2 * j * s, s * r, m, out + 2 * j * m, y); /* sub-DFT j: x_(j + r t) */
  for (size_t k = 0; k < n; ++k) {
    ld re = 0, im = 0;
    for (size_t j = 0; j < r; ++j) {
      ld a = -2 * PI_L * (ld)((j * k) % n) / (ld)n, c = cosl(a), sn = sinl(a);
      const ld *z = out + 2 * (j * m + k % m);
      re += z[0] * c - z[1] * sn, im += z[0] * sn + z[1] * c;
    }
    y[2 * k] = re, y[2 * k + 1] = im;
  }
  for (size_t k = 0; k < 2 * n; ++k) out[k] = y[k];
}

void *rader_table(pointwise_kind kind, size_t p, int sign, int f64)
{
  size_t L = p - 1, g = rader_root(p), gi = pow_mod(g, p - 2, p);
  void *out = malloc(rader_table_bytes(kind, p, f64));
  if (!out || !g) {
    free(out);
    return NULL;
  }
  if (kind != POINTWISE_RADER_FILTER) { /* g^q or g^-q mod p */
    uint64_t e = 1, step = kind == POINTWISE_RADER_IN ? g : gi;
    for (size_t q = 0; q < L; ++q, e = e * step % p) ((uint32_t *)out)[q] = (uint32_t)e;
    return out;
  }
  ld *b = malloc(2 * L * sizeof *b), *B = malloc(2 * L * sizeof *B), *y = malloc(2 * L * sizeof *y);
  if (!b || !B || !y) {
    free(b), free(B), free(y), free(out);
    return NULL;
  }
  uint64_t e = 1;
  for (size_t j = 0; j < L; ++j, e = e * gi % p) { /* b_j = w^(g^-j) */
    ld a = 2 * PI_L * (ld)e / (ld)p;
    b[2 * j] = cosl(a), b[2 * j + 1] = sign * sinl(a);
  }
  host_dft(b, 1, L, B, y);
  for (size_t j = 0; j < 2 * L; ++j) {
    ld v = B[j] / (ld)L;
    if (f64) ((double *)out)[j] = (double)v;
    else ((float *)out)[j] = (float)v;
  }
  free(b), free(B), free(y);
  return out;
}
