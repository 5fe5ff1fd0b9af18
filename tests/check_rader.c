/* Rader's algorithm (core/rader.h) for primes whose N - 1 is 13-smooth, against FFTW in long double
 * and FFTW's own error: the estimate takes it (17, 97, 127: its two FFTs of N - 1 points are cheaper
 * than Bluestein's of M), both directions, f64, and a wrong plan string is refused.  It runs in
 * check_bluestein's program, whose cases at 17 and 127 (against FFTW's error, 2D, 3D, layouts,
 * round trip, wisdom) are Rader's too, and whose `forced` case runs Bluestein's plan on 17 (what
 * the tuner or wisdom may choose instead).  Its pointwise kernels take the prime and the table as
 * arguments, so every prime shares them; each length - 1 has FFT kernels of its own (97: one
 * more).  check-full: 65537 (four-step FFTs of 2^16), 257, 12289 and 641 in f64, MEASURE's choice
 * between Rader and Bluestein recorded in wisdom; every prime to 1024 (4096) is
 * check_every_length's. */
#include "core/rader.h"
#include "suites.h"
#include "testutil.h"
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The plan string ppfft_plan_create makes for a 1D transform of n (flags), without its notes. */
static void describe(size_t n, unsigned flags, char *buf, size_t len)
{
  test_env *t = test_env_get();
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  ppfft_plan *p = NULL;
  ck_assert_msg(ppfft_plan_create(t->ctx, &d, flags, &p) == PPFFT_SUCCESS, "N = %zu: %s", n, ppfft_context_last_error(t->ctx));
  ck_assert_int_eq(ppfft_plan_describe(p, buf, len), PPFFT_SUCCESS);
  buf[strcspn(buf, " ")] = '\0';
  ppfft_plan_destroy(p);
}

/* The product of the lengths of the passes marked `mark` (+BSF or +BSI) in plan string s. */
static size_t marked_length(const char *s, const char *mark)
{
  size_t prod = 1;
  for (const char *v = s; *v; v += strcspn(v, ";"), v += *v == ';') {
    size_t l = strcspn(v, ";");
    char one[512];
    snprintf(one, sizeof one, "%.*s", (int)l, v);
    if (!strstr(one, mark)) continue;
    for (const char *r = one + 1; *r && *r != '/'; r += strspn(r, "x")) prod *= strtoul(r, (char **)&r, 10);
  }
  return prod;
}

/* Runs a packed 1D transform of n against FFTW in long double within the bound, and (f32) at most
 * twice FFTW's own error: the RMS over `draws` inputs. */
static void check_prime(size_t n, int f64, int backward, int draws)
{
  test_env *t = test_env_get();
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
  d.direction = backward ? PPFFT_BACKWARD : PPFFT_FORWARD;
  ppfft_plan *p = NULL;
  ck_assert_msg(ppfft_plan_create(t->ctx, &d, 0, &p) == PPFFT_SUCCESS, "N = %zu: %s", n, ppfft_context_last_error(t->ctx));
  double se = 0, sf = 0, bound = test_bound(n, f64);
  double *x = malloc(16 * n), *ref = malloc(16 * n), *got = malloc(16 * n);
  for (int k = 0; k < draws; ++k) {
    test_random(x, 2 * n, (unsigned)n + 77u * (unsigned)k);
    if (!f64)
      for (size_t i = 0; i < 2 * n; ++i) x[i] = (float)x[i];
    test_reference(x, ref, n, 1, backward ? 1 : -1);
    cl_mem in = test_upload(x, n, f64), out = test_upload(x, n, f64);
    ck_assert_int_eq(ppfft_execute(p, t->q, in, out, 0, NULL, NULL), PPFFT_SUCCESS);
    test_download(out, got, n, f64);
    clReleaseMemObject(in), clReleaseMemObject(out);
    double e = test_rel_error(got, ref, n);
    ck_assert_msg(e <= bound, "N = %zu %s %s: error %.3g > %.3g", n, f64 ? "f64" : "f32", backward ? "backward" : "forward", e, bound);
    se += e * e;
    if (!f64) { /* FFTW's own in f32 */
      fftwf_complex *a = fftwf_malloc(sizeof *a * n), *b = fftwf_malloc(sizeof *b * n);
      fftwf_plan fp = fftwf_plan_dft_1d((int)n, a, b, backward ? FFTW_BACKWARD : FFTW_FORWARD, FFTW_ESTIMATE);
      for (size_t i = 0; i < n; ++i) a[i][0] = (float)x[2 * i], a[i][1] = (float)x[2 * i + 1];
      fftwf_execute(fp);
      for (size_t i = 0; i < n; ++i) got[2 * i] = b[i][0], got[2 * i + 1] = b[i][1];
      double f = test_rel_error(got, ref, n);
      sf += f * f;
      fftwf_destroy_plan(fp);
      fftwf_free(a), fftwf_free(b);
    }
  }
  if (!f64) {
    double ratio = sqrt(se / sf);
    printf("  Rader N = %zu f32 %s: RMS error %.3g over %d inputs, %.2fx FFTW's own\n", n, backward ? "backward" : "forward", sqrt(se / draws),
           draws, ratio);
    ck_assert_msg(ratio <= 2.0, "N = %zu: %.2fx FFTW's own error", n, ratio);
  }
  free(x), free(ref), free(got);
  ppfft_plan_destroy(p);
}

/* The estimate takes Rader's for 17, 97 and 127 (its FFTs' lengths multiply to N - 1) and
 * Bluestein's for 103 (102 = 2 x 3 x 17: M = 256); 97 backward and 17 forward against FFTW (127 and
 * 17 f64: check_bluestein's versus_fftw). */
START_TEST(estimate)
{
  static const size_t primes[] = {17, 97, 127};
  char s[4096];
  for (size_t i = 0; i < sizeof primes / sizeof primes[0]; ++i) {
    ck_assert(rader_applies(primes[i]));
    describe(primes[i], 0, s, sizeof s);
    ck_assert_msg(marked_length(s, "+BSF/") == primes[i] - 1 && marked_length(s, "+BSI/") == primes[i] - 1, "N = %zu: %s", primes[i], s);
  }
  ck_assert(!rader_applies(103) && !rader_applies(16) && !rader_applies(13) && rader_applies(65537));
  describe(103, 0, s, sizeof s);
  ck_assert_msg(marked_length(s, "+BSF/") == 256, "N = 103: %s", s);
  check_prime(97, 0, 1, 8);
  check_prime(17, 0, 0, 8);
}
END_TEST

/* Rader's plan strings (BSF/BSI passes of N - 1) where they do not apply: a length that is not
 * prime, the real dimension of an R2C; and the smallest primitive roots. */
START_TEST(wrong_plans)
{
  test_env *t = test_env_get();
  static const struct { size_t n; ppfft_kind kind; const char *plan; } bad[] = {
    {100, PPFFT_C2C, "r11x9/RP+LM-CM+CGAP+VASM2+CM-K+BSF/wg9/t1;r11x9/RP+LM-CM+CGAP+VASM2+CM-K+BSI/wg9/t1"},
    {17, PPFFT_R2C, "r16/RP+LM-CM+CGAP+VASM2+CM-K+BSF/wg1/t1;r16/RP+LM-CM+CGAP+VASM2+CM-K+BSI/wg1/t1"},
    {17, PPFFT_R2C, "r16/RP+LM-CM+CGAP+VASM2+CM-K+BFF/wg1/t1;r16/RP+LM-CM+CGAP+VASM2+CM-K+BFI/wg1/t1"},
    {257, PPFFT_C2C, "r4/RP+LM-CM+CGAP+VASM2+CM-K+BFF/wg4/t1;r8/RP+LM-CM+CGAP+VASM2+CM-K+BFF/wg8/t1;r8/RP+LM-CM+CGAP+VASM2+CM-K+BFF/wg8/t1;"
                     "r4/RP+LM-CM+CGAP+VASM2+CM-K+BFI/wg4/t1;r8/RP+LM-CM+CGAP+VASM2+CM-K+BFI/wg8/t1;r8/RP+LM-CM+CGAP+VASM2+CM-K+BFI/wg8/t1"}, /* fused in three passes */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    ppfft_desc d;
    ppfft_desc_init(&d, 1, &bad[i].n, 1);
    d.kind = bad[i].kind;
    ppfft_plan *p = (ppfft_plan *)&p;
    ck_assert_msg(ppfft_plan_create_variant(t->ctx, &d, bad[i].plan, &p) == PPFFT_ERROR_UNSUPPORTED, "N = %zu %s: %s", bad[i].n, bad[i].plan,
                  ppfft_context_last_error(t->ctx));
    ck_assert_ptr_null(p);
  }
  ck_assert_uint_eq(rader_root(17), 3);
  ck_assert_uint_eq(rader_root(97), 5);
  ck_assert_uint_eq(rader_root(127), 3);
  ck_assert_uint_eq(rader_root(65537), 3);
}
END_TEST

/* check-full: longer primes, f64, and MEASURE timing Rader's against Bluestein's, its winner in
 * wisdom and rebuilt from it. */
START_TEST(full)
{
  if (!test_full()) return;
  check_prime(65537, 0, 0, 1);
  check_prime(65537, 0, 1, 1);
  check_prime(257, 0, 0, 4);
  check_prime(12289, 0, 1, 1);
  if (test_has_fp64("f64 primes")) check_prime(641, 1, 0, 1);
  test_env *t = test_env_get();
  ppfft_wisdom_forget(t->ctx);
  char s[4096], w[4096];
  describe(127, PPFFT_MEASURE, s, sizeof s);
  size_t m = marked_length(s, "+BSF/") * marked_length(s, "+BFF/");
  ck_assert_msg(m == 126 || m >= 253, "N = 127 MEASURE: %s", s);
  printf("  N = 127 MEASURE: %s (%s)\n", s, m == 126 ? "Rader" : "Bluestein");
  describe(127, PPFFT_WISDOM_ONLY, w, sizeof w);
  ck_assert_str_eq(w, s);
  ppfft_wisdom_forget(t->ctx);
}
END_TEST

Suite *make_rader_suite(void)
{
  Suite *s = suite_create("rader");
  const struct { const char *name; const TTest *test; } tests[] = {
    {"estimate", estimate}, {"wrong_plans", wrong_plans}, {"full", full}};
  for (size_t i = 0; i < sizeof tests / sizeof tests[0]; ++i) {
    TCase *tc = test_tcase(tests[i].name);
    tcase_add_test(tc, tests[i].test);
    suite_add_tcase(s, tc);
  }
  return s;
}
