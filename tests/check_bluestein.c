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
      double e = check_1d(n, 1, 0, (int)(n & 1), 0, NULL, (unsigned)n), ratio = e / fftw_error(n, 1, 0, (n & 1) ? 1 : -1, (unsigned)n);
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

/* The plan says Bluestein, with which M (a power of two keeps its own passes: check-full). */
START_TEST(plan_string)
{
  char buf[4096];
  describe_1d(17, 0, buf, sizeof buf);
  ck_assert_msg(strstr(buf, "r16x4/") && strstr(buf, "+BSF/") && strstr(buf, "+BSI/"), "N = 17: %s", buf);
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

/* ---- any layout: the descriptor as the user writes it, checked element by element ---- */

static const double SENTINEL_RE = 1234.5, SENTINEL_IM = -4321.25;

typedef struct bcase {
  int rank;
  size_t n[3], batch;
  int f64, backward, inplace, in_planar, out_planar;
  size_t in_strides[3], out_strides[3], in_dist, out_dist, in_offset, out_offset;
  double scale;
  const char *variant; /* NULL: ppfft_plan_create */
} bcase;

typedef struct side {
  size_t stride[3], dist, offset, span;
} side;

static side side_of(const bcase *c, const size_t *strides, size_t dist, size_t offset)
{
  side s = {{0}, 0, offset, 0};
  size_t packed = 1, one = 1;
  for (int d = c->rank - 1; d >= 0; --d) {
    s.stride[d] = strides[d] ? strides[d] : packed;
    packed *= c->n[d];
    one += (c->n[d] - 1) * s.stride[d];
  }
  s.dist = dist ? dist : one;
  s.span = offset + (c->batch - 1) * s.dist + one;
  return s;
}

static size_t at(const bcase *c, const side *s, size_t b, size_t i)
{
  size_t a = s->offset + b * s->dist;
  for (int d = c->rank - 1; d >= 0; --d) {
    a += (i % c->n[d]) * s->stride[d];
    i /= c->n[d];
  }
  return a;
}

static size_t total(const bcase *c)
{
  size_t n = 1;
  for (int d = 0; d < c->rank; ++d) n *= c->n[d];
  return n;
}

/* One side's buffers (planar: real and imaginary) holding x, and back. */
static void upload(cl_mem *m, const double *x, size_t count, int f64, int planar)
{
  m[1] = NULL;
  if (!planar) {
    m[0] = test_upload(x, count, f64);
    return;
  }
  test_env *t = test_env_get();
  size_t rs = f64 ? 8 : 4;
  void *h = malloc(count * rs);
  for (int k = 0; k < 2; ++k) {
    for (size_t i = 0; i < count; ++i) {
      if (f64) ((double *)h)[i] = x[2 * i + k];
      else ((float *)h)[i] = (float)x[2 * i + k];
    }
    cl_int e;
    m[k] = clCreateBuffer(t->cl, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, count * rs, h, &e);
    ck_assert_int_eq(e, CL_SUCCESS);
  }
  free(h);
}

static void download(cl_mem *m, double *x, size_t count, int f64, int planar)
{
  if (!planar) {
    test_download(m[0], x, count, f64);
    return;
  }
  test_env *t = test_env_get();
  size_t rs = f64 ? 8 : 4;
  void *h = malloc(count * rs);
  for (int k = 0; k < 2; ++k) {
    ck_assert_int_eq(clEnqueueReadBuffer(t->q, m[k], CL_TRUE, 0, count * rs, h, 0, NULL, NULL), CL_SUCCESS);
    for (size_t i = 0; i < count; ++i) x[2 * i + k] = f64 ? ((double *)h)[i] : ((float *)h)[i];
  }
  free(h);
}

static void release(cl_mem *m)
{
  for (int k = 0; k < 2; ++k)
    if (m[k]) clReleaseMemObject(m[k]);
}

/* Runs c and checks it against FFTW in long double (times the scale), the elements its output
 * layout does not address (unchanged) and, out of place, the input (unchanged). */
static void run_case(const bcase *c)
{
  test_env *t = test_env_get();
  if (c->f64 && !test_has_fp64("f64 cases")) return;
  ppfft_desc d;
  ppfft_desc_init(&d, c->rank, c->n, c->batch);
  d.precision = c->f64 ? PPFFT_F64 : PPFFT_F32;
  d.direction = c->backward ? PPFFT_BACKWARD : PPFFT_FORWARD;
  d.inplace = c->inplace;
  d.in_layout = c->in_planar ? PPFFT_PLANAR : PPFFT_INTERLEAVED;
  d.out_layout = c->out_planar ? PPFFT_PLANAR : PPFFT_INTERLEAVED;
  memcpy(d.in_strides, c->in_strides, sizeof d.in_strides);
  memcpy(d.out_strides, c->out_strides, sizeof d.out_strides);
  d.in_dist = c->in_dist, d.out_dist = c->out_dist;
  d.in_offset = c->in_offset, d.out_offset = c->out_offset;
  d.scale = c->scale != 0 ? c->scale : 1.0;
  side in = side_of(c, c->in_strides, c->in_dist, c->in_offset);
  side out = c->inplace ? in : side_of(c, c->out_strides, c->out_dist, c->out_offset);
  ppfft_plan *p = NULL;
  ppfft_status s = c->variant ? ppfft_plan_create_variant(t->ctx, &d, c->variant, &p) : ppfft_plan_create(t->ctx, &d, 0, &p);
  ck_assert_msg(s == PPFFT_SUCCESS, "plan: %s", ppfft_context_last_error(t->ctx));
  char desc[4096];
  ck_assert_int_eq(ppfft_plan_describe(p, desc, sizeof desc), PPFFT_SUCCESS);
  ck_assert_msg(strstr(desc, "+BSF/"), "not Bluestein's: %s", desc);

  double *x = malloc(16 * in.span), *y = malloc(16 * out.span), *got = malloc(16 * out.span), *back = malloc(16 * in.span);
  test_random(x, 2 * in.span, 11);
  if (!c->f64)
    for (size_t i = 0; i < 2 * in.span; ++i) x[i] = (float)x[i];
  for (size_t i = 0; i < out.span; ++i) y[2 * i] = SENTINEL_RE, y[2 * i + 1] = SENTINEL_IM;
  cl_mem mi[2], mo[2] = {NULL, NULL};
  upload(mi, x, in.span, c->f64, c->in_planar);
  if (!c->inplace) upload(mo, y, out.span, c->f64, c->out_planar);
  if (c->in_planar || c->out_planar) s = ppfft_execute_planar(p, t->q, mi[0], mi[1], mo[0], mo[1], 0, NULL, NULL);
  else s = ppfft_execute(p, t->q, mi[0], mo[0], 0, NULL, NULL);
  ck_assert_msg(s == PPFFT_SUCCESS, "execute %s: %s", desc, ppfft_context_last_error(t->ctx));
  ck_assert_int_eq(clFinish(t->q), CL_SUCCESS);
  download(c->inplace ? mi : mo, got, out.span, c->f64, c->inplace ? c->in_planar : c->out_planar);

  size_t N = total(c), B = c->batch;
  fftwl_complex *a = fftwl_malloc(sizeof *a * N * B), *r = fftwl_malloc(sizeof *r * N * B);
  for (size_t b = 0; b < B; ++b)
    for (size_t i = 0; i < N; ++i) {
      size_t k = at(c, &in, b, i);
      a[b * N + i][0] = x[2 * k], a[b * N + i][1] = x[2 * k + 1];
    }
  int n[3];
  for (int k = 0; k < c->rank; ++k) n[k] = (int)c->n[k];
  fftwl_plan fp = fftwl_plan_many_dft(c->rank, n, (int)B, a, NULL, 1, (int)N, r, NULL, 1, (int)N, c->backward ? FFTW_BACKWARD : FFTW_FORWARD,
                                      FFTW_ESTIMATE);
  fftwl_execute(fp);
  fftwl_destroy_plan(fp);
  double *ref = malloc(16 * N * B), *flat = malloc(16 * N * B);
  char *addressed = calloc(out.span, 1);
  for (size_t b = 0; b < B; ++b)
    for (size_t i = 0; i < N; ++i) {
      size_t k = at(c, &out, b, i), j = b * N + i;
      addressed[k] = 1;
      ref[2 * j] = (double)r[j][0] * d.scale, ref[2 * j + 1] = (double)r[j][1] * d.scale;
      flat[2 * j] = got[2 * k], flat[2 * j + 1] = got[2 * k + 1];
    }
  double err = test_rel_error(flat, ref, N * B), bound = test_bound(N, c->f64);
  ck_assert_msg(err <= bound, "%s: error %g > %g", desc, err, bound);
  for (size_t k = 0; k < out.span; ++k)
    if (!addressed[k]) {
      double w0 = c->inplace ? x[2 * k] : SENTINEL_RE, w1 = c->inplace ? x[2 * k + 1] : SENTINEL_IM;
      ck_assert_msg(got[2 * k] == w0 && got[2 * k + 1] == w1, "%s: element %zu, outside the layout, changed", desc, k);
    }
  if (!c->inplace) {
    download(mi, back, in.span, c->f64, c->in_planar);
    ck_assert_msg(memcmp(back, x, 16 * in.span) == 0, "%s: the input changed", desc);
  }
  if (test_verbose()) printf("  %s: error %.3g\n", desc, err);
  fftwl_free(a), fftwl_free(r);
  free(ref), free(flat), free(addressed), free(x), free(y), free(got), free(back);
  release(mi), release(mo);
  ppfft_plan_destroy(p);
}

/* A Bluestein dimension among power-of-two ones, two of them, three dimensions, f64 too. */
START_TEST(multi_dim)
{
  bcase cases[] = {
    {.rank = 2, .n = {17, 64}, .batch = 1},
    {.rank = 2, .n = {64, 17}, .batch = 2, .backward = 1},
    {.rank = 2, .n = {100, 127}, .batch = 1},
    {.rank = 3, .n = {17, 16, 19}, .batch = 2, .inplace = 1},
    {.rank = 2, .n = {17, 64}, .batch = 1, .f64 = 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
    if (i == 0 || test_full()) run_case(&cases[i]); /* one under make check */
}
END_TEST

/* Batches with distances and offsets, strides, in place, planar on either side, backward with a
 * scale. */
START_TEST(layouts)
{
  bcase cases[] = { /* the first under make check: most of the knobs in one, and the FFT and filter kernels of 17 x 64's */
    {.rank = 1, .n = {17}, .batch = 64, .inplace = 1, .in_planar = 1, .in_dist = 20, .in_offset = 2, .backward = 1, .scale = 0.01},
    {.rank = 1, .n = {101}, .batch = 3, .inplace = 1, .in_planar = 1, .in_dist = 104, .in_offset = 2, .backward = 1, .scale = 0.01},
    {.rank = 1, .n = {101}, .batch = 3, .in_dist = 130, .out_dist = 110, .in_offset = 5, .out_offset = 3},
    {.rank = 1, .n = {17}, .batch = 4, .in_strides = {4}, .in_dist = 1, .out_strides = {1}, .out_dist = 20},
    {.rank = 1, .n = {101}, .batch = 2, .in_planar = 1, .out_planar = 1},
    {.rank = 1, .n = {101}, .batch = 2, .in_planar = 1, .inplace = 1, .backward = 1},
    {.rank = 2, .n = {17, 16}, .batch = 2, .in_strides = {40, 2}, .in_dist = 1, .out_planar = 1, .scale = 2},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i)
    if (i == 0 || test_full()) run_case(&cases[i]);
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
  describe_1d(101, 0, s, sizeof s); /* M = 256: its kernels serve N = 64 and 17 too */
  s[strcspn(s, " ")] = '\0';
  check_1d(64, 1, 0, 1, 0, s, 21);
  check_1d(17, 1, 0, 0, 0, s, 22);
  check_1d(101, 1, 0, 0, 0, s, 23); /* what wisdom does with the plan string: the same plan */
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
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    ppfft_plan *p = (ppfft_plan *)&p;
    ck_assert_msg(ppfft_plan_create_variant(t->ctx, &d, bad[i], &p) == PPFFT_ERROR_UNSUPPORTED, "%s: %s", bad[i],
                  ppfft_context_last_error(t->ctx));
    ck_assert_ptr_null(p);
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
  ck_assert_msg(strstr(a, "+BSF/") && strncmp(a, b, strcspn(a, " ")) == 0, "measured %s, from wisdom %s", a, b);
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
