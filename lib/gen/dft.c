/* gen_dft_body: butterflies as straight-line code on named temporaries (SSA), so the emitted text
 * reads like the algebra and the OpenCL compiler sees every constant. */
#include "gen/dft.h"
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "core/pi_l.h"

typedef struct { char re[64], im[64]; } val;

typedef struct dctx {
  text_buf *b;
  const char *type, *ind;
  int f64, sign, next;
} dctx;

void gen_literal(text_buf *sticky, char *buf, size_t len, long double x, int f64)
{
  if (x == 0) x = 0; /* no "-0" */
  if (f64) tb_format(sticky, buf, len, "%s%.17e%s", x < 0 ? "(" : "", (double)x, x < 0 ? ")" : "");
  else tb_format(sticky, buf, len, "%s%.9ef%s", x < 0 ? "(" : "", (double)(float)x, x < 0 ? ")" : "");
}

int gen_scale_literal(text_buf *sticky, char *buf, size_t len, const problem *p, int apply)
{
  buf[0] = '\0';
  if (!apply || p->scale == 1.0) return 0;
  gen_literal(sticky, buf, len, p->scale, p->f64);
  return 1;
}

/* A new temporary with the given real and imaginary expressions. */
static val tmp(dctx *d, const char *re, const char *im)
{
  val v;
  int id = d->next++;
  tb_format(d->b, v.re, sizeof v.re, "d%dr", id);
  tb_format(d->b, v.im, sizeof v.im, "d%di", id);
  tb_printf(d->b, "%sconst %s %s = %s, %s = %s;\n", d->ind, d->type, v.re, re, v.im, im);
  return v;
}

static val add(dctx *d, val a, val c)
{
  char re[320], im[320];
  tb_format(d->b, re, sizeof re, "%s + %s", a.re, c.re);
  tb_format(d->b, im, sizeof im, "%s + %s", a.im, c.im);
  return tmp(d, re, im);
}

static val sub(dctx *d, val a, val c)
{
  char re[320], im[320];
  tb_format(d->b, re, sizeof re, "%s - %s", a.re, c.re);
  tb_format(d->b, im, sizeof im, "%s - %s", a.im, c.im);
  return tmp(d, re, im);
}

/* a * exp(sign * 2 pi i e / r), with the eighth-turn cases as adds and swaps. */
static val twiddle(dctx *d, val a, unsigned e, unsigned r)
{
  e %= r;
  if (e == 0) return a;
  char re[320], im[320];
  int s = d->sign;
  if ((8 * e) % r == 0) {
    unsigned oct = 8 * e / r;
    if (oct == 4) {
      tb_format(d->b, re, sizeof re, "-%s", a.re);
      tb_format(d->b, im, sizeof im, "-%s", a.im);
      return tmp(d, re, im);
    }
    if (oct == 2 || oct == 6) { /* times +-i */
      int plus_i = (oct == 2) == (s > 0);
      tb_format(d->b, re, sizeof re, "%s%s", plus_i ? "-" : "", a.im);
      tb_format(d->b, im, sizeof im, "%s%s", plus_i ? "" : "-", a.re);
      return tmp(d, re, im);
    }
    /* (cr + i ci) with |cr| = |ci| = sqrt(1/2) */
    int cr = (oct == 1 || oct == 7) ? 1 : -1;
    int ci = ((oct == 1 || oct == 3) ? 1 : -1) * s;
    char h[48];
    gen_literal(d->b, h, sizeof h, sqrtl(0.5L), d->f64);
    tb_format(d->b, re, sizeof re, "%s * (%s%s %s %s)", h, cr > 0 ? "" : "-", a.re, ci > 0 ? "-" : "+", a.im);
    tb_format(d->b, im, sizeof im, "%s * (%s%s %s %s)", h, cr > 0 ? "" : "-", a.im, ci > 0 ? "+" : "-", a.re);
    return tmp(d, re, im);
  }
  long double th = 2 * PI_L * e / r;
  char c[48], sn[48];
  gen_literal(d->b, c, sizeof c, cosl(th), d->f64);
  gen_literal(d->b, sn, sizeof sn, s * sinl(th), d->f64);
  tb_format(d->b, re, sizeof re, "%s * %s - %s * %s", c, a.re, sn, a.im);
  tb_format(d->b, im, sizeof im, "%s * %s + %s * %s", c, a.im, sn, a.re);
  return tmp(d, re, im);
}

static void fft(dctx *d, unsigned r, const val *in, val *out);

/* sum_t c[t] x[t] (real coefficients c) for both components, as one temporary; x[t] with c[t] = 0
 * are left out, and `first` (when given) is added with coefficient 1. */
static val real_combination(dctx *d, const val *first, const val *x, const long double *c, unsigned n)
{
  text_buf re, im;
  text_buf_init(&re);
  text_buf_init(&im);
  if (first) tb_printf(&re, "%s", first->re), tb_printf(&im, "%s", first->im);
  for (unsigned t = 0; t < n; ++t) {
    char lit[48];
    gen_literal(d->b, lit, sizeof lit, c[t], d->f64);
    tb_printf(&re, "%s%s * %s", re.len ? " + " : "", lit, x[t].re);
    tb_printf(&im, "%s%s * %s", im.len ? " + " : "", lit, x[t].im);
  }
  val v = {{""}, {""}};
  if (re.failed || im.failed) d->b->failed = re.failed ? re.failed : im.failed;
  else v = tmp(d, re.data, im.data);
  text_buf_free(&re);
  text_buf_free(&im);
  return v;
}

/* An odd prime r by the symmetric pairs a_t = x_t + x_{r-t}, b_t = x_t - x_{r-t} (FFTW's codelets,
 * VkFFT): X_k = x_0 + sum a_t cos(2 pi t k / r) +- i sign sum b_t sin(2 pi t k / r) for k and r - k,
 * (r - 1)^2 real products per component instead of r^2. */
static void odd_prime(dctx *d, unsigned r, const val *in, val *out)
{
  unsigned h = (r - 1) / 2;
  val a[8], b[8];
  for (unsigned t = 1; t <= h; ++t) {
    a[t - 1] = add(d, in[t], in[r - t]);
    b[t - 1] = sub(d, in[t], in[r - t]);
  }
  long double ones[8];
  for (unsigned t = 0; t < h; ++t) ones[t] = 1;
  out[0] = real_combination(d, &in[0], a, ones, h);
  for (unsigned k = 1; k <= h; ++k) {
    long double c[8], sn[8];
    for (unsigned t = 1; t <= h; ++t) {
      long double th = 2 * PI_L * ((t * k) % r) / r;
      c[t - 1] = cosl(th);
      sn[t - 1] = d->sign * sinl(th);
    }
    val A = real_combination(d, &in[0], a, c, h), B = real_combination(d, NULL, b, sn, h);
    char re[160], im[160];
    /* X_k = A + i B, X_{r-k} = A - i B */
    tb_format(d->b, re, sizeof re, "%s - %s", A.re, B.im);
    tb_format(d->b, im, sizeof im, "%s + %s", A.im, B.re);
    out[k] = tmp(d, re, im);
    tb_format(d->b, re, sizeof re, "%s + %s", A.re, B.im);
    tb_format(d->b, im, sizeof im, "%s - %s", A.im, B.re);
    out[r - k] = tmp(d, re, im);
  }
}

static unsigned gcd(unsigned a, unsigned b) { return b ? gcd(b, a % b) : a; }

/* Cooley-Tukey, decimation in time, r = f x m: f sub-DFTs of size m on the inputs n1 + f*n2,
 * twiddles, m DFTs of size f. */
static void cooley_tukey(dctx *d, unsigned r, unsigned f, const val *in, val *out)
{
  unsigned m = r / f;
  val sub_in[32], y[32], col[16], z[16];
  for (unsigned n1 = 0; n1 < f; ++n1) {
    for (unsigned n2 = 0; n2 < m; ++n2) sub_in[n2] = in[n1 + f * n2];
    fft(d, m, sub_in, y + n1 * m);
  }
  for (unsigned k2 = 0; k2 < m; ++k2) {
    for (unsigned n1 = 0; n1 < f; ++n1) col[n1] = twiddle(d, y[n1 * m + k2], n1 * k2, r);
    fft(d, f, col, z);
    for (unsigned k1 = 0; k1 < f; ++k1) out[k2 + m * k1] = z[k1];
  }
}

/* A composite r = f x m that is not a power of two: coprime factors by the prime-factor algorithm
 * (Good-Thomas: input n = (m n1 + f n2) mod r, output k = k1 mod f = k2 mod m, no twiddles), the
 * others (9 = 3 x 3) by Cooley-Tukey as below. */
static void composite(dctx *d, unsigned r, unsigned f, const val *in, val *out)
{
  unsigned m = r / f;
  val col[16], y[16], z[16];
  if (gcd(f, m) != 1) {
    cooley_tukey(d, r, f, in, out);
    return;
  }
  for (unsigned n2 = 0; n2 < m; ++n2) { /* y[n2 f + k1]: the f-point DFTs */
    for (unsigned n1 = 0; n1 < f; ++n1) col[n1] = in[(m * n1 + f * n2) % r];
    fft(d, f, col, y + n2 * f);
  }
  for (unsigned k1 = 0; k1 < f; ++k1) {
    for (unsigned n2 = 0; n2 < m; ++n2) col[n2] = y[n2 * f + k1];
    fft(d, m, col, z);
    for (unsigned k = 0; k < r; ++k)
      if (k % f == k1) out[k] = z[k % m];
  }
}

/* out[k] = DFT_r(in)[k], recursively: radix 2 and 4 directly, larger powers of two by
 * cooley_tukey (4 x m from 16 on, else 2 x m); odd primes by symmetric pairs, other composites from
 * their factors. */
static void fft(dctx *d, unsigned r, const val *in, val *out)
{
  if (r > 2 && (r & (r - 1))) {
    unsigned f = r % 4 == 0 ? 4 : 2;
    while (r % f) ++f; /* the smallest prime factor (or 4) */
    if (f == r) odd_prime(d, r, in, out);
    else composite(d, r, f, in, out);
    return;
  }
  if (r == 1) {
    out[0] = in[0];
    return;
  }
  if (r == 2) {
    out[0] = add(d, in[0], in[1]);
    out[1] = sub(d, in[0], in[1]);
    return;
  }
  if (r == 4) {
    val s0 = add(d, in[0], in[2]), s1 = sub(d, in[0], in[2]);
    val s2 = add(d, in[1], in[3]), s3 = twiddle(d, sub(d, in[1], in[3]), 1, 4);
    out[0] = add(d, s0, s2);
    out[2] = sub(d, s0, s2);
    out[1] = add(d, s1, s3);
    out[3] = sub(d, s1, s3);
    return;
  }
  cooley_tukey(d, r, r >= 16 ? 4 : 2, in, out);
}

/* The textbook sum X[k] = sum_t x[t] w^(tk), every product written out. */
static void direct(dctx *d, unsigned r, const val *in, val *out)
{
  for (unsigned k = 0; k < r; ++k) {
    text_buf re, im;
    text_buf_init(&re);
    text_buf_init(&im);
    for (unsigned t = 0; t < r; ++t) {
      long double th = 2 * PI_L * ((t * k) % r) / r;
      char c[48], s[48];
      gen_literal(d->b, c, sizeof c, cosl(th), d->f64);
      gen_literal(d->b, s, sizeof s, d->sign * sinl(th), d->f64);
      tb_printf(&re, "%s%s * %s - %s * %s", t ? " + " : "", c, in[t].re, s, in[t].im);
      tb_printf(&im, "%s%s * %s + %s * %s", t ? " + " : "", c, in[t].im, s, in[t].re);
    }
    int id = d->next++;
    tb_format(d->b, out[k].re, sizeof out[k].re, "d%dr", id);
    tb_format(d->b, out[k].im, sizeof out[k].im, "d%di", id);
    if (re.failed || im.failed) d->b->failed = re.failed ? re.failed : im.failed;
    else
      tb_printf(d->b, "%sconst %s %s = %s;\n%sconst %s %s = %s;\n", d->ind, d->type, out[k].re, re.data,
                d->ind, d->type, out[k].im, im.data);
    text_buf_free(&re);
    text_buf_free(&im);
  }
}

void gen_dft_body(text_buf *b, unsigned r, int sign, const char *type, int f64, int cse, const char *indent)
{
  dctx d = {b, type, indent, f64, sign, 0};
  val in[32] = {{"", ""}}, out[32];
  for (unsigned t = 0; t < r; ++t) {
    tb_format(b, in[t].re, sizeof in[t].re, "ar[%u]", t);
    tb_format(b, in[t].im, sizeof in[t].im, "ai[%u]", t);
  }
  if (cse) fft(&d, r, in, out);
  else direct(&d, r, in, out);
  for (unsigned t = 0; t < r; ++t) tb_printf(b, "%sar[%u] = %s; ai[%u] = %s;\n", indent, t, out[t].re, t, out[t].im);
}
