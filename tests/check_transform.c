/* Agreement with FFTW (long double for f64, double for f32) on random inputs:
 *  - make check: a pairwise covering set over every knob (on-chip, access pattern, access/math,
 *    twiddles, TWP, CSE, IL, LU) and precision, direction, placement and N in {2, 16, 64, 256, 4096};
 *  - make check-full: the full product on-chip x access pattern x access/math x twiddles (the
 *    seed's five, without TWP) for those N, both precisions, both directions, both placements;
 *    (tests/pairwise.h has the rows);
 *  - both: for every power of two up to the device's single-work-group limit, the planner's
 *    estimate, and random variants (random radices and launch): at a sample of the lengths in make
 *    check, at every length in make check-full;
 *  - both: LM-CT with twelve radix-2 passes. */
#include "core/geometry.h"
#include "pairwise.h"
#include "plan/candidates.h"
#include "plan/context.h"
#include "suites.h"
#include "testutil.h"
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const unsigned widths[] = {2, 4, 8, 16};

/* fast-math (TW-NATIVE) variants promise the device's native sin/cos accuracy, not ppfft's bound;
 * this is the looser bound they are held to, documented in the README. */
static double bound_for(size_t n, int f64, const variant *v)
{
  if (v && variant_is_fast_math(v)) return 5e-6 * (n > 2 ? log2((double)n) : 1.0);
  return test_bound(n, f64);
}

/* The descriptor and fitted variant of a row on the test device; returns 0 if the variant applies. */
static int row_case(const knob_row *r, ppfft_desc *d, variant *v)
{
  problem p;
  geometry g;
  return knob_row_case(r, &test_env_get()->ctx->info, d, &p, v, &g);
}

/* Runs one case and asserts the error bound.  With may_not_fit, a kernel the device's compiler
 * cannot fit at the variant's work-group size (UNSUPPORTED, "registers": only known after the build)
 * returns 0 instead of failing; otherwise returns 1. */
static int check_case_fit(const ppfft_desc *d, const variant *v, unsigned seed, int may_not_fit)
{
  char name[256];
  variant_print(v, name, sizeof name);
  double err, start = test_now();
  ppfft_status s = test_run(d, name, seed, &err);
  if (test_verbose()) printf("  %.2f s: N=%zu %s %s\n", test_now() - start, d->n[0], d->precision == PPFFT_F64 ? "f64" : "f32", name), fflush(stdout);
  if (may_not_fit && s == PPFFT_ERROR_UNSUPPORTED && strstr(ppfft_context_last_error(test_env_get()->ctx), "registers")) return 0;
  ck_assert_msg(s == PPFFT_SUCCESS, "N=%zu %s %s: %s: %s", d->n[0], d->precision == PPFFT_F64 ? "f64" : "f32", name,
                ppfft_status_string(s), ppfft_context_last_error(test_env_get()->ctx));
  double bound = bound_for(d->n[0], d->precision == PPFFT_F64, v);
  ck_assert_msg(err <= bound, "N=%zu %s %s %s %s: error %.3g > %.3g", d->n[0], d->precision == PPFFT_F64 ? "f64" : "f32",
                d->direction < 0 ? "forward" : "backward", d->inplace ? "in-place" : "out-of-place", name, err, bound);
  return 1;
}

static void check_case(const ppfft_desc *d, const variant *v, unsigned seed) { check_case_fit(d, v, seed, 0); }

START_TEST(pairwise_knobs_against_fftw)
{
  knob_row *rows;
  size_t n = knob_pairwise_rows(&test_env_get()->ctx->info, &rows);
  if (!test_env_get()->ctx->info.fp64) test_skip("f64 rows: the device has no fp64 (cl_khr_fp64)");
  ck_assert_uint_gt(n, 40); /* 8 access/math levels x 5 twiddles alone need 40 rows */
  /* make check on PoCL: every other row (PoCL compiles each for seconds); CI's oclgrind step and
   * check-full: every row (test_whole) */
  size_t step = test_whole() ? 1 : 2, ran = 0;
  for (size_t i = 0; i < n; i += step, ++ran) {
    ppfft_desc d;
    variant v;
    ck_assert_int_eq(row_case(&rows[i], &d, &v), 0);
    check_case(&d, &v, (unsigned)i);
  }
  if (step == 1) printf("pairwise set: %zu cases, every coverable pair of knob values covered\n", n);
  else printf("pairwise set: %zu of its %zu cases (every row under make check-oclgrind and check-full)\n", ran, n);
  free(rows);
}
END_TEST

/* The share of product kernel i among n: a hash, not i mod n, since neighbouring kernels share
 * knobs and so compile times (i mod 60 left three of 60 shares with the slowest kernels on the H200,
 * bench/results/2026-11-22-h200-check-full). */
static unsigned share_of(size_t i, unsigned n)
{
  unsigned long long x = (unsigned long long)i + 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return (unsigned)((x ^ (x >> 31)) % n);
}

/* The full product of on-chip x access pattern x access/math x twiddles, with CSE+IL+LU. */
START_TEST(full_product_against_fftw)
{
  test_env *t = test_env_get();
  size_t ran = 0, skipped = 0, others = 0, index = 0, share_case = 0;
  unsigned shard, shards;
  test_shard(&shard, &shards);
  /* both placements of a kernel in the same share: one build serves both */
  for (size_t si = 0; si < KNOB_SIZES; ++si)
    for (int prec = 0; prec < 2; ++prec)
      for (int dir = 0; dir < 2; ++dir)
        for (int oc = 0; oc < 4; ++oc)
          for (int ap = 0; ap < 3; ++ap)
            for (int am = 0; am < 8; ++am)
              for (int tw = 0; tw < 5; ++tw) {
                int mine = -1;
                for (int place = 0; place < 2; ++place) {
                  knob_row r = {{oc, ap, am, tw, 1, 1, 1, prec, dir, place, (int)si, 0}};
                  ppfft_desc d;
                  variant v;
                  if (row_case(&r, &d, &v) != 0) {
                    ++skipped;
                    continue;
                  }
                  if (mine < 0) mine = share_of(index++, shards) == shard;
                  if (!mine) { /* another process's share (make check-full) */
                    ++others;
                    continue;
                  }
                  if (!test_share_part(share_case++)) { /* another part of this share */
                    ++others;
                    continue;
                  }
                  check_case(&d, &v, (unsigned)ran++);
                  if (ran % 200 == 0) { /* progress, for a run that is stopped before its end */
                    printf("full product, share %u/%u: %zu cases passed so far\n", shard, shards, ran);
                    fflush(stdout);
                  }
                }
              }
  printf("full product, share %u/%u: %zu cases ran, %zu left to the other shares, %zu combinations do not apply (%s)\n", shard,
         shards, ran, others, skipped, t->ctx->info.name);
  ck_assert_uint_gt(ran + others, 1000); /* the product is there: 480 knob combinations per size class */
}
END_TEST

/* xorshift for the random sample (deterministic per run). */
static unsigned rnd(unsigned long long *s)
{
  *s ^= *s << 13;
  *s ^= *s >> 7;
  *s ^= *s << 17;
  return (unsigned)(*s >> 32);
}

/* A random valid variant for p: random knobs, random radices (2..32) and launch. */
static int random_variant(const problem *p, unsigned long long *s, variant *v)
{
  test_env *t = test_env_get();
  unsigned lg = 0;
  while (((size_t)1 << lg) < p->n) ++lg;
  for (int attempt = 0; attempt < 2000; ++attempt) {
    memset(v, 0, sizeof *v);
    v->onchip = (onchip_mode)(rnd(s) % 4);
    v->access = (access_pattern)(rnd(s) % 3);
    v->vector_math = (int)(rnd(s) % 2);
    v->width = widths[rnd(s) % 4];
    v->twiddle = (twiddle_mode)(rnd(s) % 5);
    v->cse = (int)(rnd(s) % 2);
    v->il = (int)(rnd(s) % 2);
    v->lu = (int)(rnd(s) % 2);
    v->twp = (int)(rnd(s) % 2);
    for (unsigned left = lg; left > 0;) {
      unsigned k = 1 + rnd(s) % (left < 5 ? left : 5);
      v->radix[v->npasses++] = 1u << k;
      left -= k;
    }
    unsigned w = 1u << (rnd(s) % (lg + 1)), tpw = 1u << (rnd(s) % 6);
    v->wg = w * tpw;
    v->tpw = tpw;
    geometry g;
    char msg[256];
    if (geometry_of(p, v, &t->ctx->info, &g, msg, sizeof msg) == PPFFT_SUCCESS) return 0;
  }
  return -1;
}

/* make check's sample of what check-full runs at every length 2^lg: the estimate in f64 at
 * N = 2, 16, 256, 4096 (f32: at every length to 1024, then 4^k), and one random variant at N = 8 and 512 in f32 and 32 in f64
 * (check-full: three at every length outside the pairwise set's sizes, one at those). */
static int estimate_sampled(unsigned lg, int prec) { return prec ? lg % 4 == 1 || lg == 12 : lg <= 10 || lg % 2 == 0; }
static int random_sampled(unsigned lg, int prec) { return prec ? lg == 5 : lg == 3 || lg == 9; }

/* The planner's estimate for every power of two up to the device's single-work-group limit, and
 * random variants (random radices, knobs and launch) at a sample of the lengths; see above. */
START_TEST(every_power_of_two)
{
  test_env *t = test_env_get();
  unsigned long long s = 0x1234567ull;
  size_t estimates = 0, randoms = 0;
  for (int prec = 0; prec < 2; ++prec) {
    if (prec && !test_has_fp64("f64 lengths")) continue;
    unsigned lg = 1;
    for (size_t n = 2; n <= ((size_t)1 << 16); n *= 2, ++lg) {
      ppfft_desc d;
      ppfft_desc_init(&d, 1, &n, n >= 8192 ? 2 : 3);
      d.precision = prec ? PPFFT_F64 : PPFFT_F32;
      problem p;
      ck_assert_int_eq(problem_from_desc(&t->ctx->err, &t->ctx->info, &d, &p), PPFFT_SUCCESS);
      variant est;
      char msg[256];
      if (candidates_estimate(&p, &t->ctx->info, &est, 1, msg, sizeof msg) == 0) break; /* beyond one work-group */
      if (test_full() || estimate_sampled(lg, prec)) {
        double err, start = test_now();
        ppfft_status st = test_run(&d, NULL, (unsigned)n, &err);
        if (test_verbose()) printf("  %.2f s: N=%zu %s the estimate\n", test_now() - start, n, prec ? "f64" : "f32"), fflush(stdout);
        ck_assert_msg(st == PPFFT_SUCCESS, "estimate for N=%zu: %s", n, ppfft_context_last_error(t->ctx));
        ck_assert_msg(err <= test_bound(n, prec), "estimate for N=%zu %s: error %.3g", n, prec ? "f64" : "f32", err);
        ++estimates;
      }
      int seeded = 0;
      for (size_t i = 0; i < KNOB_SIZES; ++i) seeded |= knob_sizes[i] == n;
      int samples = test_full() ? (seeded ? 1 : 3) : random_sampled(lg, prec);
      for (int k = 0, tries = 0; k < samples && tries < 20; ++tries) {
        variant v;
        d.direction = rnd(&s) % 2 ? PPFFT_BACKWARD : PPFFT_FORWARD;
        d.inplace = (int)(rnd(&s) % 2);
        ck_assert_int_eq(problem_from_desc(&t->ctx->err, &t->ctx->info, &d, &p), PPFFT_SUCCESS);
        if (random_variant(&p, &s, &v) != 0) continue;
        if (!check_case_fit(&d, &v, (unsigned)(n + (size_t)k), 1)) continue; /* draw another */
        ++randoms;
        ++k;
      }
    }
  }
  printf("every power of two: %zu estimates, %zu random variants%s\n", estimates, randoms, test_full() ? "" : " (a sample; check-full draws more)");
  ck_assert_uint_ge(estimates, test_full() ? 2 * 12 : 12 + 4); /* 2 .. 4096 at least */
  ck_assert_uint_ge(randoms, test_full() ? 2 * 12 : 2);
}
END_TEST

/* LM-CT with twelve radix-2 passes: its store undoes a twelve-digit reversal, an expression that
 * was once cut short in the generator (tests/check_gen.c checks the text); here it runs. */
START_TEST(lm_ct_twelve_passes)
{
  size_t n = 4096;
  ppfft_desc d;
  ppfft_desc_init(&d, 1, &n, 2);
  variant v;
  char msg[256];
  ck_assert_int_eq(variant_parse("r2x2x2x2x2x2x2x2x2x2x2x2/LM-CT+VASM2+TW-CALC/wg256/t1", &v, msg, sizeof msg), 0);
  problem p;
  geometry g;
  ck_assert_int_eq(problem_from_desc(NULL, NULL, &d, &p), PPFFT_SUCCESS);
  if (geometry_of(&p, &v, &test_env_get()->ctx->info, &g, msg, sizeof msg) != PPFFT_SUCCESS) { /* the source test in check_units still runs */
    test_skip("%s", msg);
    return;
  }
  check_case(&d, &v, 12);
}
END_TEST

Suite *make_transform_suite(void)
{
  Suite *s = suite_create("transform");
  TCase *tc = test_tcase("fftw");
  tcase_add_test(tc, pairwise_knobs_against_fftw);
  tcase_add_test(tc, lm_ct_twelve_passes);
  suite_add_tcase(s, tc);
  if (test_full_product()) { /* its own case, so that make check-full can run its shares alone */
    TCase *full = test_tcase("full");
    tcase_add_test(full, full_product_against_fftw);
    suite_add_tcase(s, full);
  }
  return s;
}

Suite *make_powers_suite(void)
{
  Suite *s = suite_create("powers");
  TCase *tc = test_tcase("powers");
  tcase_add_test(tc, every_power_of_two);
  suite_add_tcase(s, tc);
  return s;
}
