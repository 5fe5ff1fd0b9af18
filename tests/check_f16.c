/* Half precision (PPFFT_F16) on the CUDA backend.  Without a GPU (CI): the refusals (OpenCL, no
 * Tensor Cores, lengths that are not powers of two, real kinds, planar data), wisdom's key, and
 * NVRTC builds of the F16 passes of every size class.  On a CUDA device: the planner's F16 plans of
 * every size class against FFTW in double, within a bound suited to half storage. */
#include "core/half.h"
#include "cuda/program.h"
#include "gen/kernel.h"
#include "gen/transpose.h"
#include "plan/candidates.h"
#include "plan/plan.h"
#include "plan/solver.h"
#include "ppfft_cuda.h"
#include "suites.h"
#include "testutil.h"
#include "wisdom/problem_key.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The relative L2 error half storage allows: the input is rounded to half before the reference is
 * taken, so what remains is the output's rounding (2^-11 relative, about 2^-11 / sqrt(3) rms), the
 * intermediate rounding of multi-pass plans, and f32 arithmetic's error growing as sqrt(log2 N). */
static double f16_bound(size_t n) { return 4.0 * 0x1.0p-11 * sqrt(n > 2 ? log2((double)n) : 1.0); }

/* ---- without a device ---- */

static void hopper(device_info *di, cuda_runtime *rt)
{
  memset(di, 0, sizeof *di);
  snprintf(di->name, sizeof di->name, "NVIDIA H200 (NVRTC only)");
  di->type = CL_DEVICE_TYPE_GPU;
  di->max_wg = 1024;
  di->local_mem = 227 * 1024;
  di->max_const = 64 * 1024;
  di->max_const_args = 64;
  di->global_mem = di->max_alloc = (cl_ulong)1 << 37;
  di->compute_units = 132;
  di->fp64 = 1;
  di->cc_major = 9;
  di->cuda = 1;
  di->regs_per_block = 65536;
  memset(rt, 0, sizeof *rt);
  rt->info = *di;
  snprintf(rt->arch_option, sizeof rt->arch_option, "--gpu-architecture=sm_90");
  rt->cubin = 1;
}

/* transform_from_desc's answer for d on device di, with the message in msg. */
static ppfft_status validate(const device_info *di, const ppfft_desc *d, char *msg, size_t len)
{
  errors e;
  ck_assert_int_eq(errors_init(&e), 0);
  transform t;
  ppfft_status s = transform_from_desc(&e, di, d, &t);
  snprintf(msg, len, "%s", errors_last(&e));
  errors_destroy(&e);
  return s;
}

START_TEST(f16_refusals)
{
  device_info di;
  cuda_runtime rt;
  hopper(&di, &rt);
  char msg[512];
  size_t n = 1024, n2[2] = {64, 256};
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 4);
  d.precision = PPFFT_F16;
  ck_assert_int_eq(validate(&di, &d, msg, sizeof msg), PPFFT_SUCCESS);
  ppfft_desc_init(&d, 2, n2, 4);
  d.precision = PPFFT_F16;
  d.inplace = 1;
  d.direction = PPFFT_BACKWARD;
  ck_assert_int_eq(validate(&di, &d, msg, sizeof msg), PPFFT_SUCCESS);
  static const struct { const char *what, *why; } cases[] = {
    {"opencl", "CUDA side-backend"}, {"sm60", "Tensor Cores"}, {"n12", "power-of-two"}, {"r2c", "complex-to-complex"},
    {"c2r", "complex-to-complex"}, {"planar", "interleaved"}, {"2d", "power-of-two"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    device_info dv = di;
    size_t m = 1024, m2[2] = {256, 96};
    ppfft_desc_init(&d, 1, &m, 4);
    d.precision = PPFFT_F16;
    const char *w = cases[i].what;
    if (!strcmp(w, "opencl")) dv.cuda = 0, dv.cc_major = 9;
    if (!strcmp(w, "sm60")) dv.cc_major = 6;
    if (!strcmp(w, "n12")) d.n[0] = 12;
    if (!strcmp(w, "r2c")) d.kind = PPFFT_R2C;
    if (!strcmp(w, "c2r")) d.kind = PPFFT_C2R;
    if (!strcmp(w, "planar")) d.in_layout = PPFFT_PLANAR;
    if (!strcmp(w, "2d")) ppfft_desc_init(&d, 2, m2, 1), d.precision = PPFFT_F16;
    ck_assert_msg(validate(&dv, &d, msg, sizeof msg) == PPFFT_ERROR_UNSUPPORTED, "%s accepted", w);
    ck_assert_msg(strstr(msg, cases[i].why), "%s: %s", w, msg);
  }
  /* a context without a device (NULL info) refuses too: f16 is the CUDA backend's */
  ppfft_desc_init(&d, 1, &n, 1);
  d.precision = PPFFT_F16;
  ck_assert_int_eq(validate(NULL, &d, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
}
END_TEST

/* Wisdom keeps f16 apart from f32: its own key, which parses back. */
START_TEST(f16_wisdom_key)
{
  device_info di;
  cuda_runtime rt;
  hopper(&di, &rt);
  size_t n = 4096;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 64);
  char msg[512], k16[WISDOM_KEY_MAX], k32[WISDOM_KEY_MAX], base[WISDOM_KEY_MAX];
  errors e;
  ck_assert_int_eq(errors_init(&e), 0);
  transform t;
  ck_assert_int_eq(transform_from_desc(&e, &di, &d, &t), PPFFT_SUCCESS);
  problem_key(&t, k32, sizeof k32);
  d.precision = PPFFT_F16;
  ck_assert_int_eq(transform_from_desc(&e, &di, &d, &t), PPFFT_SUCCESS);
  problem_key(&t, k16, sizeof k16);
  errors_destroy(&e);
  ck_assert_str_ne(k16, k32);
  ck_assert_msg(strstr(k16, ":f16:"), "%s", k16);
  unsigned b;
  ck_assert_msg(problem_key_parse(k16, base, sizeof base, &b, msg, sizeof msg) == 0, "%s", msg);
}
END_TEST

/* Compiles the CUDA dialect of (p, v) with NVRTC (v NULL: the transpose); fails with the log. */
static void nvrtc_builds(const cuda_runtime *rt, const problem *p, const variant *v, const geometry *g)
{
  kernel_source ks;
  char name[256] = "transpose";
  if (v) variant_print(v, name, sizeof name);
  ck_assert_int_eq(v ? gen_kernel(p, v, g, &dialect_cuda, &ks) : gen_transpose(p, &dialect_cuda, &ks), 0);
  ck_assert_msg(strstr(ks.text, "ppfft_h2"), "N=%zu %s: no half2 data", p->n, name);
  errors e;
  ck_assert_int_eq(errors_init(&e), 0);
  unsigned char *image = NULL;
  size_t len = 0;
  ppfft_status s = cuda_program_image(rt, &e, ks.text, &image, &len);
  ck_assert_msg(s == PPFFT_SUCCESS, "N=%zu f16 %s: %s", p->n, name, errors_last(&e));
  free(image);
  free(ks.text);
  errors_destroy(&e);
}

/* The passes of F16 plans of each size class (one pass, four-step, 2D, 3D, in place, an
 * explicit transpose), the estimate's variant for each, build with NVRTC. */
START_TEST(nvrtc_builds_f16_passes)
{
  device_info di;
  cuda_runtime rt;
  hopper(&di, &rt);
  static const struct { int rank; size_t n[3]; int inplace, xpose; } cases[] = {
    {1, {256}, 0, 0}, {1, {1 << 20}, 1, 0}, {2, {512, 256}, 0, 1}, {3, {16, 32, 64}, 1, 0},
  };
  size_t built = 0;
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; ++c) {
    ppfft_desc d;
    ppfft_desc_init(&d, cases[c].rank, cases[c].n, 2);
    d.precision = PPFFT_F16;
    d.inplace = cases[c].inplace;
    errors e;
    ck_assert_int_eq(errors_init(&e), 0);
    transform t;
    ck_assert_int_eq(transform_from_desc(&e, &di, &d, &t), PPFFT_SUCCESS);
    split sp = {0};
    for (int k = 0; k < d.rank; ++k) {
      sp.nfactors[k] = d.n[k] > 4096 ? 2 : 1;
      if (sp.nfactors[k] == 1) sp.factor[k][0] = d.n[k];
      else ck_assert(split_balanced(d.n[k], 2, sp.factor[k]));
      sp.xpose[k] = cases[c].xpose && k == 0;
    }
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    size_t tmp = 0;
    char msg[512];
    int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
    ck_assert_msg(np > 0, "%s", msg);
    for (int i = 0; i < np; ++i) {
      ck_assert(pd[i].pb.f16);
      if (pd[i].transpose) nvrtc_builds(&rt, &pd[i].pb, NULL, NULL);
      else {
        variant v;
        geometry g;
        ck_assert_msg(candidates_estimate(&pd[i].pb, &di, &v, 1, msg, sizeof msg) > 0, "pass %d of %zu: %s", i, pd[i].pb.n, msg);
        ck_assert_int_eq(geometry_of(&pd[i].pb, &v, &di, &g, msg, sizeof msg), PPFFT_SUCCESS);
        nvrtc_builds(&rt, &pd[i].pb, &v, &g);
      }
      ++built;
    }
    errors_destroy(&e);
  }
  /* GM would round every pass to half in memory; ABFT has no f16 threshold */
  problem p;
  problem_init_plain(&p, 256, 8, 0, -1);
  p.f16 = 1;
  variant v;
  geometry g;
  char msg[512];
  ck_assert_int_eq(variant_parse("r16x16/GM+CGAP+VASM2+TW-CALC/wg16/t1", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_int_eq(variant_parse("r16x16/RP+LM-CM+DIRECT+VASM2+TW-CALC+ABFT2/wg16/t1", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
  printf("NVRTC (sm_90): %zu passes of f16 plans built\n", built);
}
END_TEST

/* ---- the device ---- */

static ppfft_context *f16_ctx;

static ppfft_context *ctx_at(const char *func)
{
  int n = 0;
  if (!f16_ctx && cudaGetDeviceCount(&n) == cudaSuccess && n > 0)
    ck_assert_msg(ppfft_context_create_cuda(0, &f16_ctx) == PPFFT_SUCCESS, "%s", ppfft_context_last_error(NULL));
  if (!f16_ctx) test_skip_at(func, "no CUDA device");
  return f16_ctx;
}
#define ctx() ctx_at(__func__)

static void release_ctx(void)
{
  ppfft_context_destroy(f16_ctx);
  f16_ctx = NULL;
}

/* Plans d (F16, packed) with flags or by variant, runs it on random data rounded to half and gives
 * the relative L2 error against FFTW in double on that data; out of place, the input must stay. */
static ppfft_status f16_run(ppfft_context *c, const ppfft_desc *d, const char *vname, unsigned flags, unsigned seed, double *err,
                            char *plan_name, size_t name_len)
{
  *err = INFINITY;
  ppfft_plan *p = NULL;
  ppfft_status s = vname ? ppfft_plan_create_variant(c, d, vname, &p) : ppfft_plan_create(c, d, flags, &p);
  if (s != PPFFT_SUCCESS) return s;
  if (plan_name) ppfft_plan_describe(p, plan_name, name_len);
  size_t n = 1;
  for (int k = 0; k < d->rank; ++k) n *= d->n[k];
  size_t count = n * d->batch, reals = 2 * count;
  double *in = malloc(16 * count), *ref = malloc(16 * count), *got = malloc(16 * count);
  uint16_t *h = malloc(2 * reals), *back = malloc(2 * reals);
  ck_assert(in && ref && got && h && back);
  test_random(in, reals, seed);
  for (size_t i = 0; i < reals; ++i) {
    h[i] = half_from_float((float)in[i]);
    in[i] = half_to_float(h[i]);
  }
  test_reference_nd(d->rank, d->n, d->batch, d->direction, in, ref);
  for (size_t i = 0; i < reals; ++i) ref[i] *= d->scale;
  void *a = NULL, *b = NULL;
  ck_assert_int_eq(cudaMalloc(&a, 2 * reals), cudaSuccess);
  ck_assert_int_eq(cudaMemcpy(a, h, 2 * reals, cudaMemcpyHostToDevice), cudaSuccess);
  if (!d->inplace) {
    ck_assert_int_eq(cudaMalloc(&b, 2 * reals), cudaSuccess);
    ck_assert_int_eq(cudaMemset(b, 0xff, 2 * reals), cudaSuccess); /* NaN: every output must be written */
  }
  s = ppfft_execute_cuda(p, 0, a, b);
  if (s == PPFFT_SUCCESS) {
    ck_assert_int_eq(cudaDeviceSynchronize(), cudaSuccess);
    ck_assert_int_eq(cudaMemcpy(back, d->inplace ? a : b, 2 * reals, cudaMemcpyDeviceToHost), cudaSuccess);
    for (size_t i = 0; i < reals; ++i) got[i] = half_to_float(back[i]);
    *err = test_rel_error(got, ref, count);
    if (!d->inplace) {
      ck_assert_int_eq(cudaMemcpy(back, a, 2 * reals, cudaMemcpyDeviceToHost), cudaSuccess);
      if (memcmp(back, h, 2 * reals) != 0) *err = INFINITY;
    }
  }
  cudaFree(a);
  if (b) cudaFree(b);
  ppfft_plan_destroy(p);
  free(in);
  free(ref);
  free(got);
  free(h);
  free(back);
  return s;
}

/* The planner's F16 plans: 1D at every power of two to 2^22 (one pass; four-step in two and three
 * passes), 2D and 3D, both directions, in and out of place. */
START_TEST(f16_planner_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  size_t cases = 0;
  for (int lg = 1; lg <= 22; ++lg) {
    size_t n = (size_t)1 << lg;
    ppfft_desc d;
    ppfft_desc_init(&d, 1, &n, n >= (1u << 20) ? 2 : ((size_t)1 << 21) / n + 3);
    d.precision = PPFFT_F16;
    d.direction = lg % 2 ? PPFFT_FORWARD : PPFFT_BACKWARD;
    d.inplace = lg % 3 == 0;
    d.scale = d.direction == PPFFT_BACKWARD ? 1.0 / (double)n : 1.0; /* keeps the outputs within half's range */
    double err;
    char name[2048] = "";
    ppfft_status s = f16_run(c, &d, NULL, PPFFT_ESTIMATE, (unsigned)lg, &err, name, sizeof name);
    ck_assert_msg(s == PPFFT_SUCCESS, "N=2^%d f16: %s", lg, ppfft_context_last_error(c));
    printf("f16 N=2^%d %s %s: error %.3g (bound %.3g) %s\n", lg, d.direction < 0 ? "fwd" : "bwd", d.inplace ? "ip" : "oop", err, f16_bound(n), name);
    ck_assert_msg(err <= f16_bound(n), "N=2^%d f16: error %.3g > %.3g", lg, err, f16_bound(n));
    ++cases;
  }
  static const struct { int rank; size_t n[3]; } md[] = {{2, {256, 256}}, {2, {512, 256}}, {2, {1024, 1024}}, {3, {32, 32, 32}}, {3, {16, 64, 128}}};
  for (size_t k = 0; k < sizeof md / sizeof md[0]; ++k) {
    ppfft_desc d;
    ppfft_desc_init(&d, md[k].rank, md[k].n, 3);
    d.precision = PPFFT_F16;
    d.inplace = (int)k % 2;
    d.direction = k == 2 ? PPFFT_BACKWARD : PPFFT_FORWARD;
    double err;
    char name[2048] = "";
    ppfft_status s = f16_run(c, &d, NULL, PPFFT_ESTIMATE, (unsigned)k, &err, name, sizeof name);
    ck_assert_msg(s == PPFFT_SUCCESS, "%zux%zux%zu f16: %s", md[k].n[0], md[k].n[1], md[k].n[2], ppfft_context_last_error(c));
    size_t n = md[k].n[0] * md[k].n[1] * (md[k].rank == 3 ? md[k].n[2] : 1);
    printf("f16 %zux%zux%zu: error %.3g (bound %.3g) %s\n", md[k].n[0], md[k].n[1], md[k].rank == 3 ? md[k].n[2] : 1, err, f16_bound(n), name);
    ck_assert_msg(err <= f16_bound(n), "%zux%zu f16: error %.3g", md[k].n[0], md[k].n[1], err);
    ++cases;
  }
  printf("CUDA f16 planner: %zu plans agree with FFTW on %s\n", cases, c->info.name);
}
END_TEST

Suite *make_f16_suite(void)
{
  Suite *s = suite_create("f16");
  TCase *tc = test_tcase("f16 nvrtc");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, f16_refusals);
  tcase_add_test(tc, f16_wisdom_key);
  tcase_add_test(tc, nvrtc_builds_f16_passes);
  suite_add_tcase(s, tc);
  tc = test_tcase("f16 device");
  tcase_set_timeout(tc, 600);
  tcase_add_unchecked_fixture(tc, NULL, release_ctx);
  tcase_add_test(tc, f16_planner_against_fftw);
  suite_add_tcase(s, tc);
  return s;
}
