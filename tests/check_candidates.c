/* The planner's candidate lists (plan/candidates.h) and the fit (plan/fit.h), without a device: on
 * no device limits (NULL) and on a fake device_info. */
#include "core/geometry.h"
#include "core/variant.h"
#include "plan/candidates.h"
#include "plan/solver.h"
#include "suites.h"
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The estimate is the seed's best-known set, then wider work-items for kernels the compiler cannot
 * fit at the first work-group size, then TW-CALC and GM. */
START_TEST(estimate_candidates)
{
  problem p;
  problem_init_plain(&p, 8192, 100, 0, -1);
  variant c[12];
  char msg[256], name[256];
  size_t n = candidates_estimate(&p, NULL, c, 12, msg, sizeof msg);
  ck_assert_uint_ge(n, 4);
  variant_print(&c[0], name, sizeof name);
  ck_assert_str_eq(name, "r16x16x16x2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg512/t1");
  variant_print(&c[1], name, sizeof name);
  ck_assert_str_eq(name, "r16x16x16x2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t1");
  int calc = 0, gm = 0;
  for (size_t i = 0; i < n; ++i) {
    geometry g;
    ck_assert_int_eq(geometry_of(&p, &c[i], NULL, &g, msg, sizeof msg), 0);
    calc |= c[i].twiddle == TW_CALC;
    gm |= c[i].onchip == ONCHIP_GM;
  }
  ck_assert(calc && gm);
  p.n = (size_t)1 << 25; /* beyond one work-group anywhere */
  ck_assert_uint_eq(candidates_estimate(&p, NULL, c, 12, msg, sizeof msg), 0);
  ck_assert(msg[0] != '\0');
}
END_TEST

/* The exhaustive list also times fewer transforms per work-group than the fit packs, down to
 * EXHAUSTIVE_MIN_WG work-items (not below), each variant once and each valid. */
START_TEST(exhaustive_tries_launch_shapes)
{
  problem p;
  problem_init_plain(&p, 64, (size_t)1 << 20, 0, -1);
  size_t n;
  variant *list = candidates_exhaustive(&p, NULL, &n);
  ck_assert_ptr_nonnull(list);
  unsigned shapes = 0;
  char msg[256];
  variant seed = {0}; /* the seed's best set at its fitted 4 work-items per transform */
  ck_assert_int_eq(variant_parse("r16x4/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg256/t64", &seed, msg, sizeof msg), 0);
  for (size_t i = 0; i < n; ++i) {
    geometry g;
    ck_assert_int_eq(geometry_of(&p, &list[i], NULL, &g, msg, sizeof msg), 0);
    for (size_t j = 0; j < i; ++j) ck_assert(memcmp(&list[i], &list[j], sizeof list[i]) != 0);
    seed.wg = list[i].wg;
    seed.tpw = list[i].tpw;
    if (memcmp(&seed, &list[i], sizeof seed) == 0) shapes |= list[i].tpw;
  }
  ck_assert_uint_eq(shapes, 64 | 32 | 16); /* wg256/t64, wg128/t32, wg64/t16; not wg32/t8 */
  free(list);
}
END_TEST

/* A GPU as the measure list sees it (cuda: the CUDA backend's view of it). */
static device_info gpu(int cuda)
{
  device_info di = {.type = CL_DEVICE_TYPE_GPU, .max_wg = 1024, .local_mem = cuda ? 227 * 1024 : 49152, .max_const = 65536,
                    .max_const_args = 9, .global_mem = 1ull << 37, .max_alloc = 1ull << 35, .compute_units = 132, .fp64 = 1,
                    .cc_major = 9, .cuda = cuda, .regs_per_block = cuda ? 65536 : 0};
  return di;
}

/* How many of MEASURE's candidates for N on di have exchange rounds and a shuffle exchange; every
 * candidate runs there. */
static void measure_counts(size_t n, const device_info *di, int *rounds, int *shuffles)
{
  problem p;
  problem_init_plain(&p, n, 1024, 0, -1);
  variant c[CANDIDATES_MEASURE_MAX];
  size_t k = candidates_measure(&p, di, c, CANDIDATES_MEASURE_MAX);
  ck_assert_uint_gt(k, 0);
  ck_assert_uint_lt(k, CANDIDATES_MEASURE_MAX); /* the planner's short list holds them all */
  *rounds = *shuffles = 0;
  for (size_t i = 0; i < k; ++i) {
    geometry g;
    char msg[256];
    ck_assert_int_eq(geometry_of(&p, &c[i], di, &g, msg, sizeof msg), PPFFT_SUCCESS);
    *rounds += c[i].rounds > 1;
    *shuffles += c[i].shfl != SHFL_NONE;
  }
}

/* MEASURE adds XR2 for long one-pass kernels on GPUs (where it frees registers for a second
 * work-group) and the shuffle exchange on CUDA; neither on a CPU, nor XR2 below 4096. */
START_TEST(measure_candidates_by_device)
{
  device_info cl = gpu(0), cuda = gpu(1), cpu = gpu(0);
  cpu.type = CL_DEVICE_TYPE_CPU;
  int rounds, shuffles;
  measure_counts(8192, &cl, &rounds, &shuffles);
  ck_assert_int_gt(rounds, 0);
  ck_assert_int_eq(shuffles, 0);
  measure_counts(8192, &cuda, &rounds, &shuffles);
  ck_assert_int_gt(rounds, 0);
  measure_counts(8192, &cpu, &rounds, &shuffles);
  ck_assert_int_eq(rounds + shuffles, 0);
  measure_counts(2048, &cl, &rounds, &shuffles);
  ck_assert_int_eq(rounds + shuffles, 0);
  measure_counts(256, &cuda, &rounds, &shuffles);
  ck_assert_int_ge(shuffles, 3);
  measure_counts(256, &cl, &rounds, &shuffles);
  ck_assert_int_eq(shuffles, 0);
}
END_TEST

/* Whether MEASURE's list for a plain batch of N on di holds the variant named v. */
static int measure_lists(size_t n, int f64, const device_info *di, const char *name)
{
  problem p;
  problem_init_plain(&p, n, 1024, f64, -1);
  variant c[CANDIDATES_MEASURE_MAX], v;
  char msg[256];
  ck_assert_int_eq(variant_parse(name, &v, msg, sizeof msg), 0);
  size_t k = candidates_measure(&p, di, c, CANDIDATES_MEASURE_MAX);
  ck_assert_uint_lt(k, CANDIDATES_MEASURE_MAX);
  for (size_t i = 0; i < k; ++i)
    if (memcmp(&c[i], &v, sizeof v) == 0) return 1;
  return 0;
}

/* Past one round of OpenCL's 48 KiB (16384 f32, 8192 f64), MEASURE times XR2 with TW-GM+TWP at the
 * fitted width (the rounds splitting the work-items), at twice it, and with radices of 8 before
 * the last: the H200's one-pass plans (bench/results/2026-11-25-h200-onepass). */
START_TEST(measure_candidates_one_pass_rounds)
{
  device_info cl = gpu(0);
  ck_assert(measure_lists(16384, 0, &cl, "r16x16x16x4/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1"));
  ck_assert(measure_lists(16384, 0, &cl, "r16x16x16x4/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg1024/t1"));
  ck_assert(measure_lists(16384, 0, &cl, "r16x16x16x4/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg1024/t1"));
  ck_assert(measure_lists(8192, 1, &cl, "r8x8x8x16/RP+LM-CM+XR2+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1"));
  ck_assert(measure_lists(8192, 0, &cl, "r16x16x16x2/RP+LM-CM+XR2+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1"));
}
END_TEST

/* One pass of a power of two past 8192 points on OpenCL's 48 KiB: MEASURE times PAIR (both parts of
 * an element a round: the real2 words of core/geometry.c) in the fewest rounds that hold its twice
 * the bytes, XR2 for 8192 f32 (half the barriers of XR2 without it), XR4 for 16384 f32 and 8192
 * f64, each within the local memory; none on a CPU, none where four rounds cannot hold it (32768). */
START_TEST(measure_candidates_pair_rounds)
{
  static const struct { size_t n; int f64; const char *v; } cases[] = {
    {8192, 0, "r8x8x8x16/RP+LM-CM+XR2+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1"},
    {8192, 0, "r16x16x32/RP+LM-CM+XR2+PAIR+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1"},
    {16384, 0, "r16x32x32/RP+LM-CM+XR4+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1"},
    {16384, 0, "r16x16x4x16/RP+LM-CM+XR4+PAIR+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg1024/t1"},
    {8192, 1, "r8x8x8x16/RP+LM-CM+XR4+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1"},
  };
  device_info cl = gpu(0), cpu = gpu(0);
  cpu.type = CL_DEVICE_TYPE_CPU;
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) ck_assert_msg(measure_lists(cases[i].n, cases[i].f64, &cl, cases[i].v), "%s", cases[i].v);
  static const struct { size_t n; int f64; unsigned xr; } sizes[] = {{8192, 0, 2}, {16384, 0, 4}, {8192, 1, 4}, {32768, 0, 0}, {4096, 0, 0}};
  for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
    problem p;
    problem_init_plain(&p, sizes[i].n, 1024, sizes[i].f64, -1);
    variant c[CANDIDATES_MEASURE_MAX];
    size_t k = candidates_measure(&p, &cl, c, CANDIDATES_MEASURE_MAX), pairs = 0;
    ck_assert_uint_lt(k, CANDIDATES_MEASURE_MAX);
    for (size_t j = 0; j < k; ++j) {
      if (!c[j].pair) continue;
      geometry g;
      char msg[256];
      ck_assert_int_eq(geometry_of(&p, &c[j], &cl, &g, msg, sizeof msg), PPFFT_SUCCESS);
      ck_assert_uint_eq(c[j].rounds, sizes[i].xr);
      ck_assert_uint_le(g.local_bytes, cl.local_mem);
      ck_assert_uint_ge(g.local_bytes, problem_elem_bytes(&p) * sizes[i].n / sizes[i].xr); /* both parts of N / xr elements */
      ++pairs;
    }
    ck_assert_msg(sizes[i].xr ? pairs >= 6 : pairs == 0, "N = %zu f64 %d: %zu PAIR candidates", sizes[i].n, sizes[i].f64, pairs);
    k = candidates_measure(&p, &cpu, c, CANDIDATES_MEASURE_MAX);
    for (size_t j = 0; j < k; ++j) ck_assert(!c[j].pair);
  }
}
END_TEST

/* MEASURE lists each candidate once: no two print the same variant string (the lists dedupe by
 * memcmp, so a refactoring of radices that left stale ones past the pass count would list twice). */
START_TEST(measure_candidates_unique)
{
  static const struct { size_t n; int f64; } sizes[] = {{4096, 0}, {8192, 0}, {16384, 0}, {8192, 1}, {2048, 1}};
  for (int cuda = 0; cuda < 2; ++cuda)
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; ++i) {
      device_info d = gpu(cuda);
      problem p;
      problem_init_plain(&p, sizes[i].n, 1024, sizes[i].f64, -1);
      variant c[CANDIDATES_MEASURE_MAX];
      size_t k = candidates_measure(&p, &d, c, CANDIDATES_MEASURE_MAX);
      ck_assert_uint_gt(k, 1);
      char a[256], b[256];
      for (size_t j = 0; j < k; ++j)
        for (size_t l = j + 1; l < k; ++l) {
          ck_assert_int_lt(variant_print(&c[j], a, sizeof a), (int)sizeof a);
          ck_assert_int_lt(variant_print(&c[l], b, sizeof b), (int)sizeof b);
          ck_assert_msg(strcmp(a, b) != 0, "N = %zu f64 %d cuda %d: %s listed twice", sizes[i].n, sizes[i].f64, cuda, a);
        }
    }
}
END_TEST

/* No MEASURE list comes near the planner's cap (plan/candidates.h), which would drop candidates
 * unseen: every power of two 2..2^14 as a plain batch and as a column pass (stride 4096, distance
 * 1), f32, f64 and (CUDA) f16, on an OpenCL and a CUDA GPU, at most 3/4 of it. */
START_TEST(measure_lists_fit)
{
  size_t most = 0, most_n = 0;
  for (int cuda = 0; cuda < 2; ++cuda)
    for (int prec = 0; prec < (cuda ? 3 : 2); ++prec)
      for (int column = 0; column < 2; ++column)
        for (size_t n = 2; n <= 16384; n *= 2) {
          device_info d = gpu(cuda);
          problem p;
          problem_init_plain(&p, n, column ? 4096 : ((size_t)1 << 22) / n, prec == 1, -1);
          p.f16 = prec == 2;
          if (column) p.in_stride = p.out_stride = 4096, p.in_dist = p.out_dist = 1;
          variant c[CANDIDATES_MEASURE_MAX];
          size_t k = candidates_measure(&p, &d, c, CANDIDATES_MEASURE_MAX);
          if (k > most) most = k, most_n = n;
          ck_assert_msg(k * 4 <= CANDIDATES_MEASURE_MAX * 3, "N = %zu (%s, %s, %s): %zu candidates of the list's %d", n,
                        cuda ? "CUDA" : "OpenCL", prec == 2 ? "f16" : prec ? "f64" : "f32", column ? "columns" : "plain", k,
                        (int)CANDIDATES_MEASURE_MAX);
        }
  printf("MEASURE's lists: at most %zu candidates (N = %zu) of the planner's %d\n", most, most_n, (int)CANDIDATES_MEASURE_MAX);
}
END_TEST

/* MEASURE times COLS on a pass with a column side (fitted to 128 bytes of each row where local
 * memory allows), never on a plain batch; the exhaustive list has it too. */
START_TEST(measure_candidates_cols)
{
  device_info di = gpu(0);
  problem p;
  problem_init_plain(&p, 1024, 1024, 0, -1);
  p.in_stride = p.out_stride = 1024, p.in_dist = p.out_dist = 1;
  variant c[CANDIDATES_MEASURE_MAX];
  size_t k = candidates_measure(&p, &di, c, CANDIDATES_MEASURE_MAX), cols = 0, wide = 0;
  ck_assert_uint_lt(k, CANDIDATES_MEASURE_MAX);
  for (size_t i = 0; i < k; ++i) {
    geometry g;
    char msg[256];
    ck_assert_int_eq(geometry_of(&p, &c[i], &di, &g, msg, sizeof msg), PPFFT_SUCCESS);
    cols += c[i].cols;
    wide += c[i].cols && c[i].tpw * 8 >= 128;
  }
  ck_assert_uint_ge(cols, 6);
  ck_assert_uint_gt(wide, 0); /* 16 columns in XR4 */
  size_t n;
  variant *all = candidates_exhaustive(&p, &di, &n);
  ck_assert_ptr_nonnull(all);
  size_t found = 0;
  for (size_t i = 0; i < n; ++i) found += all[i].cols;
  ck_assert_uint_gt(found, 0);
  free(all);
  problem_init_plain(&p, 1024, 1024, 0, -1);
  k = candidates_measure(&p, &di, c, CANDIDATES_MEASURE_MAX);
  for (size_t i = 0; i < k; ++i) ck_assert_int_eq(c[i].cols, 0);
}
END_TEST

/* The reorder solver: the fewest passes with the long factor first, and one pass fewer in both
 * orders (2^21 as 128 x 128 x 128: 1024 x 2048 and 2048 x 1024; as 1024 x 2048: 2048 x 1024); not
 * the reorder under EXHAUSTIVE (the four-step solver times every order there), not for 2D. */
START_TEST(reorder_candidates)
{
  size_t n = (size_t)1 << 21;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  transform t;
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  search_problem sp = {.t = &t};
  sp.fewest.nfactors[0] = 3;
  sp.fewest.factor[0][0] = sp.fewest.factor[0][1] = sp.fewest.factor[0][2] = 128;
  ck_assert(solver_reorder.applicable(NULL, &sp));
  plan_candidate c[4];
  ck_assert_uint_eq(solver_reorder.candidates(NULL, &sp, c, 4), 2);
  ck_assert_int_eq(c[0].sp.nfactors[0], 2);
  ck_assert_uint_eq(c[0].sp.factor[0][0], 1024);
  ck_assert_uint_eq(c[0].sp.factor[0][1], 2048);
  ck_assert_uint_eq(c[0].sp.factor[0][2], 0);
  ck_assert_uint_eq(c[1].sp.factor[0][0], 2048);
  ck_assert_uint_eq(c[1].sp.factor[0][1], 1024);
  sp.fewest.nfactors[0] = 2;
  sp.fewest.factor[0][0] = 1024, sp.fewest.factor[0][1] = 2048, sp.fewest.factor[0][2] = 0;
  ck_assert_uint_eq(solver_reorder.candidates(NULL, &sp, c, 4), 1);
  ck_assert_uint_eq(c[0].sp.factor[0][0], 2048);
  ck_assert_uint_eq(c[0].sp.factor[0][1], 1024);
  sp.exhaustive = 1;
  ck_assert_uint_eq(solver_reorder.candidates(NULL, &sp, c, 4), 0);
  sp.fewest.factor[0][0] = sp.fewest.factor[0][1] = 1024; /* 2^20: one order only */
  sp.exhaustive = 0;
  ck_assert_uint_eq(solver_reorder.candidates(NULL, &sp, c, 4), 0);
  size_t n2[2] = {1024, 2048};
  ppfft_desc_init(&d, 2, n2, 1);
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  ck_assert(!solver_reorder.applicable(NULL, &sp));
}
END_TEST

/* A real transform's extra pass and reorder split its fast path's N/2, not N (whose factors made
 * no plan: a C2R of 65536, fewest one pass of 32768, was never timed in two): C2R 65536 as 128 x
 * 256, C2R 8192 (fewest: the general path's one pass) on the fast path as 64 x 64, R2C 2^22 as
 * 128 x 128 x 128 one pass fewer as 1024 x 2048 and 2048 x 1024; C2C 2^16 as 256 x 256. */
START_TEST(real_half_extra_and_reorder)
{
  ppfft_desc d;
  transform t;
  plan_candidate c[4];
  size_t n = 65536;
  ppfft_desc_init(&d, 1, &n, 1);
  d.kind = PPFFT_C2R;
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  search_problem sp = {.t = &t};
  sp.fewest.nfactors[0] = 1, sp.fewest.factor[0][0] = 32768, sp.fewest.real_half = 1;
  ck_assert(solver_extra_pass.applicable(NULL, &sp));
  ck_assert_uint_eq(solver_extra_pass.candidates(NULL, &sp, c, 4), 1);
  ck_assert(c[0].sp.real_half);
  ck_assert_int_eq(c[0].sp.nfactors[0], 2);
  ck_assert_uint_eq(c[0].sp.factor[0][0] * c[0].sp.factor[0][1], 32768);
  ck_assert_uint_eq(c[0].sp.factor[0][0], 128);
  n = 8192;
  ppfft_desc_init(&d, 1, &n, 1);
  d.kind = PPFFT_C2R;
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  sp.fewest = (split){0};
  sp.fewest.nfactors[0] = 1, sp.fewest.factor[0][0] = 8192; /* the general path */
  ck_assert_uint_eq(solver_extra_pass.candidates(NULL, &sp, c, 4), 1);
  ck_assert(c[0].sp.real_half);
  ck_assert_uint_eq(c[0].sp.factor[0][0], 64);
  ck_assert_uint_eq(c[0].sp.factor[0][1], 64);
  n = (size_t)1 << 16;
  ppfft_desc_init(&d, 1, &n, 1);
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  sp.fewest = (split){0};
  sp.fewest.nfactors[0] = 1, sp.fewest.factor[0][0] = n;
  ck_assert_uint_eq(solver_extra_pass.candidates(NULL, &sp, c, 4), 1);
  ck_assert(!c[0].sp.real_half);
  ck_assert_uint_eq(c[0].sp.factor[0][0], 256);
  ck_assert_uint_eq(c[0].sp.factor[0][1], 256);
  n = (size_t)1 << 22;
  ppfft_desc_init(&d, 1, &n, 1);
  d.kind = PPFFT_R2C;
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  sp.fewest = (split){0};
  sp.fewest.nfactors[0] = 3, sp.fewest.real_half = 1;
  sp.fewest.factor[0][0] = sp.fewest.factor[0][1] = sp.fewest.factor[0][2] = 128;
  ck_assert(solver_reorder.applicable(NULL, &sp));
  ck_assert_uint_eq(solver_reorder.candidates(NULL, &sp, c, 4), 2);
  for (int i = 0; i < 2; ++i) {
    ck_assert(c[i].sp.real_half);
    ck_assert_int_eq(c[i].sp.nfactors[0], 2);
    ck_assert_uint_eq(c[i].sp.factor[0][0], i ? 2048 : 1024);
    ck_assert_uint_eq(c[i].sp.factor[0][1], i ? 1024 : 2048);
  }
}
END_TEST

/* The f16 short-factor solver: 2^18 as 512 x 512 gets 2048 x 128, 128 x 2048, 1024 x 256, 256 x 1024
 * (4096 x 64 is too long); as 64 x 64 x 64 the same four; never the balanced split in either order; under EXHAUSTIVE only where the fewest is three passes; none for
 * 2^20 (its long factor would be 4096 or more); never for f32 or shorter than 2^17. */
START_TEST(short_factor_candidates)
{
  size_t n = (size_t)1 << 18;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  transform t;
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  t.f16 = 1; /* (transform_from_desc checks f16 against a CUDA device) */
  search_problem sp = {.t = &t};
  sp.fewest.nfactors[0] = 2;
  sp.fewest.factor[0][0] = sp.fewest.factor[0][1] = 512;
  ck_assert(solver_short_factor.applicable(NULL, &sp));
  plan_candidate c[8];
  static const size_t want[4][2] = {{2048, 128}, {128, 2048}, {1024, 256}, {256, 1024}};
  ck_assert_uint_eq(solver_short_factor.candidates(NULL, &sp, c, 8), 4);
  for (int i = 0; i < 4; ++i) {
    ck_assert_int_eq(c[i].sp.nfactors[0], 2);
    ck_assert_uint_eq(c[i].sp.factor[0][0], want[i][0]);
    ck_assert_uint_eq(c[i].sp.factor[0][1], want[i][1]);
    ck_assert_uint_eq(c[i].sp.factor[0][2], 0);
  }
  sp.exhaustive = 1; /* the four-step solver times every two-pass split */
  ck_assert_uint_eq(solver_short_factor.candidates(NULL, &sp, c, 8), 0);
  sp.fewest.nfactors[0] = 3;
  sp.fewest.factor[0][0] = sp.fewest.factor[0][1] = sp.fewest.factor[0][2] = 64;
  ck_assert_uint_eq(solver_short_factor.candidates(NULL, &sp, c, 8), 4);
  sp.exhaustive = 0;
  n = (size_t)1 << 17; /* 2^17: 2048 x 64, 64 x 2048, 1024 x 128, 128 x 1024 (512 x 256 is the balanced split's other order) */
  ppfft_desc_init(&d, 1, &n, 1);
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  t.f16 = 1;
  sp.fewest.nfactors[0] = 2;
  sp.fewest.factor[0][0] = 256, sp.fewest.factor[0][1] = 512, sp.fewest.factor[0][2] = 0;
  ck_assert_uint_eq(solver_short_factor.candidates(NULL, &sp, c, 8), 4);
  ck_assert_uint_eq(c[0].sp.factor[0][0], 2048);
  ck_assert_uint_eq(c[3].sp.factor[0][0], 128);
  ck_assert_uint_eq(c[3].sp.factor[0][1], 1024);
  n = (size_t)1 << 20;
  ppfft_desc_init(&d, 1, &n, 1);
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  t.f16 = 1;
  ck_assert(solver_short_factor.applicable(NULL, &sp));
  ck_assert_uint_eq(solver_short_factor.candidates(NULL, &sp, c, 8), 0);
  t.f16 = 0;
  ck_assert(!solver_short_factor.applicable(NULL, &sp));
  n = (size_t)1 << 16;
  ppfft_desc_init(&d, 1, &n, 1);
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  t.f16 = 1;
  ck_assert(!solver_short_factor.applicable(NULL, &sp));
}
END_TEST

/* On CUDA the estimate leads with DIRECT+TW-GM+TWP where four or more threads share a transform,
 * and keeps the seed's CGAP+CM-K first where one or two do. */
START_TEST(cuda_estimate_order)
{
  device_info cuda = gpu(1), cl = gpu(0);
  static const struct { size_t n; int direct; } cases[] = {{16, 0}, {32, 0}, {64, 1}, {256, 1}, {4096, 1}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    problem p;
    problem_init_plain(&p, cases[i].n, 1024, 0, -1);
    variant c[12];
    char msg[256];
    ck_assert_uint_gt(candidates_estimate(&p, &cuda, c, 12, msg, sizeof msg), 0);
    ck_assert_int_eq(c[0].access == ACCESS_DIRECT && c[0].twiddle == TW_GM && c[0].twp, cases[i].direct);
    if (!cases[i].direct) ck_assert(c[0].access == ACCESS_CGAP && c[0].twiddle == TW_CM_K);
    ck_assert_uint_gt(candidates_estimate(&p, &cl, c, 12, msg, sizeof msg), 0); /* OpenCL: the seed's, always */
    ck_assert(c[0].access == ACCESS_CGAP && c[0].twiddle == TW_CM_K);
  }
  problem p; /* a column pass (1024 points, neighbouring transforms adjacent): COLS first on both */
  problem_init_plain(&p, 1024, 1024, 0, -1);
  p.in_stride = p.out_stride = 1024, p.in_dist = p.out_dist = 1;
  variant c[12];
  char msg[256];
  ck_assert_uint_gt(candidates_estimate(&p, &cuda, c, 12, msg, sizeof msg), 0);
  ck_assert(c[0].cols && c[0].twiddle == TW_GM && c[0].twp && c[0].tpw * 8 >= 64);
  ck_assert_uint_gt(candidates_estimate(&p, &cl, c, 12, msg, sizeof msg), 0);
  ck_assert(c[0].cols);
  /* one pass past CM-K's constant memory (f32 32768 in 48 KiB with XR4): a global table with TWP
   * before TW-CALC on a GPU; a CPU keeps the seed's order */
  problem_init_plain(&p, 32768, 64, 0, -1);
  ck_assert_uint_gt(candidates_estimate(&p, &cl, c, 12, msg, sizeof msg), 0);
  ck_assert(c[0].onchip == ONCHIP_RP_LM_CM && c[0].twiddle == TW_GM && c[0].twp && c[0].rounds == 4);
  device_info cpu = cl;
  cpu.type = CL_DEVICE_TYPE_CPU;
  ck_assert_uint_gt(candidates_estimate(&p, &cpu, c, 12, msg, sizeof msg), 0);
  ck_assert(c[0].twiddle == TW_CALC);
}
END_TEST

/* The fit for lengths that are not powers of two: the fewest radices of 2..16, then the smallest lcm
 * (1000 = 10 x 10 x 10 with 100 work-items a transform; 96 in two passes; 143 = 11 x 13 fits no one
 * pass: each work-item would hold 143 elements). */
START_TEST(mixed_radix_fit)
{
  static const struct { size_t n; int passes; unsigned w; } cases[] = {{1000, 3, 100}, {96, 2, 4}, {12, 1, 1}, {2187, 4, 243}, {45, 2, 3}};
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    problem p;
    problem_init_plain(&p, cases[i].n, 1, 0, -1);
    variant v = {0};
    v.onchip = ONCHIP_RP_LM_CM, v.access = ACCESS_CGAP, v.width = 2, v.twiddle = TW_CM_K;
    geometry g;
    char msg[256] = "", name[256];
    ck_assert_msg(fit_variant(&p, NULL, &v, 0, &g, msg, sizeof msg) == 0, "N = %zu: %s", cases[i].n, msg);
    variant_print(&v, name, sizeof name);
    ck_assert_msg(v.npasses == cases[i].passes && g.w == cases[i].w, "N = %zu: %s, %u work-items", cases[i].n, name, g.w);
    ck_assert_uint_eq(variant_length(&v), cases[i].n);
    for (int k = 0; k < v.npasses; ++k) ck_assert_uint_le(v.radix[k], 16);
  }
  problem p;
  problem_init_plain(&p, 143, 1, 0, -1);
  variant v = {0};
  v.onchip = ONCHIP_RP_LM_CM, v.access = ACCESS_CGAP, v.width = 2, v.twiddle = TW_CM_K;
  geometry g;
  char msg[256] = "";
  ck_assert_int_ne(fit_variant(&p, NULL, &v, 0, &g, msg, sizeof msg), 0);
  ck_assert_ptr_nonnull(strstr(msg, "lcm"));
}
END_TEST

/* Mixed-radix one pass beyond one round of OpenCL's 48 KiB: the fit adds the fewest exchange
 * rounds that divide the last radix (moving a radix last where that needs fewer), with CGAP and
 * DIRECT (owned: t1), f32 and f64; MEASURE also times the next count, and PAIR in the fewest
 * rounds that hold twice the bytes (none for 15625 f64: 50 KB in XR5).  An odd length never takes XR2. */
START_TEST(mixed_radix_rounds)
{
  static const struct { size_t n; int f64; const char *fit, *next, *pair; } cases[] = {
    {15625, 0, "r5x5x5x5x5x5/RP+LM-CM+XR5+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg625/t1", NULL,
     "r5x5x5x5x5x5/RP+LM-CM+XR5+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg625/t1"},
    {15625, 1, "r5x5x5x5x5x5/RP+LM-CM+XR5+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg625/t1", NULL, NULL},
    {16807, 0, "r7x7x7x7x7/RP+LM-CM+XR7+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg343/t1", NULL,
     "r7x7x7x7x7/RP+LM-CM+XR7+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg343/t1"},
    {16807, 1, "r7x7x7x7x7/RP+LM-CM+XR7+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg343/t1", NULL,
     "r7x7x7x7x7/RP+LM-CM+XR7+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg343/t1"},
    {27648, 0, "r12x12x12x16/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg576/t1",
     "r12x12x12x16/RP+LM-CM+XR8+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg576/t1",
     "r12x12x12x16/RP+LM-CM+XR8+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg576/t1"},
    {27648, 1, "r12x12x12x16/RP+LM-CM+XR8+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg576/t1", NULL, NULL},
  };
  device_info cl = gpu(0);
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    problem p;
    problem_init_plain(&p, cases[i].n, 64, cases[i].f64, -1);
    variant v = {0};
    v.onchip = ONCHIP_RP_LM_CM, v.access = ACCESS_DIRECT, v.width = 2, v.twiddle = TW_GM, v.twp = 1, v.cse = v.il = v.lu = 1;
    geometry g;
    char msg[256] = "", name[256];
    ck_assert_msg(fit_variant(&p, &cl, &v, 0, &g, msg, sizeof msg) == 0, "N = %zu: %s", cases[i].n, msg);
    variant_print(&v, name, sizeof name);
    ck_assert_msg(strcmp(name, cases[i].fit) == 0, "N = %zu f64 %d: %s", cases[i].n, cases[i].f64, name);
    ck_assert_uint_le(g.local_bytes, cl.local_mem);
    ck_assert(measure_lists(cases[i].n, cases[i].f64, &cl, cases[i].fit));
    ck_assert(!cases[i].next || measure_lists(cases[i].n, cases[i].f64, &cl, cases[i].next));
    ck_assert(!cases[i].pair || measure_lists(cases[i].n, cases[i].f64, &cl, cases[i].pair));
    v.access = ACCESS_CGAP;
    ck_assert_msg(fit_variant(&p, &cl, &v, 0, &g, msg, sizeof msg) == 0 && g.xr > 1, "N = %zu CGAP: %s", cases[i].n, msg);
  }
  /* shorter mixed radices: PAIR in one round, on GPUs only; powers of two: none */
  static const struct { size_t n; int gpu; size_t pairs; } shorter[] = {{1000, 1, 1}, {2187, 1, 1}, {1000, 0, 0}, {1024, 1, 0}};
  for (size_t i = 0; i < sizeof shorter / sizeof shorter[0]; ++i) {
    device_info di = gpu(0);
    if (!shorter[i].gpu) di.type = CL_DEVICE_TYPE_CPU;
    problem q;
    problem_init_plain(&q, shorter[i].n, 1024, 0, -1);
    variant c[CANDIDATES_MEASURE_MAX];
    size_t k = candidates_measure(&q, &di, c, CANDIDATES_MEASURE_MAX), pairs = 0;
    ck_assert_uint_lt(k, CANDIDATES_MEASURE_MAX);
    for (size_t j = 0; j < k; ++j) pairs += c[j].pair && c[j].rounds < 2;
    ck_assert_msg(shorter[i].pairs ? pairs > 0 : pairs == 0, "N = %zu: %zu PAIR candidates", shorter[i].n, pairs);
  }
  problem p;
  problem_init_plain(&p, 15625, 64, 0, -1);
  variant v;
  geometry g;
  char msg[256];
  ck_assert_int_eq(variant_parse("r5x5x5x5x5x5/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM/wg625/t1", &v, msg, sizeof msg), 0);
  ck_assert_int_eq(geometry_of(&p, &v, NULL, &g, msg, sizeof msg), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_ptr_nonnull(strstr(msg, "last radix"));
}
END_TEST

/* A split R2C's last pass pairs transforms 2x, 2x+1 (problem.h's mirror): its work-groups hold an
 * even number of transforms, reached from any width (R2C 700 = 14 x 25 complex halves: 5 work-items
 * a 25-point transform, whose halving 51, 25, 12, 6, 3, 1 skips 2 and once never ended). */
START_TEST(mirror_fit_odd_width)
{
  size_t n = 700;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 4);
  d.kind = PPFFT_R2C;
  transform t;
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  split sp = {0};
  sp.real_half = 1;
  sp.nfactors[0] = 2, sp.factor[0][0] = 14, sp.factor[0][1] = 25;
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[256], name[256];
  int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
  ck_assert_msg(np > 0, "%s", msg);
  const problem *last = &pd[np - 1].pb;
  ck_assert_uint_eq(last->mirror, 14);
  variant c[12];
  size_t k = candidates_estimate(last, NULL, c, 12, msg, sizeof msg);
  ck_assert_msg(k > 0, "%s", msg);
  for (size_t i = 0; i < k; ++i) {
    variant_print(&c[i], name, sizeof name);
    ck_assert_msg(c[i].tpw % 2 == 0, "%s: an odd number of transforms a work-group", name);
  }
}
END_TEST

Suite *make_candidates_suite(void)
{
  Suite *s = suite_create("candidates");
  TCase *tc = test_tcase("lists");
  tcase_add_test(tc, estimate_candidates);
  tcase_add_test(tc, exhaustive_tries_launch_shapes);
  tcase_add_test(tc, measure_candidates_by_device);
  tcase_add_test(tc, measure_candidates_cols);
  tcase_add_test(tc, measure_candidates_one_pass_rounds);
  tcase_add_test(tc, measure_candidates_pair_rounds);
  tcase_add_test(tc, measure_candidates_unique);
  tcase_add_test(tc, measure_lists_fit);
  tcase_add_test(tc, reorder_candidates);
  tcase_add_test(tc, real_half_extra_and_reorder);
  tcase_add_test(tc, short_factor_candidates);
  tcase_add_test(tc, cuda_estimate_order);
  tcase_add_test(tc, mixed_radix_fit);
  tcase_add_test(tc, mixed_radix_rounds);
  tcase_add_test(tc, mirror_fit_odd_width);
  suite_add_tcase(s, tc);
  return s;
}
