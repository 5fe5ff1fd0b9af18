/* Bluestein's chirp-z algorithm (core/bluestein.h) against FFTW in long double: the lengths that
 * go to it, primes up to beyond 2^16, f64, multi-dimensional transforms with a Bluestein dimension,
 * batches with distances, offsets and strides, in place, planar, backward with a scale, the round
 * trip, a plan string forcing it on any length (and wisdom rebuilding it), and its error next to
 * FFTW's own at the same precision.
 *
 * PoCL takes a second or more to build each kernel, so make check runs what shares kernels: its FFT
 * kernels depend on M (and the batch's fit) only, its pointwise kernels on the layouts only, so
 * batches of one packed transform of lengths with M = 64 and 256 (the sweep, 17, 127, FFTW's error,
 * the round trip, the forced plans) cost two FFT kernels and three pointwise ones.  check-full runs
 * every length 2..1024, 65537, 4099 in f64, and more layouts and dimensions. */
#include "core/transform.h"
#include "suites.h"
#include "testutil.h"
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* FFTW's own error on the input test_run uses (seed), at f32 or f64, against long double. */
static double fftw_error(size_t n, size_t batch, int f64, int sign, unsigned seed)
{
  size_t count = n * batch;
  double *in = malloc(16 * count), *ref = malloc(16 * count), *got = malloc(16 * count);
  test_random(in, 2 * count, seed);
  if (!f64)
    for (size_t i = 0; i < 2 * count; ++i) in[i] = (float)in[i];
  test_reference(in, ref, n, batch, sign);
  int ni = (int)n, dir = sign < 0 ? FFTW_FORWARD : FFTW_BACKWARD;
  if (f64) {
    fftw_complex *a = fftw_malloc(sizeof *a * count), *b = fftw_malloc(sizeof *b * count);
    fftw_plan p = fftw_plan_many_dft(1, &ni, (int)batch, a, NULL, 1, ni, b, NULL, 1, ni, dir, FFTW_ESTIMATE);
    memcpy(a, in, 16 * count);
    fftw_execute(p);
    memcpy(got, b, 16 * count);
    fftw_destroy_plan(p);
    fftw_free(a), fftw_free(b);
  } else {
    fftwf_complex *a = fftwf_malloc(sizeof *a * count), *b = fftwf_malloc(sizeof *b * count);
    fftwf_plan p = fftwf_plan_many_dft(1, &ni, (int)batch, a, NULL, 1, ni, b, NULL, 1, ni, dir, FFTW_ESTIMATE);
    for (size_t i = 0; i < count; ++i) a[i][0] = (float)in[2 * i], a[i][1] = (float)in[2 * i + 1];
    fftwf_execute(p);
    for (size_t i = 0; i < count; ++i) got[2 * i] = b[i][0], got[2 * i + 1] = b[i][1];
    fftwf_destroy_plan(p);
    fftwf_free(a), fftwf_free(b);
  }
  double e = test_rel_error(got, ref, count);
  free(in), free(ref), free(got);
  return e;
}

/* Runs a 1D packed transform of n (batch of them) by the plan ppfft_plan_create makes, or the one
 * variant names, and checks it against FFTW in long double within the library's bound; returns
 * the error.  With `plan`, the plan string must name Bluestein's passes (BSF). */
static double check_1d(size_t n, size_t batch, int f64, int backward, int inplace, const char *variant, unsigned seed)
{
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, batch);
  d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
  d.direction = backward ? PPFFT_BACKWARD : PPFFT_FORWARD;
  d.inplace = inplace;
  double err;
  ppfft_status s = test_run(&d, variant, seed, &err);
  ck_assert_msg(s == PPFFT_SUCCESS, "N = %zu %s: %s", n, f64 ? "f64" : "f32", ppfft_context_last_error(test_env_get()->ctx));
  double bound = test_bound(n, f64);
  ck_assert_msg(err <= bound, "N = %zu %s %s%s: error %g > %g", n, f64 ? "f64" : "f32", backward ? "backward" : "forward",
                inplace ? " in place" : "", err, bound);
  return err;
}

/* The plan string ppfft_plan_create makes for a 1D transform of n. */
static void describe_1d(size_t n, int f64, char *buf, size_t len)
{
  test_env *t = test_env_get();
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
  ppfft_plan *p = NULL;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_plan_describe(p, buf, len), PPFFT_SUCCESS);
  ppfft_plan_destroy(p);
}

/* Every length that Bluestein takes up to 1024 in check-full; under make check, for M = 64 and 256,
 * its shortest and longest lengths and one between (forward and backward alternately, each its own
 * plan: the kernels are shared through the program cache); each within the bound and next to
 * FFTW's own error. */
START_TEST(lengths_f32)
{
  size_t tried = 0, worst_n = 0;
  double worst = 0, worst_ratio = 0;
  for (size_t M = test_full() ? 8 : 64; M <= (test_full() ? 2048u : 256u); M *= test_full() ? 2 : 4) {
    size_t lo = M / 4 + 1, hi = M / 2; /* the lengths whose M this is */
    size_t sample[] = {lo, lo + (hi - lo) / 3 * 2 + 1, hi - 1};
    size_t count = test_full() ? hi - lo + 1 : sizeof sample / sizeof sample[0];
    for (size_t i = 0; i < count; ++i) {
      size_t n = test_full() ? lo + i : sample[i];
      while (!test_full() && n < hi && !transform_needs_bluestein(n)) ++n; /* the sample: Bluestein's lengths */
      if (!transform_needs_bluestein(n)) continue; /* mixed radix (check_lengths) */
      /* check-full over 1024..2048 points: one short transform's error is a few roundings, and its
       * ratio to FFTW's the luck of one random draw (N = 19 alone: 2.58x); one batch per M, so that
       * the lengths of an M share their kernels (make check keeps one transform: the batches' own
       * kernels would double its time, and its six draws are fixed and pass) */
      size_t batch = test_full() && M < 4096 ? 4096 / M : 1;
      double e = check_1d(n, batch, 0, (int)(n & 1), 0, NULL, (unsigned)n),
             ratio = e / fftw_error(n, batch, 0, (n & 1) ? 1 : -1, (unsigned)n);
      worst = e / test_bound(n, 0) > worst ? e / test_bound(n, 0) : worst;
      if (ratio > worst_ratio) worst_ratio = ratio, worst_n = n;
      /* twice FFTW's own error (versus_fftw), with room below 16 points, where FFTW's is a few
       * roundings and one random draw of one transform decides */
      ck_assert_msg(ratio <= (n < 16 ? 2.5 : 2.0), "N = %zu: error %g, %.2fx FFTW's own", n, e, ratio);
      ++tried;
    }
  }
  printf("Bluestein f32: %zu lengths (M = %s), worst error %.3f of the bound, %.2fx FFTW's own at N = %zu\n", tried,
         test_full() ? "8..2048" : "64, 256", worst, worst_ratio, worst_n);
}
END_TEST

/* The plan says Bluestein, with which M (a power of two keeps its own passes: check-full); 17
 * goes to Rader's (two FFTs of 16: tests/check_rader.c).  The estimate does not fuse the pointwise
 * steps into the FFTs (BFF, BFI: forced below). */
START_TEST(plan_string)
{
  char buf[4096];
  describe_1d(103, 0, buf, sizeof buf);
  ck_assert_msg(strstr(buf, "r16x16/") && strstr(buf, "+BSF/") && strstr(buf, "+BSI/"), "N = 103: %s", buf);
  describe_1d(17, 0, buf, sizeof buf);
  ck_assert_msg(strstr(buf, "r16/") && strstr(buf, "+BSF/") && strstr(buf, "+BSI/"), "N = 17: %s", buf);
  if (!test_full()) return;
  describe_1d(64, 0, buf, sizeof buf);
  ck_assert_msg(!strstr(buf, "+BS"), "N = 64: %s", buf);
}
END_TEST

/* Primes: 17, 127, 4099 (M = 2^14, split in passes) and 65537 (M = 2^18) in f32; 17, 127, 4099 in
 * f64 (65537, 127 and 4099 in f64 and the batches in check-full). */
START_TEST(primes)
{
  static const struct { size_t n, batch; int f64, backward, inplace, full; } cases[] = {
    {17, 1, 0, 0, 0, 0}, {127, 1, 0, 1, 0, 0}, {4099, 1, 0, 0, 0, 0}, {65537, 1, 0, 1, 0, 1},
    {17, 1, 1, 1, 0, 0}, {127, 1, 1, 0, 0, 1}, {4099, 1, 1, 0, 0, 1}, {17, 3, 0, 0, 0, 1}, {127, 2, 0, 1, 1, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    if (cases[i].full && !test_full()) continue; /* check-full only */
    if (cases[i].f64 && !test_has_fp64("f64 primes")) continue;
    check_1d(cases[i].n, cases[i].batch, cases[i].f64, cases[i].backward, cases[i].inplace, NULL, 7 + (unsigned)i);
  }
}
END_TEST

/* Against FFTW's own error at the same precision on the same input: at most twice it, as the
 * issue asks (Bluestein computes two FFTs of M >= 2N - 1 and three products, FFTW one FFT of N). */
START_TEST(versus_fftw)
{
  static const struct { size_t n; int f64, full; } cases[] = {
    {17, 0, 0}, {100, 0, 0}, {127, 0, 0}, {4099, 0, 0}, {17, 1, 0}, {127, 1, 1}, {1000, 0, 1}, {1000, 1, 1}, {65537, 0, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    if (cases[i].full && !test_full()) continue; /* check-full only */
    if (cases[i].f64 && !test_has_fp64("f64 against FFTW")) continue;
    size_t n = cases[i].n, batch = 1;
    unsigned seed = 100 + (unsigned)i;
    double ours = check_1d(n, batch, cases[i].f64, 0, 0, NULL, seed), theirs = fftw_error(n, batch, cases[i].f64, -1, seed);
    printf("  N = %zu %s: error %.3g, FFTW's %.3g (%.2fx)\n", n, cases[i].f64 ? "f64" : "f32", ours, theirs, ours / theirs);
    ck_assert_msg(ours <= 2 * theirs, "N = %zu %s: error %g > twice FFTW's %g", n, cases[i].f64 ? "f64" : "f32", ours, theirs);
  }
}
END_TEST

/* ---- any layout (tests/layoutcase.c), the plan Bluestein's ---- */

/* A Bluestein dimension among power-of-two ones, two of them, three dimensions, f64 too. */
START_TEST(multi_dim)
{
  test_layout cases[] = {
    {.rank = 2, .n = {17, 64}, .batch = 1},
    {.rank = 2, .n = {64, 17}, .batch = 2, .backward = 1},
    {.rank = 2, .n = {100, 127}, .batch = 1},
    {.rank = 3, .n = {17, 16, 19}, .batch = 2, .inplace = 1},
    {.rank = 2, .n = {17, 64}, .batch = 1, .f64 = 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
    if (i == 0 || test_full()) test_layout_run(&cases[i], "+BSF/", NULL, 0); /* one under make check */
}
END_TEST

/* Batches with distances and offsets, strides, in place, planar on either side, backward with a
 * scale. */
START_TEST(layouts)
{
  test_layout cases[] = { /* the first under make check: most of the knobs in one, and the FFT and filter kernels of 17 x 64's */
    {.rank = 1, .n = {17}, .batch = 64, .inplace = 1, .in_planar = 1, .in_dist = 20, .in_offset = 2, .backward = 1, .scale = 0.01},
    {.rank = 1, .n = {101}, .batch = 3, .inplace = 1, .in_planar = 1, .in_dist = 104, .in_offset = 2, .backward = 1, .scale = 0.01},
    {.rank = 1, .n = {101}, .batch = 3, .in_dist = 130, .out_dist = 110, .in_offset = 5, .out_offset = 3},
    {.rank = 1, .n = {17}, .batch = 4, .in_strides = {4}, .in_dist = 1, .out_strides = {1}, .out_dist = 20},
    {.rank = 1, .n = {101}, .batch = 2, .in_planar = 1, .out_planar = 1},
    {.rank = 1, .n = {101}, .batch = 2, .in_planar = 1, .inplace = 1, .backward = 1},
    {.rank = 2, .n = {17, 16}, .batch = 2, .in_strides = {40, 2}, .in_dist = 1, .out_planar = 1, .scale = 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
    if (i == 0 || test_full()) test_layout_run(&cases[i], "+BSF/", NULL, 0);
}
END_TEST

/* Forward then backward gives N times the input. */
START_TEST(round_trip)
{
  test_env *t = test_env_get();
  size_t n = 100, batch = 1, count = n * batch;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, batch);
  ppfft_plan *f = NULL, *b = NULL;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &f), PPFFT_SUCCESS);
  d.direction = PPFFT_BACKWARD;
  d.scale = 1.0 / (double)n;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &b), PPFFT_SUCCESS);
  double *x = malloc(16 * count), *y = malloc(16 * count);
  test_random(x, 2 * count, 3);
  for (size_t i = 0; i < 2 * count; ++i) x[i] = (float)x[i];
  cl_mem m = test_upload(x, count, 0), z = test_upload(x, count, 0);
  ck_assert_int_eq(ppfft_execute(f, t->q, m, z, 0, NULL, NULL), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_execute(b, t->q, z, m, 0, NULL, NULL), PPFFT_SUCCESS);
  test_download(m, y, count, 0);
  clReleaseMemObject(z);
  double err = test_rel_error(y, x, count);
  ck_assert_msg(err <= 2 * test_bound(n, 0), "round trip error %g", err);
  clReleaseMemObject(m);
  free(x), free(y);
  ppfft_plan_destroy(f);
  ppfft_plan_destroy(b);
}
END_TEST

/* A plan string forces Bluestein on any length, a power of two too, with any M >= 2N - 1 (for
 * comparisons with other algorithms); a wrong one is rejected; wisdom rebuilds the same plan. */
START_TEST(forced)
{
  char s[4096];
  describe_1d(103, 0, s, sizeof s); /* M = 256: its kernels serve N = 64 and 17 (Rader's by the estimate) too */
  s[strcspn(s, " ")] = '\0';
  check_1d(64, 1, 0, 1, 0, s, 21);
  check_1d(17, 1, 0, 0, 0, s, 22);
  check_1d(103, 1, 0, 0, 0, s, 23); /* what wisdom does with the plan string: the same plan */
  /* the same passes fused (BFF, BFI: two passes instead of five; check-full: each length builds
   * its own fused kernels), and Rader's fused (its x_0 and X_0 through the rows' extra elements),
   * backward */
  for (char *f = strstr(s, "+BS"); f; f = strstr(f, "+BS")) f[2] = 'F';
  if (test_full()) check_1d(103, 2, 0, 1, 0, s, 26);
  check_1d(17, 2, 0, 1, 0, "r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFF/wg16/t16;r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFI/wg16/t16", 27);
  /* check-full: Bluestein's FFT_M = 256 in two passes each, fused (four passes: chirp-in in the
   * first's loads, the filter and chirp-out in the second's and the fourth's stores), in place,
   * backward */
  static const char *const two = "r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFF/wg16/t16;r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFF/wg16/t16;"
                                 "r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFI/wg16/t16;r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFI/wg16/t16";
  if (test_full()) check_1d(103, 3, 0, 1, 1, two, 28);
  /* Rader's 17 in two passes each (four: x_0 into the rows' element L by the first pass's loads,
   * X_0 beside it by the second's stores, both read by the fourth's), backward, a batch of three;
   * check-full: Bluestein's FFT_M = 256 in three passes each, fused (six passes: chirp-in in the
   * first's loads, the filter in the third's stores, the transform index mod 32 its digits
   * k0 + 4 k1; chirp-out in the sixth's), in place (five kernels of their own: 3 s on PoCL) */
  static const char *const three = "r4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFF/wg4/t4;r8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFF/wg8/t8;"
                                   "r8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFF/wg8/t8;r4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFI/wg4/t4;"
                                   "r8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFI/wg8/t8;r8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFI/wg8/t8";
  if (test_full()) check_1d(103, 2, 0, 0, 1, three, 29);
  static const char *const rader2 = "r4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFF/wg4/t4;r4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFF/wg4/t4;"
                                    "r4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFI/wg4/t4;r4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+BFI/wg4/t4";
  check_1d(17, 3, 0, 1, 0, rader2, 30);
  if (test_full()) { /* the same in f64, and Rader's 65537 in two passes of 256 (XR2 and COLS in the first), in place */
    if (test_has_fp64("f64 fused passes")) check_1d(103, 2, 1, 1, 0, three, 31);
    if (test_has_fp64("f64 fused passes")) check_1d(17, 2, 1, 0, 1, rader2, 32);
    static const char *const r65537 = "r16x16/RP+LM-CM+XR2+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU+BFF/wg256/t32;r16x16/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU+BFF/wg256/t16;"
                                      "r16x16/RP+LM-CM+XR2+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU+BFI/wg256/t32;r16x16/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU+BFI/wg256/t16";
    check_1d(65537, 2, 0, 0, 1, r65537, 33);
  }
  if (test_full()) {
    static const char *const v = "RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU";
    snprintf(s, sizeof s, "r16x8/%s+BSF/wg8/t1;r16x8/%s+BSI/wg8/t1", v, v); /* N = 64, M = 128 */
    check_1d(64, 2, 0, 1, 0, s, 24);
    snprintf(s, sizeof s, "r16x16x4/%s+BSF/wg16/t1;r16x16x4/%s+BSI/wg16/t1", v, v); /* N = 100, M = 1024 > 256 */
    check_1d(100, 1, 0, 0, 1, s, 25);
  }
  test_env *t = test_env_get();
  size_t n = 100;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  static const char *const bad[] = {
    "r16x8/RP+LM-CM+CGAP+VASM2+CM-K+BSF/wg8/t1;r16x8/RP+LM-CM+CGAP+VASM2+CM-K+BSI/wg8/t1", /* M = 128 < 199 */
    "r16x16/RP+LM-CM+CGAP+VASM2+CM-K+BSF/wg16/t1",                                          /* no inverse */
    "r16x16/RP+LM-CM+CGAP+VASM2+CM-K+BSF/wg16/t1;r16x16/RP+LM-CM+CGAP+VASM2+CM-K/wg16/t1", /* not BSI */
    "r16x16/RP+LM-CM+CGAP+VASM2+CM-K+BFF/wg16/t1;r16x16/RP+LM-CM+CGAP+VASM2+CM-K+BSI/wg16/t1", /* fused, then not */
    "r16x16/GM+CGAP+VASM2+CM-K+BFF/wg16/t1;r16x16/GM+CGAP+VASM2+CM-K+BFI/wg16/t1",               /* fused GM */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    ppfft_plan *p = (ppfft_plan *)&p;
    ck_assert_msg(ppfft_plan_create_variant(t->ctx, &d, bad[i], &p) == PPFFT_ERROR_UNSUPPORTED, "%s: %s", bad[i],
                  ppfft_context_last_error(t->ctx));
    ck_assert_ptr_null(p);
  }
  /* the fused steps over two passes of FFT_M where the batch is innermost (interleaved transforms):
   * refused with the reason, never run unfused under a BFF/BFI name; the same passes unfused build */
  {
    n = 103;
    ppfft_desc_init(&d, 1, &n, 4);
    d.in_strides[0] = d.out_strides[0] = 4, d.in_dist = d.out_dist = 1;
    ppfft_plan *p = (ppfft_plan *)&p;
    ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, two, &p), PPFFT_ERROR_UNSUPPORTED);
    ck_assert_ptr_null(p);
    ck_assert_msg(strstr(ppfft_context_last_error(t->ctx), "(BSF/BSI)"), "%s", ppfft_context_last_error(t->ctx));
    char unfused[sizeof s];
    snprintf(unfused, sizeof unfused, "%s", two);
    for (char *f = strstr(unfused, "+BF"); f; f = strstr(f, "+BF")) f[2] = 'S';
    ck_assert_msg(ppfft_plan_create_variant(t->ctx, &d, unfused, &p) == PPFFT_SUCCESS, "%s", ppfft_context_last_error(t->ctx));
    ppfft_plan_destroy(p);
  }
  if (!test_full()) return; /* MEASURE builds every candidate: check-full */
  /* wisdom: a MEASURE plan's entry, exported and imported, rebuilds the same plan string */
  ppfft_wisdom_forget(t->ctx);
  n = 17;
  ppfft_desc_init(&d, 1, &n, 1);
  ppfft_plan *p = NULL, *q = NULL;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, PPFFT_MEASURE, &p), PPFFT_SUCCESS);
  char *w = ppfft_wisdom_export_string(t->ctx);
  ck_assert_ptr_nonnull(w);
  ppfft_wisdom_forget(t->ctx);
  ck_assert_int_eq(ppfft_wisdom_import_string(t->ctx, w), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, PPFFT_WISDOM_ONLY, &q), PPFFT_SUCCESS);
  char a[4096], b[4096];
  ppfft_plan_describe(p, a, sizeof a);
  ppfft_plan_describe(q, b, sizeof b);
  ck_assert_msg((strstr(a, "+BSF/") || strstr(a, "+BFF/")) && strncmp(a, b, strcspn(a, " ")) == 0, "measured %s, from wisdom %s", a, b);
  free(w);
  ppfft_plan_destroy(p);
  ppfft_plan_destroy(q);
  ppfft_wisdom_forget(t->ctx);
}
END_TEST

Suite *make_bluestein_suite(void)
{
  Suite *s = suite_create("bluestein");
  const struct { const char *name; const TTest *test; } tests[] = {
    {"plan_string", plan_string}, {"lengths_f32", lengths_f32}, {"primes", primes}, {"versus_fftw", versus_fftw},
    {"multi_dim", multi_dim}, {"layouts", layouts}, {"round_trip", round_trip}, {"forced", forced},
  };
  for (size_t i = 0; i < sizeof tests / sizeof tests[0]; ++i) { /* one case each: CK_RUN_CASE picks one */
    TCase *tc = test_tcase(tests[i].name);
    tcase_add_test(tc, tests[i].test);
    suite_add_tcase(s, tc);
  }
  return s;
}
