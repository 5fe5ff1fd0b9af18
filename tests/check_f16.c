/* Half precision (PPFFT_F16) on the CUDA backend.  Without a GPU (CI): the refusals (OpenCL, no
 * Tensor Cores, lengths that are not powers of two, real kinds, planar data), wisdom's key, and
 * NVRTC builds of the F16 passes of every size class.  On a CUDA device: the planner's F16 plans of
 * every size class against FFTW in double, within a bound suited to half storage. */
#include "core/half.h"
#include "core/plan_string.h"
#include "core/tc_map.h"
#include "cuda/program.h"
#include "gen/kernel.h"
#include "gen/transpose.h"
#include "plan/candidates.h"
#include "plan/plan.h"
#include "plan/solver.h"
#include "ppfft_cuda.h"
#include "suites.h"
#include "testcuda.h"
#include "testutil.h"
#include "wisdom/files.h"
#include "wisdom/format.h"
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

/* What the probe kernel (core/tc_map.h) writes on a device whose fragments follow the PTX ISA's
 * table for mma.m16n8k16 (f16): the library never assumes this layout; the tests use it to stand in
 * for a device.  perm relabels the rows of A and C and the inner index (another device's map). */
static void simulated_probe(float *out, const unsigned *perm)
{
  for (int run = 0; run < 256; ++run) {
    int la = run / 8, ha = run % 8, g = la / 4, t4 = la % 4;
    int am = (int)perm[(ha % 4 < 2 ? g : g + 8)], ak = (int)perm[(t4 * 2 + ha % 2 + (ha < 4 ? 0 : 8))]; /* A's one-hot element */
    for (int l = 0; l < 32; ++l)
      for (int i = 0; i < 4; ++i) {
        int cm = (int)perm[(i < 2 ? l / 4 : l / 4 + 8)], cn = (l % 4) * 2 + i % 2; /* C float i of lane l */
        float v = 0.0f;
        if (cm == am) /* B's element (ak, cn): lane 4 cn + k % 8 / 2, half k % 2 + 2 (k >= 8) */
          for (int lb = 0; lb < 32; ++lb)
            for (int hb = 0; hb < 4; ++hb)
              if ((int)perm[(lb % 4) * 2 + hb % 2 + (hb < 2 ? 0 : 8)] == ak && lb / 4 == cn) v = (float)(1 + 4 * lb + hb);
        out[(run * 32 + l) * 4 + i] = v;
      }
  }
}


/* The probe's output reads back as a map under which the products are right: for every lane, A's
 * (m, k), B's (k, n) and C's (m, n) agree with the simulated device; a broken output gives none. */
START_TEST(tc_map_from_the_probe)
{
  static unsigned ident[16], perm[16];
  for (unsigned i = 0; i < 16; ++i) ident[i] = i, perm[i] = (i * 7 + 3) % 16;
  float *out = malloc(TC_PROBE_FLOATS * sizeof *out);
  for (int pass = 0; pass < 2; ++pass) {
    simulated_probe(out, pass ? perm : ident);
    tc_map m;
    ck_assert_int_eq(tc_map_from_probe(out, &m), 0);
    /* the labels are the probe's own (any consistent labelling computes the same products) */
    for (int l = 0; l < 32; ++l)
      for (int i = 0; i < 16; ++i) ck_assert_uint_lt(m.lane[l][i] & 15u, i >= 8 && i < 12 ? 8u : 16u);
    /* A element (lane, half) -> (m, k) must be a bijection, and so on */
    int seenA[256] = {0}, seenB[128] = {0}, seenC[128] = {0};
    for (int l = 0; l < 32; ++l) {
      for (int h = 0; h < 8; ++h) ++seenA[m.lane[l][h]];
      for (int h = 0; h < 4; ++h) ++seenB[(m.lane[l][8 + h] >> 4) * 8 + (m.lane[l][8 + h] & 7)];
      for (int h = 0; h < 4; ++h) ++seenC[(m.lane[l][12 + h] >> 4) * 8 + (m.lane[l][12 + h] & 7)];
    }
    for (int i = 0; i < 256; ++i) ck_assert_int_eq(seenA[i], 1);
    for (int i = 0; i < 128; ++i) {
      ck_assert_int_eq(seenB[i], 1);
      ck_assert_int_eq(seenC[i], 1);
    }
    /* consistency with the device: lanes sharing a true row share a label, and so on */
    for (int l = 0; l < 32; ++l)
      for (int l2 = 0; l2 < 32; ++l2) {
        int same_row = l / 4 == l2 / 4; /* C floats 0, 1 of lanes in one group of four: one row */
        ck_assert_int_eq(same_row, (m.lane[l][12] >> 4) == (m.lane[l2][12] >> 4));
        int same_col = l % 4 == l2 % 4; /* C float 0: column 2 (l % 4) */
        ck_assert_int_eq(same_col, (m.lane[l][12] & 7) == (m.lane[l2][12] & 7));
      }
  }
  /* the map computes the DFT: fragments built by its labels (A = F, B = x), multiplied as the
   * simulated device multiplies (by its true positions), read back by the labels */
  for (int pass = 0; pass < 2; ++pass) {
    const unsigned *pm = pass ? perm : ident;
    simulated_probe(out, pm);
    tc_map m;
    ck_assert_int_eq(tc_map_from_probe(out, &m), 0);
    double Ar[16][16], Br[16][8], x[16][8];
    for (int k = 0; k < 16; ++k)
      for (int n = 0; n < 8; ++n) x[k][n] = (double)((k * 5 + n * 3) % 11) - 5.0;
    for (int l = 0; l < 32; ++l) {
      int g = l / 4, t4 = l % 4;
      for (int h = 0; h < 8; ++h) { /* true position of A's half h: (M, K) */
        int M = (int)pm[h % 4 < 2 ? g : g + 8], K = (int)pm[t4 * 2 + h % 2 + (h < 4 ? 0 : 8)];
        int lm = m.lane[l][h] >> 4, lk = m.lane[l][h] & 15;
        Ar[M][K] = cos(2 * 3.14159265358979323846 * lm * lk / 16); /* the real part of F by the labels */
      }
      for (int h = 0; h < 4; ++h) {
        int K = (int)pm[t4 * 2 + h % 2 + (h < 2 ? 0 : 8)], N = g;
        Br[K][N] = x[m.lane[l][8 + h] >> 4][m.lane[l][8 + h] & 7];
      }
    }
    for (int l = 0; l < 32; ++l)
      for (int i = 0; i < 4; ++i) {
        int M = (int)pm[i < 2 ? l / 4 : l / 4 + 8], N = (l % 4) * 2 + i % 2;
        double c = 0, want = 0;
        for (int K = 0; K < 16; ++K) c += Ar[M][K] * Br[K][N];
        int lm = m.lane[l][12 + i] >> 4, ln = m.lane[l][12 + i] & 7;
        for (int t = 0; t < 16; ++t) want += cos(2 * 3.14159265358979323846 * lm * t / 16) * x[t][ln];
        ck_assert_msg(fabs(c - want) < 1e-9, "lane %d float %d: %g, want %g", l, i, c, want);
      }
  }
  out[5 * 128 + 7] = 3.5f; /* not a B element's value */
  tc_map m;
  ck_assert_int_eq(tc_map_from_probe(out, &m), -1);
  free(out);
}
END_TEST

/* test_hopper with the fragment map a probe of the documented layout would find. */
static void hopper(device_info *di, cuda_runtime *rt)
{
  test_hopper(di, rt);
  static unsigned ident[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
  float *out = malloc(TC_PROBE_FLOATS * sizeof *out);
  simulated_probe(out, ident);
  di->tc_ok = tc_map_from_probe(out, &di->tc) == 0;
  free(out);
  rt->info = *di;
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
    char msg[512];
    int np = test_decompose(&t, &sp, pd);
    for (int i = 0; i < np; ++i) {
      ck_assert(pd[i].pb.f16);
      variant v;
      geometry g;
      if (test_nvrtc_builds_pass(&rt, &di, &pd[i], "ppfft_h2", &v, &g)) {
        v.tc = 1; /* and on the Tensor Cores where it applies (strided and four-step passes too) */
        if (geometry_of(&pd[i].pb, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS) {
          test_nvrtc_builds(&rt, &pd[i].pb, &v, &g, "ppfft_h2");
          ++built;
        }
      }
      ++built;
    }
    errors_destroy(&e);
  }
  /* TC: every size class's radix-16 passes on the Tensor Cores, leftovers of 2, 4, 8 */
  static const char *const tc[] = {
    "r16x16/RP+LM-CM+TC+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t16",
    "r16x16x4/RP+LM-CM+TC+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t4",
    "r2x16x16x8/RP+LM-CM+TC+DIRECT+VASM2+TW-CALC+CSE+IL+LU/wg256/t1",
    "r16x16x16/RP+LM-CM+TC+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t1",
  };
  for (size_t i = 0; i < sizeof tc / sizeof tc[0]; ++i) {
    char msg2[512];
    variant v;
    geometry g;
    ck_assert_int_eq(variant_parse(tc[i], &v, msg2, sizeof msg2), 0);
    problem p;
    problem_init_plain(&p, variant_length(&v), 64, 0, i % 2 ? 1 : -1);
    p.f16 = 1;
    p.inplace = i == 2;
    ck_assert_msg(geometry_of(&p, &v, &di, &g, msg2, sizeof msg2) == PPFFT_SUCCESS, "%s: %s", tc[i], msg2);
    test_nvrtc_builds(&rt, &p, &v, &g, "ppfft_h2");
    ++built;
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

/* f16's exchange and staging through a plane of half2 words (geometry's h2): both parts in one
 * round, exchange rounds' early groups in vx and vy; LM32 keeps the f32 parts, one part a round
 * (the kernels before the half2 plane), only for f16 on RP+LM-CM; MEASURE times COLS passes both
 * ways (and still within the planner's 64 candidates); NVRTC builds both. */
START_TEST(f16_half2_plane)
{
  device_info di;
  cuda_runtime rt;
  hopper(&di, &rt);
  char msg[512];
  static const char *const vs[] = {"r16x16/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t16",
                                   "r16x16/RP+LM-CM+LM32+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t16",
                                   "r16x16x16x2/RP+LM-CM+XR2+CGAP+VASM2+TW-GM+CSE+IL+LU/wg256/t1"};
  for (size_t i = 0; i < 3; ++i) {
    problem p;
    variant v;
    geometry g;
    ck_assert_int_eq(variant_parse(vs[i], &v, msg, sizeof msg), 0);
    problem_init_plain(&p, variant_length(&v), 64, 0, -1);
    p.f16 = 1;
    ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s: %s", vs[i], msg);
    ck_assert_int_eq(g.h2, i != 1);
    kernel_source ks;
    ck_assert_int_eq(gen_kernel(&p, &v, &g, &dialect_cuda, &ks), 0);
    ck_assert_msg((strstr(ks.text, "ldh[") != NULL) == (i != 1) && (strstr(ks.text, "lds[") != NULL) == (i == 1), "%s", vs[i]);
    ck_assert_msg((strstr(ks.text, "vy[") != NULL) == (i == 2), "%s", vs[i]);
    free(ks.text);
    if (i) test_nvrtc_builds(&rt, &p, &v, &g, "ppfft_h2");
    if (i == 1) { /* not for f32, nor where no f32 plane is in use */
      problem f = p;
      f.f16 = 0;
      ck_assert_int_eq(geometry_of(&f, &v, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
      ck_assert_msg(strstr(msg, "LM32"), "%s", msg);
      variant t = v;
      t.tc = 1;
      ck_assert_int_eq(geometry_of(&p, &t, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
    }
  }
  problem p;
  variant c[CANDIDATES_MEASURE_MAX];
  size_t k;
  for (size_t n = 16; n <= 4096; n *= 2) { /* column passes */
    problem_init_plain(&p, n, 4096, 0, -1);
    p.f16 = 1;
    p.in_stride = p.out_stride = 4096, p.in_dist = p.out_dist = 1;
    size_t cols = 0, lm32 = 0;
    k = candidates_measure(&p, &di, c, CANDIDATES_MEASURE_MAX);
    ck_assert_msg(k < CANDIDATES_MEASURE_MAX, "N = %zu: %zu candidates", n, k);
    for (size_t i = 0; i < k; ++i) cols += c[i].cols && !c[i].lm32, lm32 += c[i].cols && c[i].lm32;
    ck_assert_uint_gt(lm32, 0);
    ck_assert_uint_eq(lm32, cols);
  }
  problem_init_plain(&p, 1024, 1024, 0, -1); /* f32: no LM32 */
  k = candidates_measure(&p, &di, c, CANDIDATES_MEASURE_MAX);
  for (size_t i = 0; i < k; ++i) ck_assert_int_eq(c[i].lm32, 0);
}
END_TEST

/* f16 layouts may move two or four half2 an access (uint2, uint4 loads and stores converted in
 * registers): MEASURE times them (the estimate keeps one, which ran faster on the H200), each wide
 * access pattern builds (owned, staged CGAP, LM-CC, in place, 16 lanes in two parts), on plain
 * layouts and on general ones (four-step, 2D columns), and a side that is neither refuses them. */
START_TEST(f16_wide_accesses)
{
  device_info di;
  cuda_runtime rt;
  hopper(&di, &rt);
  char msg[512];
  static const size_t lens[] = {256, 4096, 16384};
  for (size_t i = 0; i < sizeof lens / sizeof lens[0]; ++i) {
    problem p;
    problem_init_plain(&p, lens[i], 64, 0, -1);
    p.f16 = 1;
    variant v, m[CANDIDATES_MEASURE_MAX];
    geometry g;
    ck_assert_msg(candidates_estimate(&p, &di, &v, 1, msg, sizeof msg) == 1, "N=%zu: %s", lens[i], msg);
    ck_assert_uint_eq(variant_lanes(&v), 1);
    size_t nm = candidates_measure(&p, &di, m, CANDIDATES_MEASURE_MAX), wide = 0;
    for (size_t k = 0; k < nm; ++k)
      if (variant_lanes(&m[k]) >= 2 && (!wide || variant_lanes(&m[k]) > variant_lanes(&v))) v = m[k], wide = 1;
    ck_assert_msg(wide, "N=%zu: MEASURE times no wide f16 access", lens[i]);
    ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_SUCCESS);
    kernel_source ks;
    ck_assert_int_eq(gen_kernel(&p, &v, &g, &dialect_cuda, &ks), 0);
    ck_assert_msg(strstr(ks.text, "ppfft_ldv_h2(((const uint2 *)") || strstr(ks.text, "ppfft_ldv_h2(((const uint4 *)"), "N=%zu: no wide load", lens[i]);
    ck_assert_msg(strstr(ks.text, "= ppfft_stv_h2(make_real"), "N=%zu: no wide store", lens[i]);
    free(ks.text);
  }
  static const struct { const char *v; int inplace; } wide[] = {
    {"r16x16/RP+LM-CM+DIRECT+VASM4+TW-GM+TWP+CSE+IL+LU/wg64/t8", 0},
    {"r16x16/RP+LM-CM+DIRECT+VASM8+TW-GM+TWP+CSE+IL+LU/wg64/t16", 1},
    {"r16x16/RP+LM-CM+CGAP+VASM4+CM-K+CSE+IL+LU/wg128/t8", 0},
    {"r16x16/LM-CC+CGAP+VASM8+TW-CALC+CSE+IL+LU/wg64/t4", 1},
    {"r4x4x4/LM-CT+CGAP+VAVM16+TW-CALC+CSE+IL+LU/wg4/t4", 0}, /* 16 lanes: two uint4 pairs an access */
  };
  for (size_t i = 0; i < sizeof wide / sizeof wide[0]; ++i) {
    variant v;
    geometry g;
    ck_assert_int_eq(variant_parse(wide[i].v, &v, msg, sizeof msg), 0);
    problem p;
    problem_init_plain(&p, variant_length(&v), 64, 0, i % 2 ? 1 : -1);
    p.f16 = 1;
    p.inplace = wide[i].inplace;
    ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s: %s", wide[i].v, msg);
    test_nvrtc_builds(&rt, &p, &v, &g, "ppfft_h2");
  }
  /* general layouts (four-step, 2D columns): 2 or 4 neighbouring transforms of a column side, or
   * elements of a unit-stride side, an access, staged; the estimate keeps single elements there */
  static const struct { int rank; size_t n[2]; int nf; const char *v; } general[] = {
    {1, {1 << 20}, 2, "r16x16x4/RP+LM-CM+DIRECT+VASM4+TW-GM+TWP+CSE+IL+LU/wg256/t8"},
    {1, {1 << 20}, 2, "r16x16x4/RP+LM-CM+CGAP+VASM8+CM-K+CSE+IL+LU/wg256/t8"},
    {2, {1024, 256}, 1, "r16x16x4/RP+LM-CM+DIRECT+VASM4+TW-GM+TWP+CSE+IL+LU/wg256/t8"},
  };
  for (size_t c = 0; c < sizeof general / sizeof general[0]; ++c) {
    ppfft_desc d;
    ppfft_desc_init(&d, general[c].rank, general[c].n, 4);
    d.precision = PPFFT_F16;
    errors e;
    ck_assert_int_eq(errors_init(&e), 0);
    transform t;
    ck_assert_int_eq(transform_from_desc(&e, &di, &d, &t), PPFFT_SUCCESS);
    split sp = {0};
    for (int k = 0; k < d.rank; ++k) {
      sp.nfactors[k] = k ? 1 : general[c].nf;
      if (sp.nfactors[k] == 1) sp.factor[k][0] = d.n[k];
      else ck_assert(split_balanced(d.n[k], sp.nfactors[k], sp.factor[k]));
    }
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    size_t tmp = 0;
    int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
    ck_assert_msg(np > 0, "%s", msg);
    for (int i = 0; i < np; ++i) {
      variant v;
      geometry g;
      if (pd[i].pb.n != 1024) continue; /* (the 2D case's rows are plain) */
      ck_assert(!problem_is_plain(&pd[i].pb));
      ck_assert_int_eq(variant_parse(general[c].v, &v, msg, sizeof msg), 0);
      ck_assert_msg(geometry_of(&pd[i].pb, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s pass %d: %s", general[c].v, i, msg);
      kernel_source ks;
      ck_assert_int_eq(gen_kernel(&pd[i].pb, &v, &g, &dialect_cuda, &ks), 0);
      ck_assert_msg(strstr(ks.text, "ppfft_ldv_h2(((const uint"), "%s pass %d: no wide load", general[c].v, i);
      ck_assert_msg(strstr(ks.text, "= ppfft_stv_h2(make_real"), "%s pass %d: no wide store", general[c].v, i);
      free(ks.text);
      if (c != 1) test_nvrtc_builds(&rt, &pd[i].pb, &v, &g, "ppfft_h2"); /* (CGAP+VASM8 is built on the device) */
      ck_assert_msg(candidates_estimate(&pd[i].pb, &di, &v, 1, msg, sizeof msg) == 1, "%s", msg);
      ck_assert_uint_eq(variant_lanes(&v), 1);
    }
    errors_destroy(&e);
  }
  /* a strided side that is not a column side (stride 2): single elements only */
  problem p;
  problem_init_plain(&p, 256, 64, 0, -1);
  p.f16 = 1;
  p.in_stride = p.out_stride = 2;
  p.in_dist = p.out_dist = 512;
  variant v;
  geometry g;
  ck_assert_int_eq(variant_parse(wide[2].v, &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_msg(strstr(msg, "not a column side"), "%s", msg);
  /* a column side whose transforms do not come in whole groups: refused */
  p.in_stride = p.out_stride = 65;
  p.in_dist = p.out_dist = 1;
  p.batch = p.lev_count[0] = 65;
  ck_assert_int_eq(geometry_of(&p, &v, &di, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
}
END_TEST

/* ---- the device ---- */

#define ctx() test_cuda_ctx_at(__func__)

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

/* A 1D f16 plan named by its variant string on c against FFTW: case k alternates the direction
 * (odd: backward, scaled by 1/n) and takes every third in place; the batch leaves a block part empty. */
static void f16_1d_against_fftw(ppfft_context *c, size_t n, const char *v, size_t k, unsigned seed, const char *what)
{
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 4099 * 64 / n + 5);
  d.precision = PPFFT_F16;
  d.direction = k % 2 ? PPFFT_BACKWARD : PPFFT_FORWARD;
  d.inplace = k % 3 == 1;
  d.scale = d.direction == PPFFT_BACKWARD ? 1.0 / (double)n : 1.0;
  double err;
  ppfft_status s = f16_run(c, &d, v, 0, seed, &err, NULL, 0);
  ck_assert_msg(s == PPFFT_SUCCESS, "%s: %s", v, ppfft_context_last_error(c));
  printf("f16 %s N=%zu %s %s: error %.3g (bound %.3g) %s\n", what, n, d.direction < 0 ? "fwd" : "bwd", d.inplace ? "ip" : "oop", err,
         f16_bound(n), v);
  ck_assert_msg(err <= f16_bound(n), "%s: error %.3g > %.3g", v, err, f16_bound(n));
}

/* The wide accesses of plain f16 layouts (two, four, eight and sixteen half2 an access; owned,
 * staged, through local planes), in and out of place, batches that leave a work-group part empty. */
START_TEST(f16_wide_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  static const struct { size_t n; const char *v; } cases[] = {
    {256, "r16x16/RP+LM-CM+DIRECT+VASM4+TW-GM+TWP+CSE+IL+LU/wg64/t8"},
    {256, "r16x16/RP+LM-CM+DIRECT+VASM8+TW-GM+TWP+CSE+IL+LU/wg64/t16"},
    {256, "r16x16/RP+LM-CM+CGAP+VASM4+CM-K+CSE+IL+LU/wg128/t8"},
    {256, "r16x16/LM-CC+CGAP+VASM8+TW-CALC+CSE+IL+LU/wg64/t4"},
    {64, "r4x4x4/LM-CT+CGAP+VAVM16+TW-CALC+CSE+IL+LU/wg4/t4"},
    {8192, "r16x16x16x2/RP+LM-CM+DIRECT+VASM8+TW-GM+TWP+CSE+IL+LU/wg128/t1"},
  };
#define W4(r, wg, t) r "/RP+LM-CM+DIRECT+VASM4+TW-GM+TWP+CSE+IL+LU/wg" wg "/t" t
  static const struct { int rank; size_t n[2]; const char *v; } multi[] = { /* general layouts */
    {1, {1 << 20}, W4("r16x16x4", "256", "8") ";" W4("r16x16x4", "256", "8")},
    {1, {1 << 16}, "r16x16/RP+LM-CM+CGAP+VASM8+CM-K+CSE+IL+LU/wg256/t16;" W4("r16x16", "256", "16")},
    {2, {1024, 512}, W4("r16x16x2", "128", "8") ";" W4("r16x16x4", "256", "8")},
    {2, {256, 256}, W4("r16x16", "128", "16") ";" W4("r16x16", "256", "16")},
  };
#undef W4
  for (size_t k = 0; k < sizeof multi / sizeof multi[0]; ++k) {
    ppfft_desc d;
    size_t n = multi[k].n[0] * (multi[k].rank > 1 ? multi[k].n[1] : 1);
    ppfft_desc_init(&d, multi[k].rank, multi[k].n, n >= (1u << 20) ? 2 : 4);
    d.precision = PPFFT_F16;
    d.direction = k % 2 ? PPFFT_BACKWARD : PPFFT_FORWARD;
    d.inplace = k % 3 == 1;
    d.scale = d.direction == PPFFT_BACKWARD ? 1.0 / (double)n : 1.0;
    double err;
    ppfft_status s = f16_run(c, &d, multi[k].v, 0, (unsigned)(300 + k), &err, NULL, 0);
    ck_assert_msg(s == PPFFT_SUCCESS, "%s: %s", multi[k].v, ppfft_context_last_error(c));
    printf("f16 wide N=%zu (rank %d) %s %s: error %.3g (bound %.3g) %s\n", n, multi[k].rank, d.direction < 0 ? "fwd" : "bwd",
           d.inplace ? "ip" : "oop", err, f16_bound(n), multi[k].v);
    ck_assert_msg(err <= f16_bound(n), "%s: error %.3g > %.3g", multi[k].v, err, f16_bound(n));
  }
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) f16_1d_against_fftw(c, cases[k].n, cases[k].v, k, (unsigned)(200 + k), "wide");
}
END_TEST

/* TC plans (radix-16 passes on the Tensor Cores) of each size class, both directions, in and out
 * of place, with CUDA-core passes before, between and after them. */
START_TEST(f16_tc_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  if (!c->info.tc_ok) {
    ck_assert_msg(c->info.cc_major < 8, "the probe found no fragment map on sm_%u%u", c->info.cc_major, c->info.cc_minor);
    test_skip("no Tensor Core map (sm_%u%u)", c->info.cc_major, c->info.cc_minor);
    return;
  }
  printf("probed fragment map, lanes 0 and 5 (A: m<<4|k x8, B: k<<4|n x4, C: m<<4|n x4):");
  for (int l = 0; l < 6; l += 5)
    for (int i = 0; i < 16; ++i) printf("%s%02x", i ? " " : l ? " | " : " ", c->info.tc.lane[l][i]);
  printf("\n");
#define TCV(r, wg, t) r "/RP+LM-CM+TC+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg" wg "/t" t
  static const struct { int rank; size_t n[3]; const char *v; } cases[] = {
    {1, {256}, TCV("r16x16", "256", "16")},
    {1, {512}, TCV("r16x16x2", "256", "8")},
    {1, {1024}, TCV("r16x16x4", "256", "4")},
    {1, {2048}, TCV("r16x16x8", "256", "2")},
    {1, {4096}, TCV("r16x16x16", "256", "1")},
    {1, {4096}, "r2x16x16x8/RP+LM-CM+TC+DIRECT+VASM2+TW-CALC+CSE+IL+LU/wg256/t1"},
    {1, {8192}, TCV("r16x16x16x2", "512", "1")},
    {1, {16384}, TCV("r16x16x16x4", "1024", "1")},
    {1, {65536}, TCV("r16x16", "256", "16") ";" TCV("r16x16", "256", "16")},
    {1, {1 << 20}, TCV("r16x16x4", "256", "8") ";" "r16x16x4/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t8"},
    {2, {256, 256}, TCV("r16x16", "256", "16") ";" TCV("r16x16", "256", "16")},
    {2, {1024, 1024}, TCV("r16x16x4", "256", "4") ";" TCV("r16x16x4", "256", "8")},
    {3, {16, 16, 256}, TCV("r16x16", "256", "16") ";r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t256;r16/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t256"},
  };
#undef TCV
  for (size_t k = 0; k < sizeof cases / sizeof cases[0]; ++k) {
    ppfft_desc d;
    size_t n = cases[k].n[0] * (cases[k].rank > 1 ? cases[k].n[1] : 1) * (cases[k].rank > 2 ? cases[k].n[2] : 1);
    ppfft_desc_init(&d, cases[k].rank, cases[k].n, n >= (1u << 20) ? 2 : ((size_t)1 << 20) / n + 1);
    d.precision = PPFFT_F16;
    d.direction = k % 2 ? PPFFT_BACKWARD : PPFFT_FORWARD;
    d.inplace = k % 3 == 1;
    double err;
    ppfft_status s = f16_run(c, &d, cases[k].v, 0, (unsigned)(100 + k), &err, NULL, 0);
    ck_assert_msg(s == PPFFT_SUCCESS, "%s: %s", cases[k].v, ppfft_context_last_error(c));
    printf("f16 TC N=%zu (rank %d) %s %s: error %.3g (bound %.3g) %s\n", n, cases[k].rank, d.direction < 0 ? "fwd" : "bwd",
           d.inplace ? "ip" : "oop", err, f16_bound(n), cases[k].v);
    ck_assert_msg(err <= f16_bound(n), "%s: error %.3g > %.3g", cases[k].v, err, f16_bound(n));
  }
}
END_TEST

/* The shipped wisdom's f16 plans (COLS, XR2 rounds, staged CGAP, SHFL, LM-CC passes: each way an
 * f16 kernel goes through its half2 plane, or LM32's f32 plane) on the device, against FFTW, shapes
 * to 2^22 points in batches of 2^20 points or one transform, both directions. */
START_TEST(f16_wisdom_plans_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  const char *srcdir = getenv("srcdir");
  char path[4096], msg[512];
  snprintf(path, sizeof path, "%s/wisdom/nvidia-h200-cuda.wisdom", srcdir && *srcdir ? srcdir : ".");
  char *text = wisdom_read_file(path);
  ck_assert_msg(text, "cannot read %s", path);
  wisdom_entry *e = NULL;
  size_t n = 0, ran = 0;
  ck_assert_msg(wisdom_parse(text, &e, &n, msg, sizeof msg) == 0, "%s: %s", path, msg);
  free(text);
  for (size_t i = 0; i < n; ++i) {
    if (!strstr(e[i].base, ":f16:")) continue;
    const char *q = strstr(e[i].base, ":n");
    size_t len[3], total = 1;
    int rank = 0;
    for (++q; (*q == 'n' || *q == 'x') && rank < 3; ++rank) {
      len[rank] = strtoull(q + 1, (char **)&q, 10);
      total *= len[rank];
    }
    if (total > ((size_t)1 << 22)) continue;
    ppfft_desc d;
    ppfft_desc_init(&d, rank, len, total < ((size_t)1 << 20) ? ((size_t)1 << 20) / total : 1);
    d.precision = PPFFT_F16;
    d.direction = ran % 2 ? PPFFT_BACKWARD : PPFFT_FORWARD;
    d.scale = d.direction == PPFFT_BACKWARD ? 1.0 / (double)total : 1.0;
    double err;
    ppfft_status s = f16_run(c, &d, e[i].plan, 0, (unsigned)(400 + i), &err, NULL, 0);
    ck_assert_msg(s == PPFFT_SUCCESS, "%s %s: %s", e[i].base, e[i].plan, ppfft_context_last_error(c));
    printf("f16 wisdom %s %s: error %.3g (bound %.3g) %s\n", e[i].base, d.direction < 0 ? "fwd" : "bwd", err, f16_bound(total), e[i].plan);
    ck_assert_msg(err <= f16_bound(total), "%s %s: error %.3g > %.3g", e[i].base, e[i].plan, err, f16_bound(total));
    ++ran;
  }
  free(e);
  ck_assert_uint_ge(ran, 15);
}
END_TEST

/* The f16 entries of the shipped H200 CUDA wisdom (tuned, bench/results/2026-11-25-h200-f16) still
 * apply: each plan splits its transform (at the 256 MiB batch it was tuned at) and every pass's
 * variant fits, so a change of the planner's or the geometry's rules that would drop them (the
 * planner then falls back to the estimate without a word) fails here.  No build, no device. */
START_TEST(f16_shipped_wisdom_applies)
{
  device_info di;
  cuda_runtime rt;
  hopper(&di, &rt);
  const char *srcdir = getenv("srcdir");
  char path[4096];
  snprintf(path, sizeof path, "%s/wisdom/nvidia-h200-cuda.wisdom", srcdir && *srcdir ? srcdir : ".");
  char *text = wisdom_read_file(path);
  ck_assert_msg(text, "cannot read %s", path);
  wisdom_entry *e = NULL;
  size_t n = 0, f16 = 0;
  char msg[512];
  ck_assert_msg(wisdom_parse(text, &e, &n, msg, sizeof msg) == 0, "%s: %s", path, msg);
  free(text);
  for (size_t i = 0; i < n; ++i) {
    if (!strstr(e[i].base, ":f16:")) continue;
    const char *q = strstr(e[i].base, ":n");
    ck_assert_msg(q, "%s: no lengths", e[i].base);
    size_t len[3], total = 1;
    int rank = 0;
    for (++q; *q == 'n' || *q == 'x'; ++rank) {
      ck_assert_int_lt(rank, 3);
      len[rank] = strtoull(q + 1, (char **)&q, 10);
      total *= len[rank];
    }
    ppfft_desc d;
    ppfft_desc_init(&d, rank, len, ((size_t)256 << 20) / (4 * total));
    d.precision = PPFFT_F16;
    d.inplace = strstr(e[i].base, ":ip:") != NULL;
    d.direction = strstr(e[i].base, ":bwd:") ? PPFFT_BACKWARD : PPFFT_FORWARD;
    errors err;
    ck_assert_int_eq(errors_init(&err), 0);
    transform t;
    ck_assert_int_eq(transform_from_desc(&err, &di, &d, &t), PPFFT_SUCCESS);
    variant vs[DECOMPOSE_MAX_PASSES];
    int nv = plan_string_parse(e[i].plan, vs, DECOMPOSE_MAX_PASSES, msg, sizeof msg);
    ck_assert_msg(nv > 0, "%s: %s", e[i].plan, msg);
    split sp;
    ck_assert_msg(plan_string_split(&t, vs, nv, &sp, msg, sizeof msg) == 0, "%s %s: %s", e[i].base, e[i].plan, msg);
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    int np = test_decompose(&t, &sp, pd);
    for (int k = 0; k < np; ++k) {
      if (pd[k].transpose || pd[k].pointwise) continue;
      variant v = vs[pd[k].variant];
      geometry g;
      ck_assert_msg(geometry_of(&pd[k].pb, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s %s, pass %d: %s", e[i].base, e[i].plan, k, msg);
    }
    errors_destroy(&err);
    ++f16;
  }
  free(e);
  ck_assert_uint_ge(f16, 21);
}
END_TEST

/* Counts the occurrences of needle in text. */
static size_t occurrences(const char *text, const char *needle)
{
  size_t k = 0;
  for (const char *q = strstr(text, needle); q; q = strstr(q + 1, needle)) ++k;
  return k;
}

/* CUDA's fine grains (plan/candidates.c) on f16 one-pass powers of two up to 8192: 8 elements a
 * thread in blocks of 32..256 threads (cuFFT's shapes, bench/results/2026-11-25-h200-cuda16) and one
 * transform a block at 4096 and 8192 (512 and 1024 threads of 8); MEASURE lists each without the
 * list's 64 cutting it or the f16 candidates after it (the wide accesses), and NVRTC builds them. */
static const char *const f16_fine[] = {
  "r8x8x8x2/RP+LM-CM+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg128/t1",
  "r8x8x8x4/RP+LM-CM+DIRECT+VASM2+CM-K+CSE+IL+LU/wg256/t1",
  "r8x8x8x8/RP+LM-CM+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1",
  "r8x8x8x8x2/RP+LM-CM+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg1024/t1",
};

START_TEST(f16_fine_grains)
{
  device_info di;
  cuda_runtime rt;
  hopper(&di, &rt);
  char msg[512];
  for (size_t i = 0; i < sizeof f16_fine / sizeof f16_fine[0]; ++i) {
    variant v, list[CANDIDATES_MEASURE_MAX];
    geometry g;
    ck_assert_int_eq(variant_parse(f16_fine[i], &v, msg, sizeof msg), 0);
    problem p;
    problem_init_plain(&p, variant_length(&v), ((size_t)1 << 24) / variant_length(&v), 0, -1);
    p.f16 = 1;
    ck_assert_msg(geometry_of(&p, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "%s: %s", f16_fine[i], msg);
    ck_assert_uint_eq(g.wg, v.wg);
    size_t n = candidates_measure(&p, &di, list, CANDIDATES_MEASURE_MAX), found = 0, wide = 0;
    ck_assert_uint_lt(n, CANDIDATES_MEASURE_MAX);
    for (size_t j = 0; j < n; ++j) {
      char name[256];
      variant_print(&list[j], name, sizeof name);
      found += strcmp(name, f16_fine[i]) == 0;
      wide += variant_lanes(&list[j]) >= 2;
    }
    ck_assert_msg(found == 1, "MEASURE does not list %s", f16_fine[i]);
    ck_assert_uint_gt(wide, 0);
    if (i == 0 || test_full()) test_nvrtc_builds(&rt, &p, &v, &g, "ppfft_h2");
  }
}
END_TEST

/* The fine grains above on a device against FFTW: both directions, in and out of place, a batch
 * that leaves the last block part empty. */
START_TEST(f16_fine_against_fftw)
{
  ppfft_context *c = ctx();
  if (!c) return;
  for (size_t k = 0; k < sizeof f16_fine / sizeof f16_fine[0]; ++k) {
    variant v;
    char msg[512];
    ck_assert_int_eq(variant_parse(f16_fine[k], &v, msg, sizeof msg), 0);
    f16_1d_against_fftw(c, variant_length(&v), f16_fine[k], k, (unsigned)(500 + k), "fine");
  }
}
END_TEST

/* f16 four-step passes with owned stores take the twiddle w^(m k) as a running product (gen/io.c):
 * four table reads a work-item (w^(m tid) and its step, two levels each), not two an element, which
 * scatter across a COLS warp's transforms; f32 keeps the reads (its error bound is tighter).  The
 * kernels build by NVRTC; on a device f16_planner_against_fftw and f16_wisdom_plans_against_fftw run
 * them (2^20's shipped plan included). */
START_TEST(f16_running_twiddle)
{
  device_info di;
  cuda_runtime rt;
  hopper(&di, &rt);
  char msg[512];
  const char *plan = "r16x4/RP+LM-CM+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU/wg128/t32;r16x8/RP+LM-CM+CGAP+COLS+VASM2+CM-K+CSE+IL+LU/wg256/t32;"
                     "r16x8/RP+LM-CM+CGAP+COLS+VASM2+TW-GM+TWP+CSE+IL+LU/wg128/t16";
  size_t n = (size_t)1 << 20;
  for (int f16 = 1; f16 >= 0; --f16)
    for (int dir = 0; dir < 2; ++dir) {
      ppfft_desc d;
      ppfft_desc_init(&d, 1, &n, 64);
      d.precision = f16 ? PPFFT_F16 : PPFFT_F32;
      d.direction = dir ? PPFFT_BACKWARD : PPFFT_FORWARD;
      transform t;
      ck_assert_int_eq(transform_from_desc(NULL, &di, &d, &t), PPFFT_SUCCESS);
      variant vs[DECOMPOSE_MAX_PASSES];
      int nv = plan_string_parse(plan, vs, DECOMPOSE_MAX_PASSES, msg, sizeof msg);
      ck_assert_msg(nv == 3, "%s", msg);
      split sp;
      ck_assert_msg(plan_string_split(&t, vs, nv, &sp, msg, sizeof msg) == 0, "%s", msg);
      pass_desc pd[DECOMPOSE_MAX_PASSES];
      ck_assert_int_eq(test_decompose(&t, &sp, pd), 3);
      for (int k = 0; k < 3; ++k) {
        variant v = vs[pd[k].variant];
        geometry g;
        ck_assert_msg(geometry_of(&pd[k].pb, &v, &di, &g, msg, sizeof msg) == PPFFT_SUCCESS, "pass %d: %s", k, msg);
        kernel_source ks;
        ck_assert_int_eq(gen_kernel(&pd[k].pb, &v, &g, &dialect_cuda, &ks), 0);
        size_t reads = occurrences(ks.text, "tw4["), running = occurrences(ks.text, "w4_ = ");
        if (k == 2) ck_assert_uint_eq(reads + running, 0); /* the last pass: no four-step twiddle */
        else if (f16) {
          ck_assert_msg(reads == 4 && running == 1 + g.rq, "f16 pass %d: %zu table reads, %zu running steps", k, reads, running);
          if (!dir) test_nvrtc_builds(&rt, &pd[k].pb, &v, &g, "w4_");
        } else ck_assert_msg(reads == 2 * g.rq && running == 0, "f32 pass %d: %zu table reads, %zu running steps", k, reads, running);
        free(ks.text);
      }
    }
}
END_TEST

Suite *make_f16_suite(void)
{
  Suite *s = suite_create("f16");
  TCase *tc = test_tcase("f16 nvrtc");
  tcase_set_timeout(tc, 600);
  tcase_add_test(tc, f16_refusals);
  tcase_add_test(tc, f16_wisdom_key);
  tcase_add_test(tc, tc_map_from_the_probe);
  tcase_add_test(tc, nvrtc_builds_f16_passes);
  tcase_add_test(tc, f16_wide_accesses);
  tcase_add_test(tc, f16_half2_plane);
  tcase_add_test(tc, f16_shipped_wisdom_applies);
  tcase_add_test(tc, f16_running_twiddle);
  tcase_add_test(tc, f16_fine_grains);
  suite_add_tcase(s, tc);
  tc = test_tcase("f16 device");
  tcase_set_timeout(tc, 600);
  tcase_add_unchecked_fixture(tc, NULL, test_cuda_close);
  tcase_add_test(tc, f16_wide_against_fftw);
  tcase_add_test(tc, f16_tc_against_fftw);
  tcase_add_test(tc, f16_planner_against_fftw);
  tcase_add_test(tc, f16_wisdom_plans_against_fftw);
  tcase_add_test(tc, f16_fine_against_fftw);
  suite_add_tcase(s, tc);
  return s;
}
