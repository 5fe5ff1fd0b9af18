/* Every length of a range (issue 17: 2..1024 in CI, to 4096 in check-full), each with the
 * estimate's plans, f32, one packed transform, against FFTW in long double:
 *  - C2C forward on random x, and backward on what the forward left on the device: each within
 *    test_bound of FFTW's result for the same input, and the round trip within twice it of N x;
 *  - R2C on random reals, and C2R on what the R2C left: against FFTW (C2R: of the Hermitian part),
 *    and the round trip C2R(R2C(x)) = N x;
 *  - where the length goes to Bluestein's or Rader's algorithm, the forward error also at most twice
 *    FFTW's own in f32 (below 64 points, where FFTW's is a few roundings, the RMS over 8 inputs).
 * The range: 2..1024, 2..4096 with PPFFT_TEST_FULL (make check-full), PPFFT_TEST_LENGTHS=A:B[:S]
 * (every S-th length from A to B) otherwise; PPFFT_TEST_SHARD=i/n takes an n-th of them.
 *
 * make check does not run it: PoCL generates machine code for each new kernel at its first launch,
 * 1-12 s for the 13-smooth lengths' kernels even with -cl-opt-disable, so the range takes PoCL over
 * half an hour on 2 cores.  make check-lengths (tests/every-length.sh, a step of .ci/run) runs it
 * under oclgrind instead, where a build is the compiler's front end only and a transform of these
 * lengths runs in milliseconds, and every access is checked. */
#include "core/rader.h"
#include "core/transform.h"
#include "suites.h"
#include "testutil.h"
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { DEFAULT_LAST = 1024, FULL_LAST = 4096, DRAWS = 8, CONTEXT_LENGTHS = 64 };

/* FFTW's own forward error on x (n complex values, already f32 values) in f32, against ref. */
static double fftwf_error(const double *x, const double *ref, size_t n)
{
  fftwf_complex *a = fftwf_malloc(sizeof *a * n), *b = fftwf_malloc(sizeof *b * n);
  fftwf_plan p = fftwf_plan_dft_1d((int)n, a, b, FFTW_FORWARD, FFTW_ESTIMATE);
  for (size_t i = 0; i < n; ++i) a[i][0] = (float)x[2 * i], a[i][1] = (float)x[2 * i + 1];
  fftwf_execute(p);
  double *got = malloc(16 * n);
  for (size_t i = 0; i < n; ++i) got[2 * i] = b[i][0], got[2 * i + 1] = b[i][1];
  double e = test_rel_error(got, ref, n);
  fftwf_destroy_plan(p);
  fftwf_free(a), fftwf_free(b);
  free(got);
  return e;
}

/* The context of the plans: one of its own on the test device, made again every CONTEXT_LENGTHS
 * lengths, as a context keeps every program it built (oclgrind's take megabytes each). */
static ppfft_context *lengths_ctx;

static void renew_context(void)
{
  test_env *t = test_env_get();
  ppfft_context_destroy(lengths_ctx);
  lengths_ctx = NULL;
  ck_assert_int_eq(ppfft_context_create(t->cl, t->dev, &lengths_ctx), PPFFT_SUCCESS);
  ppfft_wisdom_forget(lengths_ctx);
}

/* The estimate's plan for one packed f32 transform of n, its description in name. */
static ppfft_plan *plan_of(size_t n, ppfft_kind kind, ppfft_direction dir, char *name, size_t len)
{
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  d.kind = kind;
  d.direction = dir;
  ppfft_plan *p = NULL;
  ppfft_status s = ppfft_plan_create(lengths_ctx, &d, 0, &p);
  ck_assert_msg(s == PPFFT_SUCCESS, "N = %zu kind %d direction %d: %s", n, (int)kind, (int)dir, ppfft_context_last_error(lengths_ctx));
  ck_assert_int_eq(ppfft_plan_describe(p, name, len), PPFFT_SUCCESS);
  return p;
}

/* Runs p from in to a new buffer of out_reals reals (f32), read back into y. */
static cl_mem run_into(ppfft_plan *p, cl_mem in, size_t out_reals, double *y, const char *name)
{
  test_env *t = test_env_get();
  cl_int e;
  cl_mem out = clCreateBuffer(t->cl, CL_MEM_READ_WRITE, 4 * out_reals, NULL, &e);
  ck_assert_int_eq(e, CL_SUCCESS);
  ppfft_status s = ppfft_execute(p, t->q, in, out, 0, NULL, NULL);
  ck_assert_msg(s == PPFFT_SUCCESS, "%s: %s", name, ppfft_context_last_error(lengths_ctx));
  float *h = malloc(4 * out_reals);
  ck_assert_int_eq(clEnqueueReadBuffer(t->q, out, CL_TRUE, 0, 4 * out_reals, h, 0, NULL, NULL), CL_SUCCESS);
  for (size_t i = 0; i < out_reals; ++i) y[i] = h[i];
  free(h);
  return out;
}

/* The largest error of each check, as a fraction of its bound, and where. */
typedef struct worst {
  double frac[6];
  size_t at[6];
  double ratio; /* Bluestein: error / FFTW's own */
  size_t ratio_at;
} worst;

enum { W_FWD, W_BWD, W_ROUND, W_R2C, W_C2R, W_REAL_ROUND };

static void note(worst *w, int k, double err, double bound, size_t n)
{
  if (err / bound > w->frac[k]) w->frac[k] = err / bound, w->at[k] = n;
}

/* C2C forward and backward of length n. */
static void complex_length(size_t n, worst *w)
{
  char fname[2048], bname[2048];
  ppfft_plan *pf = plan_of(n, PPFFT_C2C, PPFFT_FORWARD, fname, sizeof fname);
  ppfft_plan *pb = plan_of(n, PPFFT_C2C, PPFFT_BACKWARD, bname, sizeof bname);
  double *x = malloc(16 * n), *ref = malloc(16 * n), *X = malloc(16 * n), *y = malloc(16 * n), *nx = malloc(16 * n);
  test_random(x, 2 * n, (unsigned)n);
  for (size_t i = 0; i < 2 * n; ++i) x[i] = (float)x[i];
  cl_mem in = test_upload(x, n, 0);
  cl_mem mX = run_into(pf, in, 2 * n, X, fname);
  test_reference(x, ref, n, 1, -1);
  double bound = test_bound(n, 0), e = test_rel_error(X, ref, n);
  ck_assert_msg(e <= bound, "N = %zu forward %s: error %.3g > %.3g", n, fname, e, bound);
  note(w, W_FWD, e, bound, n);
  if (transform_needs_bluestein(n)) {
    /* below 64 points FFTW's own error is a few roundings, and one draw decides (N = 19 by Rader's:
     * 1.25-2.46x over eight seeds): the ratio of the RMS errors over DRAWS inputs there */
    double se = e * e, sf = fftwf_error(x, ref, n), ratio;
    sf *= sf;
    for (unsigned k = 1; n < 64 && k < DRAWS; ++k) {
      double *xk = malloc(16 * n), *Xk = malloc(16 * n), *rk = malloc(16 * n);
      test_random(xk, 2 * n, (unsigned)n + 1000u * k);
      for (size_t i = 0; i < 2 * n; ++i) xk[i] = (float)xk[i];
      cl_mem mk = test_upload(xk, n, 0), ok = run_into(pf, mk, 2 * n, Xk, fname);
      test_reference(xk, rk, n, 1, -1);
      double ek = test_rel_error(Xk, rk, n), fk = fftwf_error(xk, rk, n);
      ck_assert_msg(ek <= bound, "N = %zu forward %s, draw %u: error %.3g > %.3g", n, fname, k, ek, bound);
      se += ek * ek, sf += fk * fk;
      clReleaseMemObject(mk), clReleaseMemObject(ok);
      free(xk), free(Xk), free(rk);
    }
    ratio = sqrt(se / sf);
    ck_assert_msg(ratio <= 2.0, "N = %zu forward %s: error %.3g, %.2fx FFTW's own", n, fname, e, ratio);
    if (ratio > w->ratio) w->ratio = ratio, w->ratio_at = n;
  }
  cl_mem my = run_into(pb, mX, 2 * n, y, bname);
  test_reference(X, ref, n, 1, +1);
  e = test_rel_error(y, ref, n);
  ck_assert_msg(e <= bound, "N = %zu backward %s: error %.3g > %.3g", n, bname, e, bound);
  note(w, W_BWD, e, bound, n);
  for (size_t i = 0; i < 2 * n; ++i) nx[i] = (double)n * x[i];
  e = test_rel_error(y, nx, n);
  ck_assert_msg(e <= 2 * bound, "N = %zu round trip %s; %s: error %.3g > %.3g", n, fname, bname, e, 2 * bound);
  note(w, W_ROUND, e, 2 * bound, n);
  clReleaseMemObject(in), clReleaseMemObject(mX), clReleaseMemObject(my);
  free(x), free(ref), free(X), free(y), free(nx);
  ppfft_plan_destroy(pf);
  ppfft_plan_destroy(pb);
}

/* R2C and C2R of length n. */
static void real_length(size_t n, worst *w)
{
  char fname[2048], bname[2048];
  ppfft_plan *pf = plan_of(n, PPFFT_R2C, PPFFT_FORWARD, fname, sizeof fname);
  ppfft_plan *pb = plan_of(n, PPFFT_C2R, PPFFT_BACKWARD, bname, sizeof bname);
  size_t h = n / 2 + 1;
  double *r = calloc(n + 1, 8), *c = malloc(16 * n), *ref = malloc(16 * n), *H = malloc(16 * h), *z = malloc(8 * n);
  test_random(r, n, (unsigned)n + 7u);
  for (size_t i = 0; i < n; ++i) r[i] = (float)r[i];
  cl_mem in = test_upload(r, (n + 1) / 2, 0); /* the reals, as pairs */
  cl_mem mH = run_into(pf, in, 2 * h, H, fname);
  for (size_t i = 0; i < n; ++i) c[2 * i] = r[i], c[2 * i + 1] = 0;
  test_reference(c, ref, n, 1, -1);
  double bound = test_bound(n, 0), e = test_rel_error(H, ref, h);
  ck_assert_msg(e <= bound, "N = %zu R2C %s: error %.3g > %.3g", n, fname, e, bound);
  note(w, W_R2C, e, bound, n);
  /* C2R's reference: the backward transform of H's Hermitian part (the imaginary parts of H_0
   * and, for even n, H_(n/2) dropped; the rest extended by conj H_(n-k)) */
  for (size_t k = 0; k < n; ++k) {
    size_t j = k < h ? k : n - k;
    c[2 * k] = H[2 * j], c[2 * k + 1] = k < h ? H[2 * j + 1] : -H[2 * j + 1];
    if (k == 0 || 2 * k == n) c[2 * k + 1] = 0;
  }
  cl_mem mz = run_into(pb, mH, n, z, bname);
  test_reference(c, ref, n, 1, +1);
  for (size_t k = 0; k < n; ++k) c[k] = ref[2 * k]; /* the reals of the reference */
  e = test_real_error(z, c, 1, n);
  ck_assert_msg(e <= bound, "N = %zu C2R %s: error %.3g > %.3g", n, bname, e, bound);
  note(w, W_C2R, e, bound, n);
  e = test_real_error(z, r, (double)n, n);
  ck_assert_msg(e <= 2 * bound, "N = %zu real round trip %s; %s: error %.3g > %.3g", n, fname, bname, e, 2 * bound);
  note(w, W_REAL_ROUND, e, 2 * bound, n);
  clReleaseMemObject(in), clReleaseMemObject(mH), clReleaseMemObject(mz);
  free(r), free(c), free(ref), free(H), free(z);
  ppfft_plan_destroy(pf);
  ppfft_plan_destroy(pb);
}

START_TEST(every_length)
{
  size_t a = 2, b = test_full() ? FULL_LAST : DEFAULT_LAST, step = 1;
  const char *env = getenv("PPFFT_TEST_LENGTHS");
  if (env && (sscanf(env, "%zu:%zu:%zu", &a, &b, &step) < 2 || a < 1 || step < 1)) ck_abort_msg("PPFFT_TEST_LENGTHS=%s: A:B[:S]", env);
  unsigned share, shares;
  test_shard(&share, &shares);
  worst w = {{0}, {0}, 0, 0};
  size_t count = 0, bluestein = 0, rader = 0;
  double start = test_now();
  for (size_t n = a, i = 0; n <= b; n += step, ++i) {
    if ((i + i / shares) % shares != share) continue; /* every shares-th, rotating: even lengths (mostly smooth, the dearer) spread too */
    double t0 = test_now();
    if (count % CONTEXT_LENGTHS == 0) renew_context();
    complex_length(n, &w);
    real_length(n, &w);
    ++count;
    bluestein += transform_needs_bluestein(n) && !rader_applies(n);
    rader += rader_applies(n);
    if (test_verbose()) printf("  N = %zu: %.2f s\n", n, test_now() - t0), fflush(stdout);
  }
  static const char *const what[] = {"forward", "backward", "round trip", "R2C", "C2R", "real round trip"};
  printf("every length %zu..%zu (step %zu, share %u/%u): %zu lengths (%zu by Bluestein, %zu by Rader's), C2C both ways and R2C/C2R, %.1f s; worst error "
         "of its bound:",
         a, b, step, share, shares, count, bluestein, rader, test_now() - start);
  for (int k = 0; k < 6; ++k) printf(" %s %.2f (N = %zu)%s", what[k], w.frac[k], w.at[k], k < 5 ? "," : "");
  if (bluestein + rader) printf("; Bluestein and Rader %.2fx FFTW's own f32 error at worst (N = %zu)", w.ratio, w.ratio_at);
  printf("\n");
}
END_TEST

static void lengths_teardown(void)
{
  ppfft_context_destroy(lengths_ctx);
  lengths_ctx = NULL;
}

Suite *make_every_length_suite(void)
{
  Suite *s = suite_create("every_length");
  TCase *tc = test_tcase("lengths");
  tcase_add_test(tc, every_length);
  tcase_add_checked_fixture(tc, NULL, lengths_teardown); /* also after a failed assert */
  suite_add_tcase(s, tc);
  return s;
}
