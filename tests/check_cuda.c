/* The CUDA backend (include/ppfft_cuda.h).  Without a GPU (CI): every kernel of the pairwise set,
 * generated in the CUDA dialect, compiles with NVRTC, and the constructors fail cleanly.  On a CUDA
 * device: the pairwise set and the planner's plans agree with FFTW in higher precision, and every
 * error path of the CUDA calls. */
#include "cuda/program.h"
#include "gen/kernel.h"
#include "gen/pointwise.h"
#include "gen/transpose.h"
#include "pairwise.h"
#include "plan/candidates.h"
#include "plan/plan.h"
#include "plan/solver.h"
#include "ppfft_cuda.h"
#include "suites.h"
#include "testcuda.h"
#include "testutil.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- without a device ---- */

START_TEST(nvrtc_builds_the_pairwise_set)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  knob_row *rows;
  size_t n = knob_pairwise_rows(&di, &rows), built = 0;
  ck_assert_uint_gt(n, 40);
  double start = test_now();
  for (size_t i = 0; i < n; i += test_full() ? 1 : 3) { /* make check: every third row (NVRTC takes ~1.4 s each; a GPU run builds and runs them all) */
    ppfft_desc d;
    problem p;
    variant v;
    geometry g;
    ck_assert_int_eq(knob_row_case(&rows[i], &di, &d, &p, &v, &g), 0);
    test_nvrtc_builds(&rt, &p, &v, &g, NULL);
    ++built;
  }
  free(rows);
  printf("NVRTC (sm_90): %zu of the %zu kernels of the pairwise set built in %.1f s\n", built, n, test_now() - start);
}
END_TEST

/* The shuffle set: each exchange mode (RP+SHFL-*) on the seed's square transposes (16 = 4 x 4,
 * 64 = 8 x 8, 256 = 16 x 16, one transpose; r4x4 in a block of 16 threads, less than a warp), on
 * r16x16x2 at 16 threads a transform (an exchange that stays in each thread's registers) and on
 * the planner's fitted variants of N = 64 .. 2048 (up to three passes, widened into one warp),
 * f32 and f64; direction, placement and access pattern vary across the cases, and a batch of 37
 * leaves the last block part empty. */
typedef struct shuffle_case {
  ppfft_desc d;
  problem p;
  variant v;
  geometry g;
} shuffle_case;

enum { SHUFFLE_CASES_MAX = 96 };

static size_t shuffle_cases(const device_info *di, shuffle_case *out)
{
  static const char *const seed[] = {"r4x4/RP+%s+DIRECT+VASM2+CM-K+CSE+IL+LU/wg16/t4", "r8x8/RP+%s+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg64/t8",
                                     "r16x16/RP+%s+CGAP+VASM2+CM-K+CSE+IL+LU/wg128/t8",
                                     /* 16 threads a transform: the second exchange stays in registers */
                                     "r16x16x2/RP+%s+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg64/t4"};
  enum { SEEDS = sizeof seed / sizeof seed[0] };
  static const size_t fitted[] = {64, 256, 512, 1024, 2048};
  size_t count = 0, k = 0;
  for (int m = SHFL_NAIVE; m < SHUFFLE_MODES; ++m)
    for (int f64 = 0; f64 < 2; ++f64)
      for (size_t i = 0; i < SEEDS + sizeof fitted / sizeof fitted[0]; ++i, ++k) {
        shuffle_case *c = &out[count];
        size_t n = i < 3 ? (size_t)16 << (2 * i) : i < SEEDS ? 512 : fitted[i - SEEDS];
        ppfft_desc_init(&c->d, 1, &n, 37);
        c->d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
        c->d.direction = k % 2 ? PPFFT_BACKWARD : PPFFT_FORWARD;
        c->d.inplace = (int)(k / 2 % 2);
        ck_assert_int_eq(problem_from_desc(NULL, di, &c->d, &c->p), PPFFT_SUCCESS);
        char name[256], msg[256];
        if (i < SEEDS) {
          snprintf(name, sizeof name, seed[i], variant_shuffle_name((shuffle_mode)m));
          ck_assert_msg(variant_parse(name, &c->v, msg, sizeof msg) == 0, "%s: %s", name, msg);
          ck_assert_msg(geometry_of(&c->p, &c->v, di, &c->g, msg, sizeof msg) == PPFFT_SUCCESS, "%s: %s", name, msg);
        } else {
          variant v = {0};
          v.onchip = ONCHIP_RP_LM_CM;
          v.access = k % 3 ? ACCESS_DIRECT : ACCESS_CGAP;
          v.width = 2;
          v.twiddle = k % 4 ? TW_CM_K : TW_GM;
          v.cse = v.il = v.lu = 1;
          v.shfl = (shuffle_mode)m;
          int ok = -1;
          for (unsigned widen = 0; widen < 3 && ok != 0; ++widen) {
            c->v = v;
            ok = fit_variant(&c->p, di, &c->v, widen, &c->g, msg, sizeof msg);
          }
          ck_assert_msg(ok == 0, "N=%zu %s: no fit within a warp: %s", n, variant_shuffle_name((shuffle_mode)m), msg);
          ck_assert_uint_le(c->g.w, 32);
        }
        ++count;
      }
  ck_assert_uint_le(count, SHUFFLE_CASES_MAX);
  return count;
}

START_TEST(nvrtc_builds_the_shuffle_set)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  shuffle_case *cases = malloc(sizeof *cases * SHUFFLE_CASES_MAX);
  size_t n = shuffle_cases(&di, cases);
  double start = test_now();
  size_t built = 0;
  for (size_t i = 0; i < n; ++i) /* make check: every fifth (each mode, size and precision in turn) */
    if (test_full() || i % 5 == 0) test_nvrtc_builds(&rt, &cases[i].p, &cases[i].v, &cases[i].g, NULL), ++built;
  free(cases);
  printf("NVRTC (sm_90): %zu of the %zu kernels of the shuffle set built in %.1f s\n", built, n, test_now() - start);
}
END_TEST

/* The shuffle exchange is CUDA's: the OpenCL dialect has none, and an OpenCL device is refused. */
START_TEST(shuffle_is_cuda_only)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  variant v;
  char msg[256];
  ck_assert_int_eq(variant_parse("r16x16/RP+SHFL-SELP-IP+DIRECT+VASM2+CM-K+CSE+IL+LU/wg128/t8", &v, msg, sizeof msg), 0);
  ppfft_desc d;
  size_t n = 256;
  ppfft_desc_init(&d, 1, &n, 8);
  problem p;
  ck_assert_int_eq(problem_from_desc(NULL, &di, &d, &p), PPFFT_SUCCESS);
  geometry g;
  ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_SUCCESS);
  ck_assert_uint_eq(g.local_bytes, 0); /* no local memory at all: the point of the seed's SHFL */
  kernel_source ks;
  ck_assert_int_eq(gen_kernel(&p, &v, &g, &dialect_opencl, &ks), -3);
  di.cuda = 0;
  ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_msg(strstr(msg, "CUDA only"), "%s", msg);
  di.cuda = 1; /* and where a transform spans warps, or registers hold lane groups, there is none */
  static const struct { const char *v; const char *why; } no[] = {
    {"r4x4x4x4/RP+SHFL-DIV+DIRECT+VASM2+CM-K+CSE+IL+LU/wg64/t1", "one warp"},
    {"r16x16/RP+SHFL-DIV+DIRECT+VASM4+CM-K+CSE+IL+LU/wg64/t8", "single elements"},
    {"r16x16/RP+SHFL-DIV+DIRECT+VAVM2+CM-K+CSE+IL+LU/wg64/t8", "single elements"},
  };
  for (size_t i = 0; i < sizeof no / sizeof no[0]; ++i) {
    ck_assert_int_eq(variant_parse(no[i].v, &v, msg, sizeof msg), 0);
    ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
    ck_assert_msg(strstr(msg, no[i].why), "%s: %s", no[i].v, msg);
  }
}
END_TEST

/* The passes of multi-pass and multi-dimensional plans: strided, four-step twiddles, planar sides,
 * the temporary buffer, explicit transposes; column passes also with COLS. */
START_TEST(nvrtc_builds_general_passes)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  static const struct { int rank; size_t n[3]; int planar; } cases[] = {
    {1, {1 << 20}, 0}, {1, {1 << 16}, 1}, {2, {256, 512}, 0}, {3, {32, 64, 16}, 1},
  };
  size_t built = 0;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c)
    for (int f64 = 0; f64 < 2; ++f64) {
      ppfft_desc d;
      ppfft_desc_init(&d, cases[c].rank, cases[c].n, 2);
      d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
      if (cases[c].planar) d.in_layout = d.out_layout = PPFFT_PLANAR;
      errors e;
      ck_assert_int_eq(errors_init(&e), 0);
      transform t;
      ck_assert_int_eq(transform_from_desc(&e, &di, &d, &t), PPFFT_SUCCESS);
      split sp = {0}; /* one pass per dimension up to 4096 points, two (four-step) beyond */
      for (int k = 0; k < d.rank; ++k) {
        sp.nfactors[k] = d.n[k] > 4096 ? 2 : 1;
        if (sp.nfactors[k] == 1) sp.factor[k][0] = d.n[k];
        else ck_assert(split_balanced(d.n[k], 2, sp.factor[k]));
      }
      pass_desc pd[DECOMPOSE_MAX_PASSES];
      char msg[512];
      int np = test_decompose(&t, &sp, pd);
      for (int i = 0; i < np; ++i) {
        variant v;
        geometry g;
        if (test_nvrtc_builds_pass(&rt, &di, &pd[i], NULL, &v, &g)) {
          /* COLS on the two passes of 2^20 f32 (both sides columns, with XR2; rows in, staged);
           * every case's column passes in check-full: widened once, XR2 where both sides are columns */
          variant vc = {0};
          vc.onchip = ONCHIP_RP_LM_CM, vc.access = ACCESS_CGAP, vc.cols = 1, vc.width = 2, vc.twiddle = TW_GM, vc.twp = f64;
          vc.cse = vc.il = vc.lu = 1;
          int wanted = test_full() || (c == 0 && !f64);
          if (wanted && fit_variant(&pd[i].pb, &di, &vc, 1, &g, msg, sizeof msg) == 0) {
            if (!g.staged) {
              vc.rounds = 2;
              ck_assert_msg(geometry_of(&pd[i].pb, &vc, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "COLS XR2: %s", msg);
            }
            test_nvrtc_builds(&rt, &pd[i].pb, &vc, &g, NULL);
            ++built;
          }
        }
        ++built;
      }
      errors_destroy(&e);
    }
  /* one pass past OpenCL's 48 KiB, in the dynamic shared memory: 16384 f32, 8192 f64 */
  for (int f64 = 0; f64 < 2; ++f64)
    for (size_t n = 8192; n <= (f64 ? 8192u : 16384u); n *= 2) { /* 16384 f64 spills: two passes */
      problem p;
      problem_init_plain(&p, n, 64, f64, -1);
      variant v;
      geometry g;
      char msg[512];
      ck_assert_msg(candidates_estimate(&p, &di, &v, 1, msg, sizeof msg) > 0, "N=%zu in one pass: %s", n, msg);
      ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_SUCCESS);
      test_nvrtc_builds(&rt, &p, &v, &g, NULL);
      ++built;
    }
  /* exchange rounds that split the work-items (one radix-16 butterfly each, four rounds); a mixed
   * radix's five rounds with both parts in each (PAIR: real2 words in the dynamic shared memory) */
  static const struct { size_t n; const char *v; } rounds[] = {
    {4096, "r16x16x16/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1"},
    {1000, "r10x10x10/RP+LM-CM+XR5+PAIR+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg100/t1"},
  };
  for (size_t i = 0; i < sizeof rounds / sizeof rounds[0]; ++i) {
    problem p;
    problem_init_plain(&p, rounds[i].n, 64, 0, -1);
    variant v;
    geometry g;
    char msg[512];
    ck_assert_int_eq(variant_parse(rounds[i].v, &v, msg, sizeof msg), 0);
    ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s", msg);
    test_nvrtc_builds(&rt, &p, &v, &g, NULL);
    ++built;
  }
  printf("NVRTC (sm_90): %zu passes of multi-pass, multi-dimensional and planar plans, and one-pass 8192 and 16384, built\n", built);
}
END_TEST

/* Real-data transforms: the real passes (reals in, or the Hermitian half in; the half, or real
 * parts, out), in and out of place, with a planar complex side and C2R's temporary buffer, on the
 * general path (N points) and the fast one (N/2 points on pairs of reals). */
START_TEST(nvrtc_builds_real_passes)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  /* split: the real dimension's complex transform in two four-step passes (an R2C's pairing in the
   * last one: problem.h's mirror); lengths with a prime factor above 13 through Bluestein (split_bluestein); the
   * last two cases under check-full only */
  static const struct { ppfft_kind kind; int rank; size_t n[3]; int f64, inplace, planar, half, split; } cases[] = {
    {PPFFT_R2C, 1, {256}, 0, 0, 0, 0, 0}, {PPFFT_C2R, 1, {1024}, 1, 1, 0, 0, 0},
    {PPFFT_R2C, 2, {64, 128}, 0, 0, 1, 1, 0}, {PPFFT_C2R, 2, {64, 128}, 1, 0, 1, 1, 0},
    {PPFFT_R2C, 1, {2048}, 1, 1, 0, 1, 0}, {PPFFT_C2R, 1, {512}, 0, 0, 0, 1, 0},
    {PPFFT_R2C, 1, {1u << 16}, 0, 0, 0, 1, 1}, {PPFFT_C2R, 1, {17}, 1, 0, 0, 0, 0},
    {PPFFT_C2R, 2, {8, 1u << 16}, 1, 1, 0, 1, 1}, {PPFFT_R2C, 2, {4, 34}, 0, 0, 1, 1, 0},
  };
  size_t built = 0, count = sizeof cases / sizeof cases[0] - (test_full() ? 0 : 2);
  for (size_t c = 0; c < count; ++c) {
    ppfft_desc d;
    ppfft_desc_init(&d, cases[c].rank, cases[c].n, 3);
    d.kind = cases[c].kind;
    d.precision = cases[c].f64 ? PPFFT_F64 : PPFFT_F32;
    d.inplace = cases[c].inplace;
    if (cases[c].planar) *(d.kind == PPFFT_R2C ? &d.out_layout : &d.in_layout) = PPFFT_PLANAR;
    errors e;
    ck_assert_int_eq(errors_init(&e), 0);
    transform t;
    ck_assert_msg(transform_from_desc(&e, &di, &d, &t) == PPFFT_SUCCESS, "%s", errors_last(&e));
    split sp = {0};
    sp.real_half = cases[c].half;
    split_bluestein(&t, &sp);
    for (int k = 0; k < d.rank; ++k) {
      size_t L = decompose_fft_length(&t, &sp, k);
      sp.nfactors[k] = cases[c].split && k == d.rank - 1 ? 2 : 1;
      if (sp.nfactors[k] == 1) sp.factor[k][0] = L;
      else ck_assert(split_balanced(L, 2, sp.factor[k]));
    }
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    int np = test_decompose(&t, &sp, pd);
    for (int i = 0; i < np; ++i, ++built) {
      variant v;
      geometry g;
      test_nvrtc_builds_pass(&rt, &di, &pd[i], NULL, &v, &g);
    }
    errors_destroy(&e);
  }
  printf("NVRTC (sm_90): %zu passes of R2C and C2R plans built\n", built);
}
END_TEST

/* Bluestein's passes (core/bluestein.h): the pointwise kernels and the FFT_M passes over the rows of
 * the temporary buffer, one pass and four-step, 1D and 2D, interleaved and planar, both precisions
 * (f64 for 1D only but in check-full); Rader's (core/rader.h) for 17 too, and for 65537 (the
 * estimate's choice: four-step FFTs of 2^16); those of one-pass FFTs fused too, and 65537's
 * (Rader's in two passes: x_0 and X_0 through the rows). */
START_TEST(nvrtc_builds_bluestein)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  static const struct { int rank; size_t n[3]; int planar; prime_algorithm alg; } cases[] = {
    {1, {17}, 0, PRIME_BLUESTEIN}, {1, {17}, 0, PRIME_RADER}, {2, {100, 64}, 1, PRIME_ESTIMATE}, {1, {65537}, 0, PRIME_ESTIMATE}};
  size_t built = 0;
  double start = test_now();
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c)
    for (int f64 = 0; f64 < (c < 2 || test_full() ? 2 : 1); ++f64) {
      ppfft_desc d;
      ppfft_desc_init(&d, cases[c].rank, cases[c].n, 2);
      d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
      if (cases[c].planar) d.in_layout = d.out_layout = PPFFT_PLANAR;
      errors e;
      ck_assert_int_eq(errors_init(&e), 0);
      transform t;
      ck_assert_int_eq(transform_from_desc(&e, &di, &d, &t), PPFFT_SUCCESS);
      split sp = {0};
      split_prime(&t, cases[c].alg, &sp);
      ck_assert_int_eq(split_has_rader(&sp), cases[c].alg == PRIME_RADER || cases[c].n[0] == 65537);
      for (int k = 0; k < d.rank; ++k) {
        size_t L = decompose_fft_length(&t, &sp, k);
        sp.nfactors[k] = L > 4096 ? 2 : 1;
        if (sp.nfactors[k] == 1) sp.factor[k][0] = L;
        else ck_assert(split_balanced(L, 2, sp.factor[k]));
      }
      for (int fused = 0; fused < 2 && (!fused || split_fuse(&t, &sp, 1)); ++fused) { /* and fused (BFF, BFI) where it can */
        pass_desc pd[DECOMPOSE_MAX_PASSES];
        int np = test_decompose(&t, &sp, pd);
        for (int i = 0; i < np; ++i, ++built) {
          variant v;
          geometry g;
          test_nvrtc_builds_pass(&rt, &di, &pd[i], NULL, &v, &g);
        }
      }
      errors_destroy(&e);
    }
  printf("NVRTC (sm_90): %zu passes of Bluestein and Rader plans built in %.1f s\n", built, test_now() - start);
}
END_TEST

/* ---- the device ---- */

static int cuda_devices(void)
{
  int n = 0;
  return cudaGetDeviceCount(&n) == cudaSuccess ? n : 0;
}

static ppfft_context *cuda_ctx;

ppfft_context *test_cuda_ctx_at(const char *func)
{
  if (!cuda_ctx && cuda_devices() > 0) ck_assert_msg(ppfft_context_create_cuda(0, &cuda_ctx) == PPFFT_SUCCESS, "%s", ppfft_context_last_error(NULL));
  if (!cuda_ctx) test_skip_at(func, "no CUDA device");
  return cuda_ctx;
}
#define ctx() test_cuda_ctx_at(__func__)

START_TEST(constructor_errors)
{
  ck_assert_int_eq(ppfft_context_create_cuda(0, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ppfft_context *c = (ppfft_context *)1;
  int count = cuda_devices();
  ck_assert_int_eq(ppfft_context_create_cuda(-1, &c), PPFFT_ERROR_NO_DEVICE);
  ck_assert_ptr_null(c);
  ck_assert_int_eq(ppfft_context_create_cuda(count, &c), PPFFT_ERROR_NO_DEVICE);
  ck_assert(strlen(ppfft_context_last_error(NULL)) > 0);
  ck_assert_int_eq(ppfft_context_cuda_device(NULL), -1);
  ck_assert_int_eq(ppfft_execute_cuda(NULL, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute_cuda_planar(NULL, 0, NULL, NULL, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_str_ne(ppfft_status_string(PPFFT_ERROR_CUDA), ppfft_status_string(PPFFT_ERROR_OPENCL));
}
END_TEST

/* Device copies of complex data in the plan's precision. */
static void *upload(const double *x, size_t count, int f64)
{
  size_t bytes = count * (f64 ? 16 : 8);
  void *h = malloc(bytes), *d = NULL;
  for (size_t i = 0; i < 2 * count; ++i) {
    if (f64) ((double *)h)[i] = x[i];
    else ((float *)h)[i] = (float)x[i];
  }
  ck_assert_int_eq(cudaMalloc(&d, bytes), cudaSuccess);
  ck_assert_int_eq(cudaMemcpy(d, h, bytes, cudaMemcpyHostToDevice), cudaSuccess);
  free(h);
  return d;
}

static void download(const void *d, double *x, size_t count, int f64)
{
  size_t bytes = count * (f64 ? 16 : 8);
  void *h = malloc(bytes);
  ck_assert_int_eq(cudaMemcpy(h, d, bytes, cudaMemcpyDeviceToHost), cudaSuccess);
  for (size_t i = 0; i < 2 * count; ++i) x[i] = f64 ? ((double *)h)[i] : (double)((float *)h)[i];
  free(h);
}

/* Plans d (packed, interleaved) on the CUDA context by variant (NULL: ppfft_plan_create ESTIMATE),
 * runs it on random data and gives the relative error against FFTW; out of place, the input must
 * stay as it was. */
static ppfft_status cuda_run(ppfft_context *c, const ppfft_desc *d, const char *vname, unsigned seed, double *err)
{
  *err = INFINITY;
  ppfft_plan *p = NULL;
  ppfft_status s = vname ? ppfft_plan_create_variant(c, d, vname, &p) : ppfft_plan_create(c, d, PPFFT_ESTIMATE, &p);
  if (s != PPFFT_SUCCESS) return s;
  size_t n = 1;
  for (int k = 0; k < d->rank; ++k) n *= d->n[k];
  size_t count = n * d->batch;
  int f64 = d->precision == PPFFT_F64;
  double *in = malloc(16 * count), *ref = malloc(16 * count), *got = malloc(16 * count);
  test_random(in, 2 * count, seed);
  if (!f64)
    for (size_t i = 0; i < 2 * count; ++i) in[i] = (float)in[i];
  test_reference_nd(d->rank, d->n, d->batch, d->direction, in, ref);
  for (size_t i = 0; i < 2 * count; ++i) ref[i] *= d->scale;
  for (size_t i = 0; i < 2 * count; ++i) got[i] = NAN; /* poison: every output must be written */
  void *a = upload(in, count, f64), *b = d->inplace ? NULL : upload(got, count, f64);
  s = ppfft_execute_cuda(p, 0, a, b);
  if (s == PPFFT_SUCCESS) {
    ck_assert_int_eq(cudaDeviceSynchronize(), cudaSuccess);
    download(d->inplace ? a : b, got, count, f64);
    *err = test_rel_error(got, ref, count);
    if (!d->inplace) {
      download(a, got, count, f64);
      if (memcmp(got, in, 16 * count) != 0) *err = INFINITY;
    }
  }
  cudaFree(a);
  if (b) cudaFree(b);
  ppfft_plan_destroy(p);
  free(in);
  free(ref);
  free(got);
  return s;
}

START_TEST(shuffle_set_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  shuffle_case *cases = malloc(sizeof *cases * SHUFFLE_CASES_MAX);
  size_t n = shuffle_cases(&c->info, cases);
  for (size_t i = 0; i < n; ++i) {
    char name[256];
    variant_print(&cases[i].v, name, sizeof name);
    const ppfft_desc *d = &cases[i].d;
    double err;
    ppfft_status s = cuda_run(c, d, name, (unsigned)(1000 + i), &err);
    ck_assert_msg(s == PPFFT_SUCCESS, "N=%zu %s: %s", d->n[0], name, ppfft_context_last_error(c));
    double bound = test_bound(d->n[0], d->precision == PPFFT_F64);
    ck_assert_msg(err <= bound, "N=%zu %s %s %s %s: error %.3g > %.3g", d->n[0], d->precision == PPFFT_F64 ? "f64" : "f32",
                  d->direction < 0 ? "forward" : "backward", d->inplace ? "in-place" : "out-of-place", name, err, bound);
  }
  free(cases);
  printf("CUDA shuffle set: %zu cases agree with FFTW on %s\n", n, c->info.name);
}
END_TEST

START_TEST(pairwise_knobs_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  knob_row *rows;
  size_t n = knob_pairwise_rows(&c->info, &rows), ran = 0;
  for (size_t i = 0; i < n; ++i) {
    ppfft_desc d;
    problem p;
    variant v;
    geometry g;
    ck_assert_int_eq(knob_row_case(&rows[i], &c->info, &d, &p, &v, &g), 0);
    char name[256];
    variant_print(&v, name, sizeof name);
    double err;
    ppfft_status s = cuda_run(c, &d, name, (unsigned)i, &err);
    ck_assert_msg(s == PPFFT_SUCCESS, "N=%zu %s: %s", d.n[0], name, ppfft_context_last_error(c));
    double bound = variant_is_fast_math(&v) ? 5e-6 * (d.n[0] > 2 ? log2((double)d.n[0]) : 1.0) : test_bound(d.n[0], d.precision == PPFFT_F64);
    ck_assert_msg(err <= bound, "N=%zu %s %s %s %s: error %.3g > %.3g", d.n[0], d.precision == PPFFT_F64 ? "f64" : "f32",
                  d.direction < 0 ? "forward" : "backward", d.inplace ? "in-place" : "out-of-place", name, err, bound);
    ++ran;
  }
  free(rows);
  printf("CUDA pairwise set: %zu cases agree with FFTW on %s\n", ran, c->info.name);
}
END_TEST

/* The planner's plans: 1D at every power of two to 2^22 (one pass, four-step in two and three
 * passes), 2D and 3D, both precisions, both directions, in and out of place. */
START_TEST(planner_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  size_t cases = 0;
  for (int f64 = 0; f64 < 2; ++f64)
    for (int lg = 1; lg <= 22; ++lg) {
      size_t n = (size_t)1 << lg;
      ppfft_desc d;
      ppfft_desc_init(&d, 1, &n, n >= (1u << 20) ? 2 : ((size_t)1 << 21) / n + 3);
      d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
      d.direction = lg % 2 ? PPFFT_FORWARD : PPFFT_BACKWARD;
      d.inplace = lg % 3 == 0;
      double err;
      ppfft_status s = cuda_run(c, &d, NULL, (unsigned)lg, &err);
      ck_assert_msg(s == PPFFT_SUCCESS, "N=2^%d %s: %s", lg, f64 ? "f64" : "f32", ppfft_context_last_error(c));
      ck_assert_msg(err <= test_bound(n, f64), "N=2^%d %s: error %.3g > %.3g", lg, f64 ? "f64" : "f32", err, test_bound(n, f64));
      ++cases;
    }
  static const struct { int rank; size_t n[3]; } md[] = {{2, {64, 64}}, {2, {256, 1024}}, {2, {2048, 16}}, {3, {32, 32, 32}}, {3, {16, 64, 128}}};
  for (int f64 = 0; f64 < 2; ++f64)
    for (size_t k = 0; k < sizeof md / sizeof md[0]; ++k) {
      ppfft_desc d;
      ppfft_desc_init(&d, md[k].rank, md[k].n, 3);
      d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
      d.inplace = (int)k % 2;
      double err;
      ppfft_status s = cuda_run(c, &d, NULL, (unsigned)k, &err);
      ck_assert_msg(s == PPFFT_SUCCESS, "%zux%zux%zu %s: %s", md[k].n[0], md[k].n[1], md[k].n[2], f64 ? "f64" : "f32", ppfft_context_last_error(c));
      size_t n = md[k].n[0] * md[k].n[1] * (md[k].rank == 3 ? md[k].n[2] : 1);
      ck_assert_msg(err <= test_bound(n, f64), "%zux%zu %s: error %.3g", md[k].n[0], md[k].n[1], f64 ? "f64" : "f32", err);
      ++cases;
    }
  printf("CUDA planner: %zu plans agree with FFTW on %s\n", cases, c->info.name);
}
END_TEST

/* Real transforms on the GPU, packed and out of place, from the estimate: R2C against FFTW (the
 * half of the complex transform of the reals) and the round trip C2R(R2C(x)) = N x, on one pass,
 * the real dimension split four-step (2^20, f64 2^22, a 2D shape whose rows are 2^16) and through
 * Bluestein (34 on the fast path, 17 on the general one, 2 x 4099 rows). */
START_TEST(real_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  static const struct { int rank; size_t n[2], batch; int f64; } cases[] = {
    {1, {64}, 6, 0}, {1, {1u << 20}, 2, 0}, {1, {1u << 22}, 1, 1}, {1, {34}, 4, 0}, {1, {17}, 2, 1}, {2, {96, 1u << 16}, 1, 0},
    {2, {6, 8198}, 1, 0}, {1, {1u << 15}, 2, 0}, {1, {1u << 14}, 2, 1},
  };
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
    int rank = cases[k].rank, f64 = cases[k].f64;
    size_t last = cases[k].n[rank - 1], rows = (rank == 2 ? cases[k].n[0] : 1) * cases[k].batch, T = last * rows, H = last / 2 + 1;
    double *x = malloc(8 * T), *xc = calloc(2 * T, 8), *ref = malloc(16 * T), *got = malloc(16 * H * rows), *y = malloc(8 * T);
    test_random(x, T, 30 + (unsigned)k);
    for (size_t i = 0; i < T; ++i) xc[2 * i] = x[i] = f64 ? x[i] : (float)x[i];
    test_reference_nd(rank, cases[k].n, cases[k].batch, PPFFT_FORWARD, xc, ref);
    for (size_t r = 0; r < rows; ++r) /* the half, packed in place */
      memmove(ref + 2 * r * H, ref + 2 * r * last, 16 * H);
    ppfft_desc d;
    ppfft_desc_init(&d, rank, cases[k].n, cases[k].batch);
    d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
    ppfft_plan *pf = NULL, *pb = NULL;
    d.kind = PPFFT_R2C;
    ck_assert_msg(ppfft_plan_create(c, &d, PPFFT_ESTIMATE, &pf) == PPFFT_SUCCESS, "R2C %zu: %s", last, ppfft_context_last_error(c));
    d.kind = PPFFT_C2R;
    ck_assert_msg(ppfft_plan_create(c, &d, PPFFT_ESTIMATE, &pb) == PPFFT_SUCCESS, "C2R %zu: %s", last, ppfft_context_last_error(c));
    char desc[1024];
    ppfft_plan_describe(pf, desc, sizeof desc);
    void *dx = upload(x, T / 2, f64), *dz = upload(got, H * rows, f64), *dy = upload(y, T / 2, f64);
    ck_assert_int_eq(ppfft_execute_cuda(pf, 0, dx, dz), PPFFT_SUCCESS);
    ck_assert_int_eq(ppfft_execute_cuda(pb, 0, dz, dy), PPFFT_SUCCESS);
    ck_assert_int_eq(cudaDeviceSynchronize(), cudaSuccess);
    download(dz, got, H * rows, f64);
    download(dy, y, T / 2, f64);
    double err = test_rel_error(got, ref, H * rows), n = (double)(T / cases[k].batch), num = 0, den = 0;
    for (size_t i = 0; i < T; ++i) num += (y[i] - n * x[i]) * (y[i] - n * x[i]), den += n * x[i] * n * x[i];
    ck_assert_msg(err <= test_bound(T / cases[k].batch, f64), "R2C %s: error %.3g", desc, err);
    ck_assert_msg(sqrt(num / den) <= 2 * test_bound(T / cases[k].batch, f64), "C2R(R2C) %s: error %.3g", desc, sqrt(num / den));
    printf("CUDA real: N = %zu%s %s: R2C error %.2g, round trip %.2g (%s)\n", last, rank == 2 ? " rows" : "", f64 ? "f64" : "f32", err,
           sqrt(num / den), desc);
    cudaFree(dx);
    cudaFree(dz);
    cudaFree(dy);
    ppfft_plan_destroy(pf);
    ppfft_plan_destroy(pb);
    free(x);
    free(xc);
    free(ref);
    free(got);
    free(y);
  }
}
END_TEST

START_TEST(execute_errors)
{
  ppfft_context *c = ctx();
  if (!c) return;
  ck_assert_int_eq(ppfft_context_cuda_device(c), 0);
  ck_assert_ptr_null(ppfft_context_cl_context(c));
  ck_assert(strncmp(ppfft_context_device_key(c), "nvidia-cuda/", 12) == 0);
  size_t n = 256;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 4);
  ppfft_plan *p;
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_ESTIMATE, &p), PPFFT_SUCCESS);
  char text[512];
  ck_assert_int_eq(ppfft_plan_describe(p, text, sizeof text), PPFFT_SUCCESS);
  void *a, *b;
  ck_assert_int_eq(cudaMalloc(&a, 8 * n * 4), cudaSuccess);
  ck_assert_int_eq(cudaMalloc(&b, 8 * n * 4), cudaSuccess);
  float host[2 * 256 * 4];
  ck_assert_int_eq(ppfft_execute_cuda(p, 0, NULL, b), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute_cuda(p, 0, a, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute_cuda(p, 0, a, a), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute_cuda(p, 0, host, b), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert(strstr(ppfft_context_last_error(c), "pointer") != NULL);
  ck_assert_int_eq(ppfft_execute_cuda_planar(p, 0, a, a, b, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  /* arrays too small for the plan's 8 kB: one 512 bytes short, and a pointer 8 bytes into a */
  void *small;
  ck_assert_int_eq(cudaMalloc(&small, 8 * n * 4 - 512), cudaSuccess);
  ck_assert_int_eq(ppfft_execute_cuda(p, 0, small, b), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_msg(strstr(ppfft_context_last_error(c), "input array holds 7680 bytes") != NULL, "%s", ppfft_context_last_error(c));
  ck_assert_int_eq(ppfft_execute_cuda(p, 0, b, small), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_msg(strstr(ppfft_context_last_error(c), "output array") != NULL, "%s", ppfft_context_last_error(c));
  ck_assert_int_eq(ppfft_execute_cuda(p, 0, (char *)a + 8, b), PPFFT_ERROR_INVALID_ARGUMENT);
  cudaFree(small);
  /* the OpenCL call on a CUDA plan */
  ck_assert_int_eq(ppfft_execute(p, (cl_command_queue)1, NULL, NULL, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert(strstr(ppfft_context_last_error(c), "CUDA") != NULL);
  ck_assert_int_eq(ppfft_execute_cuda(p, 0, a, b), PPFFT_SUCCESS);
  ck_assert_int_eq(cudaDeviceSynchronize(), cudaSuccess);
  ppfft_plan_destroy(p);
  /* the CUDA call on an OpenCL plan (any OpenCL device: PoCL will do) */
  ppfft_context *oc;
  if (ppfft_context_create_default(&oc) == PPFFT_SUCCESS) {
    ck_assert_int_eq(ppfft_plan_create(oc, &d, PPFFT_ESTIMATE, &p), PPFFT_SUCCESS);
    ck_assert_int_eq(ppfft_execute_cuda(p, 0, a, b), PPFFT_ERROR_INVALID_ARGUMENT);
    ck_assert_int_eq(ppfft_context_cuda_device(oc), -1);
    ppfft_plan_destroy(p);
    ppfft_context_destroy(oc);
  } else {
    test_skip("the CUDA call on an OpenCL plan: no OpenCL device");
  }
  cudaFree(a);
  cudaFree(b);
}
END_TEST

/* Out of memory while planning: the device nearly full, a four-step plan whose temporary buffer
 * (as large as its data) cannot fit in what is left. */
START_TEST(out_of_memory)
{
  ppfft_context *c = ctx();
  if (!c) return;
  size_t free_b = 0, total = 0;
  ck_assert_int_eq(cudaMemGetInfo(&free_b, &total), cudaSuccess);
  void *hog = NULL;
  size_t keep = (size_t)256 << 20;
  ck_assert_int_eq(cudaMalloc(&hog, free_b - keep), cudaSuccess);
  size_t n = (size_t)1 << 22;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 64); /* 2 GiB of f32 data, and a 2 GiB temporary buffer */
  ppfft_plan *p = (ppfft_plan *)1;
  ppfft_status s = ppfft_plan_create(c, &d, PPFFT_ESTIMATE, &p);
  cudaFree(hog);
  ck_assert_msg(s == PPFFT_ERROR_OUT_OF_MEMORY, "%s: %s", ppfft_status_string(s), ppfft_context_last_error(c));
  ck_assert_ptr_null(p);
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_ESTIMATE, &p), PPFFT_SUCCESS); /* memory back: the same plan is made */
  char text[1024];
  ck_assert_int_eq(ppfft_plan_describe(p, text, sizeof text), PPFFT_SUCCESS);
  ck_assert_msg(strstr(text, "temporary buffer"), "%s", text);
  ppfft_plan_destroy(p);
}
END_TEST

/* MEASURE on CUDA times the candidates and records them as CUDA wisdom (its own class). */
START_TEST(measure_records_cuda_wisdom)
{
  ppfft_context *c = ctx();
  if (!c) return;
  size_t n = 1024;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 4096);
  ppfft_plan *p;
  ck_assert_int_eq(ppfft_plan_create(c, &d, PPFFT_MEASURE, &p), PPFFT_SUCCESS);
  ppfft_plan_destroy(p);
  char *w = ppfft_wisdom_export_string(c);
  ck_assert_ptr_nonnull(w);
  ck_assert_msg(strstr(w, "nvidia-cuda/") && strstr(w, "cuda-sm"), "%s", w);
  free(w);
}
END_TEST

int test_cuda_open(const char *prog)
{
  int n = cuda_devices();
  struct cudaDeviceProp prop;
  if (n > 0 && cudaGetDeviceProperties(&prop, 0) == cudaSuccess) printf("%s: CUDA device 0 of %d: %s\n", prog, n, prop.name);
  else printf("%s: no CUDA device: the NVRTC builds and the constructors' errors run, the device tests skip\n", prog);
  return 0; /* never a skip of the whole program: the NVRTC builds need no device */
}

void test_cuda_close(void)
{
  ppfft_context_destroy(cuda_ctx);
  cuda_ctx = NULL;
}

/* Mixed radix in the CUDA dialect: the estimate's first candidate (on CUDA, RP+LM-CM+DIRECT+TW-GM+
 * TWP where four threads share a transform) at lengths 12, 96, 1000, 2187, 15 x 15 and 7 x 7 x 13
 * (f64), and the other on-chip modes with vector arithmetic once, build with NVRTC. */
START_TEST(nvrtc_builds_mixed_radix)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  static const struct { size_t n; int f64; } lengths[] = {{12, 0}, {96, 0}, {1000, 0}, {2187, 0}, {225, 0}, {441, 1}};
  for (size_t i = 0; i < sizeof lengths / sizeof lengths[0]; ++i) {
    problem p;
    problem_init_plain(&p, lengths[i].n, 7, lengths[i].f64, i % 2 ? 1 : -1);
    variant v[4];
    geometry g;
    char msg[256] = "";
    ck_assert_msg(candidates_estimate(&p, &di, v, 4, msg, sizeof msg) > 0, "N = %zu: %s", lengths[i].n, msg);
    ck_assert_int_eq(geometry_of(&p, &v[0], &di, &g, msg, sizeof msg), PPFFT_SUCCESS);
    test_nvrtc_builds(&rt, &p, &v[0], &g, NULL);
  }
  static const char *const others[] = {"r12x12/GM+CGAP+VAVM4+CM-K+CSE+IL+LU/wg9/t3", "r12x12/LM-CC+DIRECT+VAVM2+TW-CALC+CSE+IL+LU/wg12/t2",
                                       "r12x12/LM-CT+CGAP+VASM4+CM-L+CSE+IL+LU/wg36/t3"};
  for (size_t i = 0; i < sizeof others / sizeof others[0]; ++i) {
    problem p;
    problem_init_plain(&p, 144, 6, 0, -1);
    variant v;
    geometry g;
    char msg[256] = "";
    ck_assert_int_eq(variant_parse(others[i], &v, msg, sizeof msg), 0);
    ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s: %s", others[i], msg);
    test_nvrtc_builds(&rt, &p, &v, &g, NULL);
  }
}
END_TEST

/* MBk (__launch_bounds__(wg, k), CUDA only): the variants of long one-pass kernels that MEASURE
 * times build with NVRTC and carry the bound; the rules refuse it off CUDA, past 2048 threads a
 * multiprocessor, and where k blocks' elements would not fit the registers. */
static const struct { size_t n; int f64; const char *v; } occupancy_cases[] = {
    {8192, 0, "r16x16x16x2/RP+LM-CM+MB2+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg512/t1"},
    {8192, 0, "r16x16x16x2/RP+LM-CM+MB2+CGAP+VASM2+CM-K+CSE+IL+LU/wg512/t1"},
    {4096, 0, "r16x16x16/RP+LM-CM+MB3+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1"},
    {4096, 1, "r16x16x16/RP+LM-CM+MB2+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1"},
    {2048, 1, "r16x16x8/RP+LM-CM+MB3+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg128/t1"},
    {256, 0, "r16x16/RP+LM-CM+MB4+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t16"},
};

START_TEST(occupancy_bound_builds)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  char msg[256], want[64];
  for (size_t i = 0; i < sizeof occupancy_cases / sizeof occupancy_cases[0]; ++i) {
    problem p;
    problem_init_plain(&p, occupancy_cases[i].n, 4, occupancy_cases[i].f64, -1);
    variant v;
    geometry g;
    ck_assert_int_eq(variant_parse(occupancy_cases[i].v, &v, msg, sizeof msg), 0);
    ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s: %s", occupancy_cases[i].v, msg);
    snprintf(want, sizeof want, "__launch_bounds__(%u, %u)\n", v.wg, v.minb);
    if (test_full() || i % 3 == 0) test_nvrtc_builds(&rt, &p, &v, &g, want); /* make check: 3 of them (10 s) */
  }
  static const struct { size_t n; const char *v; const char *why; } no[] = {
    {16384, "r16x16x16x4/RP+LM-CM+XR2+MB2+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg512/t1", "registers"},
    {16384, "r16x16x16x4/RP+LM-CM+MB3+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg1024/t1", "2048 threads"},
    {8192, "r16x16x16x2/RP+LM-CM+MB4+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg256/t1", "registers"},
    {8192, "r16x16x16x2/RP+LM-CM+XR2+MB3+DIRECT+VASM2+CM-K+CSE+IL+LU/wg256/t1", "registers"}, /* 80: spilled 256 B */
    {8192, "r16x16x16x2/RP+LM-CM+MB3+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg512/t1", "registers"},     /* 40: spilled 280 B */
  };
  for (size_t i = 0; i < sizeof no / sizeof no[0]; ++i) {
    problem p;
    problem_init_plain(&p, no[i].n, 4, 0, -1);
    variant v;
    geometry g;
    ck_assert_int_eq(variant_parse(no[i].v, &v, msg, sizeof msg), 0);
    ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
    ck_assert_msg(strstr(msg, no[i].why), "%s: %s", no[i].v, msg);
  }
  problem p; /* CUDA only; the exhaustive search times the bound at 8192 f32, MEASURE on PAIR's fewest passes only */
  problem_init_plain(&p, 8192, 4, 0, -1);
  variant v, list[CANDIDATES_MEASURE_MAX];
  geometry g;
  ck_assert_int_eq(variant_parse(occupancy_cases[0].v, &v, msg, sizeof msg), 0);
  size_t n = candidates_measure(&p, &di, list, CANDIDATES_MEASURE_MAX), bounded = 0;
  for (size_t i = 0; i < n; ++i) /* the bound only on PAIR in two rounds at twice the width (pair_cases) */
    if (list[i].minb) ck_assert(list[i].minb == 2 && list[i].pair && list[i].rounds == 2 && list[i].wg == 256), ++bounded;
  ck_assert_uint_eq(bounded, 2);
  bounded = 0;
  variant *all = candidates_exhaustive(&p, &di, &n);
  ck_assert_ptr_nonnull(all);
  for (size_t i = 0; i < n; ++i) bounded += all[i].minb != 0;
  free(all);
  ck_assert_uint_gt(bounded, 0);
  di.cuda = 0;
  ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_msg(strstr(msg, "CUDA only"), "%s", msg);
  all = candidates_exhaustive(&p, &di, &n);
  for (size_t i = 0; all && i < n; ++i) ck_assert_uint_eq(all[i].minb, 0);
  free(all);
}
END_TEST

/* CUDA's one-pass PAIR candidates of powers of two from 8192 points (plan/candidates.c): in one
 * round at the fitted width (16384 f32: 128 KiB of shared memory, beyond the 48 KiB a kernel gets
 * without asking), in two rounds with radices of 8 before the last, and at twice the width in the
 * fewest passes, with MB2 where two blocks' registers hold twice the elements (8192 f32: 128
 * registers, no spill under ptxas) and without it where they do not (16384 f32). */
static const struct { size_t n; int f64; unsigned minb; const char *v; } pair_cases[] = {
    {16384, 0, 0, "r16x16x4x16/RP+LM-CM+PAIR+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg1024/t1"},
    {8192, 0, 2, "r16x16x32/RP+LM-CM+XR2+PAIR+MB2+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1"},
    {8192, 0, 0, "r8x8x8x16/RP+LM-CM+XR2+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1"},
    {16384, 0, 0, "r16x32x32/RP+LM-CM+XR2+PAIR+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1"},
    {8192, 1, 0, "r16x16x32/RP+LM-CM+XR2+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1"},
};

START_TEST(pair_one_pass_candidates)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  char msg[256], want[64];
  for (size_t i = 0; i < sizeof pair_cases / sizeof pair_cases[0]; ++i) {
    problem p;
    problem_init_plain(&p, pair_cases[i].n, 4, pair_cases[i].f64, -1);
    variant v, list[CANDIDATES_MEASURE_MAX];
    geometry g;
    ck_assert_int_eq(variant_parse(pair_cases[i].v, &v, msg, sizeof msg), 0);
    ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s: %s", pair_cases[i].v, msg);
    ck_assert_uint_le(g.local_bytes, di.local_mem);
    ck_assert_uint_ge(g.local_bytes, (size_t)8 * (pair_cases[i].f64 ? 2 : 1) * pair_cases[i].n / (v.rounds > 1 ? v.rounds : 1));
    size_t n = candidates_measure(&p, &di, list, CANDIDATES_MEASURE_MAX), found = 0;
    for (size_t j = 0; j < n; ++j) {
      char name[256];
      variant_print(&list[j], name, sizeof name);
      found += strcmp(name, pair_cases[i].v) == 0;
    }
    ck_assert_msg(found == 1, "MEASURE does not list %s", pair_cases[i].v);
    if (pair_cases[i].minb) snprintf(want, sizeof want, "__launch_bounds__(%u, %u)\n", v.wg, v.minb);
    else snprintf(want, sizeof want, "__launch_bounds__(%u)\n", v.wg);
    if (test_full()) test_nvrtc_builds(&rt, &p, &v, &g, want); /* NVRTC: 3-6 s a kernel */
  }
  problem p; /* off CUDA (NVIDIA's OpenCL, 48 KiB): PAIR only in the four rounds that hold it */
  problem_init_plain(&p, 16384, 4, 0, -1);
  di.cuda = 0;
  di.local_mem = 48 * 1024;
  di.regs_per_block = 0;
  variant list[CANDIDATES_MEASURE_MAX];
  size_t n = candidates_measure(&p, &di, list, CANDIDATES_MEASURE_MAX), pairs = 0;
  for (size_t j = 0; j < n; ++j) ck_assert(!list[j].pair || (list[j].rounds == 4 && !list[j].minb)), pairs += list[j].pair;
  ck_assert_uint_gt(pairs, 0);
}
END_TEST

/* CUDA's fine grains of plain one-pass powers of two of 64..4096 points (plan/candidates.c): cuFFT's
 * shapes on the H200 (f32 64: 8 transforms of 8 threads with 8 elements in a block of 64; f64 128:
 * 2 transforms in a block of 32; f64 2048: one transform in a block of 128) and a radix-8 one of
 * 1024, all in MEASURE's list on CUDA and in none off it. */
static const struct { size_t n; int f64; const char *v; } fine_cases[] = {
    {64, 0, "r8x8/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg64/t8"},
    {128, 1, "r8x8x2/RP+LM-CM+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg32/t2"},
    {2048, 1, "r16x16x8/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg128/t1"},
    {1024, 0, "r8x8x8x2/RP+LM-CM+DIRECT+VASM2+CM-K+CSE+IL+LU/wg128/t1"},
};

START_TEST(fine_grain_candidates)
{
  device_info di;
  cuda_runtime rt;
  test_hopper(&di, &rt);
  char msg[256];
  for (int cuda = 1; cuda >= 0; --cuda)
    for (size_t i = 0; i < sizeof fine_cases / sizeof fine_cases[0]; ++i) {
      problem p;
      problem_init_plain(&p, fine_cases[i].n, ((size_t)1 << 24) / fine_cases[i].n, fine_cases[i].f64, -1);
      variant v, list[CANDIDATES_MEASURE_MAX];
      geometry g;
      di.cuda = cuda;
      ck_assert_int_eq(variant_parse(fine_cases[i].v, &v, msg, sizeof msg), 0);
      ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s: %s", fine_cases[i].v, msg);
      ck_assert_uint_eq(g.wg, v.wg);
      size_t n = candidates_measure(&p, &di, list, CANDIDATES_MEASURE_MAX), found = 0;
      ck_assert_uint_lt(n, CANDIDATES_MEASURE_MAX); /* (none cut by the list's length) */
      for (size_t j = 0; j < n; ++j) {
        char name[256];
        variant_print(&list[j], name, sizeof name);
        found += strcmp(name, fine_cases[i].v) == 0;
      }
      ck_assert_msg(found == (size_t)cuda, "MEASURE %s %s on %s", found ? "lists" : "does not list", fine_cases[i].v, cuda ? "CUDA" : "OpenCL");
      if (cuda && (i == 0 || test_full())) test_nvrtc_builds(&rt, &p, &v, &g, NULL);
    }
}
END_TEST

/* Named one-pass plan v of length n (64 transforms, forward on even seeds, backward on odd) on the
 * device against FFTW: the loop of the occupancy tcase's tests. */
static void named_against_fftw(ppfft_context *c, size_t n, int f64, const char *v, unsigned seed)
{
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 64);
  d.precision = f64 ? PPFFT_F64 : PPFFT_F32;
  d.direction = seed % 2 ? PPFFT_BACKWARD : PPFFT_FORWARD;
  double err;
  ppfft_status s = cuda_run(c, &d, v, seed, &err);
  ck_assert_msg(s == PPFFT_SUCCESS, "N=%zu %s: %s", n, v, ppfft_context_last_error(c));
  double bound = test_bound(n, f64);
  ck_assert_msg(err <= bound, "N=%zu %s: error %.3g > %.3g", n, v, err, bound);
}

START_TEST(pair_one_pass_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  for (size_t i = 0; i < sizeof pair_cases / sizeof pair_cases[0]; ++i)
    named_against_fftw(c, pair_cases[i].n, pair_cases[i].f64, pair_cases[i].v, (unsigned)(3000 + i));
}
END_TEST

START_TEST(fine_grain_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  for (size_t i = 0; i < sizeof fine_cases / sizeof fine_cases[0]; ++i)
    named_against_fftw(c, fine_cases[i].n, fine_cases[i].f64, fine_cases[i].v, (unsigned)(4000 + i));
}
END_TEST

START_TEST(occupancy_bound_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  for (size_t i = 0; i < sizeof occupancy_cases / sizeof occupancy_cases[0]; ++i)
    named_against_fftw(c, occupancy_cases[i].n, occupancy_cases[i].f64, occupancy_cases[i].v, (unsigned)(2000 + i));
}
END_TEST

Suite *make_cuda_suite(void)
{
  Suite *s = suite_create("cuda");
  TCase *tc = test_tcase("nvrtc");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, nvrtc_builds_the_pairwise_set);
  tcase_add_test(tc, nvrtc_builds_general_passes);
  tcase_add_test(tc, nvrtc_builds_real_passes);
  tcase_add_test(tc, nvrtc_builds_bluestein);
  tcase_add_test(tc, nvrtc_builds_mixed_radix);
  tcase_add_test(tc, nvrtc_builds_the_shuffle_set);
  tcase_add_test(tc, shuffle_is_cuda_only);
  tcase_add_test(tc, occupancy_bound_builds);
  tcase_add_test(tc, pair_one_pass_candidates);
  tcase_add_test(tc, fine_grain_candidates);
  tcase_add_test(tc, constructor_errors);
  suite_add_tcase(s, tc);
  tc = test_tcase("device");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, execute_errors);
  tcase_add_test(tc, pairwise_knobs_against_fftw);
  tcase_add_test(tc, shuffle_set_against_fftw);
  tcase_add_test(tc, planner_against_fftw);
  tcase_add_test(tc, out_of_memory);
  tcase_add_test(tc, measure_records_cuda_wisdom);
  suite_add_tcase(s, tc);
  tc = test_tcase("occupancy"); /* apart, so that a GPU run can take it alone */
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, occupancy_bound_against_fftw);
  tcase_add_test(tc, pair_one_pass_against_fftw);
  tcase_add_test(tc, fine_grain_against_fftw);
  suite_add_tcase(s, tc);
  tc = test_tcase("device_real");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, real_against_fftw);
  suite_add_tcase(s, tc);
  return s;
}
