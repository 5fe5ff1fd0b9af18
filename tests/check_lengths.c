/* Mixed radix: lengths whose prime factors are all 2, 3, 5, 7, 11 or 13, against FFTW in long double.
 *  - every such length from 2 to SMALL_BOUND (make check-full: to 4096), f32, the estimate's plan,
 *    forward and backward;
 *  - a sample of longer lengths (several passes), 2D and 3D, f64, strides, planar data;
 *  - each radix that is not a power of two (3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15) with every value
 *    of every knob the geometry allows it, pairwise (make check-full: the full product);
 *  - lengths with a prime factor beyond 13 stay UNSUPPORTED, with a message that says so.
 * PoCL's kernel builds are what this costs (about 0.2-1 s each, one per length, direction and
 * variant), so make check holds a few dozen of them. */
#include "core/geometry.h"
#include "plan/candidates.h"
#include "core/problem.h"
#include "gen/signature.h"
#include "plan/context.h"
#include "suites.h"
#include "testutil.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { SMALL_BOUND = 16, FULL_BOUND = 4096 };

static int is_smooth(size_t n)
{
  static const size_t primes[] = {2, 3, 5, 7, 11, 13};
  for (size_t i = 0; i < 6; ++i)
    while (n % primes[i] == 0) n /= primes[i];
  return n == 1;
}

/* A packed or strided transform (rank 1-3), its plan from `variant` (NULL: ESTIMATE); the error
 * against FFTW, asserted within the bound.  Returns the plan string in name (if given). */
typedef struct len_case {
  int rank;
  size_t n[3], batch;
  int f64, backward, inplace, planar;
  size_t stride, dist, offset; /* 1D input side: element stride, distance, offset (0: packed) */
  const char *variant;
  int fast_math; /* TW-NATIVE: held to the device's native sin/cos, 5e-6 log2 N (as tests/check_transform) */
} len_case;

/* The context of this program's cases: kernels built unoptimised where the runtime is PoCL
 * (POCL_EXTRA_BUILD_FLAGS=-cl-opt-disable: builds take a third to a half of the time; what is tested
 * is the generated source), so they stay out of ppfft's disk cache (PPFFT_CACHE=0), where another
 * program could find them.  One per test (the variables are the test's). */
static ppfft_context *lengths_ctx;

static void lengths_setup(void)
{
  test_setenv("POCL_EXTRA_BUILD_FLAGS", "-cl-opt-disable");
  test_setenv("PPFFT_CACHE", "0");
  test_env *t = test_env_get();
  ck_assert_int_eq(ppfft_context_create(t->cl, t->dev, &lengths_ctx), PPFFT_SUCCESS);
}

static void lengths_teardown(void)
{
  ppfft_context_destroy(lengths_ctx);
  lengths_ctx = NULL;
}

static void run(const len_case *lc, char *name, size_t len)
{
  test_env *t = test_env_get();
  if (!lengths_ctx) lengths_setup();
  ppfft_context *ctx = lengths_ctx;
  if (lc->f64 && !test_has_fp64("f64 cases")) return;
  ppfft_desc d;
  ppfft_desc_init(&d, lc->rank, lc->n, lc->batch);
  d.precision = lc->f64 ? PPFFT_F64 : PPFFT_F32;
  d.direction = lc->backward ? PPFFT_BACKWARD : PPFFT_FORWARD;
  d.inplace = lc->inplace;
  size_t N = 1;
  for (int k = 0; k < lc->rank; ++k) N *= lc->n[k];
  size_t stride = lc->stride ? lc->stride : 1, dist = lc->dist ? lc->dist : (N - 1) * stride + 1, offset = lc->offset;
  if (lc->stride || lc->dist || lc->offset) { /* 1D only: the input side strided, the output packed */
    d.in_strides[0] = stride, d.in_dist = dist, d.in_offset = offset;
    if (lc->inplace) d.out_strides[0] = 0;
    else d.out_strides[0] = 1, d.out_dist = N;
  }
  if (lc->planar) d.in_layout = d.out_layout = PPFFT_PLANAR;
  double start = test_now();
  ppfft_plan *p = NULL;
  ppfft_status s = lc->variant ? ppfft_plan_create_variant(ctx, &d, lc->variant, &p) : ppfft_plan_create(ctx, &d, 0, &p);
  ck_assert_msg(s == PPFFT_SUCCESS, "N = %zu x %zu x %zu %s: plan: %s", lc->n[0], lc->rank > 1 ? lc->n[1] : 1,
                lc->rank > 2 ? lc->n[2] : 1, lc->variant ? lc->variant : "(estimate)", ppfft_context_last_error(ctx));
  char desc[2048];
  ck_assert_int_eq(ppfft_plan_describe(p, desc, sizeof desc), PPFFT_SUCCESS);
  if (name) snprintf(name, len, "%s", desc);
  size_t span = offset + (lc->batch - 1) * dist + (N - 1) * stride + 1, count = N * lc->batch;
  size_t out_span = lc->inplace ? span : count;
  double *x = malloc(16 * span), *packed = malloc(16 * count), *ref = malloc(16 * count), *got = malloc(16 * out_span);
  test_random(x, 2 * span, (unsigned)(N + lc->batch));
  if (!lc->f64)
    for (size_t i = 0; i < 2 * span; ++i) x[i] = (float)x[i];
  for (size_t b = 0; b < lc->batch; ++b)
    for (size_t i = 0; i < N; ++i) {
      size_t k = offset + b * dist + i * stride;
      packed[2 * (b * N + i)] = x[2 * k], packed[2 * (b * N + i) + 1] = x[2 * k + 1];
    }
  test_reference_nd(lc->rank, lc->n, lc->batch, lc->backward ? 1 : -1, packed, ref);
  /* planar: the real parts, then the imaginary parts, each in a buffer of its own */
  cl_mem in[2] = {NULL, NULL}, out[2] = {NULL, NULL};
  if (lc->planar) {
    double *part = calloc(span + 1, sizeof *part);
    for (int c = 0; c < 2; ++c) {
      for (size_t i = 0; i < span; ++i) part[i] = x[2 * i + c];
      /* test_upload sends complex pairs: the reals in pairs */
      in[c] = test_upload(part, (span + 1) / 2, lc->f64);
      if (!lc->inplace) out[c] = test_upload(part, (out_span + 1) / 2, lc->f64);
    }
    free(part);
    s = ppfft_execute_planar(p, t->q, in[0], in[1], out[0], out[1], 0, NULL, NULL);
  } else {
    in[0] = test_upload(x, span, lc->f64);
    if (!lc->inplace) {
      for (size_t i = 0; i < 2 * out_span; ++i) got[i] = NAN;
      out[0] = test_upload(got, out_span, lc->f64);
    }
    s = ppfft_execute(p, t->q, in[0], out[0], 0, NULL, NULL);
  }
  ck_assert_msg(s == PPFFT_SUCCESS, "execute %s: %s", desc, ppfft_context_last_error(ctx));
  ck_assert_int_eq(clFinish(t->q), CL_SUCCESS);
  cl_mem *res = lc->inplace ? in : out;
  if (lc->planar) {
    double *part = calloc(out_span + 1, sizeof *part);
    for (int c = 0; c < 2; ++c) {
      test_download(res[c], part, (out_span + 1) / 2, lc->f64);
      for (size_t i = 0; i < out_span; ++i) got[2 * i + c] = part[i];
    }
    free(part);
  } else test_download(res[0], got, out_span, lc->f64);
  double *flat = malloc(16 * count);
  for (size_t b = 0; b < lc->batch; ++b)
    for (size_t i = 0; i < N; ++i) {
      size_t k = lc->inplace ? offset + b * dist + i * stride : b * N + i;
      flat[2 * (b * N + i)] = got[2 * k], flat[2 * (b * N + i) + 1] = got[2 * k + 1];
    }
  double err = test_rel_error(flat, ref, count), bound = test_bound(N, lc->f64);
  if (lc->fast_math) bound = 5e-6 * log2((double)N);
  if (test_verbose()) printf("  %.2f s: %s %s: error %.3g\n", test_now() - start, desc, lc->backward ? "backward" : "forward", err), fflush(stdout);
  ck_assert_msg(err <= bound, "N = %zu x %zu x %zu %s %s %s: error %.3g > %.3g", lc->n[0], lc->rank > 1 ? lc->n[1] : 1,
                lc->rank > 2 ? lc->n[2] : 1, lc->f64 ? "f64" : "f32", lc->backward ? "backward" : "forward", desc, err, bound);
  for (int c = 0; c < 2; ++c) {
    if (in[c]) clReleaseMemObject(in[c]);
    if (out[c]) clReleaseMemObject(out[c]);
  }
  free(x), free(packed), free(ref), free(got), free(flat);
  ppfft_plan_destroy(p);
}

static len_case one(size_t n, size_t batch)
{
  len_case lc = {0};
  lc.rank = 1;
  lc.n[0] = n;
  lc.batch = batch;
  return lc;
}

/* Every smooth length up to the bound, the estimate's plan, forward and backward. */
START_TEST(every_smooth_length)
{
  size_t bound = test_full() ? FULL_BOUND : SMALL_BOUND;
  int count = 0;
  for (size_t n = 2; n <= bound; ++n) {
    if (!is_smooth(n) || (n & (n - 1)) == 0) continue; /* (powers of two: tests/check_powers) */
    for (int back = 0; back < 2; ++back) {
      len_case lc = one(n, 3);
      lc.backward = back;
      run(&lc, NULL, 0);
    }
    ++count;
  }
  printf("every smooth length that is not a power of two, 3 to %zu: %d lengths, both directions\n", bound, count);
}
END_TEST

/* Longer lengths: one work-group's pass (1000), four-step in two passes (143 = 11 x 13: no one
 * work-item holds 143 elements); 3^7, 5^6, 7^5, 3^7 x 16, 6000 (f64), 2 x 3 x 5 x 7 x 11 x 13 (three
 * passes, f64) and 10^6 in check-full only. */
START_TEST(longer_lengths)
{
  static const struct { size_t n, batch; int f64, backward, inplace, full; } cases[] = {
    {1000, 2, 0, 0, 0, 0}, {143, 3, 0, 0, 0, 0}, {2187 * 16, 1, 0, 0, 1, 1}, {6000, 2, 1, 1, 1, 1},
    {2187, 1, 0, 1, 1, 1}, {15625, 1, 0, 0, 0, 1}, {16807, 1, 0, 1, 0, 1}, {30030, 1, 1, 0, 0, 1}, {1000000, 1, 0, 1, 0, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    if (cases[i].full && !test_full()) continue; /* check-full only */
    len_case lc = one(cases[i].n, cases[i].batch);
    lc.f64 = cases[i].f64, lc.backward = cases[i].backward, lc.inplace = cases[i].inplace;
    run(&lc, NULL, 0);
  }
}
END_TEST

/* 2D and 3D (96^3 and 12 x 2000 in check-full only). */
START_TEST(multi_dimensional)
{
  static const struct { int rank; size_t n0, n1, n2, batch; int f64, backward, inplace, full; } cases[] = {
    {2, 100, 100, 1, 1, 0, 0, 0, 0}, {3, 5, 7, 9, 3, 1, 0, 1, 0}, {2, 3, 64, 1, 2, 0, 1, 0, 0},
    {3, 96, 96, 96, 1, 0, 1, 0, 1}, {2, 12, 2000, 1, 2, 1, 0, 1, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    if (cases[i].full && !test_full()) continue; /* check-full only */
    len_case lc = {0};
    lc.rank = cases[i].rank;
    lc.n[0] = cases[i].n0, lc.n[1] = cases[i].n1, lc.n[2] = cases[i].n2;
    lc.batch = cases[i].batch;
    lc.f64 = cases[i].f64, lc.backward = cases[i].backward, lc.inplace = cases[i].inplace;
    run(&lc, NULL, 0);
  }
}
END_TEST

/* Strides, distances and offsets on the input, in place on them, and planar data. */
START_TEST(layouts)
{
  len_case a = one(12, 3);
  a.stride = 3, a.dist = 40, a.offset = 2;
  run(&a, NULL, 0);
  len_case b = one(45, 2);
  b.stride = 2, b.dist = 91, b.offset = 1, b.inplace = 1, b.backward = 1;
  run(&b, NULL, 0);
  len_case c = one(10, 3);
  c.planar = 1;
  run(&c, NULL, 0);
}
END_TEST

/* Wisdom keys and plan strings carry lengths that are not powers of two: an entry for N = 1000 (in
 * two passes, which the estimate would not choose) is found, describes itself, runs, and exports. */
START_TEST(wisdom_and_plan_strings)
{
  if (!lengths_ctx) lengths_setup();
  static const char plan[] =
      "r10x10/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg10/t1;r10/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg1/t1";
  char text[4096];
  snprintf(text, sizeof text, "ppfft-wisdom 2\n%s %s g%u c2c:f32:fwd:oop:n1000:packed:b1 %s 1.0\n", lengths_ctx->names.key,
           lengths_ctx->names.arch, (unsigned)GEN_SIGNATURE, plan);
  ck_assert_msg(ppfft_wisdom_import_string(lengths_ctx, text) == PPFFT_SUCCESS, "%s", ppfft_context_last_error(lengths_ctx));
  len_case lc = one(1000, 1);
  char name[2048];
  run(&lc, name, sizeof name);
  ck_assert_msg(strncmp(name, plan, strlen(plan)) == 0 && strstr(name, "wisdom"), "planned %s", name);
  char *out = ppfft_wisdom_export_string(lengths_ctx);
  ck_assert_ptr_nonnull(out);
  ck_assert_msg(strstr(out, "c2c:f32:fwd:oop:n1000:packed:b1 r10x10/"), "%s", out);
  free(out);
}
END_TEST

/* ---- radices x knobs ---- */

enum { F_RADIX, F_ONCHIP, F_ACCESS, F_MATH, F_TW, F_TWP, F_CSE, F_IL, F_LU, F_F64, F_BACK, F_INPLACE, F_ORDER, NFACTORS };
static const unsigned radices[] = {3, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15};
static const int levels[NFACTORS] = {11, 4, 3, 8, 5, 2, 2, 2, 2, 2, 2, 2, 3};
static const unsigned widths[] = {2, 4, 8, 16};

typedef struct krow {
  int l[NFACTORS];
} krow;

/* The case of a row on di: radices r x r, r x m or m x r (m = 2, 4 ... 16), or r alone, the row's
 * order factor's first, the largest work-item count per transform the geometry allows, three
 * transforms per work-group if it can (else one).  Returns 0 with N and the variant string, or -1 when the
 * geometry allows no such case (a width that does not divide, a radix beyond what a work-item holds). */
static int krow_case(const krow *k, const device_info *di, size_t *n_out, char *vs, size_t len)
{
  const int *l = k->l;
  if (l[F_F64] && !di->fp64) return -1;
  variant v = {0};
  v.onchip = (onchip_mode)l[F_ONCHIP];
  v.access = (access_pattern)l[F_ACCESS];
  v.vector_math = l[F_MATH] >= 4;
  v.width = widths[l[F_MATH] % 4];
  v.twiddle = (twiddle_mode)l[F_TW];
  v.twp = l[F_TWP], v.cse = l[F_CSE], v.il = l[F_IL], v.lu = l[F_LU];
  unsigned r = radices[l[F_RADIX]];
  /* shapes: r x r (r work-items a transform), r x m and m x r (m = 2 ... 16), r alone; the row's
   * order factor picks the one tried first */
  for (int shape = 0; shape < 3 * 5 + 1; ++shape) {
    int kind = shape < 3 ? (l[F_ORDER] + shape) % 3 : (shape - 3) % 3;
    unsigned m = shape < 3 ? 2 : 2u << ((shape - 3) / 3);
    if (shape == 3 * 5) kind = 3;
    size_t n = kind == 0 ? (size_t)r * r : kind == 3 ? r : (size_t)r * m;
    v.npasses = 2;
    v.radix[0] = kind == 2 ? m : r;
    v.radix[1] = kind == 0 ? r : kind == 1 ? m : r;
    if (kind == 3) v.npasses = 1;
    problem p;
    problem_init_plain(&p, n, 5, l[F_F64], l[F_BACK] ? 1 : -1);
    p.inplace = l[F_INPLACE];
    for (unsigned w = (unsigned)n; w >= 1; --w)
      for (int j = 0; n % w == 0 && j < 2; ++j) {
        geometry g;
        char msg[256];
        v.tpw = j ? 1 : 3;
        v.wg = w * v.tpw;
        if (geometry_of(&p, &v, di, &g, msg, sizeof msg) != PPFFT_SUCCESS) continue;
        *n_out = n;
        variant_print(&v, vs, len);
        return 0;
      }
  }
  return -1;
}

static unsigned next_random(unsigned *x)
{
  *x ^= *x << 13, *x ^= *x >> 17, *x ^= *x << 5;
  return *x;
}

/* Item index of (factor f, level a) alone, or of the pair with (g, b), g > f. */
static int item_of(int f, int a, int g, int b)
{
  int at = 0;
  for (int i = 0; i < NFACTORS; ++i)
    for (int j = i + 1; j < NFACTORS; ++j) {
      if (i == f && j == g) return at + a * levels[j] + b;
      at += levels[i] * levels[j];
    }
  return -1;
}

/* The items k covers that covered[] does not, marking them when `mark`: its levels alone
 * (strength 1) or its pairs of levels (strength 2). */
static int krow_gain(const krow *k, int strength, char *covered, int mark)
{
  int gain = 0;
  for (int f = 0; f < NFACTORS; ++f)
    for (int g = strength == 1 ? f : f + 1; g < (strength == 1 ? f + 1 : NFACTORS); ++g) {
      int at = strength == 1 ? f * 16 + k->l[f] : item_of(f, k->l[f], g, k->l[g]);
      if (!covered[at]) {
        ++gain;
        if (mark) covered[at] = 1;
      }
    }
  return gain;
}

/* A greedy covering set (AETG style, deterministic) over the rows the geometry allows on di:
 * every level of every factor (strength 1) or every pair of levels (strength 2) that some
 * allowed row has.  Returns the row count, the rows in a new array in *out. */
static size_t krow_cover(const device_info *di, int strength, krow **out)
{
  char *covered = calloc(NFACTORS * 16 + 16 * 16 * NFACTORS * NFACTORS, 1);
  size_t n = 0, cap = 16;
  krow *rows = malloc(cap * sizeof *rows);
  unsigned seed = 12345;
  for (;;) {
    krow best = {{0}};
    int best_gain = 0;
    for (int tries = 0; tries < 600; ++tries) {
      krow k;
      for (int f = 0; f < NFACTORS; ++f) k.l[f] = (int)(next_random(&seed) % (unsigned)levels[f]);
      int gain = krow_gain(&k, strength, covered, 0);
      size_t nn;
      char vs[256];
      if (gain > best_gain && krow_case(&k, di, &nn, vs, sizeof vs) == 0) best = k, best_gain = gain;
    }
    if (best_gain == 0) break;
    krow_gain(&best, strength, covered, 1);
    if (n == cap) rows = realloc(rows, (cap *= 2) * sizeof *rows);
    rows[n++] = best;
  }
  free(covered);
  *out = rows;
  return n;
}

/* Every radix that is not a power of two with every value of every knob that the geometry allows
 * it, each at least once (make check-full: every pair of values, with precision, direction and
 * placement), against FFTW. */
START_TEST(radices_and_knobs)
{
  if (!lengths_ctx) lengths_setup();
  const device_info *di = &lengths_ctx->info;
  krow *rows;
  int strength = test_full() ? 2 : 1;
  size_t n = krow_cover(di, strength, &rows);
  int seen[NFACTORS][16] = {{0}};
  for (size_t i = 0; i < n; ++i) {
    size_t N;
    char vs[256];
    ck_assert_int_eq(krow_case(&rows[i], di, &N, vs, sizeof vs), 0);
    len_case lc = one(N, 5);
    lc.f64 = rows[i].l[F_F64], lc.backward = rows[i].l[F_BACK], lc.inplace = rows[i].l[F_INPLACE];
    lc.variant = vs;
    lc.fast_math = rows[i].l[F_TW] == TW_NATIVE;
    run(&lc, NULL, 0);
    for (int f = 0; f < NFACTORS; ++f) seen[f][rows[i].l[f]] = 1;
  }
  /* every radix and every on-chip mode, access pattern, twiddle mode ran (some widths cannot:
   * VAVM16 needs 16 x r elements per work-item) */
  static const int must[] = {F_RADIX, F_ONCHIP, F_ACCESS, F_TW, F_TWP, F_CSE, F_IL, F_LU};
  for (size_t m = 0; m < sizeof must / sizeof must[0]; ++m)
    for (int a = 0; a < levels[must[m]]; ++a) ck_assert_msg(seen[must[m]][a], "factor %d level %d never ran", must[m], a);
  printf("radices x knobs: %zu cases, every %s of knob values the geometry allows\n", n, strength == 1 ? "value" : "pair");
  free(rows);
}
END_TEST

Suite *make_lengths_suite(void)
{
  Suite *s = suite_create("lengths");
  TCase *tc = test_tcase("smooth");
  tcase_add_test(tc, every_smooth_length);
  tcase_add_test(tc, longer_lengths);
  tcase_add_test(tc, multi_dimensional);
  tcase_add_test(tc, layouts);
  tcase_add_test(tc, wisdom_and_plan_strings);
  tcase_add_test(tc, radices_and_knobs);
  tcase_add_checked_fixture(tc, NULL, lengths_teardown);
  suite_add_tcase(s, tc);
  return s;
}
