/* Beyond one plain batch: multi-dimensional transforms, lengths beyond one work-group (four-step,
 * 2 and 3 passes), strides, distances, offsets, in-place, planar data and scale, each against FFTW
 * in long double.  Every buffer is filled before the transform; whatever the output layout does not
 * address must come back untouched (sentinels), and an out-of-place input must not change. */
#include "plan/context.h"
#include "plan/measure.h"
#include "cl/exec.h"
#include "plan/candidates.h"
#include "plan/plan.h"
#include "plan/solver.h"
#include "suites.h"
#include "testutil.h"
#include <fftw3.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Large 1D: the planner splits lengths beyond one work-group into passes (four-step); 2^22 and
 * 2^24, and an f64 in-place batch, in check-full only. */
START_TEST(large_1d)
{
  static const struct { size_t n, batch; int f64, backward, inplace, full; } cases[] = {
    {1u << 16, 2, 0, 0, 0, 0}, {1u << 17, 1, 1, 1, 0, 0}, {1u << 18, 1, 0, 1, 1, 0}, {1u << 20, 1, 0, 0, 0, 0}, {1u << 18, 2, 1, 0, 1, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    if (cases[i].full && !test_full()) continue; /* check-full only */
    test_layout lc = test_layout_plain(1, cases[i].n, 0, 0, cases[i].batch);
    lc.f64 = cases[i].f64, lc.backward = cases[i].backward, lc.inplace = cases[i].inplace;
    test_layout_run(&lc, NULL, NULL, 0);
  }
  if (!test_full()) return;
  size_t big[] = {1u << 22, 1u << 24};
  for (size_t i = 0; i < 2; ++i) {
    test_layout lc = test_layout_plain(1, big[i], 0, 0, 1);
    test_layout_run(&lc, NULL, NULL, 0);
  }
}
END_TEST

/* Two- and three-pass splits named by plan strings, across the on-chip modes and access patterns:
 * every pass kind (column with twiddle, middle in place, transposing row) with each kernel shape
 * (the three-pass plan), and two passes in place (for two of the shapes; all in check-full). */
START_TEST(forced_splits)
{
  static const char *const kinds[] = {
    "RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU", "RP+LM-CM+DIRECT+VASM2+TW-GM+CSE+IL+LU", "LM-CC+CGAP+VASM2+TW-CALC+CSE+IL+LU",
    "LM-CT+VASM2+CM-L+IL", "GM+CGAP+VASM2+TW-CALC+CSE+IL+LU", "GM+DIRECT+VASM2+CM-K",
  };
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; ++k) {
    char v[1024];
    /* 4096 = 16 x 16 x 16 in three passes; 2048 = 32 x 64 in two */
    snprintf(v, sizeof v, "r16/%s/wg16/t16;r16/%s/wg16/t16;r4x4/%s/wg64/t16", kinds[k], kinds[k], kinds[k]);
    test_layout lc = test_layout_plain(1, 4096, 0, 0, 3);
    lc.variant = v;
    lc.backward = k & 1;
    lc.f64 = k == 2;
    test_layout_run(&lc, NULL, NULL, 0);
    if (k % 3 != 0 && !test_full()) continue; /* two passes in place: two kernel shapes in make check, all in check-full */
    snprintf(v, sizeof v, "r8x4/%s/wg16/t4;r8x8/%s/wg32/t4", kinds[k], kinds[k]);
    test_layout l2 = test_layout_plain(1, 2048, 0, 0, 2);
    l2.variant = v;
    l2.inplace = 1;
    test_layout_run(&l2, NULL, NULL, 0);
  }
}
END_TEST

/* Exchange rounds (XR2, XR4; XR3..XR12 on mixed radices; PAIR, both parts a round): one pass through N/xr reals of local
 * memory, with vector and scalar arithmetic, unrolled or not (8192 with VASM4, and radix 4 in f64, in check-full only);
 * work-items that hold fewer butterflies than rounds (two radix-16 butterflies in four rounds,
 * beside radix-8 passes that split within each work-item; one butterfly in four rounds, and 16384
 * f32 and 8192 f64 at 16 elements a work-item, in check-full only): the rounds split the
 * work-items; and the rules that reject what cannot split evenly. */
START_TEST(exchange_rounds)
{
  static const struct { size_t n; const char *v; int f64, full; } cases[] = {
    {4096, "r16x16x16/RP+LM-CM+XR2+DIRECT+VASM2+TW-GM+CSE+IL+LU/wg128/t1", 0, 0},
    {4096, "r16x16x16/RP+LM-CM+XR4+CGAP+VASM2+CM-K+CSE+IL+LU/wg64/t1", 1, 0},
    {8192, "r8x8x8x16/RP+LM-CM+XR2+DIRECT+VASM4+TW-CALC+CSE+IL/wg256/t1", 0, 1},
    {2048, "r8x16x16/RP+LM-CM+XR2+DIRECT+VAVM2+TW-GM+CSE+IL+LU/wg32/t1", 0, 0},
    {1024, "r4x4x4x4x4/RP+LM-CM+XR2+DIRECT+VASM2+CM-L/wg64/t4", 1, 1},
    {4096, "r16x16x16/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1", 0, 1},
    {2048, "r16x16x8/RP+LM-CM+XR4+CGAP+VASM2+TW-GM+CSE+IL/wg64/t1", 1, 0},
    {16384, "r16x16x16x4/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg1024/t1", 0, 1},
    {8192, "r16x16x16x2/RP+LM-CM+XR2+CGAP+VASM2+TW-GM+CSE+IL+LU/wg512/t1", 1, 1},
    /* lengths that are not powers of two: rounds that divide the last radix, splitting the
     * work-items (one butterfly each: 1000, 2187, 27648 in 12) or each work-item's butterflies
     * (300, 15625, 16807, 27648 in 4); the H200's one-pass plans (f64 where PoCL's work-group
     * stack holds them) */
    {1000, "r10x10x10/RP+LM-CM+XR5+DIRECT+VASM2+TW-GM+TWP+CSE+IL/wg100/t1", 0, 1},
    {300, "r10x10x3/RP+LM-CM+XR3+CGAP+VASM2+CM-K+CSE+IL+LU/wg10/t1", 1, 1},
    {2187, "r9x9x9x3/RP+LM-CM+XR3+CGAP+VASM2+CM-K+CSE+IL+LU/wg243/t1", 1, 1},
    {15625, "r5x5x5x5x5x5/RP+LM-CM+XR5+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg625/t1", 1, 1},
    {16807, "r7x7x7x7x7/RP+LM-CM+XR7+CGAP+VASM2+TW-GM+CSE+IL+LU/wg343/t1", 0, 1},
    {27648, "r12x12x12x16/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg576/t1", 0, 1},
    {27648, "r16x12x12x12/RP+LM-CM+XR12+CGAP+VASM2+TW-GM+CSE+IL/wg576/t1", 0, 1},
    {1440, "r12x12x10/RP+LM-CM+XR5+DIRECT+VASM2+TW-CALC+CSE+IL+LU/wg24/t1", 0, 1},
    /* PAIR: both parts of an element in each round, in rounds or not */
    {1000, "r10x10x10/RP+LM-CM+XR5+PAIR+CGAP+VASM2+TW-GM+CSE+IL/wg100/t1", 1, 0}, /* (make check's mixed-radix case) */
    {256, "r16x16/RP+LM-CM+PAIR+DIRECT+VASM2+CM-K+CSE+IL+LU/wg64/t4", 0, 1},
    {15625, "r5x5x5x5x5x5/RP+LM-CM+XR5+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg625/t1", 0, 1},
    {16807, "r7x7x7x7x7/RP+LM-CM+XR7+PAIR+CGAP+VASM2+TW-GM+CSE+IL+LU/wg343/t1", 0, 1},
    {4096, "r16x16x16/RP+LM-CM+XR4+PAIR+CGAP+VASM4+TW-GM+CSE+IL+LU/wg64/t1", 1, 1},
    /* powers of two in one pass past OpenCL's 48 KiB (plan/candidates.c): XR2+PAIR for 8192 f32,
     * XR4+PAIR for 16384 f32 and 8192 f64 */
    {8192, "r8x8x8x16/RP+LM-CM+XR2+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1", 0, 0},
    {16384, "r16x32x32/RP+LM-CM+XR4+PAIR+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1", 0, 1},
    {8192, "r16x16x2x16/RP+LM-CM+XR4+PAIR+DIRECT+VASM2+TW-GM+TWP+CSE+IL+LU/wg512/t1", 1, 1},
    {8192, "r16x16x32/RP+LM-CM+XR2+PAIR+CGAP+VASM2+TW-GM+TWP+CSE+IL+LU/wg256/t1", 0, 1},
  };
  test_env *t = test_env_get();
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    if (cases[i].full && !test_full()) continue; /* check-full only */
    test_layout lc = test_layout_plain(1, cases[i].n, 0, 0, 5);
    lc.variant = cases[i].v;
    lc.f64 = cases[i].f64;
    lc.backward = (int)(i & 1);
    /* a device with less local memory than the case needs (oclgrind's 32 KiB against PAIR's 34 KB)
     * refuses it, as it should: a skip, with the planner's reason */
    ppfft_desc dl = test_layout_desc(&lc);
    ppfft_plan *pl = NULL;
    if (ppfft_plan_create_variant(t->ctx, &dl, lc.variant, &pl) == PPFFT_ERROR_UNSUPPORTED &&
        strstr(ppfft_context_last_error(t->ctx), "bytes of local memory; the device has")) {
      test_skip("%s: %s", lc.variant, ppfft_context_last_error(t->ctx));
      continue;
    }
    ppfft_plan_destroy(pl);
    test_layout_run(&lc, NULL, NULL, 0);
  }
  size_t n = 4096;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  static const char *const bad[] = {
    "r16x16x16/RP+LM-CM+XR2+CGAP+VASM2+TW-GM/wg128/t2",    /* staged through local memory */
    "r16x16x16/LM-CC+XR2+VASM2+TW-GM/wg128/t1",            /* not RP+LM-CM */
    "r16x16x8x2/RP+LM-CM+XR4+DIRECT+VASM2+TW-GM/wg64/t1",  /* last radix 2 < 4 rounds */
  };
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; ++i) {
    ppfft_plan *p = (ppfft_plan *)&p;
    ppfft_status s = ppfft_plan_create_variant(t->ctx, &d, bad[i], &p);
    ck_assert_msg(s == PPFFT_ERROR_UNSUPPORTED || s == PPFFT_ERROR_INVALID_ARGUMENT, "%s: %s", bad[i], ppfft_status_string(s));
    ck_assert_ptr_null(p);
  }
}
END_TEST

/* COLS's knobs for cols_plan: twiddles, TWP, wider work-items, columns halved, and exchange
 * rounds forced on the passes whose sides are both columns (0: the fit's). */
typedef struct cols_knobs {
  twiddle_mode tw;
  int twp;
  unsigned widen, halve, rounds;
} cols_knobs;

/* The plan string of lc with its dimensions split as the estimate splits them (or dimension
 * rank-1 into `factors` given, when factors[0]), every pass with a column side
 * RP+LM-CM+CGAP+COLS with knobs k (fitted, columns halved k.halve times), the others the
 * estimate's first candidate; how many passes use COLS in *ncols. */
static void cols_plan(const test_layout *lc, const size_t *factors, int nfactors, cols_knobs k, char *out, size_t len, int *ncols)
{
  test_env *te = test_env_get();
  ppfft_desc d = test_layout_desc(lc);
  transform t;
  ck_assert_int_eq(transform_from_desc(NULL, &te->ctx->info, &d, &t), PPFFT_SUCCESS);
  split sp;
  ck_assert_int_eq(split_fewest(te->ctx, &t, &sp), 0);
  if (nfactors) {
    sp.nfactors[lc->rank - 1] = nfactors;
    memcpy(sp.factor[lc->rank - 1], factors, (size_t)nfactors * sizeof *factors);
  }
  pass_desc pd[DECOMPOSE_MAX_PASSES];
  size_t tmp;
  char msg[512];
  int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
  ck_assert_msg(np > 0, "%s", msg);
  size_t at = 0;
  *ncols = 0;
  out[0] = '\0';
  for (int i = 0; i < np; ++i) {
    variant v = {0};
    geometry g;
    v.onchip = ONCHIP_RP_LM_CM, v.access = ACCESS_CGAP, v.cols = 1, v.width = 2;
    v.twiddle = k.tw, v.twp = k.twp, v.cse = v.il = v.lu = 1;
    int ok = fit_variant(&pd[i].pb, &te->ctx->info, &v, k.widen, &g, msg, sizeof msg) == 0;
    for (unsigned h = 0; ok && h < k.halve && v.tpw > 2; ++h) ok = fit_columns(&pd[i].pb, &te->ctx->info, &v, v.tpw / 2, 0, &g, msg, sizeof msg) == 0;
    if (ok && k.rounds && !g.staged) {
      v.rounds = k.rounds;
      ck_assert_msg(geometry_of(&pd[i].pb, &v, &te->ctx->info, &g, msg, sizeof msg) == PPFFT_SUCCESS, "XR%u: %s", k.rounds, msg);
    }
    if (ok) ++*ncols;
    else ck_assert_uint_gt(candidates_estimate(&pd[i].pb, &te->ctx->info, &v, 1, msg, sizeof msg), 0);
    at += (size_t)variant_print(&v, out + at, len - at);
    if (i + 1 < np) at += (size_t)snprintf(out + at, len - at, ";");
    ck_assert_uint_lt(at, len);
  }
}

/* COLS: column passes whose work-items interleave across the work-group's transforms, straight
 * to and from registers (exchange rounds where both sides are columns), their row side, if any,
 * through local memory: the passes of 1D four-step plans (2 and 3), the strided dimensions of 2D
 * and 3D, a 1D batch laid out as columns, f32 and f64, in place, planar, padded strides, a length
 * that is not a power of two, every twiddle mode, TWP, three widths, halved columns, XR2 and XR4
 * (three cases in make check: two passes with XR2, 3D padded and planar, a 1D batch as columns in
 * f64 in place; the whole list in check-full). */
START_TEST(coalesced_columns)
{
  static const struct {
    int rank;
    size_t n0, n1, n2, batch;
    int f64, backward, inplace, planar, padded, full;
    size_t f[3];
    int nf;
    cols_knobs k;
  } cases[] = {
    {1, 4096, 0, 0, 3, 0, 0, 0, 0, 0, 0, {64, 64}, 2, {TW_GM, 1, 1, 0, 2}},
    {3, 8, 16, 32, 3, 0, 1, 0, 1, 1, 0, {0}, 0, {TW_CM_K, 1, 0, 1, 0}},
    {1, 64, 0, 0, 8, 1, 0, 1, 0, 2, 0, {0}, 0, {TW_GM, 0, 0, 0, 0}},
    {1, 1u << 16, 0, 0, 2, 0, 0, 0, 0, 0, 1, {0}, 0, {TW_GM, 1, 1, 0, 0}},
    {2, 64, 128, 0, 3, 1, 1, 1, 0, 0, 1, {0}, 0, {TW_CALC, 0, 2, 0, 4}},
    {2, 48, 80, 0, 2, 0, 0, 0, 0, 0, 1, {0}, 0, {TW_CM_L, 0, 0, 0, 0}},
    {1, 1u << 15, 0, 0, 1, 0, 1, 1, 0, 0, 1, {32, 32, 32}, 3, {TW_GM, 1, 1, 0, 2}},
    {1, 1u << 16, 0, 0, 2, 1, 1, 0, 1, 0, 1, {0}, 0, {TW_CM_K, 0, 2, 1, 4}},
    {2, 256, 256, 0, 2, 0, 0, 1, 0, 0, 1, {0}, 0, {TW_GM, 1, 2, 0, 4}},
    {3, 32, 32, 32, 1, 1, 0, 0, 0, 0, 1, {0}, 0, {TW_GM, 1, 1, 1, 2}},
    {2, 96, 12, 0, 5, 1, 1, 0, 0, 1, 1, {0}, 0, {TW_CALC, 0, 1, 0, 0}},
    {1, 1u << 18, 0, 0, 1, 0, 0, 0, 0, 0, 1, {0}, 0, {TW_CM_K, 0, 0, 0, 0}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    if (cases[i].full && !test_full()) continue; /* check-full only */
    if (cases[i].f64 && !test_has_fp64("f64 cases")) continue;
    test_layout lc = test_layout_plain(cases[i].rank, cases[i].n0, cases[i].n1, cases[i].n2, cases[i].batch);
    lc.f64 = cases[i].f64, lc.backward = cases[i].backward, lc.inplace = cases[i].inplace;
    lc.in_planar = lc.out_planar = cases[i].planar;
    if (cases[i].padded == 1 && lc.rank > 1) { /* padded strides on every dimension, offsets */
      size_t row = lc.n[lc.rank - 1] + 3, plane = row * (lc.rank > 1 ? lc.n[lc.rank - 2] + 1 : 1);
      lc.in_strides[lc.rank - 1] = 1, lc.in_strides[lc.rank - 2] = row;
      if (lc.rank == 3) lc.in_strides[0] = plane;
      lc.in_dist = (lc.rank == 3 ? plane * lc.n[0] : row * lc.n[0]) + 5, lc.in_offset = 2;
      if (!lc.inplace) memcpy(lc.out_strides, lc.in_strides, sizeof lc.out_strides), lc.out_dist = lc.in_dist + 1, lc.out_offset = 1;
    } else if (cases[i].padded == 2) { /* a 1D batch as columns: stride = batch, distance 1 */
      lc.in_strides[0] = lc.out_strides[0] = lc.batch, lc.in_dist = lc.out_dist = 1;
    }
    char v[2048];
    int ncols;
    cols_plan(&lc, cases[i].f, cases[i].nf, cases[i].k, v, sizeof v, &ncols);
    ck_assert_msg(ncols > 0, "case %zu: no pass takes COLS (%s)", i, v);
    lc.variant = v;
    test_layout_run(&lc, NULL, NULL, 0);
  }
}
END_TEST

/* XP: strided dimensions between two explicit transposes (the 3D FFT report's way), with vector
 * kernels on the rows, in place, planar and scaled; and what XP does not apply to. */
START_TEST(explicit_transposes)
{
  static const struct { int rank; size_t n0, n1, n2, batch; int f64, backward, inplace, out_planar; double scale; const char *v; } cases[] = {
    {2, 64, 32, 0, 3, 0, 0, 0, 0, 1.0,
     "r16x2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU/wg2/t1;r16x4/RP+LM-CM+CGAP+VASM4+CM-K+CSE+IL+LU+XP/wg16/t4"},
    {3, 8, 16, 32, 2, 1, 1, 1, 0, 1.0,
     "r16x2/LM-CC+CGAP+VASM2+TW-CALC+CSE+IL+LU/wg2/t1;r16/RP+LM-CM+DIRECT+VASM2+TW-GM+XP/wg4/t4;r4x2/GM+CGAP+VAVM2+CM-K+XP/wg1/t1"},
    {2, 32, 16, 0, 2, 0, 0, 0, 1, 0.25, "r16/LM-CT+VASM2+CM-L/wg1/t1;r16x2/RP+LM-CM+CGAP+VASM2+CM-K+CSE+IL+LU+XP/wg2/t1"},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    test_layout lc = test_layout_plain(cases[i].rank, cases[i].n0, cases[i].n1, cases[i].n2, cases[i].batch);
    lc.f64 = cases[i].f64, lc.backward = cases[i].backward, lc.inplace = cases[i].inplace;
    lc.out_planar = cases[i].out_planar, lc.scale = cases[i].scale;
    lc.variant = cases[i].v;
    char name[1024];
    test_layout_run(&lc, NULL, name, sizeof name);
    ck_assert_ptr_nonnull(strstr(name, "temporary buffer")); /* the rows live there */
  }
  test_env *t = test_env_get();
  size_t n[2] = {16, 16};
  ppfft_desc d;
  ppfft_desc_init(&d, 2, n, 1);
  ppfft_plan *p = (ppfft_plan *)&p;
  /* whole-plan timing, what the search weighs XP plans with */
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, "r16/LM-CC+VASM2+TW-CALC/wg1/t1;r16/LM-CC+VASM4+TW-CALC+XP/wg1/t1", &p),
                   PPFFT_SUCCESS);
  double ms = 0;
  ck_assert_int_eq(measure_plan(t->ctx, p, &ms), PPFFT_SUCCESS);
  ck_assert(ms > 0);
  ppfft_plan_destroy(p);
  d.out_layout = PPFFT_PLANAR;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_SUCCESS);
  ck_assert_int_eq(measure_plan(t->ctx, p, &ms), PPFFT_ERROR_UNSUPPORTED);
  ppfft_plan_destroy(p);
  d.out_layout = PPFFT_INTERLEAVED;
  p = (ppfft_plan *)&p;
  /* the contiguous dimension needs no transposes; a split dimension cannot have them */
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, "r16/LM-CC+VASM2+TW-CALC+XP/wg1/t1;r16/LM-CC+VASM2+TW-CALC/wg1/t1", &p),
                   PPFFT_ERROR_UNSUPPORTED);
  ck_assert_ptr_null(p);
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, "r16/LM-CC+VASM2+TW-CALC/wg1/t1;r4/LM-CC+VASM2+TW-CALC+XP/wg1/t1;r4/LM-CC+VASM2+TW-CALC/wg1/t1", &p),
                   PPFFT_ERROR_UNSUPPORTED);
}
END_TEST

/* 2D and 3D, square and not, batched, both placements and directions, both precisions (32 x 128,
 * 8 x 16 x 32 and 128 x 1024 in check-full only). */
START_TEST(multi_dimensional)
{
  static const struct { int rank; size_t n0, n1, n2, batch; int f64, backward, inplace, full; } cases[] = {
    {2, 256, 256, 0, 2, 0, 0, 0, 0}, {2, 2, 4096, 0, 3, 0, 1, 0, 0}, {2, 4096, 2, 0, 3, 1, 0, 1, 0}, {3, 16, 8, 4096, 1, 0, 0, 0, 0},
    {2, 32, 128, 0, 4, 1, 1, 0, 1},  {3, 64, 64, 64, 1, 0, 0, 1, 0}, {3, 8, 16, 32, 5, 1, 1, 1, 1},  {3, 2, 1, 8, 3, 0, 0, 0, 0},
    {2, 1, 64, 0, 7, 0, 0, 0, 0},    {2, 128, 1024, 0, 1, 0, 0, 0, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    if (cases[i].full && !test_full()) continue; /* check-full only */
    test_layout lc = test_layout_plain(cases[i].rank, cases[i].n0, cases[i].n1, cases[i].n2, cases[i].batch);
    lc.f64 = cases[i].f64, lc.backward = cases[i].backward, lc.inplace = cases[i].inplace;
    test_layout_run(&lc, NULL, NULL, 0);
  }
}
END_TEST

/* del Mundo and Feng's 2D case (Fig. 7): 256 x 256 with the estimate's optimised variants, and the
 * unoptimised baseline (GM, uncoalesced, scalar, TW-CALC, no CSE/IL/LU) for both dimensions. */
START_TEST(seed_2d_256)
{
  test_layout lc = test_layout_plain(2, 256, 256, 0, 4);
  char name[1024];
  test_layout_run(&lc, NULL, name, sizeof name);
  ck_assert_ptr_nonnull(strchr(name, ';')); /* two passes: rows, then columns */
  lc.variant = "r16x16/GM+VASM2+TW-CALC/wg16/t1;r16x16/GM+VASM2+TW-CALC/wg16/t1";
  test_layout_run(&lc, NULL, NULL, 0);
}
END_TEST

/* Strides, distances and offsets on both sides, with gaps that must stay untouched. */
START_TEST(strided_layouts)
{
  test_layout a = test_layout_plain(1, 256, 0, 0, 3); /* element strides 2 and 3, padded distances, offsets */
  a.in_strides[0] = 2, a.out_strides[0] = 3, a.in_dist = 520, a.out_dist = 800, a.in_offset = 5, a.out_offset = 9;
  test_layout_run(&a, NULL, NULL, 0);
  test_layout b = test_layout_plain(1, 64, 0, 0, 8); /* interleaved batch: stride = batch, dist 1 (columns) */
  b.in_strides[0] = b.out_strides[0] = 8, b.in_dist = b.out_dist = 1;
  b.f64 = 1;
  test_layout_run(&b, NULL, NULL, 0);
  b.inplace = 1;
  test_layout_run(&b, NULL, NULL, 0);
  test_layout c = test_layout_plain(2, 16, 64, 0, 2); /* padded rows in, transposed out */
  c.in_strides[0] = 70, c.in_strides[1] = 1, c.in_dist = 16 * 70 + 5, c.in_offset = 7;
  c.out_strides[0] = 1, c.out_strides[1] = 16, c.out_dist = 1100, c.out_offset = 3;
  c.backward = 1;
  test_layout_run(&c, NULL, NULL, 0);
  test_layout e = test_layout_plain(3, 4, 8, 16, 2); /* 3D in place with padding on every dimension */
  e.in_strides[0] = 8 * 20, e.in_strides[1] = 20, e.in_strides[2] = 1, e.in_dist = 4 * 8 * 20 + 3, e.in_offset = 1;
  e.inplace = 1;
  test_layout_run(&e, NULL, NULL, 0);
  test_layout f = test_layout_plain(1, 1u << 16, 0, 0, 2); /* four-step with strides and offsets */
  f.in_strides[0] = 2, f.in_dist = 1, f.out_strides[0] = 1, f.out_dist = (1u << 16) + 4, f.in_offset = 2, f.out_offset = 6;
  test_layout_run(&f, NULL, NULL, 0);
}
END_TEST

/* Planar data on either side, in place, multi-dimensional and four-step; scale on multi-pass plans. */
START_TEST(planar_and_scale)
{
  test_layout a = test_layout_plain(1, 512, 0, 0, 3);
  a.in_planar = a.out_planar = 1;
  test_layout_run(&a, NULL, NULL, 0);
  test_layout b = test_layout_plain(2, 64, 32, 0, 2);
  b.in_planar = 1, b.f64 = 1, b.backward = 1, b.scale = 1.0 / 2048;
  test_layout_run(&b, NULL, NULL, 0);
  test_layout c = test_layout_plain(1, 128, 0, 0, 4);
  c.out_planar = 1, c.scale = -0.5;
  test_layout_run(&c, NULL, NULL, 0);
  test_layout e = test_layout_plain(3, 8, 8, 8, 2);
  e.in_planar = e.out_planar = 1, e.inplace = 1;
  test_layout_run(&e, NULL, NULL, 0);
  test_layout f = test_layout_plain(1, 1u << 17, 0, 0, 1);
  f.in_planar = f.out_planar = 1, f.scale = 3.0;
  test_layout_run(&f, NULL, NULL, 0);
}
END_TEST

/* A round trip through a multi-pass plan pair: backward(forward(x)) / N == x. */
START_TEST(round_trip_multi_pass)
{
  test_env *t = test_env_get();
  size_t n[2] = {64, 4096}, N = n[0] * n[1];
  ppfft_desc fw, bw;
  ppfft_desc_init(&fw, 2, n, 2);
  bw = fw;
  bw.direction = PPFFT_BACKWARD;
  bw.scale = 1.0 / (double)N;
  ppfft_plan *pf, *pb;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &fw, 0, &pf), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &bw, 0, &pb), PPFFT_SUCCESS);
  double *x = malloc(16 * N * 2), *y = malloc(16 * N * 2);
  test_random(x, 2 * N * 2, 5);
  cl_mem a = test_upload(x, N * 2, 0), b = test_upload(x, N * 2, 0), c = test_upload(x, N * 2, 0);
  ck_assert_int_eq(ppfft_execute(pf, t->q, a, b, 0, NULL, NULL), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_execute(pb, t->q, b, c, 0, NULL, NULL), PPFFT_SUCCESS);
  test_download(c, y, N * 2, 0);
  ck_assert_double_le(test_rel_error(y, x, N * 2), 2 * test_bound(N, 0));
  clReleaseMemObject(a), clReleaseMemObject(b), clReleaseMemObject(c);
  free(x), free(y);
  ppfft_plan_destroy(pf);
  ppfft_plan_destroy(pb);
}
END_TEST

/* A plan with a temporary buffer, executed on two queues without waiting in between: the second
 * execution waits for the first (they share the buffer), and both results are right. */
START_TEST(two_queues_share_the_temporary)
{
  test_env *t = test_env_get();
  size_t n = (size_t)1 << 17;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 1);
  ppfft_plan *p;
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d,
                                             "r16x16x2/LM-CC+CGAP+VASM2+TW-CALC+CSE+IL+LU/wg128/t4;r16x16/LM-CC+CGAP+VASM2+TW-CALC+CSE+IL+LU/wg64/t4",
                                             &p), PPFFT_SUCCESS);
  ck_assert_ptr_nonnull(((cl_chain *)p->chain)->tmp);
  char name[1024], again[1024];
  ck_assert_int_eq(ppfft_plan_describe(p, name, sizeof name), PPFFT_SUCCESS);
  ck_assert_ptr_nonnull(strstr(name, " (temporary buffer: 1048576 bytes)")); /* one transform set */
  ppfft_plan *q;
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, name, &q), PPFFT_SUCCESS); /* describe's text plans again */
  ck_assert_int_eq(ppfft_plan_describe(q, again, sizeof again), PPFFT_SUCCESS);
  ck_assert_str_eq(name, again);
  ppfft_plan_destroy(q);
  cl_int e;
  cl_command_queue q2 = clCreateCommandQueue(t->cl, t->dev, 0, &e);
  ck_assert_ptr_nonnull(q2);
  double *x = malloc(16 * n), *ref = malloc(16 * n), *got = malloc(16 * n);
  test_random(x, 2 * n, 9);
  for (size_t i = 0; i < 2 * n; ++i) x[i] = (float)x[i];
  test_reference(x, ref, n, 1, -1);
  cl_mem in = test_upload(x, n, 0), o1 = test_upload(x, n, 0), o2 = test_upload(x, n, 0);
  ck_assert_int_eq(ppfft_execute(p, t->q, in, o1, 0, NULL, NULL), PPFFT_SUCCESS);
  ck_assert_int_eq(ppfft_execute(p, q2, in, o2, 0, NULL, NULL), PPFFT_SUCCESS);
  ck_assert_int_eq(clFinish(q2), CL_SUCCESS);
  ck_assert_int_eq(clFinish(t->q), CL_SUCCESS);
  test_download(o1, got, n, 0);
  ck_assert_double_le(test_rel_error(got, ref, n), test_bound(n, 0));
  test_download(o2, got, n, 0);
  ck_assert_double_le(test_rel_error(got, ref, n), test_bound(n, 0));
  clReleaseMemObject(in), clReleaseMemObject(o1), clReleaseMemObject(o2);
  clReleaseCommandQueue(q2);
  free(x), free(ref), free(got);
  ppfft_plan_destroy(p);
}
END_TEST

/* Layout errors: at plan time (INVALID_LAYOUT, INVALID_SIZE, OUT_OF_MEMORY) and at execute time
 * (BUFFER_TOO_SMALL, planar/interleaved mix-ups), each with a message and nothing changed. */
START_TEST(layout_errors)
{
  test_env *t = test_env_get();
  ppfft_plan *p = (ppfft_plan *)&p;
  size_t n16[2] = {16, 16};
  ppfft_desc d;
  /* output transforms overlap (distance below the length) */
  ppfft_desc_init(&d, 1, n16, 4);
  d.out_dist = 8;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_ERROR_INVALID_LAYOUT);
  ck_assert_ptr_null(p);
  ck_assert(strlen(ppfft_context_last_error(t->ctx)) > 0);
  /* 2D output strides that fold rows onto each other */
  ppfft_desc_init(&d, 2, n16, 1);
  d.out_strides[0] = 8, d.out_strides[1] = 1;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_ERROR_INVALID_LAYOUT);
  /* in place, the input layout is the output's: it may not overlap either */
  ppfft_desc_init(&d, 2, n16, 1);
  d.inplace = 1;
  d.in_strides[0] = 16, d.in_strides[1] = 2;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_ERROR_INVALID_LAYOUT);
  /* an input may read an element twice (overlap is fine there) */
  ppfft_desc_init(&d, 1, n16, 4);
  d.in_dist = 4;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_SUCCESS);
  ppfft_plan_destroy(p);
  /* strides whose span overflows */
  ppfft_desc_init(&d, 2, n16, 1);
  d.in_strides[0] = (size_t)1 << 62, d.in_strides[1] = 1;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_ERROR_INVALID_LAYOUT);
  /* lengths past the limit, and transform sets no buffer of this device can hold */
  size_t huge = (size_t)1 << 31;
  ppfft_desc_init(&d, 1, &huge, 1);
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_ERROR_INVALID_SIZE);
  size_t big = (size_t)1 << 26;
  ppfft_desc_init(&d, 1, &big, (size_t)1 << 20);
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_ERROR_OUT_OF_MEMORY);
  ck_assert_ptr_null(p);

  /* execute-time checks leave every buffer as it was */
  size_t n = 1u << 16, span = n + 7;
  ppfft_desc_init(&d, 1, &n, 1);
  d.in_offset = 7;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_SUCCESS);
  double *x = malloc(16 * span), *y = malloc(16 * span);
  test_random(x, 2 * span, 3);
  for (size_t i = 0; i < 2 * span; ++i) x[i] = (float)x[i];
  cl_mem small_in = test_upload(x, span - 1, 0), in = test_upload(x, span, 0), small_out = test_upload(x, n - 1, 0);
  cl_mem out = test_upload(x, n, 0);
  ck_assert_int_eq(ppfft_execute(p, t->q, small_in, out, 0, NULL, NULL), PPFFT_ERROR_BUFFER_TOO_SMALL);
  ck_assert_int_eq(ppfft_execute(p, t->q, in, small_out, 0, NULL, NULL), PPFFT_ERROR_BUFFER_TOO_SMALL);
  ck_assert(strstr(ppfft_context_last_error(t->ctx), "output") != NULL);
  ck_assert_int_eq(ppfft_execute_planar(p, t->q, in, in, out, NULL, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  test_download(out, y, n, 0);
  ck_assert(memcmp(y, x, 16 * n) == 0);
  test_download(small_in, y, span - 1, 0);
  ck_assert(memcmp(y, x, 16 * (span - 1)) == 0);
  ppfft_plan_destroy(p);
  /* planar: a too-small imaginary buffer; a planar plan through ppfft_execute */
  d.in_layout = PPFFT_PLANAR;
  ck_assert_int_eq(ppfft_plan_create(t->ctx, &d, 0, &p), PPFFT_SUCCESS);
  cl_mem re = test_upload_part(x, span, 0, 0), im_small = test_upload_part(x, span - 1, 0, 1);
  ck_assert_int_eq(ppfft_execute_planar(p, t->q, re, im_small, out, NULL, 0, NULL, NULL), PPFFT_ERROR_BUFFER_TOO_SMALL);
  ck_assert_int_eq(ppfft_execute(p, t->q, re, out, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  ck_assert_int_eq(ppfft_execute_planar(p, t->q, re, re, out, NULL, 0, NULL, NULL), PPFFT_ERROR_INVALID_ARGUMENT);
  test_download(out, y, n, 0);
  ck_assert(memcmp(y, x, 16 * n) == 0);
  clReleaseMemObject(re), clReleaseMemObject(im_small);
  ppfft_plan_destroy(p);
  /* a plan string that does not fit the transform */
  ppfft_desc_init(&d, 2, n16, 1);
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, "r16/LM-CC+VASM2+TW-CALC/wg16/t1", &p), PPFFT_ERROR_UNSUPPORTED);
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, "r16/LM-CC+VASM2+TW-CALC/wg16/t1;", &p), PPFFT_ERROR_INVALID_ARGUMENT);
  /* vector access on a strided pass */
  ck_assert_int_eq(ppfft_plan_create_variant(t->ctx, &d, "r16/LM-CC+VASM2+TW-CALC/wg16/t1;r16/LM-CC+VASM4+TW-CALC/wg4/t1", &p),
                   PPFFT_ERROR_UNSUPPORTED);
  clReleaseMemObject(small_in), clReleaseMemObject(in), clReleaseMemObject(small_out), clReleaseMemObject(out);
  free(x), free(y);
}
END_TEST

Suite *make_layouts_suite(void)
{
  Suite *s = suite_create("layouts");
  TCase *tc = test_tcase("layouts");
  tcase_add_test(tc, layout_errors);
  tcase_add_test(tc, strided_layouts);
  tcase_add_test(tc, planar_and_scale);
  tcase_add_test(tc, multi_dimensional);
  tcase_add_test(tc, seed_2d_256);
  tcase_add_test(tc, round_trip_multi_pass);
  tcase_add_test(tc, two_queues_share_the_temporary);
  suite_add_tcase(s, tc);
  return s;
}

/* Plans of several passes named or chosen for one long dimension: four-step, forced splits,
 * exchange rounds and explicit transposes. */
Suite *make_passes_suite(void)
{
  Suite *s = suite_create("passes");
  TCase *tc = test_tcase("passes");
  tcase_add_test(tc, large_1d);
  tcase_add_test(tc, forced_splits);
  tcase_add_test(tc, exchange_rounds);
  tcase_add_test(tc, explicit_transposes);
  tcase_add_test(tc, coalesced_columns);
  suite_add_tcase(s, tc);
  return s;
}
