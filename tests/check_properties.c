/* Properties that need no reference FFT (FFTW's libbench2 self-tests): inverse round trip,
 * linearity, impulse response; and layout facts: batch tails, distances and offsets with
 * sentinel-filled gaps that must stay untouched. */
#include "plan/context.h"
#include "suites.h"
#include "testutil.h"
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Plans d with variant (NULL: estimate), runs it on host data x (count complex values of the
 * buffer, including any gaps) and returns the buffer afterwards in y. */
static void run_on(const ppfft_desc *d, const char *vname, const double *x, double *y, size_t count)
{
  test_env *t = test_env_get();
  ppfft_plan *p;
  ppfft_status s = vname ? ppfft_plan_create_variant(t->ctx, d, vname, &p) : ppfft_plan_create(t->ctx, d, 0, &p);
  ck_assert_msg(s == PPFFT_SUCCESS, "%s", ppfft_context_last_error(t->ctx));
  int f64 = d->precision == PPFFT_F64;
  cl_mem a = test_upload(x, count, f64), b = NULL;
  if (!d->inplace) b = test_upload(y, count, f64);
  ck_assert_int_eq(ppfft_execute(p, t->q, a, b, 0, NULL, NULL), PPFFT_SUCCESS);
  clFinish(t->q);
  test_download(d->inplace ? a : b, y, count, f64);
  clReleaseMemObject(a);
  if (b) clReleaseMemObject(b);
  ppfft_plan_destroy(p);
}

static const char *const variants_64[] = {
    NULL,
    "r8x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg32/t4",
    "r4x4x4/LM-CT+VAVM2+TW-CALC+CSE+LU/wg32/t4",
    "r2x32/GM+DIRECT+VASM4+TW-GM/wg8/t8",
    "r16x4/LM-CC+CGAP+VAVM4+CM-L+IL/wg4/t4",
};

START_TEST(inverse_round_trip)
{
  const size_t n = 64, batch = 6, count = n * batch;
  for (int prec = 0; prec < 2; ++prec) {
    if (prec && !test_has_fp64("f64 round trips")) continue;
    for (size_t k = 0; k < sizeof variants_64 / sizeof variants_64[0]; ++k) {
      /* make check: every variant in f32, two in f64, the scaled plan for the estimate (check-full: all) */
      if (prec && k > 1 && !test_full()) continue;
      double *x = malloc(16 * count), *y = malloc(16 * count), *z = malloc(16 * count);
      test_random(x, 2 * count, (unsigned)k);
      ppfft_desc d;
      ppfft_desc_init(&d, 1, &n, batch);
      d.precision = prec ? PPFFT_F64 : PPFFT_F32;
      run_on(&d, variants_64[k], x, y, count);
      d.direction = PPFFT_BACKWARD;
      d.inplace = 1;
      run_on(&d, variants_64[k], y, z, count);
      for (size_t i = 0; i < 2 * count; ++i) z[i] /= (double)n;
      double err = test_rel_error(z, x, count);
      ck_assert_msg(err <= 2 * test_bound(n, prec), "%s %s: round trip error %.3g", variants_64[k] ? variants_64[k] : "estimate",
                    prec ? "f64" : "f32", err);
      if (k == 0 || test_full()) { /* the same with scale = 1/N in the backward plan */
        d.scale = 1.0 / (double)n;
        run_on(&d, variants_64[k], y, z, count);
        ck_assert_double_le(test_rel_error(z, x, count), 2 * test_bound(n, prec));
      }
      free(x);
      free(y);
      free(z);
    }
  }
}
END_TEST

START_TEST(linearity)
{
  const size_t n = 256, batch = 2, count = n * batch;
  double *x = malloc(16 * count), *y = malloc(16 * count), *s = malloc(16 * count);
  double *fx = malloc(16 * count), *fy = malloc(16 * count), *fs = malloc(16 * count), *comb = malloc(16 * count);
  test_random(x, 2 * count, 11);
  test_random(y, 2 * count, 12);
  const double a = 0.75, b = -1.25;
  for (size_t i = 0; i < 2 * count; ++i) s[i] = a * x[i] + b * y[i];
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, batch);
  d.precision = test_env_get()->ctx->info.fp64 ? PPFFT_F64 : PPFFT_F32;
  run_on(&d, NULL, x, fx, count);
  run_on(&d, NULL, y, fy, count);
  run_on(&d, NULL, s, fs, count);
  for (size_t i = 0; i < 2 * count; ++i) comb[i] = a * fx[i] + b * fy[i];
  ck_assert_double_le(test_rel_error(fs, comb, count), 4 * test_bound(n, d.precision == PPFFT_F64));
  free(x);
  free(y);
  free(s);
  free(fx);
  free(fy);
  free(fs);
  free(comb);
}
END_TEST

/* The transform of a unit impulse at k is exp(-2 pi i jk/N) in every output j. */
START_TEST(impulse)
{
  const size_t n = 1024, k = 37;
  double *x = calloc(2 * n, sizeof *x), *y = malloc(16 * n);
  x[2 * k] = 1.0;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  run_on(&d, NULL, x, y, n);
  double worst = 0;
  for (size_t j = 0; j < n; ++j) {
    double complex want = cexp(-2.0 * 3.14159265358979323846 * I * (double)((j * k) % n) / (double)n);
    double e = cabs(y[2 * j] + I * y[2 * j + 1] - want);
    if (e > worst) worst = e;
  }
  ck_assert_double_le(worst, 1e-6);
  free(x);
  free(y);
}
END_TEST

/* Batches that leave the last work-group partly empty, and data after the layout's end that must
 * stay untouched. */
START_TEST(batch_tails_write_nothing_beyond)
{
  const size_t n = 64;
  const char *v = "r8x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg32/t4";
  for (size_t batch = 1; batch <= 9; ++batch) {
    size_t used = n * batch, count = used + 3 * n;
    double *x = malloc(16 * count), *y = malloc(16 * count), *ref = malloc(16 * used);
    test_random(x, 2 * count, (unsigned)batch);
    for (size_t i = 0; i < 2 * count; ++i) x[i] = (float)x[i];
    for (size_t i = 0; i < count; ++i) y[2 * i] = 1234.5, y[2 * i + 1] = -4321.25; /* a value per half */
    ppfft_desc d;
    ppfft_desc_init(&d, 1, &n, batch);
    run_on(&d, v, x, y, count);
    test_reference(x, ref, n, batch, -1);
    ck_assert_double_le(test_rel_error(y, ref, used), test_bound(n, 0));
    for (size_t i = used; i < count; ++i) {
      ck_assert_msg(y[2 * i] == 1234.5, "batch %zu: the real part of element %zu, beyond the layout, changed", batch, i);
      ck_assert_msg(y[2 * i + 1] == -4321.25, "batch %zu: the imaginary part of element %zu, beyond the layout, changed", batch, i);
    }
    free(x);
    free(y);
    free(ref);
  }
}
END_TEST

/* Distances and offsets: transforms at in_offset + b * in_dist, gaps filled with sentinels that
 * must come out untouched (out-of-place output) or unchanged (in-place). */
START_TEST(distances_and_offsets)
{
  const size_t n = 128, batch = 5;
  static const struct { size_t in_dist, out_dist, in_off, out_off; int inplace; const char *variant; } cases[] = {
      {160, 136, 3, 5, 0, NULL},
      {128, 200, 0, 64, 0, "r16x8/RP+LM-CM+DIRECT+VASM4+TW-CALC+CSE+IL+LU/wg16/t4"},
      {256, 256, 8, 8, 1, "r8x16/LM-CT+CGAP+VAVM4+CM-K+CSE+LU/wg8/t4"},
      {130, 130, 1, 1, 1, NULL},
      {132, 140, 4, 12, 0, "r4x4x8/GM+CGAP+VASM8+TW-GM+CSE/wg16/t4"},
  };
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    ppfft_desc d;
    ppfft_desc_init(&d, 1, &n, batch);
    d.in_dist = cases[c].in_dist;
    d.out_dist = cases[c].out_dist;
    d.in_offset = cases[c].in_off;
    d.out_offset = cases[c].out_off;
    d.inplace = cases[c].inplace;
    size_t in_span = d.in_offset + (batch - 1) * d.in_dist + n, out_span = d.out_offset + (batch - 1) * d.out_dist + n;
    size_t count = (in_span > out_span ? in_span : out_span) + 7;
    double *x = malloc(16 * count), *y = malloc(16 * count), *packed = malloc(16 * n * batch), *ref = malloc(16 * n * batch);
    for (size_t i = 0; i < count; ++i) x[2 * i] = -777.0, x[2 * i + 1] = 555.0, y[2 * i] = 999.0, y[2 * i + 1] = -333.0;
    test_random(packed, 2 * n * batch, (unsigned)c);
    for (size_t i = 0; i < 2 * n * batch; ++i) packed[i] = (float)packed[i];
    for (size_t b = 0; b < batch; ++b)
      memcpy(x + 2 * (d.in_offset + b * d.in_dist), packed + 2 * b * n, 16 * n);
    test_reference(packed, ref, n, batch, -1);
    run_on(&d, cases[c].variant, x, y, count);
    size_t out_dist = d.inplace ? d.in_dist : d.out_dist, out_off = d.inplace ? d.in_offset : d.out_offset;
    double *got = malloc(16 * n * batch);
    for (size_t b = 0; b < batch; ++b) memcpy(got + 2 * b * n, y + 2 * (out_off + b * out_dist), 16 * n);
    ck_assert_msg(test_rel_error(got, ref, n * batch) <= test_bound(n, 0), "case %zu", c);
    /* every element outside the output transforms is as before: sentinel (out-of-place) or input (in-place) */
    for (size_t i = 0; i < count; ++i) {
      int inside = i >= out_off && (i - out_off) % out_dist < n && (i - out_off) / out_dist < batch;
      if (inside) continue;
      double want_re = d.inplace ? x[2 * i] : 999.0, want_im = d.inplace ? x[2 * i + 1] : -333.0;
      ck_assert_msg(y[2 * i] == want_re, "case %zu: the real part of element %zu, outside the output, changed", c, i);
      ck_assert_msg(y[2 * i + 1] == want_im, "case %zu: the imaginary part of element %zu, outside the output, changed", c, i);
    }
    free(x);
    free(y);
    free(packed);
    free(ref);
    free(got);
  }
}
END_TEST

/* The same input gives bitwise the same output, run after run: a result that moves is a race
 * (a missing barrier) or a read of memory nothing wrote. */
START_TEST(repeatable_results)
{
  static const char *const variants[] = {
      "r2x2x2x2x2/LM-CT+DIRECT+VASM2+TW-CALC+CSE+IL+LU/wg4/t2",
      "r16x2/RP+LM-CM+CGAP+VASM2+TW-CALC+CSE+IL+LU/wg4/t2",
      "r4x8/LM-CC+VAVM2+TW-GM+CSE+IL+LU/wg8/t4",
      "r8x4/GM+CGAP+VASM4+CM-K+CSE+IL+LU/wg8/t4",
  };
  const size_t n = 32, batch = 7, count = n * batch;
  double *x = malloc(16 * count), *first = calloc(2 * count, sizeof *first), *again = calloc(2 * count, sizeof *again);
  test_random(x, 2 * count, 5);
  for (size_t k = 0; k < sizeof variants / sizeof variants[0]; ++k) {
    ppfft_desc d;
    ppfft_desc_init(&d, 1, &n, batch);
    run_on(&d, variants[k], x, first, count);
    for (int rep = 0; rep < 8; ++rep) {
      run_on(&d, variants[k], x, again, count);
      ck_assert_msg(memcmp(first, again, 16 * count) == 0, "%s: run %d differs from the first", variants[k], rep + 1);
    }
  }
  free(x);
  free(first);
  free(again);
}
END_TEST

Suite *make_properties_suite(void)
{
  Suite *s = suite_create("properties");
  TCase *tc = test_tcase("self-tests");
  tcase_add_test(tc, inverse_round_trip);
  tcase_add_test(tc, linearity);
  tcase_add_test(tc, impulse);
  tcase_add_test(tc, batch_tails_write_nothing_beyond);
  tcase_add_test(tc, distances_and_offsets);
  tcase_add_test(tc, repeatable_results);
  suite_add_tcase(s, tc);
  return s;
}
