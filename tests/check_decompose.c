/* The decomposition of transforms into passes (core/decompose.h), without a device. */
#include "core/decompose.h"
#include "core/plan_string.h"
#include "core/problem.h"
#include "core/transform.h"
#include "plan/solver.h"
#include "suites.h"
#include "testutil.h"
#include <stdlib.h>
#include <string.h>

/* Every element one pass touches, on each side, as a flat list of indices. */
static size_t touched(const problem *p, int side, size_t *out)
{
  size_t k = 0, stride = side ? p->out_stride : p->in_stride, off = side ? p->out_offset : p->in_offset;
  for (size_t b = 0; b < p->batch; ++b) {
    size_t base = off, rest = b;
    for (int l = 0; l < p->nlev; ++l) {
      int last = l + 1 == p->nlev;
      base += (last ? rest : rest % p->lev_count[l]) * problem_level_dist(p, side, l);
      if (!last) rest /= p->lev_count[l];
    }
    for (size_t e = 0; e < p->n; ++e) out[k++] = base + e * stride;
  }
  return k;
}

static int cmp_size(const void *a, const void *b)
{
  size_t x = *(const size_t *)a, y = *(const size_t *)b;
  return (x > y) - (x < y);
}

/* The decomposition without a device: for shapes, batches and splits (2 and 3 factors, XP), every
 * pass writes each element of its destination exactly once (no overlap, nothing missed of the
 * temporary buffer), stays inside the user's spans and the temporary buffer, and the plan string of
 * its variants splits back to the same factors. */
START_TEST(decompose_covers_each_element_once)
{
  static const struct { int rank; size_t n[3], batch; size_t f[3][3]; int nf[3], xp[3]; } cases[] = {
    {1, {64}, 3, {{8, 8}}, {2}, {0}},
    {1, {256}, 2, {{4, 8, 8}}, {3}, {0}},
    {2, {16, 32}, 2, {{16}, {32}}, {1, 1}, {0}},
    {2, {16, 32}, 2, {{4, 4}, {32}}, {2, 1}, {0}},
    {2, {16, 32}, 3, {{16}, {32}}, {1, 1}, {1, 0}},
    {3, {4, 8, 16}, 2, {{2, 2}, {8}, {4, 4}}, {2, 1, 2}, {0}},
    {3, {4, 8, 16}, 1, {{4}, {8}, {16}}, {1, 1, 1}, {1, 1, 0}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    ppfft_desc d;
    ppfft_desc_init(&d, cases[i].rank, cases[i].n, cases[i].batch);
    transform t;
    ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
    split sp = {0};
    for (int k = 0; k < cases[i].rank; ++k) {
      sp.nfactors[k] = cases[i].nf[k];
      sp.xpose[k] = cases[i].xp[k];
      for (int j = 0; j < cases[i].nf[k]; ++j) sp.factor[k][j] = cases[i].f[k][j];
    }
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    size_t tmp;
    char msg[256];
    int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
    ck_assert_msg(np > 0, "case %zu: %s", i, msg);
    size_t total = transform_length(&t) * t.batch;
    size_t *idx = malloc(sizeof *idx * total);
    for (int k = 0; k < np; ++k) {
      const problem *p = &pd[k].pb;
      ck_assert_uint_eq(p->n * p->batch, total);
      for (int side = 0; side < 2; ++side) {
        buffer_role role = side ? pd[k].dst : pd[k].src;
        size_t limit = role == BUF_TMP ? tmp : transform_span(&t, role == BUF_IN ? 0 : 1);
        ck_assert_uint_le(problem_span(p, side), limit);
        size_t m = touched(p, side, idx);
        qsort(idx, m, sizeof *idx, cmp_size);
        for (size_t j = 1; j < m; ++j) ck_assert_msg(idx[j] != idx[j - 1], "case %zu pass %d side %d: element %zu twice", i, k, side, idx[j]);
        if (role == BUF_TMP) ck_assert_uint_eq(idx[m - 1], tmp - 1); /* packed: all of it */
      }
    }
    free(idx);
    variant vs[DECOMPOSE_MAX_PASSES];
    int nv = 0;
    for (int k = 0; k < np; ++k) {
      if (pd[k].transpose) continue;
      ck_assert_int_eq(pd[k].variant, nv);
      vs[nv] = (variant){0};
      vs[nv].npasses = 1;
      vs[nv].radix[0] = (unsigned)pd[k].pb.n; /* only the length matters to the split */
      vs[nv++].xpose = k > 0 && pd[k - 1].transpose;
    }
    split back;
    ck_assert_int_eq(plan_string_split(&t, vs, nv, &back, msg, sizeof msg), 0);
    for (int k = 0; k < cases[i].rank; ++k) {
      ck_assert_int_eq(back.nfactors[k], cases[i].n[k] > 1 ? cases[i].nf[k] : 0);
      ck_assert_int_eq(back.xpose[k], cases[i].xp[k]);
    }
  }
}
END_TEST

/* Bluestein's dimensions (core/bluestein.h): each pass stays inside the user's spans and the
 * temporary buffer and writes each element of its destination once (chirp-in reads N of each row's
 * M, chirp-out writes N), the two FFTs are forward, and the plan string's BSF/BSI passes split back
 * to the same M and factors; an M too short or not a power of two is refused. */
START_TEST(decompose_bluestein)
{
  static const struct { int rank; size_t n[3], batch, m[3], f[3][3]; int nf[3]; } cases[] = {
    {1, {17}, 3, {64}, {{64}}, {1}},
    {1, {100}, 2, {256}, {{16, 16}}, {2}},
    {1, {100}, 1, {1024}, {{4, 16, 16}}, {3}},
    {2, {17, 16}, 2, {64, 0}, {{8, 8}, {4, 4}}, {2, 2}},
    {3, {5, 8, 3}, 1, {16, 0, 8}, {{16}, {8}, {8}}, {1, 1, 1}},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    ppfft_desc d;
    ppfft_desc_init(&d, cases[i].rank, cases[i].n, cases[i].batch);
    transform t;
    ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
    split sp = {0};
    for (int k = 0; k < cases[i].rank; ++k) {
      sp.nfactors[k] = cases[i].nf[k];
      sp.bluestein[k] = cases[i].m[k];
      for (int j = 0; j < cases[i].nf[k]; ++j) sp.factor[k][j] = cases[i].f[k][j];
    }
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    size_t tmp;
    char msg[256];
    int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
    ck_assert_msg(np > 0, "case %zu: %s", i, msg);
    size_t most = 0;
    for (int k = 0; k < np; ++k) most = pd[k].pb.n * pd[k].pb.batch > most ? pd[k].pb.n * pd[k].pb.batch : most;
    size_t *idx = malloc(sizeof *idx * most);
    for (int k = 0; k < np; ++k) {
      if (pd[k].bluestein) ck_assert_int_eq(pd[k].pb.sign, -1);
      for (int side = 0; side < 2; ++side) {
        problem p = pd[k].pb;
        if ((side == 0 && pd[k].pointwise == POINTWISE_CHIRP_IN) || (side == 1 && pd[k].pointwise == POINTWISE_CHIRP_OUT)) p.n = pd[k].chirp_n;
        buffer_role role = side ? pd[k].dst : pd[k].src;
        size_t limit = role == BUF_TMP ? tmp : transform_span(&t, role == BUF_IN ? 0 : 1);
        ck_assert_msg(problem_span(&p, side) <= limit, "case %zu pass %d side %d: beyond its buffer", i, k, side);
        size_t m = touched(&p, side, idx);
        qsort(idx, m, sizeof *idx, cmp_size);
        for (size_t j = 1; j < m; ++j) ck_assert_msg(idx[j] != idx[j - 1], "case %zu pass %d side %d: element %zu twice", i, k, side, idx[j]);
      }
    }
    free(idx);
    variant vs[DECOMPOSE_MAX_PASSES];
    int nv = 0;
    for (int k = 0; k < np; ++k) {
      if (pd[k].variant < 0) continue;
      ck_assert_int_eq(pd[k].variant, nv);
      vs[nv] = (variant){0};
      vs[nv].npasses = 1;
      vs[nv].radix[0] = (unsigned)pd[k].pb.n;
      vs[nv++].bluestein = pd[k].bluestein;
    }
    split back;
    ck_assert_int_eq(plan_string_split(&t, vs, nv, &back, msg, sizeof msg), 0);
    for (int k = 0; k < cases[i].rank; ++k) {
      ck_assert_uint_eq(back.bluestein[k], cases[i].m[k]);
      ck_assert_int_eq(back.nfactors[k], cases[i].nf[k]);
    }
  }
  /* M must be a power of two >= 2N - 1 */
  ppfft_desc d;
  ppfft_desc_init(&d, 1, (size_t[]){100}, 1);
  transform t;
  ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
  static const size_t bad[] = {128, 192};
  for (size_t i = 0; i < 2; ++i) {
    split sp = {.nfactors = {1}, .factor = {{bad[i]}}, .bluestein = {bad[i]}};
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    size_t tmp;
    char msg[256];
    ck_assert_int_lt(decompose(&t, &sp, pd, &tmp, msg, sizeof msg), 0);
  }
}
END_TEST

/* The exhaustive search's splits: every order and proportion, each once, none too short. */
/* A real dimension whose complex transform is split (four-step, Bluestein): the real processing in
 * its first pass's loads (REAL_FIRST) and last pass's stores (REAL_LAST), an R2C's pairing (fast
 * path) in the last four-step pass (mirror: the digit of the passes before it) or, after
 * Bluestein's, as a pointwise pass on the output, every pass inside its buffers, the general path
 * (odd N) refused in several passes but through Bluestein, and the plan string splitting back to
 * the same factors and path. */
START_TEST(decompose_real_split)
{
  static const struct { ppfft_kind kind; int rank; size_t n[3], batch; int inplace, half, nf; size_t f[3], m; int refused; } cases[] = {
    {PPFFT_R2C, 1, {64}, 3, 0, 1, 2, {4, 8}, 0, 0},          {PPFFT_C2R, 1, {64}, 3, 0, 1, 2, {8, 4}, 0, 0},
    {PPFFT_R2C, 1, {128}, 2, 1, 1, 3, {4, 4, 4}, 0, 0},      {PPFFT_C2R, 1, {128}, 2, 1, 1, 3, {4, 4, 4}, 0, 0},
    {PPFFT_R2C, 2, {4, 64}, 2, 0, 1, 2, {8, 4}, 0, 0},       {PPFFT_C2R, 2, {4, 64}, 2, 0, 1, 2, {4, 8}, 0, 0},
    {PPFFT_R2C, 1, {34}, 2, 0, 1, 1, {64}, 64, 0},           {PPFFT_C2R, 2, {3, 34}, 2, 0, 1, 2, {8, 8}, 64, 0},
    {PPFFT_R2C, 1, {17}, 2, 1, 0, 1, {64}, 64, 0},           {PPFFT_C2R, 1, {17}, 2, 0, 0, 1, {64}, 64, 0},
    {PPFFT_R2C, 1, {45}, 2, 0, 0, 2, {5, 9}, 0, 1},
  };
  for (size_t i = 0; i < sizeof cases / sizeof cases[0]; ++i) {
    ppfft_desc d;
    ppfft_desc_init(&d, cases[i].rank, cases[i].n, cases[i].batch);
    d.kind = cases[i].kind;
    d.inplace = cases[i].inplace;
    transform t;
    ck_assert_int_eq(transform_from_desc(NULL, NULL, &d, &t), PPFFT_SUCCESS);
    int last = t.rank - 1, r2c = t.kind == PPFFT_R2C;
    split sp = {0};
    sp.real_half = cases[i].half;
    sp.bluestein[last] = cases[i].m;
    sp.nfactors[last] = cases[i].nf;
    for (int j = 0; j < cases[i].nf; ++j) sp.factor[last][j] = cases[i].f[j];
    for (int k = 0; k < last; ++k) sp.nfactors[k] = 1, sp.factor[k][0] = t.n[k];
    pass_desc pd[DECOMPOSE_MAX_PASSES];
    size_t tmp;
    char msg[256];
    int np = decompose(&t, &sp, pd, &tmp, msg, sizeof msg);
    if (cases[i].refused) {
      ck_assert_msg(np < 0, "case %zu: the general path in several passes", i);
      continue;
    }
    ck_assert_msg(np > 0, "case %zu: %s", i, msg);
    int first = -1, lastp = -1, post = -1;
    for (int k = 0; k < np; ++k) {
      if (pd[k].dim != last) continue;
      if (first < 0) first = k;
      if (pd[k].pointwise == POINTWISE_R2C_POST) post = k;
      else lastp = k;
      for (int side = 0; side < 2; ++side) {
        problem p = pd[k].pb;
        if ((side == 0 && pd[k].pointwise == POINTWISE_CHIRP_IN) || (side == 1 && pd[k].pointwise == POINTWISE_CHIRP_OUT)) p.n = pd[k].chirp_n;
        buffer_role role = side ? pd[k].dst : pd[k].src;
        /* a real side counts reals: the real side's span (in place too, the buffer is the user's) */
        size_t limit = problem_side_real(&p, side) ? transform_span(&t, r2c ? 0 : 1)
                       : role == BUF_TMP             ? tmp
                                                     : transform_span(&t, role == BUF_IN ? 0 : 1);
        ck_assert_msg(problem_span(&p, side) <= limit, "case %zu pass %d side %d: %zu beyond its buffer's %zu", i, k, side,
                      problem_span(&p, side), limit);
      }
    }
    ck_assert_int_eq(pd[first].pb.real_part, REAL_FIRST);
    ck_assert(problem_side_real(&pd[first].pb, 0) == r2c);
    ck_assert(problem_side_half_spectrum(&pd[first].pb, 0) == !r2c);
    /* the R2C's pairing: in the last of two passes (mirror), else a pass of its own */
    int paired = r2c && cases[i].half && !cases[i].m;
    size_t D = 1;
    for (int j = 0; j + 1 < cases[i].nf; ++j) D *= cases[i].f[j];
    ck_assert_int_eq(post >= 0, r2c && cases[i].half && !paired);
    ck_assert_uint_eq(pd[lastp].pb.mirror, paired ? D : 0);
    if (post >= 0) {
      ck_assert_int_eq(post, lastp + 1);
      ck_assert_int_eq(pd[post].src, pd[post].dst);
      ck_assert(!pd[lastp].pb.r2c && !problem_side_real(&pd[lastp].pb, 1));
    } else {
      ck_assert_int_eq(pd[lastp].pb.real_part, REAL_LAST);
      ck_assert(problem_side_real(&pd[lastp].pb, 1) == !r2c);
    }
    variant vs[DECOMPOSE_MAX_PASSES];
    int nv = 0;
    for (int k = 0; k < np; ++k) {
      if (pd[k].variant < 0) continue;
      vs[nv] = (variant){0};
      vs[nv].npasses = 1;
      vs[nv].radix[0] = (unsigned)pd[k].pb.n;
      vs[nv++].bluestein = pd[k].bluestein;
    }
    split back;
    ck_assert_msg(plan_string_split(&t, vs, nv, &back, msg, sizeof msg) == 0, "case %zu: %s", i, msg);
    ck_assert_int_eq(back.real_half, cases[i].half);
    ck_assert_uint_eq(back.bluestein[last], cases[i].m);
    ck_assert_int_eq(back.nfactors[last], cases[i].nf);
  }
}
END_TEST

START_TEST(pow2_splits_every_order)
{
  size_t f[16][DECOMPOSE_MAX_FACTORS];
  ck_assert_int_eq(decompose_splits((size_t)1 << 20, 2, 64, f, 16), 9);
  for (int i = 0; i < 9; ++i) {
    ck_assert_uint_eq(f[i][0], (size_t)64 << i);
    ck_assert_uint_eq(f[i][0] * f[i][1], (size_t)1 << 20);
  }
  /* three factors of 2^20, each >= 64: the 6 ways to share the 2 spare powers of two, in order */
  static const size_t three[6][3] = {{64, 64, 256}, {64, 128, 128}, {64, 256, 64}, {128, 64, 128}, {128, 128, 64}, {256, 64, 64}};
  ck_assert_int_eq(decompose_splits((size_t)1 << 20, 3, 64, f, 16), 6);
  for (int i = 0; i < 6; ++i)
    for (int j = 0; j < 3; ++j) ck_assert_uint_eq(f[i][j], three[i][j]);
  /* against brute force: 2^12 in three factors >= 4 (every exponent triple summing to 12, each >= 2) */
  int brute = 0;
  for (int a = 2; a <= 12; ++a)
    for (int b = 2; a + b <= 10; ++b) ++brute;
  ck_assert_int_eq(decompose_splits(4096, 3, 4, f, 16), brute);
  ck_assert_int_eq(decompose_splits(4096, 3, 4, f, 2), brute); /* counts all, writes 2 */
  ck_assert_int_eq(decompose_splits(4096, 1, 64, f, 16), 1);
  ck_assert_uint_eq(f[0][0], 4096);
  ck_assert_int_eq(decompose_splits(1024, 2, 64, f, 16), 0); /* 64 x 16 is too short */
  /* any length: its ordered divisor pairs (96 = 2^5 3 has 12 divisors, 10 of them from 2 to 48) */
  ck_assert_int_eq(decompose_splits(96, 2, 2, f, 16), 10);
  for (int i = 0; i < 10; ++i) {
    ck_assert_uint_eq(f[i][0] * f[i][1], 96);
    if (i) ck_assert_uint_gt(f[i][0], f[i - 1][0]);
  }
  ck_assert_uint_eq(f[0][0], 2);
  ck_assert_uint_eq(f[1][0], 3);
  ck_assert_uint_eq(f[9][0], 48);
  /* 1000 = 10^3 in three factors >= 10: only 10 x 10 x 10 */
  ck_assert_int_eq(decompose_splits(1000, 3, 10, f, 16), 1);
  ck_assert_uint_eq(f[0][0] * 100 + f[0][1] * 10 + f[0][2], 1110);
  ck_assert_int_eq(decompose_splits(17 * 19, 2, 2, f, 16), 2); /* 17 x 19, 19 x 17 */
  ck_assert_int_eq(decompose_splits(1024, DECOMPOSE_MAX_FACTORS + 1, 2, f, 16), 0);
}
END_TEST

/* A 13-smooth length with many small factors (2^8 3 5^4 11^2 13: 34833 splits into three) splits
 * quickly into its most balanced factors; an insertion sort of the splits took 549 s under ASan. */
START_TEST(smooth_split_of_many_factors)
{
  const size_t L = 755040000;
  size_t f[DECOMPOSE_MAX_FACTORS];
  double t0 = test_now();
  ck_assert(split_balanced(L, 3, f));
  double took = test_now() - t0;
  ck_assert_msg(took < 0.25, "split_balanced took %.3f s", took); /* 7.5 ms here, 1.1 s by insertion */
  ck_assert_uint_eq(f[0] * f[1] * f[2], L);
  /* by brute force (a script over the divisors): the smallest largest factor is 975, and of the
   * splits with it, 800 x 968 x 975 has the smaller factors first */
  ck_assert_uint_eq(f[0], 800);
  ck_assert_uint_eq(f[1], 968);
  ck_assert_uint_eq(f[2], 975);
}
END_TEST

Suite *make_decompose_suite(void)
{
  Suite *s = suite_create("decompose");
  TCase *tc = test_tcase("passes");
  tcase_add_test(tc, decompose_covers_each_element_once);
  tcase_add_test(tc, decompose_bluestein);
  tcase_add_test(tc, decompose_real_split);
  tcase_add_test(tc, pow2_splits_every_order);
  tcase_add_test(tc, smooth_split_of_many_factors);
  suite_add_tcase(s, tc);
  return s;
}
